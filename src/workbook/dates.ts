/**
 * Dates in cells: every date the add-in writes is an Excel date, a serial number (days since
 * 1899-12-30, the 1900 date system, what `NOW()` returns) with a date number format, never date
 * text: "Work with dates using the Excel JavaScript API"
 * (https://learn.microsoft.com/office/dev/add-ins/excel/excel-add-ins-ranges-dates) writes a date
 * as that serial in `Range.values` and sets `Range.numberFormat`. Text such as "05/11/2026" is
 * not a date to sort, filter or sum by, and which day it names depends on who reads it.
 *
 * Excel has no time zones: a serial is a wall-clock time. The add-in writes the person's local
 * wall clock (what they would have typed), so `excelSerial` takes the local date and time
 * components, and `serialToMs` reads them back as local. Format codes go through
 * `Range.numberFormat`, Excel's own codes (`numberFormatLocal` is the one in the user's
 * language; Excel JavaScript API reference, `Range`): `dd/mm/yyyy` shows 24/11/2026 in any
 * Excel, the day-first order of pt-BR; en-US gets `mm/dd/yyyy`.
 */
import { type Locale, defineWords } from "../money";

/** Days from 1899-12-30 (Excel's day 0) to 1970-01-01. */
const UNIX_EPOCH_SERIAL = 25_569;
const DAY_MS = 86_400_000;

/** The date and time format of the cells the add-in writes, in the display language's order. */
export const DATE_TIME_FORMAT: Record<Locale, string> = {
  "pt-BR": "dd/mm/yyyy hh:mm",
  "en-US": "mm/dd/yyyy hh:mm",
};

/** The Excel serial of a moment, as the local wall clock shows it. */
export function excelSerial(ms: number): number {
  const date = new Date(ms);
  const wall = Date.UTC(
    date.getFullYear(),
    date.getMonth(),
    date.getDate(),
    date.getHours(),
    date.getMinutes(),
    date.getSeconds(),
    date.getMilliseconds(),
  );
  return wall / DAY_MS + UNIX_EPOCH_SERIAL;
}

/** A serial read back from a cell as the local moment it names (`excelSerial`'s inverse). */
export function serialToMs(serial: number): number {
  // Rounded to the millisecond: a serial holds a day fraction, not an exact count of ms.
  const wall = new Date(Math.round((serial - UNIX_EPOCH_SERIAL) * DAY_MS));
  return new Date(
    wall.getUTCFullYear(),
    wall.getUTCMonth(),
    wall.getUTCDate(),
    wall.getUTCHours(),
    wall.getUTCMinutes(),
    wall.getUTCSeconds(),
    wall.getUTCMilliseconds(),
  ).getTime();
}

/**
 * The serial of an ISO 8601 time the API sends (`created_at`), or undefined when it is not one
 * (the caller then keeps the text as sent: nothing is lost, nothing is invented).
 */
export function isoToSerial(iso: string | undefined): number | undefined {
  if (iso === undefined || iso.trim() === "") return undefined;
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? excelSerial(ms) : undefined;
}

const two = (n: number) => String(n).padStart(2, "0");

/** "24/11/2026" (pt-BR) or "11/24/2026" (en-US), local: for sentences; cells get serials. */
export function dateText(ms: number, locale: Locale): string {
  const date = new Date(ms);
  const [day, month, year] = [two(date.getDate()), two(date.getMonth() + 1), date.getFullYear()];
  return locale === "pt-BR" ? `${day}/${month}/${year}` : `${month}/${day}/${year}`;
}

const MONTHS = defineWords(
  {
    months: [
      "janeiro",
      "fevereiro",
      "março",
      "abril",
      "maio",
      "junho",
      "julho",
      "agosto",
      "setembro",
      "outubro",
      "novembro",
      "dezembro",
    ],
  },
  {
    months: [
      "January",
      "February",
      "March",
      "April",
      "May",
      "June",
      "July",
      "August",
      "September",
      "October",
      "November",
      "December",
    ],
  },
);

/** "novembro" / "November": the local month of a moment. */
export function monthName(ms: number, locale: Locale): string {
  return MONTHS[locale].months[new Date(ms).getMonth()]!;
}

/** "2026-11": the local month of a moment, as the ledger's month column and the books key it. */
export function monthKey(ms: number): string {
  const date = new Date(ms);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}`;
}
