// Progress of a long operation (ky's `Progress` shape) and what every long operation receives.
/** Progress of long work, shaped like ky's `Progress` (docs/architecture.md §3): `done` of `total` in `phase`. */
export interface Progress {
  phase: string;
  done: number;
  total: number;
  /** Estimated time left, when it can be told. */
  etaMs?: number;
}
export type OnProgress = (progress: Progress) => void;

/**
 * The caller's callback, made unable to throw: a progress display that fails must not turn work
 * that went through (a payment, a registration, a send) into a reported failure.
 */
export function safeProgress(onProgress: OnProgress | undefined): OnProgress {
  return (progress) => {
    try {
      onProgress?.(progress);
    } catch {
      // the display's failure is not the work's
    }
  };
}

/** `safeProgress` with the fields as arguments. */
export function progressReporter(
  onProgress: OnProgress | undefined,
): (phase: string, done: number, total: number, etaMs?: number) => void {
  const safe = safeProgress(onProgress);
  return (phase, done, total, etaMs) =>
    safe({ phase, done, total, ...(etaMs !== undefined ? { etaMs } : {}) });
}

/**
 * Time left at the pace so far: elapsed / done × what is left. Undefined before anything is
 * done (no pace yet); 0 once `done` reaches `total`.
 */
export function etaFrom(startedAt: number, now: number, done: number, total: number): number | undefined {
  const elapsed = now - startedAt;
  if (done <= 0 || elapsed < 0) return undefined;
  return Math.max(0, Math.round(((total - done) * elapsed) / done));
}

/** What every long operation receives: a cancel signal and a progress callback. */
export interface Run {
  signal: AbortSignal;
  onProgress: OnProgress;
}
