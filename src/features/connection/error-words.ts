/** The connection feature's words for its errors (an `ErrorWords` the shell hands the error centre). */
import type { ErrorWords } from "../../taskpane/ui/errors/messageFor";
import { paneError } from "../../taskpane/ui/errors/messageFor";
import type { Locale } from "../../money";
import { ConnectionInputError } from "./store";
import { CONNECTION_WORDS } from "./words";

/** What is wrong with the field a `ConnectionInputError` names, as the form shows it beside the field. */
export function connectionInputText(error: ConnectionInputError, locale: Locale): string {
  const c = CONNECTION_WORDS[locale];
  if (error.field === "label") return c.labelRequired;
  if (error.field === "token") return c.tokenRequired;
  if (error.reason === "http") return c.baseUrlHttp;
  return error.reason === "required" ? c.baseUrlRequired : c.baseUrlInvalid;
}

export const connectionErrorWords: ErrorWords = (error, _t, locale) =>
  error instanceof ConnectionInputError
    ? paneError(CONNECTION_WORDS[locale].title, connectionInputText(error, locale), undefined)
    : undefined;
