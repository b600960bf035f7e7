/**
 * One function turns any error the pane meets into words a finance person can act on: what
 * happened, and the next step (docs/architecture.md §3 "Errors": chat-copilot's one place
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
} from "../../api";
import { HOST_ERROR_CODES, RowTooLargeError, SecretSettingError } from "../../workbook";
import { formatBRL } from "../i18n/format";
import type { Locale, Messages } from "../i18n";

export type MessageIntent = "error" | "warning" | "info";

/**
 * A feature's words for its own errors: a message for the errors it knows, `undefined` for the
 * rest. `describe` words another error (a cause) with every feature's words.
 */
export type ErrorWords = (
  error: unknown,
  messages: Messages,
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

function apiDetails(error: ApiError, messages: Messages): string[] {
  const out: string[] = [];
  if (error.serverMessage) out.push(messages.errors.serverSaid({ text: error.serverMessage }));
  if (error.requestId) out.push(messages.errors.requestId({ id: error.requestId }));
  return out;
}

/**
 * The Office.js host error of src/excel (`WorkbookHostError { code }`), recognized by its name and
 * shape, as the ribbon commands' runtime may hold another copy of the class.
 */
function hostErrorCode(error: unknown): string | undefined {
  if (!(error instanceof Error) || error.name !== "WorkbookHostError") return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : "unknown";
}

/**
 * The errors that say money may have moved (a finalize or a deposit without a clear answer, a
 * draft created without one, a deposit that differs from the one sent). They extend `ApiError`,
 * so they are worded before it.
 */
function outcomeMessage(error: unknown, messages: Messages, locale: Locale): PaneMessage | undefined {
  const words = messages.errors;
  const msg = paneError;

  // Outcome-unknown first: they extend ApiError, and money may have moved.
  if (error instanceof FinalizeOutcomeUnknownError) {
    const distribution = error.distribution;
    const seen =
      distribution === undefined
        ? words.finalizeNotRead
        : distribution.status === "draft"
          ? words.finalizeDraft
          : words.finalizeApplied({ status: distribution.status });
    return {
      ...msg(words.finalizeUnknownTitle, seen, words.finalizeUnknownNext, apiDetails(error, messages)),
      intent: "warning",
    };
  }
  if (error instanceof DepositOutcomeUnknownError) {
    return {
      ...msg(
        words.depositUnknownTitle,
        words.depositUnknown({ id: error.transactionId }),
        words.depositUnknownNext,
      ),
      intent: "warning",
    };
  }
  // A draft may exist at the server and cannot be listed; no money moved.
  if (error instanceof DraftCreateOutcomeUnknownError)
    return {
      ...msg(
        words.draftUnknownTitle,
        error.applied ? words.draftUnknownApplied : words.draftUnknown,
        words.draftUnknownNext,
        apiDetails(error, messages),
      ),
      intent: "warning",
    };
  if (error instanceof DepositMismatchError) {
    // Documents by their last two characters only (personal data, API "Authentication" 5).
    const party = (amount: number | undefined, document: string | undefined) => {
      const money = amount === undefined ? words.depositAmountUnknown : formatBRL(amount, locale);
      const doc = document?.replace(/[^0-9A-Za-z]/g, "").slice(-2);
      return doc ? words.depositParty({ amount: money, doc }) : money;
    };
    const { sent, found } = error;
    return msg(
      words.depositMismatchTitle,
      words.depositMismatch({
        id: error.transactionId,
        sent: party(sent.amount, sent.document),
        found: party(found.amount, found.document),
      }),
      words.depositMismatchNext,
      error.differences.map((text) => words.technical({ text })),
    );
  }
  return undefined;
}

/** A cancel, a refused redirect, an HTTP error by its status, and a call that got no answer. */
function apiMessage(error: unknown, messages: Messages): PaneMessage | undefined {
  const words = messages.errors;
  const msg = paneError;

  if (isCancel(error)) return { intent: "info", title: words.abortedTitle, body: words.aborted, details: [] };
  if (error instanceof RedirectRefusedError)
    return msg(
      words.redirectTitle,
      error.location === undefined ? words.redirectHidden : words.redirect({ location: error.location }),
      words.redirectNext,
      apiDetails(error, messages),
    );
  if (error instanceof AuthenticationError)
    return msg(
      words.unauthorizedTitle,
      words.unauthorized,
      words.unauthorizedNext,
      apiDetails(error, messages),
    );
  if (error instanceof PermissionDeniedError)
    return msg(words.forbiddenTitle, words.forbidden, words.forbiddenNext, apiDetails(error, messages));
  if (error instanceof NotFoundError)
    return msg(words.notFoundTitle, words.notFound, words.notFoundNext, apiDetails(error, messages));
  if (error instanceof ConflictError)
    return msg(words.conflictTitle, words.conflict, words.conflictNext, apiDetails(error, messages));
  if (error instanceof UnprocessableEntityError)
    return msg(
      words.unprocessableTitle,
      words.unprocessable,
      words.unprocessableNext,
      apiDetails(error, messages),
    );
  if (error instanceof BadRequestError)
    return msg(words.badRequestTitle, words.badRequest, words.badRequestNext, apiDetails(error, messages));
  if (error instanceof RateLimitError)
    return msg(words.rateLimitedTitle, words.rateLimited, words.rateLimitedNext, apiDetails(error, messages));
  if (error instanceof InternalServerError)
    return msg(
      words.serverTitle,
      words.server({ status: String(error.status ?? "5xx") }),
      words.serverNext,
      apiDetails(error, messages),
    );
  if (error instanceof APIConnectionTimeoutError)
    return msg(words.timeoutTitle, words.timeout, words.timeoutNext);
  if (error instanceof APIConnectionError)
    return msg(words.connectionTitle, words.connection, words.connectionNext);
  if (error instanceof ResponseValidationError)
    return msg(words.responseInvalidTitle, words.responseInvalid, words.responseInvalidNext, [
      ...apiDetails(error, messages),
      ...error.issues.slice(0, 3).map((i) => words.technical({ text: `${i.path}: ${i.message}` })),
    ]);
  if (error instanceof ApiError)
    return msg(
      words.serverTitle,
      words.server({ status: String(error.status ?? "?") }),
      words.serverNext,
      apiDetails(error, messages),
    );
  return undefined;
}

/** A wait that ran out, a list longer than asked for, and a list that changed while it was read. */
function listMessage(error: unknown, messages: Messages): PaneMessage | undefined {
  const words = messages.errors;
  const msg = paneError;

  if (error instanceof PollTimeoutError)
    return {
      ...msg(words.pollTimeoutTitle, words.pollTimeout, words.pollTimeoutNext),
      intent: "warning",
    };
  if (error instanceof CollectLimitError)
    return msg(
      words.collectLimitTitle,
      words.collectLimit({ max: String(error.max) }),
      words.collectLimitNext,
    );
  if (error instanceof PaginationError) {
    const technical = [words.technical({ text: error.message })];
    const change = error.change;
    if (change === undefined)
      return msg(words.paginationTitle, words.pagination, words.paginationNext, technical);
    const said = { from: String(change.from), to: String(change.to) };
    const body =
      change.kind === "limit"
        ? words.listChangedLimit(said)
        : change.kind === "total"
          ? words.listChangedTotal(said)
          : words.listChangedEnded(said);
    return msg(words.listChangedTitle, body, words.listChangedNext, technical);
  }
  return undefined;
}

/** The workbook layer's errors and the Office.js host's codes. */
function workbookMessage(error: unknown, messages: Messages): PaneMessage | undefined {
  const words = messages.errors;
  const msg = paneError;

  if (error instanceof RowTooLargeError)
    return msg(
      words.rowTooLargeTitle,
      words.rowTooLarge({ row: String(error.sheetRow) }),
      words.rowTooLargeNext,
    );
  if (error instanceof SecretSettingError)
    return msg(words.secretSettingTitle, words.secretSetting, words.secretSettingNext);
  const host = hostErrorCode(error);
  // Reads shrink their blocks on a refused response (src/workbook/blocks.ts); a write or a
  // single row the host still refuses for its size reaches here with the Office.js code.
  if (
    host === HOST_ERROR_CODES.requestPayloadSizeLimitExceeded ||
    host === HOST_ERROR_CODES.responsePayloadSizeLimitExceeded
  )
    return msg(words.payloadTitle, words.payload, words.payloadNext, [words.technical({ text: host })]);
  // Several areas or a chart selected: getSelectedRange refuses (src/excel/active-table.ts).
  if (host === HOST_ERROR_CODES.invalidSelection)
    return msg(words.selectionTitle, words.selection, words.selectionNext);
  if (host !== undefined) return msg(words.hostTitle, words.host({ code: host }), words.hostNext);
  return undefined;
}

export function messageFor(
  error: unknown,
  messages: Messages,
  locale: Locale = "pt-BR",
  featureWords: readonly ErrorWords[] = [],
): PaneMessage {
  const core =
    outcomeMessage(error, messages, locale) ?? apiMessage(error, messages) ?? listMessage(error, messages);
  if (core) return core;

  const describe = (other: unknown) => messageFor(other, messages, locale, featureWords);
  for (const wordsOf of featureWords) {
    const found = wordsOf(error, messages, locale, describe);
    if (found) return found;
  }

  const fromWorkbook = workbookMessage(error, messages);
  if (fromWorkbook) return fromWorkbook;
  const words = messages.errors;
  const text = error instanceof Error ? error.message : typeof error === "string" ? error : undefined;
  return paneError(
    words.unknownTitle,
    words.unknown,
    words.unknownNext,
    text ? [words.technical({ text })] : [],
  );
}
