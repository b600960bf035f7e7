/**
 * Errors of the API client, modeled on openai-node's `src/core/error.ts`: one `ApiError` base
 * with `status`, `body`, `requestId`, `url`, `method` and `retryable`, a subclass per HTTP status
 * of the document's "Errors" table, and separate connection, timeout and abort errors.
 *
 * The token is a secret (document, "Authentication" 5: "not be logged in full"): no message,
 * property or header snapshot here carries it. Header snapshots redact `authorization` (as
 * octokit does) and the transport scrubs the token out of any server text before it gets here
 * (see `scrubSecret`), in case a server or proxy echoes the request back.
 */
import { type Distribution, ErrorBody } from "./schemas";

/** Base of every error this module throws, so callers can tell ours from the rest. */
export class ValePixError extends Error {
  override name = "ValePixError";
}

/** Headers whose values are never kept, whatever the direction. */
const REDACTED_HEADERS = new Set(["authorization", "proxy-authorization", "cookie", "set-cookie"]);
export const REDACTED = "[REDACTED]";

/** A plain-object copy of headers with credentials redacted (safe to log or serialize). */
export function snapshotHeaders(
  headers: Headers | Record<string, string> | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  if (!headers) return out;
  const entries: Iterable<[string, string]> =
    typeof (headers as Headers).forEach === "function" && typeof (headers as Headers).get === "function"
      ? collectHeaders(headers as Headers)
      : Object.entries(headers as Record<string, string>);
  for (const [k, v] of entries) {
    const key = k.toLowerCase();
    out[key] = REDACTED_HEADERS.has(key) ? REDACTED : v;
  }
  return out;
}

function collectHeaders(h: Headers): [string, string][] {
  const out: [string, string][] = [];
  h.forEach((value, key) => out.push([key, value]));
  return out;
}

/**
 * Replaces every occurrence of `secret` inside strings of `value` (deep, on copies). Tokens
 * shorter than 6 characters are not scrubbed: they would mangle ordinary words, and no real API
 * token is that short.
 */
export function scrubSecret<T>(value: T, secret: string | undefined): T {
  if (!secret || secret.length < 6) return value;
  const walk = (v: unknown, depth: number): unknown => {
    if (typeof v === "string") return v.split(secret).join(REDACTED);
    if (depth > 20 || v === null || typeof v !== "object") return v;
    if (Array.isArray(v)) return v.map((x) => walk(x, depth + 1));
    return Object.fromEntries(
      Object.entries(v).map(([k, x]) => [walk(k, depth + 1) as string, walk(x, depth + 1)]),
    );
  };
  return walk(value, 0) as T;
}

/** What the server said, read tolerantly: the error-body shape is not shown in the document. */
export interface ServerErrorInfo {
  message: string | undefined;
  code: string | undefined;
  requestId: string | undefined;
}

const MAX_SERVER_MESSAGE = 300;
const clip = (s: string): string => {
  const t = s.replace(/\s+/g, " ").trim();
  return t.length > MAX_SERVER_MESSAGE ? `${t.slice(0, MAX_SERVER_MESSAGE)}…` : t;
};
const str = (v: unknown): string | undefined => (typeof v === "string" && v.trim() !== "" ? v : undefined);

/**
 * Reads the server's message from an error body: our `ErrorBody` (`{ error: { code, message,
 * details?, request_id? } }`), and also `{ message }`, `{ error: "text" }`, `{ detail }`, or plain
 * text (clipped).
 */
export function readServerError(body: unknown): ServerErrorInfo {
  const parsed = ErrorBody.safeParse(body);
  if (parsed.success) {
    const e = parsed.data.error;
    const details = (e.details ?? [])
      .slice(0, 3)
      .map((d) => (d.path ? `${d.path}: ${d.message}` : d.message))
      .join("; ");
    return {
      message: clip(details ? `${e.message} (${details})` : e.message),
      code: e.code,
      requestId: e.request_id,
    };
  }
  if (typeof body === "string")
    return { message: str(body) && clip(body), code: undefined, requestId: undefined };
  if (body !== null && typeof body === "object") {
    const o = body as Record<string, unknown>;
    const inner =
      o.error !== null && typeof o.error === "object" ? (o.error as Record<string, unknown>) : undefined;
    const message = str(o.message) ?? str(o.error) ?? str(inner?.message) ?? str(o.detail) ?? str(o.title);
    return {
      message: message && clip(message),
      code: str(o.code) ?? str(inner?.code),
      requestId: str(o.request_id) ?? str(o.requestId) ?? str(inner?.request_id),
    };
  }
  return { message: undefined, code: undefined, requestId: undefined };
}

/** "/api/v1/valepix/deposits?x=1" from a full URL: messages name the path, not the host. */
export function pathOf(url: string): string {
  try {
    const u = new URL(url);
    return u.pathname + u.search;
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
export const isRetryableStatus = (status: number): boolean =>
  status === 408 || status === 429 || status >= 500;

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
  /** `secret` (the token) is scrubbed out of the description of `cause`; it is not kept. */
  constructor(init: { method: string; url: string; cause?: unknown; message?: string; secret?: string }) {
    const { secret, ...rest } = init;
    const reason =
      rest.message ?? `could not reach the server (${scrubSecret(describeCause(rest.cause), secret)})`;
    super(`${rest.method} ${pathOf(rest.url)} failed: ${reason}`, { ...rest, status: undefined });
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

export interface ValidationIssue {
  path: string;
  message: string;
}

/** A 2xx answer whose body does not match its schema (or is not JSON). */
export class ResponseValidationError extends ApiError {
  override name = "ResponseValidationError";
  override readonly retryable = false;
  readonly issues: ValidationIssue[];
  constructor(init: ApiErrorInit & { status: number; issues: ValidationIssue[] }) {
    const listed = init.issues
      .slice(0, 5)
      .map((i) => (i.path ? `${i.path}: ${i.message}` : i.message))
      .join("; ");
    super(
      `${init.method} ${pathOf(init.url)} answered HTTP ${init.status} with a body that does not match the API contract: ${listed}`,
      init,
    );
    this.issues = init.issues;
  }
}

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
        method: cause.method,
        url: cause.url,
        status: cause.status,
        body: cause.body,
        headers: cause.headers,
        requestId: cause.requestId,
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
 * again with the same `transaction_id` (the server answers the existing deposit).
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
        method: failure.method,
        url: failure.url,
        status: failure.status,
        body: failure.body,
        headers: failure.headers,
        requestId: failure.requestId,
        retryAfterMs: failure.retryAfterMs,
        cause,
      },
    );
    this.transactionId = id;
    this.readError = readError;
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

/** Iteration stopped because the pages did not add up: a server that ignores `page`, or no end. */
export class PaginationError extends ValePixError {
  override name = "PaginationError";
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

function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return typeof cause === "string" ? cause : "network error";
  // undici puts the useful part ("ECONNREFUSED 127.0.0.1:4010") one level down.
  const inner = (cause as { cause?: unknown }).cause;
  const innerText = inner instanceof Error ? `: ${(inner as { code?: string }).code ?? inner.message}` : "";
  return `${cause.message}${innerText}`;
}
