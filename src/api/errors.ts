/**
 * The error classes of the API client, and nothing else (as openai-node's `core/error.ts`):
 * one `ApiError` base with `status`, `body`, `requestId`, `url`, `method` and `retryable`, a
 * subclass per HTTP status of the document's "Errors" table, separate connection, timeout and
 * abort errors, and a 2xx answer that cannot be read. The client's own refusals (an id that would
 * change the route, a poll or a list that does not end) are in ./refusal-errors.ts; the errors that
 * say money may have moved (an outcome unknown, a deposit that is not the one sent) in
 * ./outcome-errors.ts.
 *
 * The token is a secret (document, "Authentication" 5): what these classes receive has already
 * been cleaned by the transport (`redact.ts`), so they never see it.
 */
/** Base of every error this module throws, so callers can tell ours from the rest. */
export class ValePixError extends Error {
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
