/**
 * deposits: when the client gives up after an ambiguous failure, the caller learns the
 * transaction_id to read (DepositOutcomeUnknownError), and never a plain failure.
 */
import {
  APIUserAbortError,
  DepositOutcomeUnknownError,
  InternalServerError,
  RateLimitError,
} from "../errors";
import { API_PATH, setup } from "../testing/fixtures";
import { DEPOSIT_BODY, tidOf, abortInTheNextPause } from "../testing/requests";

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
    fake.route("POST", `${API_PATH}/deposits`, { status: 502 });
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

  it.each([400, 401, 403, 422])("a clean %i on the first POST is thrown as is", async (status) => {
    const { fake, client } = setup();
    fake.reply({ status, json: { error: { code: "c", message: "m" } } });
    const err = await client.deposits.create(DEPOSIT_BODY).catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(DepositOutcomeUnknownError);
    expect(err).toMatchObject({ status });
    expect(fake.calls).toHaveLength(1);
  });

  it.each([404, 403])(
    "a 409 on the first POST, and the deposit under the id answers %i: the 409 as is",
    async (readStatus) => {
      const { fake, client } = setup();
      fake.reply(
        { status: 409, json: { error: { code: "c", message: "m" } } },
        { status: readStatus, json: { error: { code: "x", message: "y" } } },
      );
      const err = await client.deposits.create(DEPOSIT_BODY).catch((e: unknown) => e);
      expect(err).not.toBeInstanceOf(DepositOutcomeUnknownError);
      expect(err).toMatchObject({ status: 409 });
      expect(fake.calls.map((c) => c.method)).toEqual(["POST", "GET"]);
    },
  );

  it("with a transaction_id given by the caller, the give-up names that id too", async () => {
    const { fake, client } = setup({ retry: { maxRetries: 0 } });
    const transaction_id = "0d9e8f7a-6b5c-4d3e-8f21-0a1b2c3d4e5f";
    fake.reply({ status: 500 }, { status: 404 });
    const err = await client.deposits.create({ ...DEPOSIT_BODY, transaction_id }).catch((e: unknown) => e);
    expect(expectUnknown(err, transaction_id).cause).toBeInstanceOf(InternalServerError);
  });

  it("is exported from the package entry point", async () => {
    const index = await import("../index");
    expect(index.DepositOutcomeUnknownError).toBe(DepositOutcomeUnknownError);
  });
});

describe("deposits.create: aborts are never retried", () => {
  it("an abort during the pause before a deposit re-read stops without reading or re-posting", async () => {
    const { signal, sleep } = abortInTheNextPause();
    const { fake, client } = setup({ sleep });
    fake.reply({ status: 500 });
    const err = (await client.deposits
      .create(DEPOSIT_BODY, { signal })
      .catch((e: unknown) => e)) as DepositOutcomeUnknownError;
    // the 500 left the charge's existence unknown: the abort does not hide its transaction_id
    expect(err).toBeInstanceOf(DepositOutcomeUnknownError);
    expect(err.cause).toBeInstanceOf(InternalServerError);
    expect(err.readError).toBeInstanceOf(APIUserAbortError);
    expect(err.transactionId).toBe(tidOf(fake.calls[0]!));
    expect(fake.calls).toHaveLength(1);
  });
});

describe("a Retry-After above the cap is not turned into a short backoff before a read (rule 4)", () => {
  const longWait = { status: 503, headers: { "retry-after": "3600" } };

  it("deposits.cancel throws the 503 with retryAfterMs, without sleeping or reading", async () => {
    const { fake, client, clock } = setup();
    fake.reply(longWait);
    const err = await client.deposits.cancel("t1").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InternalServerError);
    expect((err as InternalServerError).retryAfterMs).toBe(3_600_000);
    expect(fake.calls).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });
});
