/** An amount typed in reais, read with src/money's parser (the same rules as the sheet's cells). */
import { parseCents } from "../../money";
import type { Locale } from "./i18n";

export function readAmount(text: string, locale: Locale): number | undefined {
  const r = parseCents(text, { locale });
  return r.ok && !r.blank && r.cents > 0 ? r.cents : undefined;
}

/**
 * Values per product typed in reais (blank: not given; zero allowed): the cents, and the ids
 * whose text is not an amount.
 */
export function readValues(
  texts: Readonly<Record<string, string>>,
  locale: Locale,
): { values: Record<string, number>; invalid: string[] } {
  const values: Record<string, number> = {};
  const invalid: string[] = [];
  for (const [id, text] of Object.entries(texts)) {
    if (text.trim() === "") continue;
    const r = parseCents(text, { locale });
    if (r.ok) values[id] = r.cents;
    else invalid.push(id);
  }
  return { values, invalid };
}
