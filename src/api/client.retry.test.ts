/**
 * Which calls are repeated, and how, whatever the resource (document, "Endpoints" rules 3 and 4;
 * "Errors": 429 and 5xx; docs/architecture.md §2-§3): GETs retried with backoff and Retry-After, timeouts and
 * aborts, creating POSTs never repeated blindly. The read-before-repeat of each mutation is tested
 * with its resource (./resources/*.test.ts).
 */
import { createClient } from "./client";
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  DraftCreateOutcomeUnknownError,
  InternalServerError,
  RateLimitError,
} from "./errors";
import { page } from "./testing/fake-fetch";
import { deposit, distribution, employee, API_PATH, setup } from "./testing/fixtures";

describe("idempotent calls (GET)", () => {
  it.each([500, 502, 503, 504, 408])("retry after %i with growing backoff, then succeed", async (status) => {
    const { fake, client, clock } = setup();
    fake.reply({ status }, { status }, { json: { available_amount: 7 } });
    expect(await client.balances.get()).toEqual({ available_amount: 7 });
    expect(fake.calls).toHaveLength(3);
    // random fixed at 0.5: half the step plus a quarter (equal jitter), step = 500 ms * 2^n
    expect(clock.sleeps).toEqual([375, 750]);
  });

  it("give up after maxRetries and throw the last error", async () => {
    const { fake, client, clock } = setup();
    fake.route("GET", `${API_PATH}/balances`, {
      status: 500,
      json: { error: { code: "x", message: "boom" } },
    });
    const err = await client.balances.get().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InternalServerError);
    expect(fake.calls).toHaveLength(4);
    expect(clock.sleeps).toEqual([375, 750, 1500]);
  });

  it("backoff is capped at maxDelayMs", async () => {
    const { fake, client, clock } = setup({
      retry: { maxRetries: 6, baseDelayMs: 1000, maxDelayMs: 3000 },
      random: () => 1,
    });
    fake.route("GET", `${API_PATH}/balances`, { status: 503 });
    await expect(client.balances.get()).rejects.toBeInstanceOf(InternalServerError);
    expect(clock.sleeps).toEqual([1000, 2000, 3000, 3000, 3000, 3000]);
  });

  it("Retry-After in seconds is honoured", async () => {
    const { fake, client, clock } = setup();
    fake.reply({ status: 429, headers: { "retry-after": "7" } }, { json: page([]) });
    await client.products.listPage();
    expect(clock.sleeps).toEqual([7000]);
  });

  it("Retry-After as an HTTP date is honoured (against the injected clock)", async () => {
    const { fake, client, clock } = setup();
    const at = new Date(clock.now() + 12_000).toUTCString();
    fake.reply({ status: 503, headers: { "retry-after": at } }, { json: page([]) });
    await client.products.listPage();
    expect(clock.sleeps).toEqual([12_000]);
  });

  it("a Retry-After above maxRetryAfterMs is not slept through: RateLimitError with retryAfterMs", async () => {
    const { fake, client, clock } = setup({ retry: { maxRetryAfterMs: 10_000 } });
    fake.reply({ status: 429, headers: { "retry-after": "3600" }, json: { message: "quota" } });
    const err = await client.balances.get().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitError);
    expect((err as RateLimitError).retryAfterMs).toBe(3_600_000);
    expect(fake.calls).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });

  it("connection errors are retried", async () => {
    const { fake, client } = setup();
    fake.reply({ networkError: true }, { json: deposit("t1") });
    expect((await client.deposits.get("t1")).status).toBe("PENDING");
    expect(fake.calls).toHaveLength(2);
  });

  it.each([400, 401, 403, 404, 409, 422])("%i is not retried", async (status) => {
    const { fake, client } = setup();
    fake.reply({ status, json: { error: { code: "c", message: "m" } } });
    await expect(client.balances.get()).rejects.toMatchObject({ status });
    expect(fake.calls).toHaveLength(1);
  });

  it("maxRetries 0 disables retries", async () => {
    const { fake, client } = setup({ retry: { maxRetries: 0 } });
    fake.reply({ status: 503 });
    await expect(client.balances.get()).rejects.toBeInstanceOf(InternalServerError);
    expect(fake.calls).toHaveLength(1);
  });
});

