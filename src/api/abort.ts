/**
 * Waiting and cancelling without Node built-ins (the client runs in Office webviews too): a
 * sleep that honours an AbortSignal, a signal combining several, and a race against an abort.
 */

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

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
  // One signal is its own combination (every request has its timeout; most have no caller's
  // signal): `AbortSignal.any` costs a new signal and its bookkeeping per request.
  if (present.length === 1) return { signal: present[0]!, dispose: () => {} };
  const native = (AbortSignal as { any?: (s: AbortSignal[]) => AbortSignal }).any;
  if (typeof native === "function") return { signal: native.call(AbortSignal, present), dispose: () => {} };
  const controller = new AbortController();
  const listeners: [AbortSignal, () => void][] = [];
  const dispose = () => listeners.forEach(([s, l]) => s.removeEventListener("abort", l));
  for (const source of present) {
    if (source.aborted) {
      controller.abort(source.reason);
      break;
    }
    const listener = () => {
      controller.abort(source.reason);
      dispose();
    };
    listeners.push([source, listener]);
    source.addEventListener("abort", listener, { once: true });
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
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
