/**
 * Pacing: every request of a client passes one gate that spaces them at a learned rate, so that
 * several requests in flight keep a rate-limited server busy without 429s piling up (API
 * document, "Limits": "A call-rate limit exists and is answered with HTTP 429"; the numeric limit
 * is not shown, so it is learned).
 *
 * The gate sits in the client's `fetch` (`createPacedClient`, or `pacer.wrap(fetch)` in
 * `createClient`'s options): it sees every attempt, reads included (the limit counts them too),
 * and every `Retry-After`. Learning, as TCP's congestion control does:
 * - slow start: the rate doubles every quarter second of answers until the first 429 (TCP doubles
 *   per round trip; doubling once a second takes 5.6 s to go from 10 to 500 requests a second,
 *   most of a 1,000-row send, `npm run bench`);
 * - the first 429 halves the rate (slow start overshoots by up to twice), a later one takes it
 *   to 0.7 of itself (CUBIC's factor, RFC 9438 §4.6: against the sandbox's token bucket,
 *   halving every time made a long send last 1.11 × calls / R, 0.7 makes it 1.01 ×, see
 *   pacer.test.ts); once per second (the 429s of requests already in flight are the same
 *   event), holding every request until its `Retry-After` has passed;
 * - after that, the rate grows by 5 % a second, probing for room the server may have again;
 * - the rate grows only while the gate holds requests back (RFC 7661, a window that is not used
 *   is not grown): when the callers are slower than the rate (few in flight, a distant server),
 *   a larger rate would be a number nobody tested, and the first 429 would cut it from there.
 * The gate's waits are chained, one after the other, so an injected clock (tests) stays exact.
 */
import { type ClientOptions, type ValePixClient, createClient, defaultSleep, parseRetryAfter } from ".";

/** The cut of a 429 after slow start (CUBIC's multiplicative decrease, RFC 9438 §4.6). */
const DECREASE = 0.7;
/** Slow start doubles the rate every this many seconds of answers. */
const DOUBLING_S = 0.25;

export interface PacerOptions {
  /** Requests per second to start with (default 10). */
  initialRate?: number;
  /** Never slower than this (default 0.5/s). */
  minRate?: number;
  /**
   * Never faster than this (default 2000/s; the requests in flight bound the rate anyway, 4 at
   * 2 ms each on loopback: the cap no longer stands between a send and a server that keeps up).
   */
  maxRate?: number;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface PacerStats {
  /** Requests let through. */
  requests: number;
  /** 429 answers seen. */
  rateLimited: number;
  /** The current rate, requests per second. */
  rate: number;
}

export class Pacer {
  private rate: number;
  private readonly minRate: number;
  private readonly maxRate: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private nextSlot = -Infinity;
  private pausedUntil = -Infinity;
  private lastCut = -Infinity;
  private slowStart = true;
  /** Whether the last request let through had to wait for its slot (the gate is what limits). */
  private held = false;
  private tail: Promise<void> = Promise.resolve();
  private requests = 0;
  private rateLimited = 0;

  constructor(options: PacerOptions = {}) {
    this.rate = options.initialRate ?? 10;
    this.minRate = options.minRate ?? 0.5;
    this.maxRate = options.maxRate ?? 2000;
    if (!(this.minRate > 0 && this.rate >= this.minRate && this.maxRate >= this.rate))
      throw new RangeError("pacer: need 0 < minRate <= initialRate <= maxRate");
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? defaultSleep;
  }

  stats(): PacerStats {
    return { requests: this.requests, rateLimited: this.rateLimited, rate: this.rate };
  }

  /** Resolves when the caller may send; callers are served first come, first served. */
  acquire(signal?: AbortSignal): Promise<void> {
    const turn = this.tail.then(() => this.waitForSlot(signal));
    this.tail = turn.catch(() => undefined);
    return turn;
  }

  private async waitForSlot(signal: AbortSignal | undefined): Promise<void> {
    for (let waited = false; ; waited = true) {
      if (signal?.aborted) throw signal.reason;
      const now = this.now();
      const at = Math.max(this.nextSlot, this.pausedUntil, now);
      if (at <= now) {
        this.nextSlot = now + 1000 / this.rate;
        this.requests++;
        this.held = waited;
        return;
      }
      await this.sleep(at - now, signal);
    }
  }

  /** Learns from one answer: its status and `Retry-After` (ms), when given. */
  observe(status: number, retryAfterMs?: number): void {
    const now = this.now();
    if (status === 429) {
      this.rateLimited++;
      if (retryAfterMs !== undefined) this.pausedUntil = Math.max(this.pausedUntil, now + retryAfterMs);
      if (now - this.lastCut >= 1000) {
        this.rate = Math.max(this.minRate, this.rate * (this.slowStart ? 0.5 : DECREASE));
        this.lastCut = now;
      }
      this.slowStart = false;
      return;
    }
    if (status >= 500) return; // a failing server says nothing about the rate
    if (!this.held) return; // the callers, not the gate, set the pace: nothing learned
    const perAnswer = this.slowStart
      ? this.rate * (2 ** (1 / (this.rate * DOUBLING_S)) - 1)
      : (0.05 * this.rate) / this.rate;
    this.rate = Math.min(this.maxRate, this.rate + Math.max(perAnswer, 0));
  }

  /** A fetch that waits for the gate before each request and learns from each answer. */
  wrap(inner: typeof fetch): typeof fetch {
    return async (input, init) => {
      await this.acquire(init?.signal ?? undefined);
      const res = await inner(input, init);
      this.observe(res.status, parseRetryAfter(res.headers.get("retry-after"), this.now()));
      return res;
    };
  }
}

/** The API client with every request paced (what the task pane should use for long sends). */
export function createPacedClient(
  options: ClientOptions,
  pacing: PacerOptions = {},
): { client: ValePixClient; pacer: Pacer } {
  const pacer = new Pacer({
    ...(options.now ? { now: options.now } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
    ...pacing,
  });
  const inner =
    options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  return { client: createClient({ ...options, fetch: pacer.wrap(inner) }), pacer };
}