describe("timeouts and aborts", () => {
  it("a call that outlives timeoutMs is an APIConnectionTimeoutError (GET retried, then thrown)", async () => {
    const { fake, client } = setup({ timeoutMs: 15, retry: { maxRetries: 1 } });
    fake.reply({ hang: true }, { hang: true });
    const err = await client.balances.get().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(APIConnectionTimeoutError);
    expect((err as Error).message).toMatch(
      /GET \/api\/v1\/valepix\/balances failed: no complete response within 15 ms/,
    );
    expect(fake.calls).toHaveLength(2);
    expect(fake.calls[0]!.signal!.aborted).toBe(true);
  });

  it("the timeout also covers a fetch that ignores its signal", async () => {
    const neverSettles: typeof fetch = () => new Promise<Response>(() => {});
    const client = createClient({
      baseUrl: "https://x.example.com",
      token: "t",
      fetch: neverSettles,
      timeoutMs: 10,
      retry: { maxRetries: 0 },
    });
    await expect(client.balances.get()).rejects.toBeInstanceOf(APIConnectionTimeoutError);
  });

  it("an abort during the request rejects promptly with APIUserAbortError and is not retried", async () => {
    const { fake, client } = setup();
    fake.reply({ hang: true });
    const ac = new AbortController();
    const p = client.balances.get({ signal: ac.signal });
    await Promise.resolve();
    setTimeout(() => ac.abort(), 5);
    const err = await p.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(APIUserAbortError);
    expect((err as APIUserAbortError).retryable).toBe(false);
    expect(fake.calls).toHaveLength(1);
  });

  it("an already aborted signal sends nothing", async () => {
    const { fake, client } = setup();
    const ac = new AbortController();
    ac.abort();
    await expect(
      client.distributions.finalize("d1", { payment_method: "PIX" }, { signal: ac.signal }),
    ).rejects.toBeInstanceOf(APIUserAbortError);
    expect(fake.calls).toHaveLength(0);
  });

  it("an abort during the backoff wait ends the call without another attempt", async () => {
    const ac = new AbortController();
    const { fake, client } = setup({
      sleep: (_ms, signal) =>
        new Promise((_, reject) => {
          signal?.addEventListener("abort", () => reject(new Error("slept through abort")));
          ac.abort();
        }),
    });
    fake.reply({ status: 503 });
    await expect(client.balances.get({ signal: ac.signal })).rejects.toBeInstanceOf(APIUserAbortError);
    expect(fake.calls).toHaveLength(1);
  });

  it("an abort is prompt even when the injected sleep ignores the signal", async () => {
    const ac = new AbortController();
    const { fake, client } = setup({ sleep: () => new Promise<void>(() => {}) });
    fake.reply({ status: 503 });
    const p = client.balances.get({ signal: ac.signal });
    setTimeout(() => ac.abort(), 5);
    await expect(p).rejects.toBeInstanceOf(APIUserAbortError);
    expect(fake.calls).toHaveLength(1);
  });
});

