/**
 * Many cells, one request: the answers of the VALEPIX functions by question (./questions.ts),
 * shared while a request is in flight (every cell that asks meanwhile waits for the same answer)
 * and kept for a short time after it (Excel recalculates cells in waves: a sheet of 1,000 function
 * cells asks its few distinct questions once, not 1,000 times). A failure is kept as long as an
 * answer (a refused token stays refused until the person reconnects; 1,000 cells must not ask
 * 1,000 times to learn it); `fresh` (the Refresh command, a live tick) asks again, and still
 * shares a request already in flight.
 *
 * One cache per API client (the active connection's, ../connection `activeClient`): switching the
 * connection never shows another environment's answers.
 */
export interface CacheOptions {
  /** How long an answer is reused (default 30 s). */
  ttlMs?: number;
  now?: () => number;
}

interface Entry {
  /** When the request started (the answer is as old as its question). */
  at: number;
  promise: Promise<unknown>;
  settled: boolean;
  /** The cache's generation when it was asked: `invalidate()` moves on to the next one. */
  generation: number;
}

export interface CacheStats {
  /** Every question asked (one per cell and per refresh). */
  asked: number;
  /** Questions that started a request (the rest were shared or reused). */
  fetched: number;
}

const DEFAULT_TTL_MS = 30_000;

export class AnswerCache {
  private readonly byOwner = new WeakMap<object, Map<string, Entry>>();
  private readonly ttlMs: number;
  private readonly now: () => number;
  private counts: CacheStats = { asked: 0, fetched: 0 };
  private generation = 0;

  constructor(options: CacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
    this.now = options.now ?? Date.now;
  }

  /**
   * The answer to `key` for `owner` (the API client): the one in flight, else a recent one
   * (unless `fresh`), else `fetch()`'s.
   */
  get<T>(owner: object, key: string, fetch: () => Promise<T>, options: { fresh?: boolean } = {}): Promise<T> {
    this.counts.asked++;
    let entries = this.byOwner.get(owner);
    if (!entries) {
      entries = new Map();
      this.byOwner.set(owner, entries);
    }
    const found = entries.get(key);
    const now = this.now();
    const recent =
      found !== undefined &&
      !options.fresh &&
      found.generation === this.generation &&
      now - found.at < this.ttlMs;
    if (found && (!found.settled || recent)) return found.promise as Promise<T>;
    this.counts.fetched++;
    const entry: Entry = { at: now, promise: Promise.resolve(), settled: false, generation: this.generation };
    const settle = () => {
      entry.settled = true;
    };
    entry.promise = fetch().finally(settle);
    entries.set(key, entry);
    return entry.promise as Promise<T>;
  }

  /** Forgets every answer (the next question asks the API). Requests in flight stay shared. */
  invalidate(): void {
    // A WeakMap cannot be cleared: every owner's entries are left in an old generation instead.
    this.generation++;
  }

  stats(): CacheStats {
    return { ...this.counts };
  }
}
