/** The pane's language: the typed message map, the Office language rule, and BRL formatting. */
import { defineWords, type Widen, type Words } from "../../money";
import { createContext, useContext } from "react";
import { enUS } from "./en-US";
import type { Locale, Messages } from "./messages";
import { ptBR } from "./pt-BR";

export type { Locale, Messages } from "./messages";
export { formatBRL, formatDuration, formatDateTime, formatCount } from "./format";

const MAPS = defineWords<Messages>(ptBR, enUS);

/** Office reports BCP 47 tags ("pt-BR", "pt-PT", "en-GB"…): any Portuguese speaks pt-BR, the rest English. */
export function uiLanguage(displayLanguage: string | undefined): Locale {
  if (!displayLanguage) return "pt-BR";
  return displayLanguage.toLowerCase().startsWith("pt") ? "pt-BR" : "en-US";
}

export function messagesFor(locale: Locale): Messages {
  return MAPS[locale];
}

export interface LanguageValue {
  locale: Locale;
  t: Messages;
}

const LanguageContext = createContext<LanguageValue>({ locale: "pt-BR", t: ptBR });

export const LanguageProvider = LanguageContext.Provider;

/** The strings and locale of the pane (pt-BR unless a provider says otherwise). */
export function useMessages(): LanguageValue {
  return useContext(LanguageContext);
}

/** A feature's words (its `words.ts`, made with `defineWords`) in the pane's language. */
export function useWords<T>(words: Words<T>): Widen<T> {
  return words[useMessages().locale];
}
