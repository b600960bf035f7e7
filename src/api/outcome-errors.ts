/**
 * The errors that say money may have moved, or moved otherwise than asked: a finalize or a
 * deposit whose outcome is unknown after an ambiguous failure (document, "Endpoints" rules 3 and
 * 4), and a deposit found under our `transaction_id` that is not the one sent. Each says what to
 * read before trying again; none is ever a plain failure. The other error classes are in
 * ./errors.ts.
 */
import { ApiError, type ApiErrorInit, APIUserAbortError, ValePixError } from "./errors";
import type { Distribution, DepositResponse } from "./schemas";

/**
 * The deposit found under the client's `transaction_id` is not the one this call sent: a
 * different amount or payer document, or the server answered another `transaction_id` than the
 * one sent. Never a success: the money behind that id is not what the caller asked for.
 */
export class DepositMismatchError extends ValePixError {
  override name = "DepositMismatchError";
  readonly transactionId: string;
  /** What differs: `field: sent X, found Y`. */
  readonly differences: string[];
  readonly found: DepositResponse;
  /** What this call sent (amount in cents, payer document as sent). */
  readonly sent: { amount: number; document: string };
  /** The server answered the create with 409 Conflict, and the deposit under the id was read. */
  readonly conflict: boolean;
  constructor(init: {
    transactionId: string;
    differences: string[];
    sent: { amount: number; document: string };
    found: DepositResponse;
    conflict?: boolean;
  }) {
    const how = init.conflict ? "answered 409 Conflict: it already holds" : "holds";
    super(
      `Deposit ${init.transactionId}: the server ${how} a different deposit than the one sent ` +
        `(${init.differences.join("; ")}). Nothing was repeated; check this transaction_id before creating another.`,
    );
    this.transactionId = init.transactionId;
    this.differences = init.differences;
    this.sent = { amount: init.sent.amount, document: init.sent.document };
    this.found = init.found;
    this.conflict = init.conflict ?? false;
  }
}

/** The request facts of the call an outcome error stands for: method, URL, status, body, headers, request id. */
const requestOf = (e: ApiError): ApiErrorInit => ({
  method: e.method,
  url: e.url,
  status: e.status,
  body: e.body,
  headers: e.headers,
  requestId: e.requestId,
});

const messageOf = (e: unknown): string =>
  e instanceof Error ? e.message : typeof e === "string" ? e : "unknown error";

/**
 * Finalize failed in a way that does not tell whether it was applied (timeout, connection error,
 * 408 or 5xx, or an abort once the POST was sent). The document's rule 3 forbids repeating it,
 * so the client read the distribution once and hands over what it saw: `distribution` (its
 * `status` is `processing` or a final state if finalize went through; `draft` if not yet, and a
 * slow server may still apply it) or, if that read failed or was aborted, `readError`. After an
 * abort during the POST itself nothing is read (`cause` is the abort). The caller decides what
 * to do next (usually: show the state, and poll or ask the user).
 */
export class FinalizeOutcomeUnknownError extends ApiError {
  override name = "FinalizeOutcomeUnknownError";
  override readonly retryable = false;
  readonly distributionId: string;
  readonly distribution: Distribution | undefined;
  readonly readError: unknown;
  constructor(init: {
    distributionId: string;
    cause: ApiError;
    distribution?: Distribution;
    readError?: unknown;
  }) {
    const { cause, distribution, readError } = init;
    const seen = distribution
      ? distribution.status === "draft"
        ? 'the distribution was still "draft" when read; a slow server may still apply it — read the distribution again before finalizing again'
        : `the distribution read afterwards is in status "${distribution.status}" (finalize was applied)`
      : readError instanceof APIUserAbortError
        ? "reading the distribution afterwards was aborted by the caller"
        : readError !== undefined
          ? `reading the distribution afterwards failed too (${messageOf(readError)})`
          : "the distribution was not read (the caller aborted)";
    super(
      `Finalize of distribution ${init.distributionId}: outcome unknown after "${cause.message}"; ${seen}. ` +
        "It was not repeated automatically (API rule 3): check the distribution before finalizing again.",
      {
        ...requestOf(cause),
        cause,
      },
    );
    this.distributionId = init.distributionId;
    this.distribution = distribution;
    this.readError = init.readError;
  }
}

/**
 * `deposits.create` gave up after a failure that does not tell whether the charge was created
 * (timeout, connection error, 408, 5xx, or an abort once the POST was sent), with the
 * `transaction_id` the client generated: the charge may exist. Creating another deposit would
 * risk a second charge; read this one first (`deposits.get(transactionId)`), or call `create`
 * again with the same `transaction_id` (the server answers the existing deposit, or a 409 after
 * which the client reads the deposit under that id and compares it).
 *
 * `cause` is the last error of the POST; `readError` the failure (or abort) of the read that was
 * to settle it, when that is what ended the attempts.
 */
export class DepositOutcomeUnknownError extends ApiError {
  override name = "DepositOutcomeUnknownError";
  override readonly retryable = false;
  readonly transactionId: string;
  readonly readError: unknown;
  constructor(init: {
    transactionId: string;
    /** The last error of the POST. */
    cause: unknown;
    /** The last ambiguous failure of the POST: its method, URL, status and request id are kept. */
    failure: ApiError;
    readError?: unknown;
  }) {
    const { transactionId: id, cause, failure, readError } = init;
    const read =
      readError === undefined
        ? ""
        : readError instanceof APIUserAbortError
          ? "; the read that was to settle it was aborted"
          : `; reading it afterwards failed too (${messageOf(readError)})`;
    super(
      `Deposit ${id}: outcome unknown after "${messageOf(cause)}"${read}. The charge may exist: ` +
        `read the deposit with transaction_id ${id} (deposits.get) before creating another, ` +
        "or repeat create with that same transaction_id.",
      {
        ...requestOf(failure),
        retryAfterMs: failure.retryAfterMs,
        cause,
      },
    );
    this.transactionId = id;
    this.readError = readError;
  }
}

/**
 * `distributions.create` failed in a way that does not tell whether the draft was created
 * (timeout, connection error, 408, 5xx, a redirect or an unreadable 2xx after the POST, or an
 * abort once it was sent). A draft carries no identity the client chose and the API has no list
 * of distributions, so it can neither be read back nor repeated safely: each repeat may leave one
 * more draft at the server. No money moves: a draft pays nothing until it is
 * finalized, and the add-in only finalizes a draft whose id it holds. The caller records the
 * attempt as unanswered (src/workbook/run-log.ts, `unansweredCreates`) and decides with the user
 * whether to create another.
 */
export class DraftCreateOutcomeUnknownError extends ApiError {
  override name = "DraftCreateOutcomeUnknownError";
  override readonly retryable = false;
  /** True when the server answered 2xx (the draft exists) but the answer could not be read. */
  readonly applied: boolean;
  constructor(init: { cause: ApiError; applied: boolean }) {
    const { cause } = init;
    super(
      `Creating a distribution draft: outcome unknown after "${cause.message}". ` +
        (init.applied
          ? "The server created it, but its id could not be read. "
          : "A draft may have been created. ") +
        "The API cannot list drafts, so it cannot be found again; it was not repeated automatically. " +
        "No money moved: a draft pays nothing until it is finalized.",
      {
        ...requestOf(cause),
        cause,
      },
    );
    this.applied = init.applied;
  }
}
