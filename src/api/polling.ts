/**
 * Waiting for a state by reading the resource again: the document has no events ("State is
 * learned by reading the deposit and distribution resources, with an interval and backoff
 * between reads"). The interval grows by `factor` up to `maxIntervalMs`; after `maxWaitMs` the
 * wait ends with `PollTimeoutError`; an AbortSignal ends it with `APIUserAbortError`.
 */
import { APIUserAbortError, PollTimeoutError } from "./errors";
import { defaultSleep, raceAbort, type Sleep } from "./abort";

interface PollProgress {
  /** Reads made so far (1 after the first). */
  attempt: number;
  elapsedMs: number;
  /** The wait before the next read, or undefined when this read ends the wait. */
  nextDelayMs: number | undefined;
}

export interface WaitOptions<T> {
  signal?: AbortSignal | undefined;
  /** Called after every read with the value read. */
  onProgress?: ((value: T, progress: PollProgress) => void) | undefined;
  maxWaitMs?: number | undefined;
  initialIntervalMs?: number | undefined;
  maxIntervalMs?: number | undefined;
}

export interface PollOptions<T> extends WaitOptions<T> {
  /** Growth of the interval between reads (default 1.5). */
  factor?: number | undefined;
  sleep?: Sleep | undefined;
  now?: (() => number) | undefined;
  /** Names the thing awaited in the timeout message ("deposit 123"). */
  what?: string | undefined;
  /** Names the state of a value in the timeout message. */
  describe?: ((value: T) => string | undefined) | undefined;
}

const POLL_DEFAULTS = {
  maxWaitMs: 10 * 60_000,
  initialIntervalMs: 1_000,
  maxIntervalMs: 15_000,
  factor: 1.5,
};

/**
 * Reads with `read` until `done(value)`; resolves with that value. Errors of `read` end the wait;
 * errors of `onProgress` do not (a failing progress display is not a failed payment).
 */
export async function pollUntil<T>(
  read: (signal: AbortSignal | undefined) => Promise<T>,
  done: (value: T) => boolean,
  options: PollOptions<T> = {},
): Promise<T> {
  const maxWaitMs = options.maxWaitMs ?? POLL_DEFAULTS.maxWaitMs;
  const initialIntervalMs = options.initialIntervalMs ?? POLL_DEFAULTS.initialIntervalMs;
  const maxIntervalMs = options.maxIntervalMs ?? POLL_DEFAULTS.maxIntervalMs;
  const factor = options.factor ?? POLL_DEFAULTS.factor;
  for (const [name, v] of Object.entries({ maxWaitMs, initialIntervalMs, maxIntervalMs, factor })) {
    if (!Number.isFinite(v) || v < 0) throw new RangeError(`pollUntil: ${name} must be a finite number >= 0`);
  }
  // A zero interval would read in a tight loop; a shrinking one too, eventually.
  if (initialIntervalMs <= 0) throw new RangeError("pollUntil: initialIntervalMs must be > 0");
  if (maxIntervalMs < initialIntervalMs) {
    throw new RangeError(
      `pollUntil: maxIntervalMs (${maxIntervalMs}) must be >= initialIntervalMs (${initialIntervalMs})`,
    );
  }
  if (factor < 1) throw new RangeError("pollUntil: factor must be >= 1");
  let interval = initialIntervalMs;
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;
  const { signal } = options;
  const what = options.what ?? "the awaited state";
  const aborted = () => new APIUserAbortError({ what: `Waiting for ${what}` });
  const report = (value: T, progress: PollProgress) => {
    try {
      options.onProgress?.(value, progress);
    } catch {
      // ignored on purpose, as the transport's onRequest/onResponse hooks
    }
  };

  const started = now();
  for (let attempt = 1; ; attempt++) {
    if (signal?.aborted) throw aborted();
    const value = await read(signal);
    const elapsedMs = now() - started;
    if (done(value)) {
      report(value, { attempt, elapsedMs, nextDelayMs: undefined });
      return value;
    }
    const remaining = maxWaitMs - elapsedMs;
    if (remaining <= 0) {
      report(value, { attempt, elapsedMs, nextDelayMs: undefined });
      throw new PollTimeoutError({
        what,
        elapsedMs,
        attempts: attempt,
        lastValue: value,
        lastState: options.describe?.(value),
      });
    }
    // The last wait is cut to what remains, so there is always a final read at maxWaitMs.
    const delay = Math.min(interval, remaining);
    report(value, { attempt, elapsedMs, nextDelayMs: delay });
    try {
      // Raced with the signal so an abort is prompt even with a sleep that ignores it.
      await (signal ? raceAbort(sleep(delay, signal), signal) : sleep(delay));
    } catch (e) {
      if (signal?.aborted) throw aborted();
      throw e;
    }
    interval = Math.min(interval * factor, maxIntervalMs);
  }
}
