/**
 * One HTTP call, done carefully: headers of the document's "Endpoints" section, the bearer token
 * ("Authentication" 1), a per-call timeout combined with the caller's AbortSignal, response
 * validation with the zod schema of the route, typed errors, and retries for the calls that may
 * be repeated (`RetryPolicy`). The resource methods in `client.ts` add the read-before-repeat
 * logic of rule 4 on top of this.
 */
import type { z } from "zod";
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  ApiError,
  ResponseValidationError,
  readServerError,
  scrubSecret,
  snapshotHeaders,
} from "./errors";
import {
  backoffDelay,
  isAmbiguousFailure,
  isRateLimited,
  parseRetryAfter,
  type ResolvedRetryOptions,
} from "./retry";

/**
 * - `idempotent`: GET and the PUTs that set a value; retried on 408, 429, 5xx, connection errors
 *   and timeouts (DESIGN §3).
 * - `rateLimitOnly`: POSTs; only 429 is retried (the server did not apply the call). Ambiguous
 *   failures are thrown, for the caller to read before repeating (rule 4).
 * - `never`: finalize (rule 3), not even after 429.
 */
export type RetryPolicy = "idempotent" | "rateLimitOnly" | "never";

export type HttpMethod = "GET" | "POST" | "PUT";

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

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
  query?: Record<string, string | number | undefined> | undefined;
  /** A JSON body (sent with `Content-Type: application/json`). */
  json?: unknown;
  /** A multipart body, built afresh for every attempt; fetch sets its Content-Type (rule 5). */
  form?: (() => FormData) | undefined;
  schema: S;
  retry: RetryPolicy;
  signal?: AbortSignal | undefined;
}

/** A sleep that honours an AbortSignal (rejects with the signal's reason). */
export const defaultSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });

/**
 * One signal that aborts when any of `signals` does: `AbortSignal.any` (Node 20, current
 * browsers) or, in older webviews (Office on older Windows uses IE/old Edge), listeners.
 */
export function anySignal(signals: (AbortSignal | undefined)[]): {
  signal: AbortSignal;
  dispose: () => void;
} {
  const present = signals.filter((s): s is AbortSignal => s !== undefined);
  const native = (AbortSignal as { any?: (s: AbortSignal[]) => AbortSignal }).any;
  if (typeof native === "function") return { signal: native.call(AbortSignal, present), dispose: () => {} };
  const controller = new AbortController();
  const listeners: [AbortSignal, () => void][] = [];
  const dispose = () => listeners.forEach(([s, l]) => s.removeEventListener("abort", l));
  for (const s of present) {
    if (s.aborted) {
      controller.abort(s.reason);
      break;
    }
    const l = () => {
      controller.abort(s.reason);
      dispose();
    };
    listeners.push([s, l]);
    s.addEventListener("abort", l, { once: true });
  }
  return { signal: controller.signal, dispose };
}

