/** Writing cents for people, with the separators of each locale (also the ones a text cell is read by). */

import type { Locale } from "./locale";

export function thousandsSeparator(locale: Locale): string {
  return locale === "en-US" ? "," : ".";
}

function decimalSeparator(locale: Locale): string {
  return locale === "en-US" ? "." : ",";
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
  // (src/workbook/template.ts CURRENCY_FORMAT): the pane and the sheet read alike.
  return `${sign}R$ ${body}`;
}
