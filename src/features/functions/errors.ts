/**
 * Every failure of a VALEPIX function as an Excel error with a message saying what to do. Excel
 * shows a custom message only with `#VALUE!` and `#N/A` ("CustomFunctions.ErrorCode",
 * https://learn.microsoft.com/javascript/api/custom-functions-runtime/customfunctions.errorcode;
 * "Handle and return errors from your custom function",
 * https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-errors): an argument the
 * function cannot use is `#VALUE!`; everything the person cannot fix in the formula (no
 * connection, a refused token, a missing id, the API's limit, no network) is `#N/A`, which pt-BR
 * Excel shows as `#N/D`. API document, "Errors": 401 token missing/invalid/expired/revoked, 403
 * no access, 404 not found or wrong environment, 429 call limit, 5xx temporary failure.
 */
import {
  APIConnectionError,
  AuthenticationError,
  ApiError,
  CollectLimitError,
  InvalidIdentifierError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ResponseValidationError,
} from "../../api";
import type { Locale } from "../../money";
import { ConnectionInputError } from "../connection";
import { type Failure, FunctionArgumentError } from "./cells";
import { functionWords } from "./words";

export function failureOf(
  error: unknown,
  locale: Locale,
  what: "distribution" | "deposit" | undefined = undefined,
): Failure {
  const words = functionWords(locale);
  const na = (message: string): Failure => ({ code: "#N/A", message });
  if (error instanceof FunctionArgumentError) return { code: "#VALUE!", message: error.message };
  if (error instanceof InvalidIdentifierError)
    return { code: "#VALUE!", message: words.badId(what ?? "distribution") };
  if (error instanceof ConnectionInputError) return na(words.notConnected);
  if (error instanceof AuthenticationError) return na(words.unauthorized);
  if (error instanceof PermissionDeniedError) return na(words.forbidden);
  if (error instanceof NotFoundError) return na(words.notFound(what ?? "distribution"));
  if (error instanceof RateLimitError) return na(words.rateLimited);
  // Offline, refused, timed out (APIConnectionTimeoutError is one of these).
  if (error instanceof APIConnectionError) return na(words.offline);
  if (error instanceof ResponseValidationError) return na(words.unreadable);
  if (error instanceof ApiError) return na(words.serverFailed(String(error.status ?? "")));
  if (error instanceof CollectLimitError) return na(words.tooMany(error.max.toLocaleString(locale)));
  return na(words.unknown);
}
