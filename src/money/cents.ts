/**
 * Money as integer cents (docs/architecture.md §2 "Money"): parse what Office.js hands back from a cell, format for people.
 *
 * Nothing here multiplies a float without checking the result. A number cell is read as Excel keeps and
 * shows it: at 15 significant digits ("Excel specifications and limits", Microsoft support: number
 * precision, 15 digits; "Floating-point arithmetic may give inaccurate results in Excel", Microsoft Learn:
 * Excel stores 15 significant digits of precision). The double Office.js hands back can carry binary noise
 * past those digits: `=22*32,7` yields 719.4000000000001, which Excel shows (and the user means) as 719,40.
 * `String(x)` is NOT what Excel shows: it is the shortest text that reads back as the same double, 17 digits
 * when needed ("719.4000000000001"). So the number is first written with 15 significant digits
 * (`toPrecision(15)`, correctly rounded from the double's exact value by ECMAScript's definition), and
 * that text is read with integer arithmetic (BigInt), exactly like text typed by a person. 0.29 is 29 cents,
 * 1234567.89 is 123456789 cents, 22 * 32.7 is 71940 cents and 0.1 + 0.2 is 30 cents (Excel shows 0,3),
 * while a real fraction of a cent such as 1.005 is a `sub_cent` problem instead of a silent rounding.
 *
 * ## Reading a cell
 *
 * - `""`, whitespace only, `null`, `undefined`: blank, `{ ok: true, cents: 0, blank: true }`.
 * - booleans, bigints, objects, NaN, ±Infinity: `not_a_number`.
 * - numbers: read at Excel's 15 significant digits, then exact to the cent or `sub_cent`; then below zero
 *   is `negative` (-0 is 0 cents).
 * - an Excel error value (`#DIV/0!`, `#N/A`, ...: a formula's error reads as its code through
 *   `Range.values`, whose `valueTypes` is "Error"): `formula_error`, so the person fixes the formula.
 * - strings, in this order:
 *   1. Spaces are any Unicode space (U+0020, U+00A0 and U+202F as produced by `Intl`, U+2007, ...).
 *   2. Around the amount, in any order, at most one of each: a currency mark `R$` or `BRL` (any case,
 *      before or after), a sign `+`, `-` or U+2212 `−` (before the amount, or `-` after it as some ERPs
 *      export), and one pair of accounting parentheses `(5,00)`. A minus or parentheses make the amount
 *      negative, which is the `negative` problem unless the amount is zero.
 *   3. What is left is the amount: ASCII digits, `.`, `,` and spaces between digit groups. Anything else
 *      (letters, exponents such as `1e3`, two currency marks, a lone separator) is `not_a_number`.
 *   4. Which character separates decimals and which groups thousands:
 *      a. Spaces inside the amount are thousands grouping (`1 234,56`); then the one `.` or `,` left, if
 *         any, is the decimal separator (two of them is `not_a_number`).
 *      b. Both `.` and `,` present: the string settles itself by order. The last separator is the decimal
 *         separator and must occur once; the other one groups thousands (`1.234,56`, `1,234.56`).
 *      c. One kind, two or more times: it groups thousands, there is no decimal part (`1.234.567`).
 *      d. One kind, once, NOT followed by exactly three digits: decimal separator (`12,5`, `1234.56`).
 *      e. One kind, once, followed by exactly three digits (`1.234`, `1,234`, `10.000`, `1,500`):
 *         - if the digits before it cannot start a thousands group (none, a `0`-led head such as `0,500`,
 *           or more than three digits such as `1234,567`), it is the decimal separator;
 *         - else if it is the locale's thousands separator (`.` in pt-BR, `,` in en-US), it groups
 *           thousands: pt-BR `1.234` is 1234 reais, `10.000` is 10000 reais; en-US `1,234` is 1234;
 *         - else it is `ambiguous` (pt-BR `1,234`, en-US `1.500`): the same text means a thousand times
 *           more in the other locale, so the user is asked to write e.g. `1234,00`.
 *      The locale is consulted only in rule e; everything else means the same in both locales.
 *   5. Grouping must be consistent: a first group of 1–3 digits not starting with `0`, then groups of
 *      exactly 3 digits, all before the decimal separator; otherwise `not_a_number` (`1.23.4`,
 *      `12,345,67`, `1234.567,89`). The decimal part is 1+ digits.
 *   6. More than two decimals is `sub_cent`, unless the extra decimals are zeros (`0,500`, `12.3400`).
 *   7. Above `maxCents` (default R$ 100 million) is `too_large`.
 *   Problems of the amount itself (rules 3–7) are reported before `negative`.
 */

