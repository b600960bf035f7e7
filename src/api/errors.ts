/**
 * The error classes of the API client, all in this module (as openai-node's `core/error.ts`):
 *
 * - one `ApiError` base with `status`, `body`, `requestId`, `url`, `method` and `retryable`, a
 *   subclass per HTTP status of the document's "Errors" table, separate connection, timeout and
 *   abort errors, and a 2xx answer that cannot be read;
 * - the errors that say money may have moved, or moved otherwise than asked: a finalize or a
 *   deposit whose outcome is unknown after an ambiguous failure (document, "Endpoints" rules 3
 *   and 4), a draft created without an answer, and a deposit found under our `transaction_id`
 *   that is not the one sent. Each says what to read before trying again; none is ever a plain
 *   failure;
 * - the client's own refusals, errors no HTTP status caused: an identifier that would change the
 *   route it is put in, a poll that does not end, a list whose pages do not add up or that is too
 *   long to load at once. Each is refused before or instead of another call.
 *
 * The token is a secret (document, "Authentication" 5): what these classes receive has already
 * been cleaned by the transport (`redact.ts`), so they never see it.
 */
import type { Distribution, DepositResponse } from "./schemas";
/** Base of every error this module throws, so callers can tell ours from the rest. */
class ValePixError extends Error {
  override name = "ValePixError";
}

/** "/api/v1/valepix/deposits?x=1" from a full URL: messages name the path, not the host. */
function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  } catch {
    return url;
  }
}

export interface ApiErrorInit {
  method: string;
  url: string;
  status?: number | undefined;
  body?: unknown;
  headers?: Record<string, string> | undefined;
  requestId?: string | undefined;
  code?: string | undefined;
  serverMessage?: string | undefined;
  retryAfterMs?: number | undefined;
  cause?: unknown;
}

/** 408, 429 and 5xx are worth another try (document, "Errors": 429 "apply backoff"; 5xx "temporary"). */
const isRetryableStatus = (status: number): boolean => status === 408 || status === 429 || status >= 500;

/** An HTTP call that did not succeed. `status` is undefined when no response arrived. */
export class ApiError extends ValePixError {
  override name = "ApiError";
  readonly method: string;
  readonly url: string;
  readonly status: number | undefined;
  /** The response body (parsed JSON, or text), with the token scrubbed out. */
  readonly body: unknown;
  /** Response headers, lower-cased, credentials redacted. */
  readonly headers: Record<string, string>;
  /** From the `x-request-id` header, else from the error body; quote it to support. */
  readonly requestId: string | undefined;
  readonly code: string | undefined;
  readonly serverMessage: string | undefined;
  /** From `Retry-After` (429 and 503 may carry it). */
  readonly retryAfterMs: number | undefined;
  /** True when the same request may succeed later (408, 429, 5xx, network, timeout). */
  readonly retryable: boolean;

  constructor(message: string, init: ApiErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.method = init.method;
    this.url = init.url;
    this.status = init.status;
    this.body = init.body;
    this.headers = init.headers ?? {};
    this.requestId = init.requestId;
    this.code = init.code;
    this.serverMessage = init.serverMessage;
    this.retryAfterMs = init.retryAfterMs;
    this.retryable = init.status === undefined ? true : isRetryableStatus(init.status);
  }

