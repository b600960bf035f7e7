/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- response bodies are inspected loosely; contract.test.ts checks their types through the client */
/** Finalize ("States and transitions", rules 1-2 of "Endpoints") and the lot that follows. */
import {
  LOT_DELAY,
  PIX_DELAY,
  type Harness,
  type Res,
  draftWith,
  fund,
  harness,
  lookups,
} from "./test-harness";

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
afterEach(() => h.close());

const balance = async () => (await h.call("GET", "/balances")).body.available_amount as number;
const finalize = (id: string, body: unknown) => h.call("POST", `/distributions/${id}/finalize`, { body });
const distribution = async (id: string) =>
  (await h.call("GET", `/distributions/${id}`)).body as { status: string };

describe("finalize refuses (422) and keeps the draft", () => {
  it("a draft without a positive value", async () => {
    const id = await draftWith(h, 0);
    const r = await finalize(id, { payment_method: "BALANCE" });
    expect([r.status, r.body.error.code]).toEqual([422, "no_positive_value"]);
  });

  it.each([
    ["an unknown method", { payment_method: "CREDIT_CARD" }],
    ["a lower-case method", { payment_method: "pix" }],
    ["a number", { payment_method: 3 }],
    ["null", { payment_method: null }],
    ["an object", { payment_method: { method: "PIX" } }],
    ["no payment_method", {}],
    ["no body at all", undefined],
  ])('a payment method outside the five: %s ("Any other value returns HTTP 422")', async (_name, body) => {
    const id = await draftWith(h, 1_000);
    const r = await finalize(id, body);
    expect([r.status, r.body.error.code]).toEqual([422, "invalid_payment_method"]);
    expect(r.body.error.details).toEqual([
      { path: "payment_method", message: expect.stringContaining("PIX") },
    ]);
    expect((await distribution(id)).status).toBe("draft");
  });

  it("BALANCE with too little balance", async () => {
    await fund(h, 1_999);
    const id = await draftWith(h, 1_000);
    const r = await finalize(id, { payment_method: "BALANCE" });
    expect([r.status, r.body.error.code]).toEqual([422, "insufficient_balance"]);
    expect((await distribution(id)).status).toBe("draft");
    expect(await balance()).toBe(1_999);
  });

  it("checks the state before the method: a finalized distribution with a bad method is not_draft", async () => {
    await fund(h, 5_000);
    const id = await draftWith(h, 1_000);
    await finalize(id, { payment_method: "BALANCE" });
    const r = await finalize(id, { payment_method: "CHEQUE" });
    expect([r.status, r.body.error.code]).toEqual([422, "distribution_not_draft"]);
  });

  it("a body of the wrong shape is still a 400 (description not a string)", async () => {
    const id = await draftWith(h, 1_000);
    const r = await finalize(id, { payment_method: "PIX", description: 5 });
    expect(r.status).toBe(400);
  });
});

describe("BALANCE", () => {
  it("answers the lot PENDING, without transaction_id, and the distribution processing", async () => {
    await fund(h, 5_000);
    const id = await draftWith(h, 1_500);
    const f = await finalize(id, { payment_method: "BALANCE", description: "Jan", scheduled_for: null });
    expect(f.status).toBe(200);
    expect(f.body).toMatchObject({
      distribution_id: id,
      status: "processing",
      lot: { status: "PENDING", amount: 3_000, payment_method: "BALANCE" },
    });
    expect(f.body).not.toHaveProperty("transaction_id");
    expect(f.body.lot).not.toHaveProperty("transaction_id");
  });

  it("reserves the balance at once", async () => {
    await fund(h, 5_000);
    await finalize(await draftWith(h, 1_500), { payment_method: "BALANCE" });
    expect(await balance()).toBe(2_000);
  });

  it("completes the lot after the lot delay, not before", async () => {
    await fund(h, 5_000);
    const id = await draftWith(h, 1_500);
    await finalize(id, { payment_method: "BALANCE" });
    h.clock.advance(LOT_DELAY - 1);
    expect(await distribution(id)).toMatchObject({ status: "processing", lot: { status: "PENDING" } });
    h.clock.advance(1);
    expect(await distribution(id)).toMatchObject({ status: "completed", lot: { status: "COMPLETED" } });
  });

  it("records one DISTRIBUTION debit of the total", async () => {
    await fund(h, 5_000);
    const id = await draftWith(h, 1_500);
    await finalize(id, { payment_method: "BALANCE" });
    h.clock.advance(LOT_DELAY);
    expect((await h.call("GET", "/transactions?type=DISTRIBUTION")).body.data).toEqual([
      expect.objectContaining({ amount: -3_000, status: "COMPLETED", distribution_id: id }),
    ]);
    expect(await balance()).toBe(2_000);
  });

  it("with payer FAIL, fails the lot after the delay and refunds", async () => {
    await fund(h, 3_000);
    const id = await draftWith(h, 1_000);
    await finalize(id, { payment_method: "BALANCE", payer_name: "FAIL" });
    expect(await balance()).toBe(1_000);
    h.clock.advance(LOT_DELAY);
    expect(await distribution(id)).toMatchObject({ status: "failed", lot: { status: "FAILED" } });
    expect(await balance()).toBe(3_000);
  });
});

