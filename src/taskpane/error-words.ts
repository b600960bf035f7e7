/**
 * Every error the pane and the ribbon commands meet, in words: the core's (the shared error
 * centre's `messageFor`) and each feature's own (its `error-words.ts`), composed here once.
 */
import { booksErrorWords } from "../features/books";
import { connectionErrorWords } from "../features/connection";
import { distributeErrorWords } from "../features/distribute";
import { fundErrorWords } from "../features/fund";
import { type ErrorWords, messageFor, type PaneMessage } from "../ui/errors/messageFor";
import type { Locale, Messages } from "../ui/i18n";

export const FEATURE_ERROR_WORDS: readonly ErrorWords[] = [
  connectionErrorWords,
  fundErrorWords,
  distributeErrorWords,
  booksErrorWords,
];

/** `messageFor` with every feature's words. */
export function paneMessageFor(error: unknown, messages: Messages, locale: Locale = "pt-BR"): PaneMessage {
  return messageFor(error, messages, locale, FEATURE_ERROR_WORDS);
}