import { isBlankCell } from "./blank";
import type { Locale } from "./locale";

/**
 * What is wrong with a cell, as a code and the data a message needs (the text itself lives in the message
 * catalogue of src/workbook, in each locale). Amounts in the data are cents.
 */
export type CentsProblem = (
  | { code: "not_a_number"; input: string }
  /** The cell holds a formula whose result is an error value (`input` is the code, e.g. "#DIV/0!"). */
  | { code: "formula_error"; input: string }
  | { code: "negative"; input: string }
  /** `nearest`: the amounts on either side, when the amount is not negative (e.g. 1.005 -> 100 and 101). */
  | { code: "sub_cent"; input: string; nearest?: { down: number; up: number } }
  | { code: "too_large"; input: string; maxCents: number }
  /** `asThousandsCents`: the amount if the separator groups thousands ("1,234" -> 123400). */
  | { code: "ambiguous"; input: string; asThousandsCents: number }
) & {
  /** The cell holds a number: `input` is its decimal in JavaScript's form ("12.345"), not text the person typed. */
  fromNumber?: true;
};

export type CentsProblemCode = CentsProblem["code"];

export type ParseCentsResult =
  { ok: true; cents: number; blank: boolean } | { ok: false; problem: CentsProblem };

export interface ParseCentsOptions {
  /** Decides only a lone separator followed by three digits (rule 4e). Default "pt-BR". */
  locale?: Locale;
  /**
   * Largest accepted amount in cents. Default 100_000_000_00 (R$ 100 million). Must be a non-negative safe
   * integer (at most Number.MAX_SAFE_INTEGER); anything else throws a RangeError (a programming error).
   */
  maxCents?: number;
}

export const DEFAULT_MAX_CENTS = 100_000_000_00;

/** Any Unicode space, including U+00A0 and U+202F that `Intl.NumberFormat` puts in currency strings. */
const SPACES = /[\s\u00a0\u2007\u202f\ufeff]+/gu;
const CURRENCY = /^(r\$|brl)/i;
const CURRENCY_END = /(r\$|brl)$/i;

type Amount =
  | { ok: true; cents: bigint }
  | { ok: false; code: "not_a_number" | "too_large" }
  | { ok: false; code: "sub_cent"; down?: bigint }
  | { ok: false; code: "ambiguous"; asThousands: bigint };

export function parseCents(cell: unknown, options: ParseCentsOptions = {}): ParseCentsResult {
  const locale = options.locale ?? "pt-BR";
  const maxCents = checkedMaxCents(options.maxCents);

  if (isBlankCell(cell)) return { ok: true, cents: 0, blank: true };
  if (typeof cell === "number") return parseNumberCell(cell, maxCents);
  if (typeof cell !== "string")
    return { ok: false, problem: { code: "not_a_number", input: describe(cell) } };
  return parseText(cell, locale, maxCents);
}

function checkedMaxCents(maxCents: number | undefined): number {
  if (maxCents === undefined) return DEFAULT_MAX_CENTS;
  if (!Number.isSafeInteger(maxCents) || maxCents < 0) {
    throw new RangeError(`maxCents must be a non-negative safe integer, got ${String(maxCents)}`);
  }
  return maxCents;
}

/**
 * Excel keeps 15 significant digits of a number (see the file comment): a cell is read as the decimal
 * Excel shows at full precision, not as the double's shortest round-trip text.
 */
const EXCEL_SIGNIFICANT_DIGITS = 15;

