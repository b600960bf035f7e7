// src/workflows/progress.ts
/** Progress of long work, shaped like ky's `Progress` (DESIGN §3): `done` of `total` in `phase`. */
export interface Progress {
  phase: string;
  done: number;
  total: number;
  /** Estimated time left, when it can be told. */
  etaMs?: number;
}
export type OnProgress = (progress: Progress) => void;
