/**
 * What the distribution benchmark measures around the workflows, without changing them: time
 * spent inside the Workbook port (reads and writes, by the workflow phase they happen in), the
 * phases the workflows report through `onProgress`, the API requests the client sent (through
 * the `fetch` it is given), and the process's peak memory.
 */
import { tmpdir } from "node:os";
import path from "node:path";
import { writeHeapSnapshot } from "node:v8";
import type { OnProgress } from "../src/api/progress";
import type { Workbook } from "../src/workbook";

export interface PortTime {
  readMs: number;
  writeMs: number;
}

/** Port methods that only read; every other method changes the workbook. */
const READS = new Set([
  "listSheets",
  "listTables",
  "getTable",
  "readTableRows",
  "readTableRowRanges",
  "getUsedRange",
  "readUsedRangeRows",
  "readRunLog",
  "getSetting",
]);

/**
 * The workbook with every port call timed and charged to the phase `phase()` names when it
 * starts (an async iterator's time is what its `next()` calls take).
 */
export function timedWorkbook(
  inner: Workbook,
  phase: () => string,
): { workbook: Workbook; times: Map<string, PortTime> } {
  const times = new Map<string, PortTime>();
  const charge = (name: string, ms: number) => {
    const p = phase();
    const t = times.get(p) ?? { readMs: 0, writeMs: 0 };
    if (READS.has(name)) t.readMs += ms;
    else t.writeMs += ms;
    times.set(p, t);
  };
  const workbook = new Proxy(inner, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== "function" || typeof key !== "string") return value;
      const fn = value as (...args: unknown[]) => unknown;
      return (...args: unknown[]) => {
        const started = performance.now();
        const out = fn.apply(target, args);
        if (out instanceof Promise) return out.finally(() => charge(key, performance.now() - started));
        if (out && typeof out === "object" && Symbol.asyncIterator in out) {
          charge(key, performance.now() - started);
          const it = (out as AsyncIterable<unknown>)[Symbol.asyncIterator]();
          return {
            [Symbol.asyncIterator]() {
              return this;
            },
            async next() {
              const t = performance.now();
              try {
                return await it.next();
              } finally {
                charge(key, performance.now() - t);
              }
            },
            async return(v?: unknown) {
              return (await it.return?.(v)) ?? { done: true, value: v };
            },
          };
        }
        charge(key, performance.now() - started);
        return out;
      };
    },
  });
  return { workbook, times };
}

/** When each progress phase started and ended (first and last report), in ms of `performance.now()`. */
export class PhaseClock {
  readonly spans = new Map<string, { start: number; end: number }>();
  current = "start";

  readonly onProgress: OnProgress = (p) => {
    const now = performance.now();
    const span = this.spans.get(p.phase);
    if (span) span.end = now;
    else this.spans.set(p.phase, { start: now, end: now });
    this.current = p.phase;
  };

  /** Duration of a phase, from its first report to its last (0 when it was not reported). */
  ms(phase: string): number {
    const s = this.spans.get(phase);
    return s ? s.end - s.start : 0;
  }

  /** From the end of `a` to the start of `b`. */
  between(a: string, b: string): number {
    const x = this.spans.get(a);
    const y = this.spans.get(b);
    return x && y ? y.start - x.end : 0;
  }
}

export interface SentRequest {
  method: string;
  path: string;
  status: number;
  start: number;
  end: number;
}

/** A fetch that records every request it passes on (method, path, status, when). */
export function recordingFetch(log: SentRequest[]): typeof fetch {
  return async (input, init) => {
    const start = performance.now();
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? "GET";
    try {
      const res = await fetch(input, init);
      log.push({ method, path: url.pathname, status: res.status, start, end: performance.now() });
      return res;
    } catch (error) {
      log.push({ method, path: url.pathname, status: 0, start, end: performance.now() });
      throw error;
    }
  };
}

/** Samples heap and RSS every `everyMs` until stopped; the peaks and the heap at start. */
export function memorySampler(everyMs = 25): {
  stop(): { peakHeapMb: number; peakRssMb: number; startHeapMb: number };
} {
  const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;
  const first = process.memoryUsage();
  let heap = first.heapUsed;
  let rss = first.rss;
  const sample = () => {
    const m = process.memoryUsage();
    heap = Math.max(heap, m.heapUsed);
    rss = Math.max(rss, m.rss);
  };
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { peakHeapMb: mb(heap), peakRssMb: mb(rss), startHeapMb: mb(first.heapUsed) };
    },
  };
}

/** What `--heap-live` and `--heap-snapshot=<phase>:<sync>` ask of a run (bench/run.ts). */
export interface HeapOptions {
  /** Collect garbage at each Office sync and record the live heap (node --expose-gc). */
  live: boolean;
  /** Write a heap snapshot (after a collection) at the n-th sync (1-based) of a phase. */
  snapshotAt?: { phase: string; sync: number } | undefined;
}

/** Per phase of the month: its syncs, the heap seen at them, and the live heap after a collection. */
export interface HeapAtSyncs {
  syncs: number;
  max_heap_mb: number;
  /** Present with `--heap-live`: the largest live heap at one of the phase's syncs, and which. */
  max_live_mb?: number;
  max_live_at_sync?: number;
}

/**
 * A probe to call at each Office sync (`ExcelThread.onRequest`): the heap each phase reaches when
 * its requests are built, and with `live` the heap left after a forced collection, which separates
 * what the add-in holds from garbage the collector has not reclaimed yet.
 */
export function heapProbe(options: HeapOptions): {
  atSync(phase: string): void;
  phases: Map<string, HeapAtSyncs>;
  snapshots: string[];
} {
  const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;
  const gc = (globalThis as { gc?: () => void }).gc;
  if (options.live && !gc) throw new Error("--heap-live needs node --expose-gc (NODE_OPTIONS=--expose-gc)");
  const phases = new Map<string, HeapAtSyncs>();
  const snapshots: string[] = [];
  return {
    phases,
    snapshots,
    atSync(phase) {
      const use = phases.get(phase) ?? { syncs: 0, max_heap_mb: 0 };
      use.syncs++;
      use.max_heap_mb = Math.max(use.max_heap_mb, mb(process.memoryUsage().heapUsed));
      if (options.live && gc) {
        gc();
        const live = mb(process.memoryUsage().heapUsed);
        if (live > (use.max_live_mb ?? 0)) {
          use.max_live_mb = live;
          use.max_live_at_sync = use.syncs;
        }
      }
      phases.set(phase, use);
      const at = options.snapshotAt;
      if (at && at.phase === phase && at.sync === use.syncs)
        snapshots.push(
          writeHeapSnapshot(path.join(tmpdir(), `bench-${phase}-${use.syncs}-${process.pid}.heapsnapshot`)),
        );
    },
  };
}