/**
 * Fast path. Below 10^12 reais the gap between neighbouring doubles is under 1.3e-4, far less than a cent.
 * So when c = Math.round(x * 100) satisfies c / 100 === x, x is exactly the double nearest to c cents, and
 * its 15-significant-digit text (what the exact path below parses) is c cents written out, padded with
 * zeros: c has at most 14 digits. Any other x (formula noise, sub-cent, negative, huge, not finite) takes
 * the exact path. Spreadsheet amounts are mostly such numbers, which keeps validating 50,000 rows cheap
 * (bench/validation.bench.ts).
 */
const FAST_PATH_LIMIT = 1e12;

function parseNumberCell(x: number, maxCents: number): ParseCentsResult {
  if (x >= 0 && x < FAST_PATH_LIMIT) {
    const cents = Math.round(x * 100);
    if (cents / 100 === x && cents <= maxCents) return { ok: true, cents: cents + 0, blank: false }; // + 0: no -0
  }
  if (!Number.isFinite(x)) return { ok: false, problem: { code: "not_a_number", input: String(x) } };
  // The digits Excel shows: 719.4000000000001 -> "719.400000000000"; 1.005 -> "1.00500000000000".
  const shown = Math.abs(x).toPrecision(EXCEL_SIGNIFICANT_DIGITS);
  const decimal = plainDecimal(shown);
  const amount = centsOf(decimal.int, decimal.frac);
  // The input as Excel shows it (trailing zeros dropped), e.g. "1.005", "-5", "1e+21"; -0 is "0".
  const input = String(Number(x.toPrecision(EXCEL_SIGNIFICANT_DIGITS)));
  const r = finish(amount, x < 0, input, maxCents);
  return r.ok ? r : { ok: false, problem: { ...r.problem, fromNumber: true } };
}

/**
 * "1.5e-7" -> { int: "", frac: "00000015" }; "1.00000000000000e+21" -> { int: "1000000000000000000000",
 * frac: "00000000000000" }.
 */
function plainDecimal(text: string): { int: string; frac: string } {
  const match = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(text);
  if (!match) throw new Error(`unexpected number text ${text}`); // toPrecision of a finite number >= 0 never gets here
  const intDigits = match[1] ?? "";
  const fracDigits = match[2] ?? "";
  const exponent = Number(match[3] ?? "0");
  const digits = intDigits + fracDigits;
  const point = intDigits.length + exponent; // position of the decimal point within `digits`
  if (point <= 0) return { int: "", frac: "0".repeat(-point) + digits };
  if (point >= digits.length) return { int: digits + "0".repeat(point - digits.length), frac: "" };
  return { int: digits.slice(0, point), frac: digits.slice(point) };
}

/** Exact cents of a decimal written as integer digits and fraction digits (both ASCII digits, maybe empty). */
function centsOf(intDigits: string, fracDigits: string): Amount {
  const frac = fracDigits.replace(/0+$/, "");
  const whole = intDigits.replace(/^0+/, "");
  if (frac.length > 2) {
    // The cents below: the digits up to the second decimal (a message offers them and one cent more).
    return whole.length > 16
      ? { ok: false, code: "sub_cent" }
      : { ok: false, code: "sub_cent", down: BigInt(whole + frac.slice(0, 2)) };
  }
  // More than 16 digits of reais is above any maxCents (MAX_SAFE_INTEGER has 16 digits in all); this also
  // spares BigInt a cell of a million digits.
  if (whole.length > 16) return { ok: false, code: "too_large" };
  return { ok: true, cents: BigInt(whole + frac.padEnd(2, "0")) };
}

/**
 * Excel's error values as `Range.values` gives them ("Excel.ErrorCellValueType"; the codes of
 * "How to correct a #… error" in Microsoft support), and their pt-BR display forms.
 */
const EXCEL_ERRORS = new Set([
  "#NULL!",
  "#DIV/0!",
  "#VALUE!",
  "#REF!",
  "#NAME?",
  "#NUM!",
  "#N/A",
  "#GETTING_DATA",
  "#SPILL!",
  "#CALC!",
  "#BUSY!",
  "#FIELD!",
  "#BLOCKED!",
  "#CONNECT!",
  "#UNKNOWN!",
  "#PYTHON!",
  "#NULO!",
  "#VALOR!",
  "#NOME?",
  "#NÚM!",
  "#N/D",
]);

