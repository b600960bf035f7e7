/**
 * distributions: create, get and finalize (./distributions.ts); finalize is never repeated
 * (document, "Endpoints" rule 3): an ambiguous failure is read once and reported as unknown.
 */
import {
  APIConnectionTimeoutError,
  APIUserAbortError,
  BadRequestError,
  FinalizeOutcomeUnknownError,
  InternalServerError,
  RateLimitError,
  UnprocessableEntityError,
} from "../errors";
import { distribution, API_PATH, setup } from "../testing/fixtures";
import { expectJsonHeaders, only, abortInTheNextPause } from "../testing/requests";

describe("distributions", () => {
  it("create and get", async () => {
    const { fake, client } = setup();
    fake.reply({ status: 201, json: distribution("d1") }, { json: distribution("d1", "processing") });
    const body = { type: "group" as const, benefit_convention_ids: ["b1"] };
    expect((await client.distributions.create(body)).distribution_id).toBe("d1");
    expect((await client.distributions.get("d1")).status).toBe("processing");
    expect(fake.calls.map((c) => [c.method, c.path])).toEqual([
      ["POST", `${API_PATH}/distributions`],
      ["GET", `${API_PATH}/distributions/d1`],
    ]);
    expect(fake.calls[0]!.json).toEqual(body);
    expectJsonHeaders(fake.calls[0]!, true);
  });

  it("finalize POSTs the body and answers the lot", async () => {
    const { fake, client } = setup();
    const result = { distribution_id: "d1", status: "processing", lot: { lot_id: "l1", status: "PENDING" } };
    fake.reply({ json: result });
    const body = { payment_method: "BALANCE" as const, description: "Março", scheduled_for: null };
    expect(await client.distributions.finalize("d1", body)).toEqual(result);
    const req = only(fake);
    expect([req.method, req.path, req.json]).toEqual(["POST", `${API_PATH}/distributions/d1/finalize`, body]);
    expectJsonHeaders(req, true);
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
    expect(fake.calls.map((c) => `${c.method} ${c.path.replace(API_PATH, "")}`)).toEqual([
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

describe("finalize: aborts are never retried", () => {
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
    const { signal, sleep } = abortInTheNextPause();
    const { fake, client } = setup({ sleep });
    fake.reply({ status: 500 });
    const err = (await client.distributions
      .finalize("d1", { payment_method: "PIX" }, { signal })
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
