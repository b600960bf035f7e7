/**
 * deposits: create with its transaction_id, get, cancel (./deposits.ts), and the read before
 * repeating a create or a cancel after an ambiguous failure (document, "Endpoints" rule 4).
 */
import {
  APIConnectionError,
  DepositOutcomeUnknownError,
  InternalServerError,
  UnprocessableEntityError,
} from "../errors";
import { deposit, API_PATH, setup } from "../testing/fixtures";
import { DEPOSIT_BODY, UUID_V4, expectJsonHeaders, only, tidOf } from "../testing/requests";

describe("deposits", () => {
  it("create generates a UUID transaction_id when absent", async () => {
    const { fake, client } = setup();
    fake.reply((req) => ({
      status: 201,
      json: deposit((req.json as { transaction_id: string }).transaction_id),
    }));
    const body = { amount: 150_000, method: "PIX" as const, name: "ACME", document: "12345678000195" };
    const res = await client.deposits.create(body);
    const req = only(fake);
    expect([req.method, req.path]).toEqual(["POST", `${API_PATH}/deposits`]);
    expectJsonHeaders(req, true);
    const sent = req.json as Record<string, unknown>;
    expect(sent).toEqual({ ...body, transaction_id: sent.transaction_id });
    expect(sent.transaction_id).toMatch(UUID_V4);
    expect(res.transaction_id).toBe(sent.transaction_id);
  });

  it("create keeps a caller's transaction_id, and two calls get different generated ids", async () => {
    const { fake, client } = setup();
    fake.route("POST", `${API_PATH}/deposits`, (req) => ({
      json: deposit((req.json as { transaction_id: string }).transaction_id),
    }));
    const body = { amount: 150_000, method: "PIX" as const, name: "A", document: "12345678909" };
    const tid = "0b6f2f3e-1c1d-4c57-9a57-7b2a9d0a8e11";
    await client.deposits.create({ ...body, transaction_id: tid });
    await client.deposits.create(body);
    await client.deposits.create(body);
    const ids = fake.calls.map((c) => (c.json as { transaction_id: string }).transaction_id);
    expect(ids[0]).toBe(tid);
    expect(new Set(ids).size).toBe(3);
  });

  it("get and cancel use the encoded transaction_id; cancel sends no body", async () => {
    const { fake, client } = setup();
    fake.reply({ json: deposit("t 1", "PENDING") }, { json: deposit("t 1", "CANCELLED") });
    expect((await client.deposits.get("t 1")).status).toBe("PENDING");
    expect((await client.deposits.cancel("t 1")).status).toBe("CANCELLED");
    expect(fake.calls.map((c) => [c.method, c.path])).toEqual([
      ["GET", `${API_PATH}/deposits/t%201`],
      ["POST", `${API_PATH}/deposits/t%201/cancel`],
    ]);
    expectJsonHeaders(fake.calls[1]!, false);
    expect(fake.calls[1]!.bodyText).toBeUndefined();
  });
});

describe("deposits.create: read before repeating (rule 4)", () => {
  it("after a 503 it reads the deposit and returns it when found, without a second POST", async () => {
    const { fake, client } = setup();
    fake.reply({ status: 503 }, (req) => ({ json: deposit(req.path.split("/").pop()!, "PENDING") }));
    const res = await client.deposits.create(DEPOSIT_BODY);
    expect(fake.calls.map((c) => c.method)).toEqual(["POST", "GET"]);
    expect(fake.calls[1]!.path).toBe(`${API_PATH}/deposits/${tidOf(fake.calls[0]!)}`);
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
    fake.route("POST", `${API_PATH}/deposits`, { status: 500 });
    fake.route("GET", /\/deposits\//, { status: 404 });
    const err = await client.deposits.create(DEPOSIT_BODY).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DepositOutcomeUnknownError);
    expect((err as DepositOutcomeUnknownError).cause).toBeInstanceOf(InternalServerError);
    expect(fake.calls.map((c) => c.method)).toEqual(["POST", "GET", "POST", "GET", "POST", "GET"]);
  });

  it("when the read fails too, the POST's failure is carried by DepositOutcomeUnknownError", async () => {
    const { fake, client } = setup({ retry: { maxRetries: 1 } });
    fake.route("POST", `${API_PATH}/deposits`, { networkError: true });
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
    expect(fake.calls.map((c) => `${c.method} ${c.path.replace(API_PATH, "")}`)).toEqual([
      "POST /deposits/t1/cancel",
      "GET /deposits/t1",
      "POST /deposits/t1/cancel",
      "GET /deposits/t1",
      "POST /deposits/t1/cancel",
    ]);
  });
});
