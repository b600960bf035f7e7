import { APIUserAbortError, PollTimeoutError } from "./errors";
import { pollUntil } from "./polling";
import { fakeClock } from "./testing/fake-fetch";
import { deposit, distribution, API_PATH, setup } from "./testing/fixtures";

/** A read that answers the scripted values in turn (the last one forever). */
const script = <T>(...values: T[]) => {
  let i = 0;
  const read = jest.fn(() => Promise.resolve(values[Math.min(i++, values.length - 1)]!));
  return read;
};

describe("pollUntil", () => {
  it("reads until done, with a growing, capped interval, reporting progress", async () => {
    const clock = fakeClock();
    const progress: unknown[] = [];
    const read = script(1, 2, 3, 4, 5, 6);
    const v = await pollUntil(read, (x) => x === 6, {
      initialIntervalMs: 1000,
      maxIntervalMs: 3000,
      factor: 2,
      maxWaitMs: 60_000,
      sleep: clock.sleep,
      now: clock.now,
      onProgress: (value, p) => progress.push([value, p.attempt, p.nextDelayMs]),
    });
    expect(v).toBe(6);
    expect(clock.sleeps).toEqual([1000, 2000, 3000, 3000, 3000]);
    expect(progress).toEqual([
      [1, 1, 1000],
      [2, 2, 2000],
      [3, 3, 3000],
      [4, 4, 3000],
      [5, 5, 3000],
      [6, 6, undefined],
    ]);
  });

  it("gives up after maxWaitMs with PollTimeoutError carrying the last value, after a final read at the deadline", async () => {
    const clock = fakeClock();
    const read = script({ status: "PENDING" });
    const err = await pollUntil(read, () => false, {
      initialIntervalMs: 4000,
      maxIntervalMs: 4000,
      maxWaitMs: 10_000,
      sleep: clock.sleep,
      now: clock.now,
      what: "deposit t1",
      describe: (d) => d.status,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PollTimeoutError);
    const t = err as PollTimeoutError;
    expect(t.lastValue).toEqual({ status: "PENDING" });
    expect(t.elapsedMs).toBe(10_000);
    expect(t.attempts).toBe(4);
    expect(t.message).toMatch(/deposit t1 after 10000 ms and 4 reads \(last status "PENDING"\)/);
    expect(clock.sleeps).toEqual([4000, 4000, 2000]);
  });

  it("an abort during the wait rejects with APIUserAbortError and reads no more", async () => {
    const ac = new AbortController();
    const read = script(1);
    const p = pollUntil(read, () => false, {
      signal: ac.signal,
      initialIntervalMs: 60_000,
      maxIntervalMs: 60_000,
    });
    setTimeout(() => ac.abort(), 5);
    await expect(p).rejects.toBeInstanceOf(APIUserAbortError);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it("an abort is prompt even with a sleep that ignores the signal", async () => {
    const ac = new AbortController();
    const p = pollUntil(script(1), () => false, { signal: ac.signal, sleep: () => new Promise(() => {}) });
    setTimeout(() => ac.abort(), 5);
    await expect(p).rejects.toBeInstanceOf(APIUserAbortError);
  });

  it.each([
    [{ initialIntervalMs: 0 }, /initialIntervalMs/],
    [{ initialIntervalMs: -5 }, /initialIntervalMs/],
    [{ initialIntervalMs: 2000, maxIntervalMs: 1000 }, /maxIntervalMs/],
    [{ factor: 0.5 }, /factor/],
    [{ factor: 0 }, /factor/],
    [{ maxWaitMs: Number.NaN }, /maxWaitMs/],
  ])("refuses %o with a RangeError, before reading", async (opts, name) => {
    const read = script(1);
    await expect(pollUntil(read, () => true, opts)).rejects.toThrow(RangeError);
    await expect(pollUntil(read, () => true, opts)).rejects.toThrow(name);
    expect(read).not.toHaveBeenCalled();
  });

  it("accepts factor 1 (a constant interval) and maxIntervalMs equal to initialIntervalMs", async () => {
    const clock = fakeClock();
    const opts = {
      initialIntervalMs: 500,
      maxIntervalMs: 500,
      factor: 1,
      sleep: clock.sleep,
      now: clock.now,
    };
    expect(await pollUntil(script(1, 2, 3), (x) => x === 3, opts)).toBe(3);
    expect(clock.sleeps).toEqual([500, 500]);
  });

  it("a throwing onProgress does not end the wait (nor turn a result or a timeout into its error)", async () => {
    const clock = fakeClock();
    const base = { initialIntervalMs: 1000, maxIntervalMs: 1000, sleep: clock.sleep, now: clock.now };
    const onProgress = jest.fn(() => {
      throw new Error("the UI is gone");
    });
    const read = script(1, 2, 3);
    expect(await pollUntil(read, (x) => x === 3, { ...base, onProgress })).toBe(3);
    expect(read).toHaveBeenCalledTimes(3);
    expect(onProgress).toHaveBeenCalledTimes(3);
    await expect(
      pollUntil(script(1), () => false, { ...base, maxWaitMs: 2000, onProgress }),
    ).rejects.toBeInstanceOf(PollTimeoutError);
  });

  it("an error of the read ends the wait", async () => {
    const read = jest.fn(() => Promise.reject(new Error("gone")));
    await expect(pollUntil(read, () => true)).rejects.toThrow("gone");
  });
});

describe("deposits.waitUntilFinal", () => {
  it.each(["COMPLETED", "FAILED", "CANCELLED", "EXPIRED"])("stops at %s", async (final) => {
    const { fake, client, clock } = setup();
    fake.reply(
      { json: deposit("t1", "PENDING") },
      { json: deposit("t1", "PENDING") },
      { json: deposit("t1", final) },
    );
    const seen: string[] = [];
    const d = await client.deposits.waitUntilFinal("t1", { onProgress: (x) => seen.push(x.status) });
    expect(d.status).toBe(final);
    expect(seen).toEqual(["PENDING", "PENDING", final]);
    expect(fake.calls.every((c) => c.path === `${API_PATH}/deposits/t1`)).toBe(true);
    expect(clock.sleeps).toEqual([2000, 3000]); // defaults: 2 s, growing by 1.5
  });

  it("an unknown state is not final; maxWaitMs ends the wait", async () => {
    const { fake, client } = setup();
    fake.route("GET", `${API_PATH}/deposits/t1`, { json: deposit("t1", "AWAITING_PAYMENT") });
    const err = await client.deposits
      .waitUntilFinal("t1", { maxWaitMs: 5000, initialIntervalMs: 1000, maxIntervalMs: 1000 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PollTimeoutError);
    expect((err as PollTimeoutError).message).toMatch(/deposit t1.*AWAITING_PAYMENT/);
    expect(fake.calls).toHaveLength(6);
  });

  it("an abort while waiting stops the polling", async () => {
    const ac = new AbortController();
    const { fake, client } = setup({
      sleep: (_ms, signal) =>
        new Promise((_, rej) => signal?.addEventListener("abort", () => rej(new Error("x")))),
    });
    fake.route("GET", `${API_PATH}/deposits/t1`, { json: deposit("t1", "PENDING") });
    const p = client.deposits.waitUntilFinal("t1", { signal: ac.signal });
    setTimeout(() => ac.abort(), 5);
    await expect(p).rejects.toBeInstanceOf(APIUserAbortError);
    expect(fake.calls).toHaveLength(1);
  });
});

describe("distributions.waitWhileProcessing", () => {
  it("returns the distribution once it leaves processing", async () => {
    const { fake, client, clock } = setup();
    fake.reply(
      { json: distribution("d1", "processing") },
      { json: distribution("d1", "processing") },
      { json: distribution("d1", "completed") },
    );
    const d = await client.distributions.waitWhileProcessing("d1", {
      initialIntervalMs: 500,
      maxIntervalMs: 600,
    });
    expect(d.status).toBe("completed");
    expect(clock.sleeps).toEqual([500, 600]);
    expect(fake.calls.map((c) => c.path)).toEqual(Array(3).fill(`${API_PATH}/distributions/d1`));
  });

  it("answers at once when it is not processing (e.g. still draft)", async () => {
    const { fake, client } = setup();
    fake.reply({ json: distribution("d1", "draft") });
    expect((await client.distributions.waitWhileProcessing("d1")).status).toBe("draft");
  });

  it("reads that fail transiently are retried inside each read", async () => {
    const { fake, client } = setup();
    fake.reply({ status: 503 }, { json: distribution("d1", "failed") });
    expect((await client.distributions.waitWhileProcessing("d1")).status).toBe("failed");
  });
});
