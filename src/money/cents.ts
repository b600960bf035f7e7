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
 *
 * Here the entry point; a number cell is read in cents-number.ts, a text cell in cents-text.ts, both
 * ending in cents-amount.ts; `formatCents` is in cents-format.ts.
 */

import { isBlankCell } from "./blank";
import type { ParseCentsResult } from "./cents-amount";
import { parseNumberCell } from "./cents-number";
import { parseText } from "./cents-text";
import type { Locale } from "./locale";

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

function describe(cell: unknown): string {
  if (typeof cell === "boolean" || typeof cell === "bigint") return String(cell);
  if (typeof cell === "object") return Object.prototype.toString.call(cell);
  return typeof cell;
}
