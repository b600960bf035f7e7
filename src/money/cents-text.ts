/**
 * Reading a text cell: an Excel error value, then the string rules of the file comment of cents.ts (the
 * rule numbers below are those): currency mark, sign and parentheses peeled off, then the amount read.
 */

import { centsOf, finish, type Amount, type ParseCentsResult } from "./cents-amount";
import { thousandsSeparator } from "./cents-format";
import type { Locale } from "./locale";

/** Any Unicode space, including U+00A0 and U+202F that `Intl.NumberFormat` puts in currency strings. */
const SPACES = /[\s\u00a0\u2007\u202f\ufeff]+/gu;
const CURRENCY = /^(r\$|brl)/i;
const CURRENCY_END = /(r\$|brl)$/i;

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

export function parseText(cell: string, locale: Locale, maxCents: number): ParseCentsResult {
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
  let rest = text;
  let currency = 0;
  let sign = 0;
  let open = 0;
  let close = 0;
  let negative = false;
  for (let changed = true; changed;) {
    changed = true;
    const head = CURRENCY.exec(rest);
    if (head) {
      currency++;
      rest = rest.slice(head[0].length);
    } else if (rest.startsWith("(")) {
      open++;
      rest = rest.slice(1);
    } else if (rest.startsWith("-") || rest.startsWith("\u2212") || rest.startsWith("+")) {
      sign++;
      negative ||= !rest.startsWith("+");
      rest = rest.slice(1);
    } else if (rest.startsWith(" ")) {
      rest = rest.slice(1);
    } else {
      changed = false;
    }
    // Stop as soon as a mark repeats, so a pathological cell ("((((...") costs no more than a valid one.
    if (currency > 1 || sign > 1 || open > 1) return undefined;
  }
  for (let changed = true; changed;) {
    changed = true;
    const tail = CURRENCY_END.exec(rest);
    if (tail) {
      currency++;
      rest = rest.slice(0, rest.length - tail[0].length);
    } else if (rest.endsWith(")")) {
      close++;
      rest = rest.slice(0, -1);
    } else if (rest.endsWith("-")) {
      sign++;
      negative = true;
      rest = rest.slice(0, -1);
    } else if (rest.endsWith(" ")) {
      rest = rest.slice(0, -1);
    } else {
      changed = false;
    }
    if (currency > 1 || sign > 1 || close > 1) return undefined;
  }
  if (currency > 1 || sign > 1 || open > 1 || open !== close || rest === "") return undefined;
  return { body: rest, negative: negative || open === 1 };
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
