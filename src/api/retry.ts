/**
 * Retry arithmetic, kept pure so it can be tested with properties: `Retry-After` parsing and
 * capped exponential backoff with jitter (as openai-node and ky do). Which calls may be retried
 * at all is decided in `transport.ts` and `client.ts` (document, "Endpoints" rules 3 and 4).
 */
import { APIConnectionError, APIUserAbortError, ApiError } from "./errors";

export interface RetryOptions {
  /** Retries after the first attempt (default 3). */
  maxRetries?: number;
  /** First backoff step (default 500 ms). */
  baseDelayMs?: number;
  /** Backoff cap (default 8 s). */
  maxDelayMs?: number;
  /**
   * Longest `Retry-After` the client waits by itself (default 60 s). A longer one is not slept
   * through: the error is thrown with `retryAfterMs` so the caller can tell the user when to
   * come back (ky does the same).
   */
  maxRetryAfterMs?: number;
}

export type ResolvedRetryOptions = Required<RetryOptions>;

export const DEFAULT_RETRY: ResolvedRetryOptions = {
  maxRetries: 3,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
};

export function resolveRetryOptions(options: RetryOptions | undefined): ResolvedRetryOptions {
  const pick = (value: number | undefined, fallback: number, name: string): number => {
    if (value === undefined) return fallback;
    if (!Number.isFinite(value) || value < 0)
      throw new RangeError(`retry.${name} must be a finite number >= 0`);
    return value;
  };
  return {
    maxRetries: Math.floor(pick(options?.maxRetries, DEFAULT_RETRY.maxRetries, "maxRetries")),
    baseDelayMs: pick(options?.baseDelayMs, DEFAULT_RETRY.baseDelayMs, "baseDelayMs"),
    maxDelayMs: pick(options?.maxDelayMs, DEFAULT_RETRY.maxDelayMs, "maxDelayMs"),
    maxRetryAfterMs: pick(options?.maxRetryAfterMs, DEFAULT_RETRY.maxRetryAfterMs, "maxRetryAfterMs"),
  };
}

/**
 * Delay before retry number `retryIndex` (0 for the first retry): the exponential step
 * `base * 2^retryIndex`, capped at `maxDelayMs`, then "equal jitter": a random point in the upper
 * half of the step, so delays still grow but concurrent clients spread out. Always within
 * [0, maxDelayMs].
 */
export function backoffDelay(
  retryIndex: number,
  options: Pick<ResolvedRetryOptions, "baseDelayMs" | "maxDelayMs">,
  random: () => number,
): number {
  const step = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, retryIndex));
  const jitter = Math.min(1, Math.max(0, random()));
  return step / 2 + (step / 2) * jitter;
}

/**
 * `Retry-After` as milliseconds: delay-seconds ("120") or an HTTP date (RFC 9110 §10.2.3).
 * Undefined when absent or unreadable; a date in the past gives 0.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (value == null) return undefined;
  const trimmed = value.trim();
  if (trimmed === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  // An HTTP date names its day and month ("Wed, 21 Oct 2026 07:28:00 GMT"); without letters,
  // Date.parse would read "-5" as the year -5.
  if (!/[a-z]{3}/i.test(trimmed)) return undefined;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}

/**
 * A failure after which the server may or may not have applied a mutation: no response
 * (connection error, timeout), 408, or a 5xx (document, "Errors": "Read the resource state before
 * repeating a mutation"). A user abort is not one: the caller chose to stop.
 */
export function isAmbiguousFailure(err: unknown): err is ApiError {
  if (err instanceof APIUserAbortError) return false;
  if (err instanceof APIConnectionError) return true;
  return err instanceof ApiError && err.status !== undefined && (err.status === 408 || err.status >= 500);
}

/** 429: the server refused the call without applying it, so repeating it after the wait is safe. */
export const isRateLimited = (err: unknown): err is ApiError => err instanceof ApiError && err.status === 429;
