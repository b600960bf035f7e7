/**
 * One function turns any error the pane meets into words a finance person can act on: what
 * happened, and the next step (issue 12, item 7; docs/architecture.md §3 "Errors": chat-copilot's one place
 * for errors, with a switch on the error classes of src/api and src/workbook).
 *
 * The server's own message and the request id are shown under the plain words (support needs
 * them); the token never reaches either (src/api scrubs it in the error constructors).
 *
 * This file words the core's errors (src/api, src/workbook, the Office.js host); each feature words
 * its own in its `error-words.ts` (an `ErrorWords`), and the shell hands them in
 * (src/taskpane/error-words.ts), so the shared UI knows no feature.
 */
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  ApiError,
  AuthenticationError,
  BadRequestError,
  CollectLimitError,
  ConflictError,
  DepositMismatchError,
  DepositOutcomeUnknownError,
  DraftCreateOutcomeUnknownError,
  FinalizeOutcomeUnknownError,
  InternalServerError,
  NotFoundError,
  PaginationError,
  PermissionDeniedError,
  PollTimeoutError,
  RateLimitError,
  RedirectRefusedError,
  ResponseValidationError,
  UnprocessableEntityError,
} from "../../../api";
import { HOST_ERROR_CODES } from "../../../excel";
import { RowTooLargeError, SecretSettingError } from "../../../workbook";
import { formatBRL } from "../i18n/format";
import type { Locale, Messages } from "../i18n";

export type MessageIntent = "error" | "warning" | "info";

/**
 * A feature's words for its own errors: a message for the errors it knows, `undefined` for the
 * rest. `describe` words another error (a cause) with every feature's words.
 */
export type ErrorWords = (
  error: unknown,
  t: Messages,
  locale: Locale,
  describe: (error: unknown) => PaneMessage,
) => PaneMessage | undefined;

/** An error message: what happened (`body`), what to do next, and lines for support. */
export function paneError(
  title: string,
  body: string,
  next: string | undefined,
  details: string[] = [],
): PaneMessage {
  return { intent: "error", title, body, ...(next === undefined ? {} : { next }), details };
}

export interface PaneMessage {
  intent: MessageIntent;
  title: string;
  /** What happened, in plain words. */
  body: string;
  /** What to do next. */
  next?: string;
  /** Lines for support: the server's message, the request id, a technical detail. */
  details: string[];
}

/** True for a cancel the user asked for (the pane's own AbortController or the API's abort error). */
export function isCancel(error: unknown): boolean {
  return (
    error instanceof APIUserAbortError ||
    (error instanceof Error && error.name === "AbortError") ||
    (typeof DOMException !== "undefined" && error instanceof DOMException && error.name === "AbortError")
  );
}

function apiDetails(e: ApiError, t: Messages): string[] {
  const out: string[] = [];
  if (e.serverMessage) out.push(t.errors.serverSaid({ text: e.serverMessage }));
  if (e.requestId) out.push(t.errors.requestId({ id: e.requestId }));
  return out;
}

/**
 * The Office.js host error of src/excel (`WorkbookHostError { code }`), recognized by its name and
 * shape, as the ribbon commands' runtime may hold another copy of the class.
 */
function hostErrorCode(e: unknown): string | undefined {
  if (!(e instanceof Error) || e.name !== "WorkbookHostError") return undefined;
  const code = (e as { code?: unknown }).code;
  return typeof code === "string" ? code : "unknown";
}

