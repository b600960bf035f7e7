/**
 * One HTTP call, done carefully: the headers of the document's "Endpoints" section, the bearer
 * token ("Authentication" 1), a per-call timeout combined with the caller's AbortSignal,
 * redaction of everything kept from the answer (`redact.ts`, here and only here), validation of a
 * 2xx body with the route's zod schema, typed errors, and the retries a `RetryPolicy` allows.
 * Redirects are never followed (`redirect: "manual"`; a 3xx is `RedirectRefusedError`, naming
 * the `Location`): the token, a change's body and the answer stay with the configured origin.
 * The read-before-repeat rules (rule 4) are in `recovery.ts`, on top of this.
 */
import type { z } from "zod";
import { anySignal, raceAbort, type Sleep } from "./abort";
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  ApiError,
  AppliedUnreadableError,
  RedirectRefusedError,
  ResponseValidationError,
  type ValidationIssue,
} from "./errors";
import { scrubCause, scrubParsed, scrubSecret, snapshotHeaders } from "./redact";
import { absoluteLocation, dropNulls, parseBody } from "./response-body";
import {
  backoffDelay,
  isAmbiguousFailure,
  isRateLimited,
  parseRetryAfter,
  type ResolvedRetryOptions,
} from "./retry";
import { readServerError } from "./server-error";

/**
 * - `idempotent`: GETs; retried on 408, 429, 5xx, connection errors and timeouts (docs/architecture.md §3).
 * - `rateLimitOnly`: every change (POST, PUT); only 429 is retried (the server did not apply the
 *   call). Ambiguous failures are thrown, for `recovery.ts` to read before repeating (rule 4).
 * - `never`: finalize (rule 3), not even after 429.
 */
export type RetryPolicy = "idempotent" | "rateLimitOnly" | "never";

type HttpMethod = "GET" | "POST" | "PUT";

export type Query = Record<string, string | number | undefined>;

export interface TransportConfig {
  baseUrl: string;
  token?: string | undefined;
  getToken?: (() => string | Promise<string>) | undefined;
  fetch: typeof fetch;
  timeoutMs: number;
  retry: ResolvedRetryOptions;
  sleep: Sleep;
  random: () => number;
  now: () => number;
  onRequest?: ((info: { method: string; url: string; attempt: number }) => void) | undefined;
  onResponse?:
    | ((info: { method: string; url: string; status: number; attempt: number; durationMs: number }) => void)
    | undefined;
}

export interface RequestSpec<S extends z.ZodType> {
  method: HttpMethod;
  path: string;
  query?: Query | undefined;
  /** A JSON body. */
  json?: unknown;
  /** A multipart body, built afresh for every attempt; fetch sets its Content-Type (rule 5). */
  form?: (() => FormData) | undefined;
  schema: S;
  retry: RetryPolicy;
  signal?: AbortSignal | undefined;
}

/** Printable ASCII without spaces: what a bearer token may contain in a header (RFC 6750 §2.1). */
const TOKEN_CHARS = /^[\x21-\x7e]+$/;

/** Which call an error or a hook is about. */
interface Where {
  method: HttpMethod;
  url: string;
}

/** What came back for one request, before it is read. */
interface Answer {
  status: number;
  text: string;
  headers: Headers;
  redirected: boolean;
}

export class Transport {
  constructor(readonly config: TransportConfig) {}

  url(path: string, query?: Query): string {
    const address = new URL(this.config.baseUrl + path);
    for (const [k, v] of Object.entries(query ?? {}))
      if (v !== undefined) address.searchParams.set(k, String(v));
    return address.toString();
  }