describe("POSTs that create things are not repeated blindly", () => {
  const creators = {
    "employees.create": (c: ReturnType<typeof setup>["client"]) =>
      c.employees.create({ name: "A", cpf: "12345678909" }),
    "benefits.create": (c: ReturnType<typeof setup>["client"]) =>
      c.benefits.create({ name: "VR", items: [] }),
    "distributions.create": (c: ReturnType<typeof setup>["client"]) =>
      c.distributions.create({ type: "batch" }),
    "employees.uploadBatch": (c: ReturnType<typeof setup>["client"]) =>
      c.employees.uploadBatch(new Blob(["x"]), "a.csv"),
  };

  // A draft may exist after these: distributions.create says so (issue 22, item 7).
  const errorAfter = (name: string, plain: new (...a: never[]) => Error) =>
    name === "distributions.create" ? DraftCreateOutcomeUnknownError : plain;

  it.each(Object.entries(creators))("%s throws after a 5xx without repeating", async (name, run) => {
    const { fake, client } = setup();
    fake.reply({ status: 500 });
    const err = await run(client).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(errorAfter(name, InternalServerError));
    if (err instanceof DraftCreateOutcomeUnknownError) {
      expect(err.cause).toBeInstanceOf(InternalServerError);
      expect(err.applied).toBe(false);
    }
    expect(fake.calls).toHaveLength(1);
  });

  it.each(Object.entries(creators))(
    "%s throws after a connection error without repeating",
    async (name, run) => {
      const { fake, client } = setup();
      fake.reply({ networkError: true });
      await expect(run(client)).rejects.toBeInstanceOf(errorAfter(name, APIConnectionError));
      expect(fake.calls).toHaveLength(1);
    },
  );

  it.each(Object.entries(creators))(
    "%s is repeated after a 429 (not applied by the server)",
    async (name, run) => {
      const { fake, client, clock } = setup();
      const ok =
        name === "employees.create"
          ? employee("e1")
          : name === "benefits.create"
            ? { benefit_id: "b1", name: "VR" }
            : name === "distributions.create"
              ? distribution("d1")
              : { created: 1, errors: [] };
      fake.reply({ status: 429, headers: { "retry-after": "1" } }, { json: ok });
      await expect(run(client)).resolves.toBeDefined();
      expect(fake.calls).toHaveLength(2);
      expect(clock.sleeps).toEqual([1000]);
    },
  );

  it("uploadBatch sends a fresh multipart body on the repeat", async () => {
    const { fake, client } = setup();
    fake.reply({ status: 429 }, { json: { created: 1, errors: [] } });
    await client.employees.uploadBatch(new Blob(["name,cpf\n"]), "a.csv");
    expect(fake.calls[0]!.form).not.toBe(fake.calls[1]!.form);
    expect(await (fake.calls[1]!.form!.get("file") as Blob).text()).toBe("name,cpf\n");
  });
});

describe("distributions.create: a draft that may exist is said so, never repeated", () => {
  it("a 2xx whose body cannot be read: applied, the id unknown", async () => {
    const { fake, client } = setup();
    fake.reply({ json: { nothing: true } });
    const err = await client.distributions.create({ type: "selected" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DraftCreateOutcomeUnknownError);
    expect((err as DraftCreateOutcomeUnknownError).applied).toBe(true);
    expect(fake.calls).toHaveLength(1);
  });

  it("a 422 is a clean refusal, thrown as is", async () => {
    const { fake, client } = setup();
    fake.reply({ status: 422, json: { message: "type" } });
    const err = await client.distributions.create({ type: "selected" }).catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(DraftCreateOutcomeUnknownError);
    expect(fake.calls).toHaveLength(1);
  });

  it("an abort before sending is not an unknown outcome; during the POST it is", async () => {
    const before = setup();
    const ac = new AbortController();
    ac.abort();
    before.fake.reply({ json: distribution("d1") });
    const e1 = await before.client.distributions
      .create({ type: "selected" }, { signal: ac.signal })
      .catch((e: unknown) => e);
    expect(e1).toBeInstanceOf(APIUserAbortError);
    expect(before.fake.calls).toHaveLength(0);

    const during = setup();
    const ac2 = new AbortController();
    during.fake.reply({ hang: true });
    const p = during.client.distributions.create({ type: "selected" }, { signal: ac2.signal });
    setTimeout(() => ac2.abort(), 5);
    const e2 = await p.catch((e: unknown) => e);
    expect(e2).toBeInstanceOf(DraftCreateOutcomeUnknownError);
  });
});
