/**
 * CPF (people, 11 digits) and CNPJ (companies, 14 characters) as they arrive from cells (docs/architecture.md §2 "Identity":
 * check digits verified, leading zeros restored because Excel drops them).
 *
 * Check digits (Receita Federal "módulo 11", the algorithm every Brazilian validator implements):
 * for each check digit, multiply the digits before it by descending weights, take the sum modulo 11;
 * a remainder below 2 gives 0, otherwise the digit is 11 − remainder.
 *   CPF:  weights 10..2 over 9 digits, then 11..2 over 10 digits.
 *   CNPJ: weights 5,4,3,2,9,8,7,6,5,4,3,2 over 12 digits, then 6,5,4,3,2,9,8,7,6,5,4,3,2 over 13.
 * All-same-digit numbers ("111.111.111-11", "00000000000000") pass some of these checks but are never issued,
 * so they are rejected as `repeated_digits` before the check digits are looked at.
 *
 * Alphanumeric CNPJ (IN RFB 2.229/2024, issued since July 2026): the first 12 positions may hold
 * uppercase letters, the two check digits stay numeric, and every character counts as its ASCII code
 * minus 48 in the same módulo 11 ("0".."9" are 0..9, "A" is 17, "Z" is 42). Numeric CNPJs are the special
 * case where every character is a digit, so one algorithm serves both. Letters are upper-cased on input.
 *
 * Normalizing a cell:
 * - blank (`""`, whitespace, null, undefined) is `empty`.
 * - a number cell must be a non-negative integer (1.5e10 with a fraction, NaN, -1 are `not_digits`); its
 *   digits are padded with leading zeros to the full length (Excel stores 012.345.678-90 as 1234567890).
 * - a string loses `.`, `-`, `/` and spaces (U+00A0, U+202F included); any other character is `not_digits`
 *   (for a CNPJ, letters are allowed in the first 12 positions).
 *   Leading zeros are restored only when the string was digits alone (a CSV or a text cell that went through
 *   a number): a punctuated string is how a person writes the full number, so a short one is `wrong_length`.
 * - more digits than the full length is `wrong_length`; then `repeated_digits`; then `check_digits`.
 * - other cell types (booleans, objects) are `not_digits`.
 * A problem is a code and the data a message needs (the text lives in the message catalogue of
 * src/workbook). The data never carries the full number (issue lists end up in logs): at most the
 * masked form.
 */
import { isBlankCell } from "./blank";

export type DocumentKind = "CPF" | "CNPJ";

export type DocumentProblem =
  | { code: "empty" }
  /** `cell`: a number that is not a whole non-negative number, text with other characters, or neither. */
  | { code: "not_digits"; cell: "number" | "text" | "other" }
  /** `length`: how many digits (or characters) the cell has. */
  | { code: "wrong_length"; length: number }
  | { code: "repeated_digits"; masked: string }
  /** `zerosRestored`: the leading zeros Excel drops were put back before the check (`masked` shows them). */
  | { code: "check_digits"; masked: string; zerosRestored: boolean };

export type DocumentProblemCode = DocumentProblem["code"];

export type NormalizeResult = { ok: true; digits: string } | ({ ok: false } & DocumentProblem);

interface Kind {
  name: DocumentKind;
  length: number;
  /** The characters a normalized value may hold, as a whole-string pattern. */
  shape: RegExp;
  checkDigits: (base: string) => string;
}

const CPF: Kind = {
  name: "CPF",
  length: 11,
  shape: /^\d+$/,
  checkDigits: cpfCheckDigits,
};
const CNPJ: Kind = {
  name: "CNPJ",
  length: 14,
  // Letters only before the two numeric check digits; a shorter value is judged by its length later.
  shape: /^(?:[0-9A-Z]{1,12}\d{0,2}|\d+)$/,
  checkDigits: cnpjCheckDigits,
};

const CNPJ_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/**
 * Módulo 11 digit of `chars` with `weights` aligned to the right (the last weight is 2). A character
 * counts as its code minus 48: a digit as itself, a letter as the alphanumeric CNPJ rule says.
 */