function parseText(cell: string, locale: Locale, maxCents: number): ParseCentsResult {
  const input = cell.trim();
  if (EXCEL_ERRORS.has(input.toUpperCase())) return { ok: false, problem: { code: "formula_error", input } };
  const peeled = peel(cell.replace(SPACES, " ").trim());
  if (!peeled) return { ok: false, problem: { code: "not_a_number", input } };
  const amount = readAmount(peeled.body, locale);
  return finish(amount, peeled.negative, input, maxCents);
}

/**
 * Rule 2: take the currency mark, sign and parentheses off both ends. Returns undefined when a mark repeats,
 * parentheses do not pair up, or nothing is left.
 */
function peel(text: string): { body: string; negative: boolean } | undefined {
  let s = text;
  let currency = 0;
  let sign = 0;
  let open = 0;
  let close = 0;
  let negative = false;
  for (let changed = true; changed;) {
    changed = true;
    const head = CURRENCY.exec(s);
    if (head) {
      currency++;
      s = s.slice(head[0].length);
    } else if (s.startsWith("(")) {
      open++;
      s = s.slice(1);
    } else if (s.startsWith("-") || s.startsWith("\u2212") || s.startsWith("+")) {
      sign++;
      negative ||= !s.startsWith("+");
      s = s.slice(1);
    } else if (s.startsWith(" ")) {
      s = s.slice(1);
    } else {
      changed = false;
    }
    // Stop as soon as a mark repeats, so a pathological cell ("((((...") costs no more than a valid one.
    if (currency > 1 || sign > 1 || open > 1) return undefined;
  }
  for (let changed = true; changed;) {
    changed = true;
    const tail = CURRENCY_END.exec(s);
    if (tail) {
      currency++;
      s = s.slice(0, s.length - tail[0].length);
    } else if (s.endsWith(")")) {
      close++;
      s = s.slice(0, -1);
    } else if (s.endsWith("-")) {
      sign++;
      negative = true;
      s = s.slice(0, -1);
    } else if (s.endsWith(" ")) {
      s = s.slice(0, -1);
    } else {
      changed = false;
    }
    if (currency > 1 || sign > 1 || close > 1) return undefined;
  }
  if (currency > 1 || sign > 1 || open > 1 || open !== close || s === "") return undefined;
  return { body: s, negative: negative || open === 1 };
}

/** Rules 3–6 on the bare amount, e.g. "1.234,56" or "1 234.5". */
function readAmount(body: string, locale: Locale): Amount {
  if (!/^[\d., ]+$/.test(body) || !/\d/.test(body)) return { ok: false, code: "not_a_number" };

  const count = (c: string) => body.split(c).length - 1;
  const dots = count(".");
  const commas = count(",");
  let group: string | undefined;
  let decimal: string | undefined;

  if (body.includes(" ")) {
    // 4a
    if (dots + commas > 1) return { ok: false, code: "not_a_number" };
    group = " ";
    decimal = dots ? "." : commas ? "," : undefined;
  } else if (dots && commas) {
    // 4b
    decimal = body.lastIndexOf(".") > body.lastIndexOf(",") ? "." : ",";
    group = decimal === "." ? "," : ".";
    if (count(decimal) !== 1) return { ok: false, code: "not_a_number" };
  } else if (dots + commas >= 2) {
    // 4c
    group = dots ? "." : ",";
  } else if (dots + commas === 1) {
    const sep = dots ? "." : ",";
    const [head = "", tail = ""] = body.split(sep);
    if (tail.length !== 3 || !canHeadGroups(head)) {
      // 4d, and the first case of 4e
      decimal = sep;
    } else if (sep === thousandsSeparator(locale)) {
      group = sep;
    } else {
      // Read as thousands, the digits are whole reais: at most 6 of them (rule 5), exact in a BigInt.
      return { ok: false, code: "ambiguous", asThousands: BigInt(head + tail) * 100n };
    }
  }

  const [intPart = "", fracPart, ...rest] = decimal === undefined ? [body] : body.split(decimal);
  if (rest.length > 0) return { ok: false, code: "not_a_number" };
  if (fracPart !== undefined && !/^\d+$/.test(fracPart)) return { ok: false, code: "not_a_number" };

  let intDigits = intPart;
  if (group !== undefined && intPart.includes(group)) {
    const groups = intPart.split(group);
    const [head = "", ...others] = groups;
    if (!canHeadGroups(head) || others.some((g) => !/^\d{3}$/.test(g)))
      return { ok: false, code: "not_a_number" };
    intDigits = groups.join("");
  }
  if (!/^\d*$/.test(intDigits)) return { ok: false, code: "not_a_number" };
  if (intDigits === "" && fracPart === undefined) return { ok: false, code: "not_a_number" };
  return centsOf(intDigits, fracPart ?? "");
}

