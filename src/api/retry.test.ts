import fc from "fast-check";
import { APIConnectionError, APIConnectionTimeoutError, APIUserAbortError, ApiError } from "./errors";
import {
  backoffDelay,
  DEFAULT_RETRY,
  isAmbiguousFailure,
  parseRetryAfter,
  resolveRetryOptions,
} from "./retry";

describe("backoffDelay", () => {
  it("is always within [0, maxDelayMs], and at least half the capped step (property)", () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 60 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 600_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (retryIndex, baseDelayMs, maxDelayMs, r) => {
          const d = backoffDelay(retryIndex, { baseDelayMs, maxDelayMs }, () => r);
          const step = Math.min(maxDelayMs, baseDelayMs * 2 ** retryIndex);
          expect(d).toBeGreaterThanOrEqual(0);
          expect(d).toBeLessThanOrEqual(maxDelayMs);
          expect(d).toBeGreaterThanOrEqual(step / 2);
          expect(d).toBeLessThanOrEqual(step);
        },
      ),
    );
  });

  it("grows with the retry index for the same random draw until the cap (property)", () => {
    fc.assert(
      fc.property(fc.nat({ max: 30 }), fc.double({ min: 0, max: 1, noNaN: true }), (i, r) => {
        const o = { baseDelayMs: DEFAULT_RETRY.baseDelayMs, maxDelayMs: DEFAULT_RETRY.maxDelayMs };
        expect(backoffDelay(i + 1, o, () => r)).toBeGreaterThanOrEqual(backoffDelay(i, o, () => r));
      }),
    );
  });

  it("jitter spreads delays: the two extremes of random give half and full step", () => {
    const o = { baseDelayMs: 1000, maxDelayMs: 8000 };
    expect(backoffDelay(2, o, () => 0)).toBe(2000);
    expect(backoffDelay(2, o, () => 1)).toBe(4000);
    expect(backoffDelay(2, o, () => 7)).toBe(4000); // a broken random source cannot exceed the cap
  });
});

describe("parseRetryAfter", () => {
  const now = Date.UTC(2026, 0, 15, 12, 0, 0);
  it("reads delay-seconds (property)", () => {
    fc.assert(
      fc.property(fc.nat({ max: 1_000_000 }), (s) => expect(parseRetryAfter(String(s), now)).toBe(s * 1000)),
    );
  });
  it("reads an HTTP date relative to now, and a past date as 0 (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000, max: 100_000 }), (s) => {
        const header = new Date(now + s * 1000).toUTCString();
        expect(parseRetryAfter(header, now)).toBe(Math.max(0, s * 1000));
      }),
    );
  });
  it("ignores what it cannot read", () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter("", now)).toBeUndefined();
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter("-5", now)).toBeUndefined();
    expect(parseRetryAfter("1.5", now)).toBe(1500);
  });
});

describe("isAmbiguousFailure", () => {
  const at = { method: "POST", url: "https://x.example.com/a" };
  it.each([
    [ApiError.fromResponse({ ...at, status: 500 }), true],
    [ApiError.fromResponse({ ...at, status: 504 }), true],
    [ApiError.fromResponse({ ...at, status: 408 }), true],
    [new APIConnectionError(at), true],
    [new APIConnectionTimeoutError({ ...at, timeoutMs: 1 }), true],
    [ApiError.fromResponse({ ...at, status: 429 }), false],
    [ApiError.fromResponse({ ...at, status: 422 }), false],
    [new APIUserAbortError(at), false],
    [new Error("x"), false],
  ])("%p → %p", (err, expected) => expect(isAmbiguousFailure(err)).toBe(expected));
});

describe("resolveRetryOptions", () => {
  it("fills defaults and refuses nonsense", () => {
    expect(resolveRetryOptions(undefined)).toEqual(DEFAULT_RETRY);
    expect(resolveRetryOptions({ maxRetries: 1 }).maxRetries).toBe(1);
    expect(() => resolveRetryOptions({ baseDelayMs: Number.NaN })).toThrow(RangeError);
  });
});
