/** An amount typed in reais, read with src/money's parser (the same rules as the sheet's cells). */
import { useState } from "react";
import { parseCents } from "../../money";
import type { Locale } from "../i18n";

export function readAmount(text: string, locale: Locale): number | undefined {
  const r = parseCents(text, { locale });
  return r.ok && !r.blank && r.cents > 0 ? r.cents : undefined;
}

export function useAmountField(locale: Locale) {
  const [text, setText] = useState("");
  return { text, setText, cents: readAmount(text, locale) };
}