  /** Sends `spec`, retrying as its policy allows; resolves with the validated body. */
  async request<S extends z.ZodType>(spec: RequestSpec<S>): Promise<z.output<S>> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.once(spec, attempt);
      } catch (err) {
        const delay = this.retryDelay(err, spec.retry, attempt - 1);
        if (delay === undefined) throw err;
        await this.pause(delay, spec.signal, { method: spec.method, url: this.url(spec.path, spec.query) });
      }
    }
  }

  /**
   * How long to wait before retry number `retryIndex` after `err`, or undefined when the policy
   * (or the budget, or a too-long `Retry-After`) says to give up.
   */
  retryDelay(err: unknown, policy: RetryPolicy, retryIndex: number): number | undefined {
    if (policy === "never" || retryIndex >= this.config.retry.maxRetries) return undefined;
    const allowed = isRateLimited(err) || (policy === "idempotent" && isAmbiguousFailure(err));
    if (!allowed) return undefined;
    return this.delayAfter(err, retryIndex);
  }

  /**
   * `Retry-After` when the server gave one, else backoff. Undefined when `Retry-After` is above
   * `maxRetryAfterMs`: the caller gives up and throws (the error carries `retryAfterMs`) instead
   * of waiting less than the server asked.
   */
  delayAfter(err: unknown, retryIndex: number): number | undefined {
    const ra = err instanceof ApiError ? err.retryAfterMs : undefined;
    if (ra !== undefined) return ra <= this.config.retry.maxRetryAfterMs ? ra : undefined;
    return this.backoff(retryIndex);
  }

  /** Capped exponential backoff with jitter, whatever the error said. */
  backoff(retryIndex: number): number {
    return backoffDelay(retryIndex, this.config.retry, this.config.random);
  }

  /** Waits `ms`; an abort ends the wait at once with APIUserAbortError. */
  async pause(ms: number, signal: AbortSignal | undefined, where: { method?: string; url?: string } = {}) {
    const abortError = () => new APIUserAbortError(where);
    if (signal?.aborted) throw abortError();
    try {
      const slept = this.config.sleep(ms, signal);
      await (signal ? raceAbort(slept, signal) : slept);
    } catch (e) {
      if (signal?.aborted) throw abortError();
      throw e;
    }
    if (signal?.aborted) throw abortError();
  }

  private async token(): Promise<string | undefined> {
    const raw = this.config.getToken ? await this.config.getToken() : this.config.token;
    const token = raw?.trim();
    if (!token) return undefined;
    // Checked here so that Headers never throws an error whose message quotes the value.
    if (!TOKEN_CHARS.test(token)) {
      throw new TypeError(
        "The API token contains characters not allowed in an HTTP header (spaces, line breaks or accents); paste it again.",
      );
    }
    return token;
  }

  /**
   * "JSON calls send `Authorization`, `Accept: application/json` and `Content-Type:
   * application/json`" (document, "Endpoints"): every JSON call, bodiless GETs and POSTs too. The
   * multipart upload sends `Authorization` and `Accept` only, and fetch adds its Content-Type
   * with the boundary (rule 5).
   */
  private headers(token: string | undefined, multipart: boolean): Record<string, string> {
    const headers: Record<string, string> = { Accept: "application/json" };
    if (!multipart) headers["Content-Type"] = "application/json";
    if (token) headers.Authorization = `Bearer ${token}`;
    return headers;
  }

  private async once<S extends z.ZodType>(spec: RequestSpec<S>, attempt: number): Promise<z.output<S>> {
    const { method } = spec;
    const url = this.url(spec.path, spec.query);
    const where = { method, url };
    if (spec.signal?.aborted) throw new APIUserAbortError(where);
    const token = await this.token();
    const answer = await this.exchange(spec, where, token, attempt);
    return this.readAnswer(spec, where, token, answer);
  }

  /**
   * One request and its whole body, within the timeout and the caller's signal; what went wrong
   * before an answer arrived is a connection, timeout or abort error.
   */
  private async exchange(
    spec: RequestSpec<z.ZodType>,
    where: Where,
    token: string | undefined,
    attempt: number,
  ): Promise<Answer> {
    const { method, url } = where;
    const headers = this.headers(token, spec.form !== undefined);
    const body = spec.form ? spec.form() : spec.json !== undefined ? JSON.stringify(spec.json) : undefined;

    const timeout = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      timeout.abort(new Error("timeout"));
    }, this.config.timeoutMs);
    const combined = anySignal([spec.signal, timeout.signal]);
    const started = this.config.now();
    this.notify(() => this.config.onRequest?.({ method, url, attempt }));

    let answer: Answer;
    try {
      // "manual" rather than "error": a refused redirect must not look like a lost connection
      // (which GETs retry and changes read before repeating); it is answered as an error here.
      const res = await raceAbort(
        this.config.fetch(url, { method, headers, body, signal: combined.signal, redirect: "manual" }),
        combined.signal,
      );
      const status = res.status;
      // A browser hides a manual redirect as an opaque response (status 0, no headers).
      const redirected = res.type === "opaqueredirect" || (status >= 300 && status < 400);
      const text = await raceAbort(res.text(), combined.signal);
      answer = { status, text, headers: res.headers, redirected };
    } catch (cause) {
      if (spec.signal?.aborted) throw new APIUserAbortError(where);
      if (timedOut) throw new APIConnectionTimeoutError({ ...where, timeoutMs: this.config.timeoutMs });
      throw new APIConnectionError({ ...where, cause: scrubCause(cause, token) });
    } finally {
      clearTimeout(timer);
      combined.dispose();
    }
    const durationMs = this.config.now() - started;
    this.notify(() => this.config.onResponse?.({ method, url, status: answer.status, attempt, durationMs }));
    return answer;
  }

  /** The answer, redacted, as the schema's value; a redirect, an error status or a body the schema refuses throws. */
  private readAnswer<S extends z.ZodType>(
    spec: RequestSpec<S>,
    where: Where,
    token: string | undefined,
    { status, text, headers: responseHeaders, redirected }: Answer,
  ): z.output<S> {
    const { method, url } = where;
    // Redaction, once, before anything of the answer is kept.
    const snapshot = scrubSecret(snapshotHeaders(responseHeaders), token);
    const headerRequestId = snapshot["x-request-id"];
    const parsedBody = scrubParsed(parseBody(text), text, token);

    if (redirected) {
      throw new RedirectRefusedError({
        ...where,
        status: status || undefined,
        location: absoluteLocation(snapshot.location, url),
        headers: snapshot,
        requestId: headerRequestId,
      });
    }

    if (status < 200 || status >= 300) {
      const info = readServerError(parsedBody.value);
      throw ApiError.fromResponse({
        ...where,
        status,
        body: parsedBody.value,
        headers: snapshot,
        requestId: headerRequestId ?? info.requestId,
        code: info.code,
        serverMessage: info.message,
        retryAfterMs: parseRetryAfter(responseHeaders.get("retry-after"), this.config.now()),
      });
    }

    const unreadable = (issues: ValidationIssue[]) => {
      const init = {
        ...where,
        status,
        body: parsedBody.value,
        headers: snapshot,
        requestId: headerRequestId,
      };
      // A 2xx to a change means it was applied: never a plain failure.
      return method === "GET"
        ? new ResponseValidationError({ ...init, issues })
        : new AppliedUnreadableError({ ...init, issues });
    };
    if (!parsedBody.json) {
      throw unreadable([
        { path: "", message: text === "" ? "empty body, expected JSON" : "body is not JSON" },
      ]);
    }
    // A JSON null is the literal `null` in the text: without one, there is nothing to drop.
    const value = text.includes("null") ? dropNulls(parsedBody.value) : parsedBody.value;
    const result = spec.schema.safeParse(value);
    if (!result.success) {
      throw unreadable(
        result.error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message })),
      );
    }
    return result.data;
  }

  /** Observability hooks must never break a call (least of all one that moves money). */
  private notify(hook: () => void) {
    try {
      hook();
    } catch {
      // ignored on purpose: a failing logger is not a failed payment
    }
  }
}
