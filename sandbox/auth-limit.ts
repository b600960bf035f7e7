/**
 * Failed authentication limited per client address: without it a caller could
 * try thousands of tokens a second (5,000 × 401 in under 4 s in a probe). A token bucket per
 * address: each failed authentication (a missing, unknown, revoked or expired token: 401, API
 * document "Authentication" 3) takes one unit; `burst` units refill at `perSecond`. While an
 * address has less than one unit left, every request from it is answered 429 with `Retry-After`
 * (document, "Errors": "Call limit exceeded; reduce frequency and apply backoff") before its token
 * is even looked at, so a guess that happens to be right is not told apart from a wrong one.
 * A valid token from an address in good standing never spends anything. Uses the injected clock.
 *
 * The address is the socket's (Fastify's `request.ip` without `trustProxy`): a forwarded-for
 * header is the caller's to forge, so it does not count.
 */
import type { Clock } from "./store";

export interface AuthFailureLimit {
  /** Failed authentications an address may make in a row before it must wait. */
  burst: number;
  /** Failed authentications given back per second. */
  perSecond: number;
}

/** A person mistyping a token is never slowed; a script guessing tokens gets one try a second. */
export const DEFAULT_AUTH_FAILURE_LIMIT: AuthFailureLimit = { burst: 20, perSecond: 1 };

/** Beyond this many addresses tracked, those that are back to a full bucket are forgotten. */
const MAX_TRACKED = 10_000;

export class AuthFailureLimiter {
  private readonly buckets = new Map<string, { units: number; at: number }>();

  constructor(
    private readonly limit: AuthFailureLimit,
    private readonly now: Clock,
  ) {
    if (!(limit.burst >= 1) || !(limit.perSecond > 0)) {
      throw new RangeError("authFailureLimit needs burst >= 1 and perSecond > 0");
    }
  }

  private units(address: string, now: number): number {
    const b = this.buckets.get(address);
    if (!b) return this.limit.burst;
    return Math.min(this.limit.burst, b.units + ((now - b.at) / 1000) * this.limit.perSecond);
  }

  /** 0 when `address` may try to authenticate, else the seconds to wait (at least 1). */
  wait(address: string): number {
    const units = this.units(address, this.now());
    return units >= 1 ? 0 : Math.max(1, Math.ceil((1 - units) / this.limit.perSecond));
  }

  /** Counts one failed authentication from `address`. */
  failed(address: string): void {
    const now = this.now();
    if (this.buckets.size >= MAX_TRACKED) this.forgetRested(now);
    this.buckets.set(address, { units: Math.max(0, this.units(address, now) - 1), at: now });
  }

  private forgetRested(now: number): void {
    for (const address of [...this.buckets.keys()])
      if (this.units(address, now) >= this.limit.burst) this.buckets.delete(address);
  }
}
