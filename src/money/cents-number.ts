/**
 * Reading a number cell as Excel keeps and shows it, at 15 significant digits (the file comment of
 * cents.ts says why): a fast path for plain amounts, else the digits Excel shows read exactly.
 */

import { centsOf, finish, type ParseCentsResult } from "./cents-amount";

/**
 * Excel keeps 15 significant digits of a number (see the file comment of cents.ts): a cell is read as the decimal
 * Excel shows at full precision, not as the double's shortest round-trip text.
 */
const EXCEL_SIGNIFICANT_DIGITS = 15;

/**
 * Fast path. Below 10^12 reais the gap between neighbouring doubles is under 1.3e-4, far less than a cent.
 * So when cents = Math.round(value * 100) satisfies cents / 100 === value, the value is exactly the double
 * nearest to that many cents, and its 15-significant-digit text (what the exact path below parses) is the
 * cents written out, padded with zeros: at most 14 digits. Any other value (formula noise, sub-cent, negative, huge, not finite) takes
 * the exact path. Spreadsheet amounts are mostly such numbers, which keeps validating 50,000 rows cheap
 * (bench/validation.bench.ts).
 */
const FAST_PATH_LIMIT = 1e12;

export function parseNumberCell(value: number, maxCents: number): ParseCentsResult {
  if (value >= 0 && value < FAST_PATH_LIMIT) {
    const cents = Math.round(value * 100);
    if (cents / 100 === value && cents <= maxCents) return { ok: true, cents: cents + 0, blank: false }; // + 0: no -0
  }
  if (!Number.isFinite(value)) return { ok: false, problem: { code: "not_a_number", input: String(value) } };
  // The digits Excel shows: 719.4000000000001 -> "719.400000000000"; 1.005 -> "1.00500000000000".
  const shown = Math.abs(value).toPrecision(EXCEL_SIGNIFICANT_DIGITS);
  const decimal = plainDecimal(shown);
  const amount = centsOf(decimal.int, decimal.frac);
  // The input as Excel shows it (trailing zeros dropped), e.g. "1.005", "-5", "1e+21"; -0 is "0".
  const input = String(Number(value.toPrecision(EXCEL_SIGNIFICANT_DIGITS)));
  const result = finish(amount, value < 0, input, maxCents);
  return result.ok ? result : { ok: false, problem: { ...result.problem, fromNumber: true } };
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