function mod11(chars: string, weights: readonly number[]): number {
  let sum = 0;
  const offset = weights.length - chars.length;
  for (let i = 0; i < chars.length; i++) sum += (chars.charCodeAt(i) - 48) * (weights[i + offset] ?? 0);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/**
 * The two check digits for a 9-digit CPF base ("123456789" -> "09"). Exported for generators of test and
 * seed data (src/workbook/testing/people.ts, the sandbox), so the rule lives only here.
 */
export function cpfCheckDigits(base: string): string {
  const weights = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
  const first = mod11(base, weights);
  const second = mod11(base + String(first), weights);
  return `${first}${second}`;
}

/** The two check digits for a 12-character CNPJ base (digits, or digits and uppercase letters). */
function cnpjCheckDigits(base: string): string {
  const first = mod11(base, CNPJ_WEIGHTS);
  const second = mod11(base + String(first), CNPJ_WEIGHTS);
  return `${first}${second}`;
}

function isValid(kind: Kind, digits: string): boolean {
  if (digits.length !== kind.length || !kind.shape.test(digits) || isRepeated(digits)) return false;
  const base = digits.slice(0, -2);
  return kind.checkDigits(base) === digits.slice(-2);
}

function isRepeated(chars: string): boolean {
  return /^(.)\1*$/.test(chars);
}

export function isValidCpf(digits: string): boolean {
  return isValid(CPF, digits);
}

export function isValidCnpj(digits: string): boolean {
  return isValid(CNPJ, digits);
}

export function normalizeCpf(cell: unknown): NormalizeResult {
  return normalize(CPF, cell);
}

export function normalizeCnpj(cell: unknown): NormalizeResult {
  return normalize(CNPJ, cell);
}

const SPACES = /[\s\u00a0\u2007\u202f\ufeff]/gu;

function normalize(kind: Kind, cell: unknown): NormalizeResult {
  if (isBlankCell(cell)) return { ok: false, code: "empty" };

  let digits: string;
  let padded = false;
  if (typeof cell === "number") {
    if (Number.isInteger(cell) && cell > Number.MAX_SAFE_INTEGER) {
      return { ok: false, code: "wrong_length", length: BigInt(cell).toString().length };
    }
    if (!Number.isSafeInteger(cell) || cell < 0) return { ok: false, code: "not_digits", cell: "number" };
    digits = String(cell);
    padded = digits.length < kind.length;
  } else if (typeof cell === "string") {
    const stripped = cell.replace(SPACES, "").replace(/[./-]/g, "").toUpperCase();
    if (!kind.shape.test(stripped)) return { ok: false, code: "not_digits", cell: "text" };
    digits = stripped;
    padded = /^\d+$/.test(cell.trim()) && digits.length < kind.length;
  } else {
    return { ok: false, code: "not_digits", cell: "other" };
  }

  if (padded) digits = digits.padStart(kind.length, "0");
  if (digits.length !== kind.length) return { ok: false, code: "wrong_length", length: digits.length };
  if (isRepeated(digits)) return { ok: false, code: "repeated_digits", masked: mask(kind, digits) };
  if (kind.checkDigits(digits.slice(0, -2)) !== digits.slice(-2)) {
    return { ok: false, code: "check_digits", masked: mask(kind, digits), zerosRestored: padded };
  }
  return { ok: true, digits };
}

function onlyDigits(text: string): string {
  return text.replace(/\D/g, "");
}

function onlyAlphanumerics(text: string): string {
  return text.replace(/[^0-9A-Za-z]/g, "").toUpperCase();
}

function mask(kind: Kind, digits: string): string {
  return kind === CPF ? maskCpf(digits) : maskCnpj(digits);
}

/**
 * "***.456.789-**" for logs and messages: the middle six digits, as the Brazilian government portals show
 * CPFs under the LGPD. Takes digits or a formatted CPF; anything without exactly 11 digits is fully masked.
 */
export function maskCpf(cpf: string): string {
  const digits = onlyDigits(cpf);
  if (digits.length !== 11) return "***.***.***-**";
  return `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**`;
}

/**
 * "**.345.678/0001-**": hides the first two characters and the check digits (numeric or alphanumeric
 * CNPJ). Anything without 14 letters and digits is fully masked.
 */
export function maskCnpj(cnpj: string): string {
  const characters = onlyAlphanumerics(cnpj);
  if (characters.length !== 14) return "**.***.***/****-**";
  return `**.${characters.slice(2, 5)}.${characters.slice(5, 8)}/${characters.slice(8, 12)}-**`;
}

/** "12345678909" -> "123.456.789-09". A string without exactly 11 digits is returned unchanged. */
export function formatCpf(digits: string): string {
  const cpfDigits = onlyDigits(digits);
  if (cpfDigits.length !== 11) return digits;
  return `${cpfDigits.slice(0, 3)}.${cpfDigits.slice(3, 6)}.${cpfDigits.slice(6, 9)}-${cpfDigits.slice(9)}`;
}