/** Rejects as soon as `signal` aborts, whatever `promise` does (a fetch may ignore its signal). */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => {}); // its outcome no longer matters; do not leave it unhandled
    return Promise.reject(signal.reason as Error);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener("abort", onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/** Printable ASCII without spaces: what a bearer token may contain in a header (RFC 6750 §2.1). */
const TOKEN_CHARS = /^[\x21-\x7e]+$/;

export class Transport {
  constructor(readonly config: TransportConfig) {}

  url(path: string, query?: Record<string, string | number | undefined>): string {
    const u = new URL(this.config.baseUrl + path);
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) u.searchParams.set(k, String(v));
    return u.toString();
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

  private async once<S extends z.ZodType>(spec: RequestSpec<S>, attempt: number): Promise<z.output<S>> {
    const { method } = spec;
    const url = this.url(spec.path, spec.query);
    const where = { method, url };
    if (spec.signal?.aborted) throw new APIUserAbortError(where);

    const token = await this.token();
    const headers: Record<string, string> = { Accept: "application/json" };
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (spec.form) {
      body = spec.form(); // no Content-Type: fetch adds multipart/form-data with its boundary
    } else if (spec.json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(spec.json);
    }

    const timeout = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      timeout.abort(new Error("timeout"));
    }, this.config.timeoutMs);
    const combined = anySignal([spec.signal, timeout.signal]);
    const started = this.config.now();
    this.notify(() => this.config.onRequest?.({ method, url, attempt }));

    let status: number;
    let text: string;
    let responseHeaders: Headers;
    try {
      const res = await raceAbort(
        this.config.fetch(url, { method, headers, body, signal: combined.signal }),
        combined.signal,
      );
      status = res.status;
      responseHeaders = res.headers;
      text = await raceAbort(res.text(), combined.signal);
    } catch (cause) {
      if (spec.signal?.aborted) throw new APIUserAbortError(where);
      if (timedOut) throw new APIConnectionTimeoutError({ ...where, timeoutMs: this.config.timeoutMs });
      throw new APIConnectionError({ ...where, cause: scrubCause(cause, token), secret: token });
    } finally {
      clearTimeout(timer);
      combined.dispose();
    }
    const durationMs = this.config.now() - started;
    this.notify(() => this.config.onResponse?.({ method, url, status, attempt, durationMs }));

    const snapshot = scrubSecret(snapshotHeaders(responseHeaders), token);
    const headerRequestId = snapshot["x-request-id"];
    const parsedBody = scrubSecret(parseBody(text), token);

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

    const common = {
      ...where,
      status,
      body: parsedBody.value,
      headers: snapshot,
      requestId: headerRequestId,
    };
    if (!parsedBody.json) {
      throw new ResponseValidationError({
        ...common,
        issues: [{ path: "", message: text === "" ? "empty body, expected JSON" : "body is not JSON" }],
      });
    }
    const result = spec.schema.safeParse(parsedBody.value);
    if (!result.success) {
      throw new ResponseValidationError({
        ...common,
        issues: result.error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message })),
      });
    }
    return result.data;
  }

  /** Observability hooks must never break a call (least of all one that moves money). */
  private notify(f: () => void) {
    try {
      f();
    } catch {
      // ignored on purpose: a failing logger is not a failed payment
    }
  }
}

function parseBody(text: string): { json: boolean; value: unknown } {
  if (text === "") return { json: false, value: undefined };
  try {
    return { json: true, value: JSON.parse(text) as unknown };
  } catch {
    return { json: false, value: text };
  }
}

/** How deep a chain of `cause`s is looked into (undici nests two levels; cycles end here). */
const MAX_CAUSE_DEPTH = 5;

/**
 * A network error's message never quotes the token, but be certain: when the token appears
 * anywhere in the chain of causes (message or stack), the chain is rebuilt with scrubbed
 * messages (names and `code`s kept, the original stacks dropped).
 */
function scrubCause(cause: unknown, token: string | undefined): unknown {
  if (!token || !chainMentions(cause, token, 0)) return cause;
  return scrubChain(cause, token, 0);
}

function chainMentions(e: unknown, token: string, depth: number): boolean {
  if (!(e instanceof Error) || depth > MAX_CAUSE_DEPTH) return false;
  if (`${e.message}${e.stack ?? ""}`.includes(token)) return true;
  return chainMentions((e as { cause?: unknown }).cause, token, depth + 1);
}

function scrubChain(e: unknown, token: string, depth: number): unknown {
  if (!(e instanceof Error)) return scrubSecret(e, token);
  const inner = (e as { cause?: unknown }).cause;
  const keepInner = inner !== undefined && depth < MAX_CAUSE_DEPTH;
  const copy = new Error(
    scrubSecret(e.message, token),
    keepInner ? { cause: scrubChain(inner, token, depth + 1) } : undefined,
  );
  copy.name = e.name;
  const code = (e as { code?: unknown }).code;
  if (typeof code === "string") Object.assign(copy, { code: scrubSecret(code, token) });
  return copy;
}
