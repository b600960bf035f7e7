/**
 * What a person's typing means in a cell, in the display language, before the fake Excel stores
 * it. Excel reads typed text with the separators of the user's locale: in pt-BR "1.234,56" and
 * "R$ 1.234,56" are the number 1234.56 and "VERDADEIRO" is TRUE; in en-US "1,234.56" is
 * ("Change the character used to separate thousands or decimals",
 * https://support.microsoft.com/office/c093b545-71cb-4903-b205-aebb9837bd1e). `Range.values`
 * has no locale (an add-in writes numbers as numbers), so the fake Excel knows only the
 * invariant forms ("1234.56", "TRUE"); this is the part of typing that belongs to the screen.
 * A text-formatted cell ("@") keeps what was typed, as Excel does.
 */
import type { CellValue } from "../workbook/port";
import type { DisplayLocale } from "./format";

const SEPARATORS: Record<DisplayLocale, { thousands: string; decimal: string }> = {
  "pt-BR": { thousands: ".", decimal: "," },
  "en-US": { thousands: ",", decimal: "." },
};

const BOOLEANS: Record<DisplayLocale, Record<string, boolean>> = {
  "pt-BR": { verdadeiro: true, falso: false },
  "en-US": {},
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The number a locale's text stands for ("-R$ 1.234,56" → -1234.56), or null. */
export function localeNumber(text: string, locale: DisplayLocale): number | null {
  const { thousands, decimal } = SEPARATORS[locale];
  const t = escape(thousands);
  const d = escape(decimal);
  const pattern = new RegExp(
    `^([+-]?)\\s*(?:R\\$\\s*)?([+-]?)(\\d{1,3}(?:${t}\\d{3})+|\\d+)(?:${d}(\\d+))?$`,
    "u",
  );
  const m = pattern.exec(text.trim());
  if (!m) return null;
  if (m[1] && m[2]) return null; // "--1" is not a number
  const sign = (m[1] || m[2]) === "-" ? -1 : 1;
  const integer = (m[3] ?? "").split(thousands).join("");
  const n = Number(`${integer}.${m[4] ?? "0"}`);
  return Number.isFinite(n) ? sign * n || 0 : null;
}

/**
 * The value to store for `text` typed into a cell with number format `format`: a number or a
 * boolean read in the locale's terms, or the text itself (which the fake Excel then stores by
 * `Range.values` rules: "=" formulas, the "'" text prefix, invariant numbers).
 */
export function typedValue(text: string, format: string, locale: DisplayLocale): CellValue {
  if (format === "@" || text.startsWith("'") || text.startsWith("=")) return text;
  const n = localeNumber(text, locale);
  if (n !== null) return n;
  const b = BOOLEANS[locale][text.trim().toLowerCase()];
  return b ?? text;
}
