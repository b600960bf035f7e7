/**
 * The pacer against the sandbox's own rate limiter (a token bucket of R requests a second), in
 * virtual time: four workers send N calls through one `Pacer`, each answer takes 8 ms, a 429 is
 * waited out for its `Retry-After` and repeated, as the client does. Deterministic (no wall
 * clock), so it proves the pacing's efficiency without timing anything: the send lasts within a
 * few percent of `N / R` and the 429s it needs to learn R stay a small share; without a limit,
 * the ramp to the workers' own pace is short, and the rate never grows past what they use.
 */
import { RateLimiter } from "../../sandbox/faults";
import { Pacer } from "./pacer";

/** `R` 0: no limit (every answer a 200). */
async function send(R: number, N: number, latencyMs = 8, workers = 4) {
  let t = 0;
  const timers: Array<{ at: number; wake: () => void }> = [];
  const sleep = (ms: number) => new Promise<void>((wake) => timers.push({ at: t + ms, wake }));
  const pacer = new Pacer({ now: () => t, sleep });
  const limiter = R > 0 ? new RateLimiter(R, () => t) : undefined;
  let next = 0;
  let limited = 0;
  const worker = async () => {
    while (next < N) {
      next++;
      for (;;) {
        await pacer.acquire();
        await sleep(latencyMs / 2);
        const retryAfterS = limiter?.take("token") ?? 0;
        await sleep(latencyMs / 2);
        if (retryAfterS === 0) {
          pacer.observe(200);
          break;
        }
        limited++;
        pacer.observe(429, retryAfterS * 1000);
        await sleep(retryAfterS * 1000);
      }
    }
  };
  let finished = false;
  const all = Promise.all(Array.from({ length: workers }, worker)).then(() => {
    finished = true;
  });
  // The event loop of virtual time: let every promise settle, then wake the earliest sleeper.
  while (!finished) {
    await new Promise((resolve) => setImmediate(resolve));
    if (finished) break;
    timers.sort((a, b) => a.at - b.at);
    const first = timers.shift();
    if (!first) throw new Error("deadlock: nothing to wake");
    t = Math.max(t, first.at);
    first.wake();
  }
  await all;
  return { seconds: t / 1000, ratio: t / 1000 / (N / R), limited, rate: pacer.stats().rate };
}

describe("pacing against a token bucket of R requests a second", () => {
  test.each([
    [50, 12_000, 1.02],
    [200, 12_000, 1.02],
    [10, 500, 1.02],
    [50, 1_173, 1.05],
    [100, 1_173, 1.05],
  ])("R = %i, %i calls: the send lasts at most %f × calls / R", async (R, N, bound) => {
    const { ratio, limited } = await send(R, N);
    expect(ratio).toBeGreaterThanOrEqual(1);
    expect(ratio).toBeLessThanOrEqual(bound);
    expect(limited).toBeLessThan(N * 0.02);
  });
});

describe("pacing without a limit", () => {
  test("slow start reaches the workers' own pace (4 in flight, 8 ms each: 500/s) within 1.5 s", async () => {
    const { seconds, limited } = await send(0, 1_173);
    expect(limited).toBe(0);
    // 1,173 calls at 500/s take 2.35 s; the ramp from 10/s adds about one second (doubling once
    // a second, it added 4.3 s: 6.6 s in all).
    expect(seconds).toBeGreaterThanOrEqual(1_173 / 500);
    expect(seconds).toBeLessThan(1_173 / 500 + 1.5);
  });

  test("the rate does not grow past what the callers use (RFC 7661)", async () => {
    // One worker, 50 ms an answer: 20 calls a second whatever the gate allows.
    const { seconds, rate } = await send(0, 200, 50, 1);
    expect(seconds).toBeCloseTo(200 * 0.05, 0);
    expect(rate).toBeLessThan(2 * 20);
  });
});
