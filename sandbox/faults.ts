/**
 * Fault injection for the reliability suite and a per-token call-rate limit.
 *
 * Faults hit mutations (POST/PUT) with probability `rate`, drawn from a seeded PRNG so a test
 * sees the same sequence every run. Kinds:
 * - `before`: 503 and nothing is applied;
 * - `after`:  the change is applied, then the answer is a 500 (the client must read first);
 * - `slow`:   the server waits `slowMs` (longer than the client's timeout), then applies and
 *             answers normally; the client has given up by then;
 * - `burst`:  this and the next `burstLength - 1` calls of the token get 429 with Retry-After;
 * - `latency`: the server waits `latencyMs` (shorter than the client's timeout), then applies and
 *             answers normally: answers arrive late and out of order.
 * `met` counts the faults injected, by kind (a burst's later 429s included), for suites that
 * report what they survived.
 */
import { mulberry32, type Random } from "./random";

export const FAULT_KINDS = ["before", "after", "slow", "burst", "latency"] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultOptions {
  /** Probability 0..1 that a mutation gets a fault. */
  rate: number;
  /** Kinds to draw from (default before, after, slow). */
  kinds?: FaultKind[];
  /** Delay of the `slow` kind (default 35000 ms: past the client's default 30 s timeout). */
  slowMs?: number;
  /** Seed of the PRNG (default: random per server). */
  seed?: number;
  /** Length of a 429 burst (default 3 calls). */
  burstLength?: number;
  /** Retry-After of a burst, in seconds (default 1). */
  burstRetryAfterS?: number;
  /** Delay of the `latency` kind (default 2000 ms: well within the client's timeout). */
  latencyMs?: number;
}

export class FaultInjector {
  private readonly random: Random;
  private readonly kinds: readonly FaultKind[];
  readonly slowMs: number;
  readonly burstLength: number;
  readonly burstRetryAfterS: number;
  readonly latencyMs: number;
  /** Faults injected so far, by kind. */
  readonly met: Record<FaultKind, number> = { before: 0, after: 0, slow: 0, burst: 0, latency: 0 };
  private readonly bursts = new Map<string, number>();

  constructor(private readonly opts: FaultOptions) {
    if (!(opts.rate >= 0 && opts.rate <= 1)) throw new RangeError("fault rate must be within 0..1");
    this.random = mulberry32(opts.seed ?? Math.floor(Math.random() * 2 ** 32));
    this.kinds = opts.kinds?.length ? opts.kinds : ["before", "after", "slow"];
    this.slowMs = opts.slowMs ?? 35_000;
    this.burstLength = Math.max(1, opts.burstLength ?? 3);
    this.burstRetryAfterS = Math.max(1, opts.burstRetryAfterS ?? 1);
    this.latencyMs = Math.max(0, opts.latencyMs ?? 2000);
  }

  get rate(): number {
    return this.opts.rate;
  }

  /** True while the token is inside a 429 burst (consumes one call of it). */
  inBurst(tokenKey: string): boolean {
    const left = this.bursts.get(tokenKey) ?? 0;
    if (left <= 0) return false;
    if (left === 1) this.bursts.delete(tokenKey);
    else this.bursts.set(tokenKey, left - 1);
    this.met.burst++;
    return true;
  }

  /** The fault for this mutation, if any. */
  draw(tokenKey: string): FaultKind | undefined {
    if (this.opts.rate <= 0 || this.random() >= this.opts.rate) return undefined;
    const kind = this.kinds[Math.floor(this.random() * this.kinds.length)];
    if (kind === undefined) return undefined;
    if (kind === "burst" && this.burstLength > 1) this.bursts.set(tokenKey, this.burstLength - 1);
    this.met[kind]++;
    return kind;
  }
}

/**
 * Token bucket per token: `perSecond` tokens refill each second up to a burst of `perSecond`
 * (at least 1). Uses the injected clock, so tests are deterministic.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly capacity: number;

  constructor(
    private readonly perSecond: number,
    private readonly now: () => number,
  ) {
    this.capacity = Math.max(1, perSecond);
  }

  /** 0 when the call may proceed, else the seconds to wait (for Retry-After, at least 1). */
  take(key: string): number {
    const now = this.now();
    const b = this.buckets.get(key) ?? { tokens: this.capacity, at: now };
    const refilled = Math.min(this.capacity, b.tokens + ((now - b.at) / 1000) * this.perSecond);
    if (refilled >= 1) {
      this.buckets.set(key, { tokens: refilled - 1, at: now });
      return 0;
    }
    this.buckets.set(key, { tokens: refilled, at: now });
    return Math.max(1, Math.ceil((1 - refilled) / this.perSecond));
  }
}