describe("rule 1 after finalize: changes are 422 distribution_not_draft", () => {
  let id: string;
  let lookup: Awaited<ReturnType<typeof lookups>>;
  beforeEach(async () => {
    await fund(h, 5_000);
    id = await draftWith(h, 1_500);
    await finalize(id, { payment_method: "BALANCE" });
    lookup = await lookups(h);
  });
  const refused = async (r: Promise<Res>) => {
    const res = await r;
    expect([res.status, res.body.error.code]).toEqual([422, "distribution_not_draft"]);
  };

  it("adding items", () =>
    refused(h.call("POST", `/distributions/${id}/items`, { body: { employee_ids: [lookup.active[4]] } })));
  it("removing items", () =>
    refused(
      h.call("POST", `/distributions/${id}/items/remove`, { body: { employee_ids: [lookup.active[0]] } }),
    ));
  it("a value for all", () =>
    refused(
      h.call("PUT", `/distributions/${id}/items/value`, {
        body: { product_id: lookup.product("REF"), value: 1 },
      }),
    ));
  it("a value for one employee", () =>
    refused(
      h.call("PUT", `/distributions/${id}/items/${lookup.active[0]}/value`, {
        body: { product_id: lookup.product("REF"), value: 1 },
      }),
    ));
  it("finalizing again", () => refused(finalize(id, { payment_method: "BALANCE" })));
});

describe("reads keep working after finalize", () => {
  it.each([
    ["processing", 0],
    ["completed", LOT_DELAY],
  ])("the distribution and its items while %s", async (state, wait) => {
    await fund(h, 5_000);
    const id = await draftWith(h, 1_500, 3);
    await finalize(id, { payment_method: "BALANCE", description: "Jan", invoice_descriptions: { REF: "R" } });
    h.clock.advance(wait);
    const d = await h.call("GET", `/distributions/${id}`);
    expect(d.status).toBe(200);
    expect(d.body).toMatchObject({
      status: state,
      total_employees: 3,
      total_amount: 4_500,
      description: "Jan",
    });
    const items = await h.call("GET", `/distributions/${id}/items?page=1&limit=2`);
    expect(items.status).toBe(200);
    expect(items.body).toMatchObject({ status: state, total: 3, total_employees: 3, total_amount: 4_500 });
    expect(items.body.data).toHaveLength(2);
    const last = await h.call("GET", `/distributions/${id}/items?page=2&limit=2`);
    expect(last.body.data).toHaveLength(1);
  });

  it("the distribution and its items once the lot failed", async () => {
    const id = await draftWith(h, 1_000);
    const f = await finalize(id, { payment_method: "PIX", payer_name: "FAIL" });
    h.clock.advance(PIX_DELAY);
    expect((await h.call("GET", `/deposits/${f.body.transaction_id}`)).body.status).toBe("FAILED");
    expect((await h.call("GET", `/distributions/${id}`)).body.status).toBe("failed");
    const items = await h.call("GET", `/distributions/${id}/items`);
    expect([items.status, items.body.status, items.body.total_amount]).toEqual([200, "failed", 2_000]);
  });
});