/** Rule 5: the first group of a grouped number is 1–3 digits and does not start with 0. */
function canHeadGroups(head: string): boolean {
  return /^[1-9]\d{0,2}$/.test(head);
}

function thousandsSeparator(locale: Locale): string {
  return locale === "en-US" ? "," : ".";
}

function decimalSeparator(locale: Locale): string {
  return locale === "en-US" ? "." : ",";
}

function finish(amount: Amount, negative: boolean, input: string, maxCents: number): ParseCentsResult {
  if (!amount.ok) return { ok: false, problem: amountProblem(amount, negative, input, maxCents) };
  if (amount.cents > BigInt(maxCents)) return { ok: false, problem: { code: "too_large", input, maxCents } };
  if (negative && amount.cents !== 0n) return { ok: false, problem: { code: "negative", input } };
  return { ok: true, cents: Number(amount.cents), blank: false };
}

function amountProblem(
  amount: Exclude<Amount, { ok: true }>,
  negative: boolean,
  input: string,
  maxCents: number,
): CentsProblem {
  switch (amount.code) {
    case "not_a_number":
      return { code: "not_a_number", input };
    case "too_large":
      return { code: "too_large", input, maxCents };
    case "ambiguous":
      return { code: "ambiguous", input, asThousandsCents: Number(amount.asThousands) };
    case "sub_cent": {
      // No suggestion for a negative amount: the nearest cents would carry the wrong sign.
      const down = amount.down;
      if (negative || down === undefined || down + 1n > BigInt(Number.MAX_SAFE_INTEGER))
        return { code: "sub_cent", input };
      return { code: "sub_cent", input, nearest: { down: Number(down), up: Number(down) + 1 } };
    }
  }
}

function describe(cell: unknown): string {
  if (typeof cell === "boolean" || typeof cell === "bigint") return String(cell);
  if (typeof cell === "object") return Object.prototype.toString.call(cell);
  return typeof cell;
}

/**
 * "R$ 1.234,56" in pt-BR, "R$ 1,234.56" in en-US (the separators `Intl.NumberFormat` gives for BRL,
 * with a plain space after the symbol in both, as the cells' currency format shows it: built by hand so
 * the output does not depend on the ICU data of the host). Negative amounts put the minus first:
 * "-R$ 1,00" / "-R$ 1.00". `parseCents` reads every output back (negatives as the
 * `negative` problem). Throws a RangeError for anything but a safe integer.
 */
export function formatCents(cents: number, locale: Locale = "pt-BR"): string {
  if (!Number.isSafeInteger(cents))
    throw new RangeError(`cents must be a safe integer, got ${String(cents)}`);
  const digits = String(Math.abs(cents)).padStart(3, "0");
  const whole = digits.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, thousandsSeparator(locale));
  const body = `${whole}${decimalSeparator(locale)}${digits.slice(-2)}`;
  const sign = cents < 0 ? "-" : "";
  // The same shape in both languages, "R$" and a space, as the cells' currency format shows it
  // (src/workbook/template.ts CURRENCY_FORMAT): the pane and the sheet read alike (issue 20, item 8).
  return `${sign}R$ ${body}`;
}
