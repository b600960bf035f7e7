/**
 * What the distribution benchmark measures around the workflows, without changing them: time
 * spent inside the Workbook port (reads and writes, by the workflow phase they happen in), the
 * phases the workflows report through `onProgress`, the API requests the client sent (through
 * the `fetch` it is given), and the process's peak memory.
 */
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
