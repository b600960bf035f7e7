/** The connection feature's words for its errors (an `ErrorWords` the shell hands the error centre). */
import type { ErrorWords } from "../../ui/errors/messageFor";
import { paneError } from "../../ui/errors/messageFor";
import type { Locale } from "../../money";
import { ConnectionInputError } from "./store";
import { CONNECTION_WORDS } from "./words";

/** What is wrong with the field a `ConnectionInputError` names, as the form shows it beside the field. */
export function connectionInputText(error: ConnectionInputError, locale: Locale): string {
  const words = CONNECTION_WORDS[locale];
  if (error.field === "label") return words.labelRequired;
  if (error.field === "token") return words.tokenRequired;
  if (error.reason === "http") return words.baseUrlHttp;
  return error.reason === "required" ? words.baseUrlRequired : words.baseUrlInvalid;
}

export const connectionErrorWords: ErrorWords = (error, _t, locale) =>
  error instanceof ConnectionInputError
    ? paneError(CONNECTION_WORDS[locale].title, connectionInputText(error, locale), undefined)
    : undefined;