  /** Builds the subclass that matches an HTTP error status. */
  static fromResponse(init: ApiErrorInit & { status: number }): ApiError {
    const { status } = init;
    const message = httpMessage(init);
    switch (status) {
      case 400:
        return new BadRequestError(message, init);
      case 401:
        return new AuthenticationError(message, init);
      case 403:
        return new PermissionDeniedError(message, init);
      case 404:
        return new NotFoundError(message, init);
      case 409:
        return new ConflictError(message, init);
      case 422:
        return new UnprocessableEntityError(message, init);
      case 429:
        return new RateLimitError(message, init);
      default:
        return status >= 500 ? new InternalServerError(message, init) : new ApiError(message, init);
    }
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  408: "Request Timeout",
  409: "Conflict",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

/** What a person can do about a status (document, "Errors" and "Authentication"). */
const STATUS_HINT: Record<number, string> = {
  401: "the token is missing, invalid, expired or revoked",
  403: "the token has no access to this resource",
  404: "not found, or an identifier from the other environment (production vs sandbox)",
  429: "too many calls; slow down",
};

function httpMessage(init: ApiErrorInit & { status: number }): string {
  const statusText = STATUS_TEXT[init.status] ?? (init.status >= 500 ? "Server Error" : "Error");
  const said = init.serverMessage ?? STATUS_HINT[init.status] ?? "no message from the server";
  const id = init.requestId ? ` [request id ${init.requestId}]` : "";
  return `${init.method} ${pathOf(init.url)} failed with HTTP ${init.status} ${statusText}: ${said}${id}`;
}

export class BadRequestError extends ApiError {
  override name = "BadRequestError";
}
export class AuthenticationError extends ApiError {
  override name = "AuthenticationError";
}
export class PermissionDeniedError extends ApiError {
  override name = "PermissionDeniedError";
}
export class NotFoundError extends ApiError {
  override name = "NotFoundError";
}
export class ConflictError extends ApiError {
  override name = "ConflictError";
}
export class UnprocessableEntityError extends ApiError {
  override name = "UnprocessableEntityError";
}
export class RateLimitError extends ApiError {
  override name = "RateLimitError";
}
/** 500, 502, 503, 504 and any other 5xx: "Temporary failure" in the document. */
export class InternalServerError extends ApiError {
  override name = "InternalServerError";
}

/** No HTTP response: DNS, refused connection, TLS, CORS, or a dropped connection. */
export class APIConnectionError extends ApiError {
  override name = "APIConnectionError";
  /** `cause` must come already scrubbed of the token (the transport does it). */
  constructor(init: { method: string; url: string; cause?: unknown; message?: string }) {
    const reason = init.message ?? `could not reach the server (${describeCause(init.cause)})`;
    super(`${init.method} ${pathOf(init.url)} failed: ${reason}`, { ...init, status: undefined });
  }
}

/** The per-call timeout (`timeoutMs`) elapsed before the response was complete. */
export class APIConnectionTimeoutError extends APIConnectionError {
  override name = "APIConnectionTimeoutError";
  readonly timeoutMs: number;
  constructor(init: { method: string; url: string; timeoutMs: number }) {
    super({ ...init, message: `no complete response within ${init.timeoutMs} ms (timed out)` });
    this.timeoutMs = init.timeoutMs;
  }
}

/** The caller's AbortSignal fired. Never retried. */
export class APIUserAbortError extends ApiError {
  override name = "APIUserAbortError";
  override readonly retryable = false;
  constructor(init: { method?: string; url?: string; what?: string } = {}) {
    const where =
      init.method && init.url ? `${init.method} ${pathOf(init.url)}` : (init.what ?? "The operation");
    super(`${where} was aborted by the caller`, { method: init.method ?? "", url: init.url ?? "" });
  }
}

/**
 * The server answered with a redirect (3xx, or the browser's opaque redirect, whose status and
 * `Location` it hides). Redirects are never followed: a 307/308 would carry a
 * change's body (amounts, payer, employee ids) to another origin, and after a 303 another host's
 * answer would be read as the API's. Not retried: the address is wrong or the server misbehaves.
 * After a change the server may or may not have applied it (a 303 follows a change it handled):
 * deposits and finalize say their outcome is unknown instead (recovery.ts).
 */
export class RedirectRefusedError extends ApiError {
  override name = "RedirectRefusedError";
  override readonly retryable = false;
  /** Where the server pointed, absolute; undefined when the browser hides it. */
  readonly location: string | undefined;
  constructor(init: {
    method: string;
    url: string;
    status: number | undefined;
    location: string | undefined;
    headers?: Record<string, string>;
    requestId?: string | undefined;
  }) {
    const code = init.status ? `HTTP ${init.status}` : "a redirect";
    const to = init.location ?? "an address the browser does not show";
    super(
      `${init.method} ${pathOf(init.url)} answered ${code} redirecting to ${to}: redirects are refused, ` +
        "so nothing was sent there. Check the API address (https, host and path).",
      init,
    );
    this.location = init.location;
  }
}

export interface ValidationIssue {
  path: string;
  message: string;
}

const listIssues = (issues: ValidationIssue[]): string =>
  issues
    .slice(0, 5)
    .map((i) => (i.path ? `${i.path}: ${i.message}` : i.message))
    .join("; ");

/** A 2xx answer whose body does not match its schema (or is not JSON). */
export class ResponseValidationError extends ApiError {
  override name = "ResponseValidationError";
  override readonly retryable = false;
  readonly issues: ValidationIssue[];
  constructor(init: ApiErrorInit & { status: number; issues: ValidationIssue[] }) {
    super(
      `${init.method} ${pathOf(init.url)} answered HTTP ${init.status} with a body that does not match the API contract: ${listIssues(init.issues)}`,
      init,
    );
    this.issues = init.issues;
  }
}

/**
 * A 2xx answer to a change (POST or PUT) whose body cannot be read: the server said the change
 * was applied, so this is never a plain failure (issue: "applied, answer unreadable"). Do not
 * repeat the change blindly: read the resource first. `deposits.create` and `finalize` wrap it in
 * their outcome errors, which say what to read.
 */
export class AppliedUnreadableError extends ResponseValidationError {
  override name = "AppliedUnreadableError";
  readonly applied = true;
  constructor(init: ApiErrorInit & { status: number; issues: ValidationIssue[] }) {
    super(init);
    this.message =
      `${init.method} ${pathOf(init.url)} answered HTTP ${init.status}: the change was applied, but the answer ` +
      `could not be read (${listIssues(init.issues)}). Do not repeat it blindly; read the resource first.`;
  }
}

function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return typeof cause === "string" ? cause : "network error";
  // undici puts the useful part ("ECONNREFUSED 127.0.0.1:4010") one level down.
  const inner = (cause as { cause?: unknown }).cause;
  const innerText = inner instanceof Error ? `: ${(inner as { code?: string }).code ?? inner.message}` : "";
  return `${cause.message}${innerText}`;
}

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

/**
 * An identifier that would change the route it is put in (empty, `.`, `..`, control characters):
 * refused before anything is sent, so `setEmployeeValue(d, ".")` can never reach "value for all".
 */
export class InvalidIdentifierError extends ValePixError {
  override name = "InvalidIdentifierError";
  readonly parameter: string;
  readonly value: string;
  constructor(parameter: string, value: string, why: string) {
    super(`Invalid ${parameter} ${JSON.stringify(value)}: ${why}; nothing was sent.`);
    this.parameter = parameter;
    this.value = value;
  }
}

/** `pollUntil` gave up: the resource did not reach the awaited state within `maxWaitMs`. */
export class PollTimeoutError extends ValePixError {
  override name = "PollTimeoutError";
  readonly elapsedMs: number;
  readonly attempts: number;
  readonly lastValue: unknown;
  constructor(init: {
    what: string;
    elapsedMs: number;
    attempts: number;
    lastValue: unknown;
    lastState?: string;
  }) {
    super(
      `Gave up waiting for ${init.what} after ${Math.round(init.elapsedMs)} ms and ${init.attempts} reads` +
        (init.lastState ? ` (last status "${init.lastState}")` : ""),
    );
    this.elapsedMs = init.elapsedMs;
    this.attempts = init.attempts;
    this.lastValue = init.lastValue;
  }
}

/**
 * What changed in a list while it was read: the page size (`limit`: the first page's
 * stated limit or item count, then another), the stated `total`, or the list `ended` (an empty
 * page) after `to` items while the first page stated a total of `from`. `page` is where it was seen.
 */
export interface PageChange {
  kind: "limit" | "total" | "ended";
  from: number;
  to: number;
  page: number;
}

/**
 * Iteration stopped because the pages did not add up: a server that ignores `page`, no end, or a
 * list that changed while it was read, again after one read from the start (`change` says what).
 */
export class PaginationError extends ValePixError {
  override name = "PaginationError";
  readonly change: PageChange | undefined;
  constructor(message: string, change?: PageChange) {
    super(message);
    this.change = change;
  }
}

/** `collectAll` found more than `max` items. */
export class CollectLimitError extends ValePixError {
  override name = "CollectLimitError";
  readonly max: number;
  constructor(max: number) {
    super(`More than ${max} items: refusing to load them all at once (raise max, or iterate instead)`);
    this.max = max;
  }
}