export function messageFor(
  error: unknown,
  t: Messages,
  locale: Locale = "pt-BR",
  words: readonly ErrorWords[] = [],
): PaneMessage {
  const e = t.errors;
  const msg = paneError;

  // Outcome-unknown first: they extend ApiError, and money may have moved.
  if (error instanceof FinalizeOutcomeUnknownError) {
    const d = error.distribution;
    const seen =
      d === undefined
        ? e.finalizeNotRead
        : d.status === "draft"
          ? e.finalizeDraft
          : e.finalizeApplied({ status: d.status });
    return {
      ...msg(e.finalizeUnknownTitle, seen, e.finalizeUnknownNext, apiDetails(error, t)),
      intent: "warning",
    };
  }
  if (error instanceof DepositOutcomeUnknownError) {
    return {
      ...msg(e.depositUnknownTitle, e.depositUnknown({ id: error.transactionId }), e.depositUnknownNext),
      intent: "warning",
    };
  }
  // A draft may exist at the server and cannot be listed; no money moved (issue 22, item 7).
  if (error instanceof DraftCreateOutcomeUnknownError)
    return {
      ...msg(
        e.draftUnknownTitle,
        error.applied ? e.draftUnknownApplied : e.draftUnknown,
        e.draftUnknownNext,
        apiDetails(error, t),
      ),
      intent: "warning",
    };
  if (error instanceof DepositMismatchError) {
    // Documents by their last two characters only (personal data, API "Authentication" 5).
    const party = (amount: number | undefined, document: string | undefined) => {
      const money = amount === undefined ? e.depositAmountUnknown : formatBRL(amount, locale);
      const doc = document?.replace(/[^0-9A-Za-z]/g, "").slice(-2);
      return doc ? e.depositParty({ amount: money, doc }) : money;
    };
    const { sent, found } = error;
    return msg(
      e.depositMismatchTitle,
      e.depositMismatch({
        id: error.transactionId,
        sent: party(sent.amount, sent.document),
        found: party(found.amount, found.document),
      }),
      e.depositMismatchNext,
      error.differences.map((text) => e.technical({ text })),
    );
  }
  if (isCancel(error)) return { intent: "info", title: e.abortedTitle, body: e.aborted, details: [] };
  if (error instanceof RedirectRefusedError)
    return msg(
      e.redirectTitle,
      error.location === undefined ? e.redirectHidden : e.redirect({ location: error.location }),
      e.redirectNext,
      apiDetails(error, t),
    );
  if (error instanceof AuthenticationError)
    return msg(e.unauthorizedTitle, e.unauthorized, e.unauthorizedNext, apiDetails(error, t));
  if (error instanceof PermissionDeniedError)
    return msg(e.forbiddenTitle, e.forbidden, e.forbiddenNext, apiDetails(error, t));
  if (error instanceof NotFoundError)
    return msg(e.notFoundTitle, e.notFound, e.notFoundNext, apiDetails(error, t));
  if (error instanceof ConflictError)
    return msg(e.conflictTitle, e.conflict, e.conflictNext, apiDetails(error, t));
  if (error instanceof UnprocessableEntityError)
    return msg(e.unprocessableTitle, e.unprocessable, e.unprocessableNext, apiDetails(error, t));
  if (error instanceof BadRequestError)
    return msg(e.badRequestTitle, e.badRequest, e.badRequestNext, apiDetails(error, t));
  if (error instanceof RateLimitError)
    return msg(e.rateLimitedTitle, e.rateLimited, e.rateLimitedNext, apiDetails(error, t));
  if (error instanceof InternalServerError)
    return msg(
      e.serverTitle,
      e.server({ status: String(error.status ?? "5xx") }),
      e.serverNext,
      apiDetails(error, t),
    );
  if (error instanceof APIConnectionTimeoutError) return msg(e.timeoutTitle, e.timeout, e.timeoutNext);
  if (error instanceof APIConnectionError) return msg(e.connectionTitle, e.connection, e.connectionNext);
  if (error instanceof ResponseValidationError)
    return msg(e.responseInvalidTitle, e.responseInvalid, e.responseInvalidNext, [
      ...apiDetails(error, t),
      ...error.issues.slice(0, 3).map((i) => e.technical({ text: `${i.path}: ${i.message}` })),
    ]);
  if (error instanceof ApiError)
    return msg(
      e.serverTitle,
      e.server({ status: String(error.status ?? "?") }),
      e.serverNext,
      apiDetails(error, t),
    );
  if (error instanceof PollTimeoutError)
    return { ...msg(e.pollTimeoutTitle, e.pollTimeout, e.pollTimeoutNext), intent: "warning" };
  if (error instanceof CollectLimitError)
    return msg(e.collectLimitTitle, e.collectLimit({ max: String(error.max) }), e.collectLimitNext);
  if (error instanceof PaginationError) {
    const technical = [e.technical({ text: error.message })];
    const c = error.change;
    if (c === undefined) return msg(e.paginationTitle, e.pagination, e.paginationNext, technical);
    const said = { from: String(c.from), to: String(c.to) };
    const body =
      c.kind === "limit"
        ? e.listChangedLimit(said)
        : c.kind === "total"
          ? e.listChangedTotal(said)
          : e.listChangedEnded(said);
    return msg(e.listChangedTitle, body, e.listChangedNext, technical);
  }

  const describe = (other: unknown) => messageFor(other, t, locale, words);
  for (const wordsOf of words) {
    const found = wordsOf(error, t, locale, describe);
    if (found) return found;
  }

  // The workbook layer.
  if (error instanceof RowTooLargeError)
    return msg(e.rowTooLargeTitle, e.rowTooLarge({ row: String(error.sheetRow) }), e.rowTooLargeNext);
  if (error instanceof SecretSettingError)
    return msg(e.secretSettingTitle, e.secretSetting, e.secretSettingNext);
  const host = hostErrorCode(error);
  // Reads shrink their blocks on a refused response (src/workbook/blocks.ts); a write or a
  // single row the host still refuses for its size reaches here with the Office.js code.
  if (
    host === HOST_ERROR_CODES.requestPayloadSizeLimitExceeded ||
    host === HOST_ERROR_CODES.responsePayloadSizeLimitExceeded
  )
    return msg(e.payloadTitle, e.payload, e.payloadNext, [e.technical({ text: host })]);
  // Several areas or a chart selected: getSelectedRange refuses (src/excel/active-table.ts).
  if (host === HOST_ERROR_CODES.invalidSelection) return msg(e.selectionTitle, e.selection, e.selectionNext);
  if (host !== undefined) return msg(e.hostTitle, e.host({ code: host }), e.hostNext);

  const text = error instanceof Error ? error.message : typeof error === "string" ? error : undefined;
  return msg(e.unknownTitle, e.unknown, e.unknownNext, text ? [e.technical({ text })] : []);
}