describe("BALANCE_WITH_PIX", () => {
  it("uses the balance first and charges the rest", async () => {
    await fund(h, 1_000);
    const id = await draftWith(h, 2_000);
    const f = await finalize(id, { payment_method: "BALANCE_WITH_PIX", payer_name: "Acme" });
    expect(f.body.lot).toMatchObject({
      status: "PENDING",
      amount: 4_000,
      balance_amount: 1_000,
      charge_amount: 3_000,
    });
    expect(f.body.lot.transaction_id).toBe(f.body.transaction_id);
    expect(await balance()).toBe(0);
  });

  it("makes the charge readable as a deposit of the distribution", async () => {
    await fund(h, 1_000);
    const id = await draftWith(h, 2_000);
    const f = await finalize(id, { payment_method: "BALANCE_WITH_PIX" });
    expect((await h.call("GET", `/deposits/${f.body.transaction_id}`)).body).toMatchObject({
      status: "PENDING",
      amount: 3_000,
      method: "PIX",
      distribution_id: id,
    });
  });

  it("completes the lot a lot delay after the charge is paid", async () => {
    await fund(h, 1_000);
    const id = await draftWith(h, 2_000);
    await finalize(id, { payment_method: "BALANCE_WITH_PIX" });
    h.clock.advance(PIX_DELAY);
    expect((await distribution(id)).status).toBe("processing");
    h.clock.advance(LOT_DELAY);
    expect(await distribution(id)).toMatchObject({ status: "completed", lot: { status: "COMPLETED" } });
  });

  it("adds up: every completed move sums to zero (money in and straight out)", async () => {
    await fund(h, 1_000);
    const id = await draftWith(h, 2_000);
    await finalize(id, { payment_method: "BALANCE_WITH_PIX" });
    h.clock.advance(PIX_DELAY + LOT_DELAY);
    const sum = (await h.call("GET", "/transactions?limit=100")).body.data
      .filter((t: { status: string }) => t.status === "COMPLETED")
      .reduce((s: number, t: { amount: number }) => s + t.amount, 0);
    expect(sum).toBe(0);
    expect(await balance()).toBe(0);
  });

  it("creates no charge when the balance covers the total", async () => {
    await fund(h, 1_000);
    const f = await finalize(await draftWith(h, 250), { payment_method: "BALANCE_WITH_PIX" });
    expect(f.body.transaction_id).toBeUndefined();
  });

  it("with a failed charge, fails the lot and gives the balance part back", async () => {
    await fund(h, 1_000);
    const id = await draftWith(h, 1_000);
    await finalize(id, { payment_method: "BALANCE_WITH_PIX", payer_name: "FAIL" });
    expect(await balance()).toBe(0);
    h.clock.advance(PIX_DELAY);
    expect(await distribution(id)).toMatchObject({ status: "failed", lot: { status: "FAILED" } });
    expect(await balance()).toBe(1_000);
  });
});

describe("BALANCE_WITH_BOLETO, PIX and BOLETO", () => {
  it("BALANCE_WITH_BOLETO covered by the balance creates no charge", async () => {
    await fund(h, 10_000);
    const f = await finalize(await draftWith(h, 1_000), { payment_method: "BALANCE_WITH_BOLETO" });
    expect(f.body.transaction_id).toBeUndefined();
    expect(f.body.lot).toMatchObject({ balance_amount: 2_000, charge_amount: 0 });
  });

  it("PIX charges the whole, even with a balance", async () => {
    await fund(h, 10_000);
    const f = await finalize(await draftWith(h, 700), { payment_method: "PIX" });
    expect(f.body.lot).toMatchObject({ balance_amount: 0, charge_amount: 1_400 });
    expect(await balance()).toBe(10_000);
  });

  it("BOLETO charges the whole with a boleto", async () => {
    const f = await finalize(await draftWith(h, 300), { payment_method: "BOLETO" });
    expect((await h.call("GET", `/deposits/${f.body.transaction_id}`)).body).toMatchObject({
      method: "BOLETO",
      amount: 600,
    });
  });

  it("a charged lot completes once paid, and leaves the balance as it was", async () => {
    await fund(h, 500);
    const id = await draftWith(h, 700);
    await finalize(id, { payment_method: "PIX" });
    h.clock.advance(PIX_DELAY + LOT_DELAY);
    expect((await distribution(id)).status).toBe("completed");
    expect(await balance()).toBe(500);
  });

  it("cancelling the charge fails the lot at once", async () => {
    const id = await draftWith(h, 400);
    const f = await finalize(id, { payment_method: "PIX" });
    expect((await h.call("POST", `/deposits/${f.body.transaction_id}/cancel`)).body.status).toBe("CANCELLED");
    expect((await distribution(id)).status).toBe("failed");
  });
});
