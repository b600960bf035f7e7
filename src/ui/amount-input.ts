/** An amount typed in reais, read with src/money's parser (the same rules as the sheet's cells). */
import { parseCents } from "../money";
import type { Locale } from "./i18n";

export function readAmount(text: string, locale: Locale): number | undefined {
  const parsed = parseCents(text, { locale });
  return parsed.ok && !parsed.blank && parsed.cents > 0 ? parsed.cents : undefined;
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
    const parsed = parseCents(text, { locale });
    if (parsed.ok) values[id] = parsed.cents;
    else invalid.push(id);
  }
  return { values, invalid };
}
