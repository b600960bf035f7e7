/**
 * Helpers for suites that run the sandbox in-process: a manual clock (charges and lots move
 * only when the test says so) and a small fetch wrapper for raw HTTP checks.
 */
export interface ManualClock {
  now: () => number;
  advance(ms: number): void;
  set(ms: number): void;
}

export function manualClock(start = Date.UTC(2026, 0, 5, 12, 0, 0)): ManualClock {
  let t = start;
  return {
    now: () => t,
    advance: (ms) => {
      t += ms;
    },
    set: (ms) => {
      t = ms;
    },
  };
}
