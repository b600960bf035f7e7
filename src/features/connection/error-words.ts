/** The connection feature's words for its errors (an `ErrorWords` the shell hands the error centre). */
import type { ErrorWords } from "../../taskpane/ui/errors/messageFor";
import { paneError } from "../../taskpane/ui/errors/messageFor";
import type { Messages } from "../../taskpane/ui/i18n";
import { ConnectionInputError } from "./store";

/** What is wrong with the field a `ConnectionInputError` names, as the form shows it beside the field. */
export function connectionInputText(error: ConnectionInputError, t: Messages): string {
  const c = t.connection;
  if (error.field === "label") return c.labelRequired;
  if (error.field === "token") return c.tokenRequired;
  if (error.reason === "http") return c.baseUrlHttp;
  return error.reason === "required" ? c.baseUrlRequired : c.baseUrlInvalid;
}

export const connectionErrorWords: ErrorWords = (error, t) =>
  error instanceof ConnectionInputError
    ? paneError(t.connection.title, connectionInputText(error, t), undefined)
    : undefined;
