/**
 * Which calls are repeated, and how (document, "Endpoints" rules 3 and 4; "Errors": 429 and 5xx;
 * DESIGN §2-§3).
 */
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  BadRequestError,
  DepositOutcomeUnknownError,
  FinalizeOutcomeUnknownError,
  InternalServerError,
  RateLimitError,
  UnprocessableEntityError,
} from "./errors";
import { MAX_EMPLOYEE_IDS_PER_CALL } from "./schemas";
import { page, type RecordedRequest } from "./testing/fake-fetch";
import { deposit, distribution, employee, P, setup, totals } from "./testing/fixtures";

const sentIds = (c: RecordedRequest) => (c.json as { employee_ids: string[] }).employee_ids;
const tidOf = (c: RecordedRequest) => (c.json as { transaction_id: string }).transaction_id;
/** The draft's items as the scripted replies of its pages (limit 100, with total). */
const draftPages = (ids: string[]) =>
  Array.from({ length: Math.max(1, Math.ceil(ids.length / 100)) }, (_, n) => ({
    json: page(
      ids.slice(n * 100, (n + 1) * 100).map((id) => ({ employee_id: id, values: [] })),
      { page: n + 1, limit: 100, total: ids.length },
    ),
  }));
const DEPOSIT_BODY = { amount: 150_000, method: "PIX" as const, name: "ACME", document: "12345678000195" };

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
    fake.route("GET", `${P}/balances`, { status: 500, json: { error: { code: "x", message: "boom" } } });
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
    fake.route("GET", `${P}/balances`, { status: 503 });
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

  it.each(Object.entries(creators))("%s throws after a 5xx without repeating", async (_name, run) => {
    const { fake, client } = setup();
    fake.reply({ status: 500 });
    await expect(run(client)).rejects.toBeInstanceOf(InternalServerError);
    expect(fake.calls).toHaveLength(1);
  });

  it.each(Object.entries(creators))(
    "%s throws after a connection error without repeating",
    async (_name, run) => {
      const { fake, client } = setup();
      fake.reply({ networkError: true });
      await expect(run(client)).rejects.toBeInstanceOf(APIConnectionError);
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

describe("deposits.create: read before repeating (rule 4)", () => {
  it("after a 503 it reads the deposit and returns it when found, without a second POST", async () => {
    const { fake, client } = setup();
    fake.reply({ status: 503 }, (req) => ({ json: deposit(req.path.split("/").pop()!, "PENDING") }));
    const res = await client.deposits.create(DEPOSIT_BODY);
    expect(fake.calls.map((c) => c.method)).toEqual(["POST", "GET"]);
    expect(fake.calls[1]!.path).toBe(`${P}/deposits/${tidOf(fake.calls[0]!)}`);
    expect(res.transaction_id).toBe(tidOf(fake.calls[0]!));
  });

  it("after a timeout it reads, gets 404, and repeats the POST with the same transaction_id", async () => {
    const { fake, client } = setup({ timeoutMs: 15 });
    fake.reply(
      { hang: true },
      { status: 404, json: { error: { code: "not_found", message: "no such deposit" } } },
      (req) => ({
        status: 201,
        json: deposit(tidOf(req)),
      }),
    );
    const res = await client.deposits.create(DEPOSIT_BODY);
    expect(fake.calls.map((c) => c.method)).toEqual(["POST", "GET", "POST"]);
    expect(tidOf(fake.calls[2]!)).toBe(tidOf(fake.calls[0]!));
    expect(fake.calls[2]!.bodyText).toBe(fake.calls[0]!.bodyText);
    expect(res.transaction_id).toBe(tidOf(fake.calls[0]!));
  });

  it("is bounded: repeated 500 + 404 ends with the POST's error after maxRetries repeats", async () => {
    const { fake, client } = setup({ retry: { maxRetries: 2 } });
    fake.route("POST", `${P}/deposits`, { status: 500 });
    fake.route("GET", /\/deposits\//, { status: 404 });
    const err = await client.deposits.create(DEPOSIT_BODY).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DepositOutcomeUnknownError);
    expect((err as DepositOutcomeUnknownError).cause).toBeInstanceOf(InternalServerError);
    expect(fake.calls.map((c) => c.method)).toEqual(["POST", "GET", "POST", "GET", "POST", "GET"]);
  });

  it("when the read fails too, the POST's failure is carried by DepositOutcomeUnknownError", async () => {
    const { fake, client } = setup({ retry: { maxRetries: 1 } });
    fake.route("POST", `${P}/deposits`, { networkError: true });
    fake.route("GET", /\/deposits\//, { status: 503 });
    const err = (await client.deposits
      .create(DEPOSIT_BODY)
      .catch((e: unknown) => e)) as DepositOutcomeUnknownError;
    expect(err).toBeInstanceOf(DepositOutcomeUnknownError);
    expect(err.cause).toBeInstanceOf(APIConnectionError);
    expect(err.readError).toBeInstanceOf(InternalServerError);
    expect(err.transactionId).toBe(tidOf(fake.calls[0]!));
    // the read is itself a GET, retried once: POST, GET, GET; nothing repeated blindly
    expect(fake.calls.map((c) => c.method)).toEqual(["POST", "GET", "GET"]);
  });

  it("a 429 is repeated after the wait with the same transaction_id, without a read", async () => {
    const { fake, client, clock } = setup();
    fake.reply({ status: 429, headers: { "retry-after": "3" } }, (req) => ({
      status: 201,
      json: deposit(tidOf(req)),
    }));
    await client.deposits.create(DEPOSIT_BODY);
    expect(fake.calls.map((c) => c.method)).toEqual(["POST", "POST"]);
    expect(tidOf(fake.calls[1]!)).toBe(tidOf(fake.calls[0]!));
    expect(clock.sleeps).toEqual([3000]);
  });

  it("a 503 with Retry-After waits that long before the read", async () => {
    const { fake, client, clock } = setup();
    fake.reply({ status: 503, headers: { "retry-after": "4" } }, (req) => ({
      json: deposit(req.path.split("/").pop()!),
    }));
    await client.deposits.create(DEPOSIT_BODY);
    expect(fake.calls.map((c) => c.method)).toEqual(["POST", "GET"]);
    expect(clock.sleeps).toEqual([4000]);
  });

  it("a 4xx is thrown as is, with no read", async () => {
    const { fake, client } = setup();
    fake.reply({ status: 422, json: { error: { code: "invalid", message: "amount too large" } } });
    await expect(client.deposits.create(DEPOSIT_BODY)).rejects.toBeInstanceOf(UnprocessableEntityError);
    expect(fake.calls).toHaveLength(1);
  });

  it("cancel after a 502 reads: CANCELLED is returned, PENDING means the cancel is sent again", async () => {
    const { fake, client } = setup();
    fake.reply({ status: 502 }, { json: deposit("t1", "CANCELLED") });
    expect((await client.deposits.cancel("t1")).status).toBe("CANCELLED");
    fake.reply({ status: 502 }, { json: deposit("t1", "PENDING") }, { json: deposit("t1", "CANCELLED") });
    expect((await client.deposits.cancel("t1")).status).toBe("CANCELLED");
    expect(fake.calls.map((c) => `${c.method} ${c.path.replace(P, "")}`)).toEqual([
      "POST /deposits/t1/cancel",
      "GET /deposits/t1",
      "POST /deposits/t1/cancel",
      "GET /deposits/t1",
      "POST /deposits/t1/cancel",
    ]);
  });
});

describe("distribution items: read the draft before repeating (rule 4)", () => {
  it("addItems after a 504 re-sends only the employee_ids still missing (draft read across pages)", async () => {
    const { fake, client } = setup();
    const ids = Array.from({ length: 150 }, (_, i) => `e${i}`);
    // The first POST was applied for e0..e119 before the gateway gave up.
    const applied = ids.slice(0, 120);
    const itemsPage = (n: number) =>
      applied.slice((n - 1) * 100, n * 100).map((id) => ({ employee_id: id, values: [] }));
    fake.reply(
      { status: 504 },
      { json: { data: itemsPage(1), page: 1, limit: 100, total: 120 } },
      { json: { data: itemsPage(2), page: 2, limit: 100, total: 120 } },
      { json: totals("d1", 150, 0) },
    );
    const res = await client.distributions.addItems("d1", ids);
    expect(fake.calls.map((c) => `${c.method} ${c.path.replace(P, "")}`)).toEqual([
      "POST /distributions/d1/items",
      "GET /distributions/d1/items",
      "GET /distributions/d1/items",
      "POST /distributions/d1/items",
    ]);
    expect(fake.calls[1]!.query).toEqual({ page: "1", limit: "100" });
    expect(fake.calls[2]!.query).toEqual({ page: "2", limit: "100" });
    expect(sentIds(fake.calls[3]!)).toEqual(ids.slice(120));
    expect(res).toEqual(totals("d1", 150, 0));
  });

  it("addItems: when the read shows everything added, it answers the distribution's totals without re-sending", async () => {
    const { fake, client } = setup();
    fake.reply(
      { networkError: true },
      {
        json: page([
          { employee_id: "e1", values: [] },
          { employee_id: "e2", values: [] },
        ]),
      },
      {
        json: distribution("d1"),
      },
    );
    expect(await client.distributions.addItems("d1", ["e1", "e2"])).toEqual(totals("d1", 2, 5_000));
    expect(fake.calls.map((c) => c.method)).toEqual(["POST", "GET", "GET"]);
    expect(fake.calls[2]!.path).toBe(`${P}/distributions/d1`);
  });

  it("addItems: a failure in a later chunk re-sends only that chunk's missing ids", async () => {
    const { fake, client } = setup();
    const ids = Array.from({ length: MAX_EMPLOYEE_IDS_PER_CALL + 3 }, (_, i) => `e${i}`);
    const tail = ids.slice(MAX_EMPLOYEE_IDS_PER_CALL);
    fake.reply(
      { json: totals("d1", MAX_EMPLOYEE_IDS_PER_CALL, 0) },
      { status: 500 },
      // the draft (read in pages of 100) shows the first chunk and the first id of the tail
      ...draftPages(ids.slice(0, MAX_EMPLOYEE_IDS_PER_CALL + 1)),
      { json: totals("d1", ids.length, 0) },
    );
    await client.distributions.addItems("d1", ids);
    const posts = fake.calls.filter((c) => c.method === "POST");
    expect(posts.map((c) => sentIds(c).length)).toEqual([MAX_EMPLOYEE_IDS_PER_CALL, 3, 2]);
    expect(sentIds(posts[2]!)).toEqual(tail.slice(1));
  });

  it("removeItems after a 500 re-sends only the ids still present", async () => {
    const { fake, client } = setup();
    fake.reply(
      { status: 500 },
      {
        json: page([
          { employee_id: "e3", values: [] },
          { employee_id: "x", values: [] },
        ]),
      },
      {
        json: totals("d1", 1, 0),
      },
    );
    await client.distributions.removeItems("d1", ["e1", "e2", "e3"]);
    expect(fake.calls.map((c) => c.method)).toEqual(["POST", "GET", "POST"]);
    expect(fake.calls[2]!.path).toBe(`${P}/distributions/d1/items/remove`);
    expect(sentIds(fake.calls[2]!)).toEqual(["e3"]);
  });

  it("addItems 422 (not a draft) is thrown at once", async () => {
    const { fake, client } = setup();
    fake.reply({
      status: 422,
      json: { error: { code: "not_draft", message: "distribution is processing" } },
    });
    await expect(client.distributions.addItems("d1", ["e1"])).rejects.toThrow(/distribution is processing/);
    expect(fake.calls).toHaveLength(1);
  });

  it("addItems: if the draft cannot be read, the POST's failure is thrown and nothing is re-sent", async () => {
    const { fake, client } = setup({ retry: { maxRetries: 1 } });
    fake.route("POST", `${P}/distributions/d1/items`, { status: 503 });
    fake.route("GET", `${P}/distributions/d1/items`, { status: 503 });
    await expect(client.distributions.addItems("d1", ["e1"])).rejects.toBeInstanceOf(InternalServerError);
    expect(fake.calls.filter((c) => c.method === "POST")).toHaveLength(1);
  });

  it("addItems is bounded when the server keeps failing and the ids never show up", async () => {
    const { fake, client } = setup({ retry: { maxRetries: 2 } });
    fake.route("POST", `${P}/distributions/d1/items`, { status: 500 });
    fake.route("GET", `${P}/distributions/d1/items`, { json: page([]) });
    await expect(client.distributions.addItems("d1", ["e1"])).rejects.toBeInstanceOf(InternalServerError);
    expect(fake.calls.filter((c) => c.method === "POST")).toHaveLength(3);
  });
});

describe("finalize is never repeated (rule 3)", () => {
  const BODY = { payment_method: "PIX" as const };

  it("after a 500 it reads the distribution once and throws FinalizeOutcomeUnknownError with what it read", async () => {
    const { fake, client } = setup();
    fake.reply(
      { status: 500, json: { error: { code: "internal", message: "db timeout" } } },
      { json: distribution("d1", "processing") },
    );
    const err = await client.distributions.finalize("d1", BODY).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FinalizeOutcomeUnknownError);
    const f = err as FinalizeOutcomeUnknownError;
    expect(f.distribution?.status).toBe("processing");
    expect(f.readError).toBeUndefined();
    expect(f.cause).toBeInstanceOf(InternalServerError);
    expect(f.status).toBe(500);
    expect(f.message).toMatch(/outcome unknown.*db timeout.*status "processing".*not repeated/);
    expect(fake.calls.map((c) => `${c.method} ${c.path.replace(P, "")}`)).toEqual([
      "POST /distributions/d1/finalize",
      "GET /distributions/d1",
    ]);
  });

  it("after a timeout the read showing draft is carried too", async () => {
    const { fake, client } = setup({ timeoutMs: 15 });
    fake.reply({ hang: true }, { json: distribution("d1", "draft") });
    const err = (await client.distributions
      .finalize("d1", BODY)
      .catch((e: unknown) => e)) as FinalizeOutcomeUnknownError;
    expect(err).toBeInstanceOf(FinalizeOutcomeUnknownError);
    expect(err.cause).toBeInstanceOf(APIConnectionTimeoutError);
    expect(err.distribution?.status).toBe("draft");
    expect(err.message).toContain(
      'still "draft" when read; a slow server may still apply it — read the distribution again before finalizing again',
    );
    expect(err.message).not.toMatch(/probably not applied/);
    expect(fake.calls.filter((c) => c.method === "POST")).toHaveLength(1);
  });

  it("when the read fails, it is read once (not retried) and carried as readError", async () => {
    const { fake, client } = setup();
    fake.reply({ networkError: true }, { status: 503 });
    const err = (await client.distributions
      .finalize("d1", BODY)
      .catch((e: unknown) => e)) as FinalizeOutcomeUnknownError;
    expect(err).toBeInstanceOf(FinalizeOutcomeUnknownError);
    expect(err.distribution).toBeUndefined();
    expect(err.readError).toBeInstanceOf(InternalServerError);
    expect(fake.calls.map((c) => c.method)).toEqual(["POST", "GET"]);
  });

  it("429 is thrown as RateLimitError, not repeated", async () => {
    const { fake, client } = setup();
    fake.reply({ status: 429, headers: { "retry-after": "1" } });
    await expect(client.distributions.finalize("d1", BODY)).rejects.toBeInstanceOf(RateLimitError);
    expect(fake.calls).toHaveLength(1);
  });

  it("a 4xx is thrown as is, with no read", async () => {
    const { fake, client } = setup();
    fake.reply({
      status: 422,
      json: { error: { code: "insufficient_balance", message: "saldo insuficiente" } },
    });
    await expect(client.distributions.finalize("d1", BODY)).rejects.toBeInstanceOf(UnprocessableEntityError);
    fake.reply({ status: 400, json: { message: "bad date" } });
    await expect(client.distributions.finalize("d1", BODY)).rejects.toBeInstanceOf(BadRequestError);
    expect(fake.calls.map((c) => c.method)).toEqual(["POST", "POST"]);
  });
});

describe("aborts are never retried", () => {
  it("an abort during the pause before a deposit re-read stops without reading or re-posting", async () => {
    const ac = new AbortController();
    const { fake, client } = setup({
      sleep: (_ms, signal) => {
        ac.abort();
        return Promise.reject(signal?.reason as Error);
      },
    });
    fake.reply({ status: 500 });
    const err = (await client.deposits
      .create(DEPOSIT_BODY, { signal: ac.signal })
      .catch((e: unknown) => e)) as DepositOutcomeUnknownError;
    // the 500 left the charge's existence unknown: the abort does not hide its transaction_id
    expect(err).toBeInstanceOf(DepositOutcomeUnknownError);
    expect(err.cause).toBeInstanceOf(InternalServerError);
    expect(err.readError).toBeInstanceOf(APIUserAbortError);
    expect(err.transactionId).toBe(tidOf(fake.calls[0]!));
    expect(fake.calls).toHaveLength(1);
  });

  it("an abort while a finalize is in flight: FinalizeOutcomeUnknownError (it may have arrived), nothing else sent", async () => {
    const ac = new AbortController();
    const { fake, client } = setup();
    fake.reply({ hang: true });
    const p = client.distributions
      .finalize("d1", { payment_method: "PIX" }, { signal: ac.signal })
      .catch((e: unknown) => e);
    setTimeout(() => ac.abort(), 5);
    const err = (await p) as FinalizeOutcomeUnknownError;
    expect(err).toBeInstanceOf(FinalizeOutcomeUnknownError);
    expect(err.cause).toBeInstanceOf(APIUserAbortError);
    expect(err.distribution).toBeUndefined();
    expect(err.message).toMatch(/not read/);
    expect(fake.calls).toHaveLength(1);
  });

  it("an abort during the pause after a finalize 500: FinalizeOutcomeUnknownError with the abort as readError", async () => {
    const ac = new AbortController();
    const { fake, client } = setup({
      sleep: (_ms, signal) => {
        ac.abort();
        return Promise.reject(signal?.reason as Error);
      },
    });
    fake.reply({ status: 500 });
    const err = (await client.distributions
      .finalize("d1", { payment_method: "PIX" }, { signal: ac.signal })
      .catch((e: unknown) => e)) as FinalizeOutcomeUnknownError;
    expect(err).toBeInstanceOf(FinalizeOutcomeUnknownError);
    expect(err.cause).toBeInstanceOf(InternalServerError);
    expect(err.readError).toBeInstanceOf(APIUserAbortError);
    expect(err.message).toMatch(/aborted/);
    expect(fake.calls).toHaveLength(1);
  });

  it("an abort during the read after a finalize timeout: FinalizeOutcomeUnknownError with the abort as readError", async () => {
    const ac = new AbortController();
    const { fake, client } = setup({ timeoutMs: 15 });
    fake.reply({ hang: true }, () => {
      setTimeout(() => ac.abort(), 1);
      return { hang: true };
    });
    const err = (await client.distributions
      .finalize("d1", { payment_method: "PIX" }, { signal: ac.signal })
      .catch((e: unknown) => e)) as FinalizeOutcomeUnknownError;
    expect(err).toBeInstanceOf(FinalizeOutcomeUnknownError);
    expect(err.cause).toBeInstanceOf(APIConnectionTimeoutError);
    expect(err.readError).toBeInstanceOf(APIUserAbortError);
    expect(fake.calls.map((c) => c.method)).toEqual(["POST", "GET"]);
  });

  it("a finalize whose signal was aborted before the call sends nothing: plain APIUserAbortError", async () => {
    const ac = new AbortController();
    ac.abort();
    const { fake, client } = setup();
    const err = await client.distributions
      .finalize("d1", { payment_method: "PIX" }, { signal: ac.signal })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(APIUserAbortError);
    expect(err).not.toBeInstanceOf(FinalizeOutcomeUnknownError);
    expect(fake.calls).toHaveLength(0);
  });
});

describe("a Retry-After above the cap is not turned into a short backoff before a read (rule 4)", () => {
  const longWait = { status: 503, headers: { "retry-after": "3600" } };

  it("addItems throws the 503 with retryAfterMs, without sleeping, reading or re-sending", async () => {
    const { fake, client, clock } = setup();
    fake.reply(longWait);
    const err = await client.distributions.addItems("d1", ["e1"]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InternalServerError);
    expect((err as InternalServerError).retryAfterMs).toBe(3_600_000);
    expect(fake.calls).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });

  it("deposits.cancel throws the 503 with retryAfterMs, without sleeping or reading", async () => {
    const { fake, client, clock } = setup();
    fake.reply(longWait);
    const err = await client.deposits.cancel("t1").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InternalServerError);
    expect((err as InternalServerError).retryAfterMs).toBe(3_600_000);
    expect(fake.calls).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });

  it("a Retry-After within the cap is still waited before the read", async () => {
    const { fake, client, clock } = setup();
    fake.reply(
      { status: 503, headers: { "retry-after": "5" } },
      { json: page([{ employee_id: "e1", values: [] }]) },
      { json: distribution("d1") },
    );
    await client.distributions.addItems("d1", ["e1"]);
    expect(clock.sleeps).toEqual([5000]);
  });
});

describe("deposits.create: a give-up after an ambiguous failure names the transaction_id", () => {
  const expectUnknown = (err: unknown, tid: string) => {
    expect(err).toBeInstanceOf(DepositOutcomeUnknownError);
    const d = err as DepositOutcomeUnknownError;
    expect(d.transactionId).toBe(tid);
    expect(d.retryable).toBe(false);
    expect(d.message).toContain(tid);
    expect(d.message).toMatch(/read the deposit .* before creating another/i);
    return d;
  };

  it("repeats exhausted: DepositOutcomeUnknownError with the generated id and the last failure", async () => {
    const { fake, client } = setup({ retry: { maxRetries: 1 } });
    fake.route("POST", `${P}/deposits`, { status: 502 });
    fake.route("GET", /\/deposits\//, { status: 404 });
    const err = await client.deposits.create(DEPOSIT_BODY).catch((e: unknown) => e);
    const d = expectUnknown(err, tidOf(fake.calls[0]!));
    expect(d.cause).toBeInstanceOf(InternalServerError);
    expect(d.status).toBe(502);
    expect(d.readError).toBeUndefined();
  });

  it("the check read fails with a non-404: DepositOutcomeUnknownError carrying both errors", async () => {
    const { fake, client } = setup();
    fake.reply({ status: 500 }, { status: 403, json: { message: "no access" } });
    const err = await client.deposits.create(DEPOSIT_BODY).catch((e: unknown) => e);
    const d = expectUnknown(err, tidOf(fake.calls[0]!));
    expect(d.cause).toBeInstanceOf(InternalServerError);
    expect(d.readError).toMatchObject({ status: 403 });
    expect(fake.calls.map((c) => c.method)).toEqual(["POST", "GET"]);
  });

  it("a Retry-After above the cap after a 503: DepositOutcomeUnknownError, no wait, no read", async () => {
    const { fake, client, clock } = setup();
    fake.reply({ status: 503, headers: { "retry-after": "3600" } });
    const err = await client.deposits.create(DEPOSIT_BODY).catch((e: unknown) => e);
    const d = expectUnknown(err, tidOf(fake.calls[0]!));
    expect((d.cause as InternalServerError).retryAfterMs).toBe(3_600_000);
    expect(fake.calls).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });

  it("a refusal of the repeat (429 above the cap) still leaves the first POST unknown", async () => {
    const { fake, client } = setup({ retry: { maxRetryAfterMs: 10_000 } });
    fake.reply({ networkError: true }, { status: 404 }, { status: 429, headers: { "retry-after": "600" } });
    const err = await client.deposits.create(DEPOSIT_BODY).catch((e: unknown) => e);
    const d = expectUnknown(err, tidOf(fake.calls[0]!));
    expect(d.cause).toBeInstanceOf(RateLimitError);
    expect(fake.calls.map((c) => c.method)).toEqual(["POST", "GET", "POST"]);
  });

  it("an abort while the first POST is in flight: DepositOutcomeUnknownError (it may have arrived)", async () => {
    const ac = new AbortController();
    const { fake, client } = setup();
    fake.reply({ hang: true });
    const p = client.deposits.create(DEPOSIT_BODY, { signal: ac.signal }).catch((e: unknown) => e);
    setTimeout(() => ac.abort(), 5);
    const d = expectUnknown(await p, tidOf(fake.calls[0]!));
    expect(d.cause).toBeInstanceOf(APIUserAbortError);
    expect(fake.calls).toHaveLength(1);
  });

  it("a signal aborted before the call sends nothing and is a plain APIUserAbortError", async () => {
    const ac = new AbortController();
    ac.abort();
    const { fake, client } = setup();
    await expect(client.deposits.create(DEPOSIT_BODY, { signal: ac.signal })).rejects.toBeInstanceOf(
      APIUserAbortError,
    );
    await expect(client.deposits.create(DEPOSIT_BODY, { signal: ac.signal })).rejects.not.toBeInstanceOf(
      DepositOutcomeUnknownError,
    );
    expect(fake.calls).toHaveLength(0);
  });

  it.each([400, 401, 403, 409, 422])("a clean %i on the first POST is thrown as is", async (status) => {
    const { fake, client } = setup();
    fake.reply({ status, json: { error: { code: "c", message: "m" } } });
    const err = await client.deposits.create(DEPOSIT_BODY).catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(DepositOutcomeUnknownError);
    expect(err).toMatchObject({ status });
    expect(fake.calls).toHaveLength(1);
  });

  it("with a transaction_id given by the caller, the give-up names that id too", async () => {
    const { fake, client } = setup({ retry: { maxRetries: 0 } });
    const transaction_id = "0d9e8f7a-6b5c-4d3e-8f21-0a1b2c3d4e5f";
    fake.reply({ status: 500 }, { status: 404 });
    const err = await client.deposits.create({ ...DEPOSIT_BODY, transaction_id }).catch((e: unknown) => e);
    expect(expectUnknown(err, transaction_id).cause).toBeInstanceOf(InternalServerError);
  });

  it("is exported from the package entry point", async () => {
    const index = await import("./index");
    expect(index.DepositOutcomeUnknownError).toBe(DepositOutcomeUnknownError);
  });
});
