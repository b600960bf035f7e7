/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- response bodies are inspected loosely; contract.test.ts checks their types through the client */
/** Sums stay exact: single amounts, distribution totals and the balance never pass 2^53. */
import { MAX_AMOUNT_CENTS } from "../src/api/schemas";
import { PIX_DELAY, type Harness, depositBody, harness, lookups } from "./test-harness";

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
afterEach(() => h.close());

const balance = async () => (await h.call("GET", "/balances")).body.available_amount as number;

describe("amount bounds (sums must stay exact)", () => {
  it("refuses a value above MAX_AMOUNT_CENTS with a 400", async () => {
    const { products } = await lookups(h);
    const dist = (await h.call("POST", "/distributions", { body: { type: "batch" } })).body.distribution_id;
    const r = await h.call("PUT", `/distributions/${dist}/items/value`, {
      body: { product_id: products[0]!.id, value: MAX_AMOUNT_CENTS + 1 },
    });
    expect(r.status).toBe(400);
  });

  it("refuses a deposit above MAX_AMOUNT_CENTS with a 400", async () => {
    expect((await h.call("POST", "/deposits", { body: depositBody(MAX_AMOUNT_CENTS + 1) })).status).toBe(400);
  });

  it("refuses (422) and rolls back a change that would push a total past 2^53", async () => {
    const big = await harness({
      seedEmployees: 1500,
      tokens: [{ token: "tok-big-0123456789", company: "big" }],
    });
    try {
      const call: typeof big.call = (method, path, opts = {}) =>
        big.call(method, path, { token: "tok-big-0123456789", ...opts });
      const product = (await call("GET", "/products?limit=1")).body.data[0].id as string;
      const dist = (await call("POST", "/distributions", { body: { type: "batch" } })).body;
      expect(dist.total_employees * MAX_AMOUNT_CENTS).toBeGreaterThan(Number.MAX_SAFE_INTEGER);
      const r = await call("PUT", `/distributions/${dist.distribution_id}/items/value`, {
        body: { product_id: product, value: MAX_AMOUNT_CENTS },
      });
      expect([r.status, r.body.error.code]).toEqual([422, "total_too_large"]);
      const after = await call("GET", `/distributions/${dist.distribution_id}`);
      expect([after.status, after.body.total_amount]).toEqual([200, 0]);
    } finally {
      await big.close();
    }
  });

  it("refuses (422) a deposit that would push the sum of credits past 2^53", async () => {
    const n = Math.floor(Number.MAX_SAFE_INTEGER / MAX_AMOUNT_CENTS);
    // The first n - 1 credits go straight to the store (900 HTTP calls would only measure the machine).
    for (let i = 0; i < n - 1; i++)
      h.app.sandbox.store.deposits.create("acme", { ...depositBody(MAX_AMOUNT_CENTS), method: "PIX" });
    expect((await h.call("POST", "/deposits", { body: depositBody(MAX_AMOUNT_CENTS) })).status).toBe(201);
    const r = await h.call("POST", "/deposits", { body: depositBody(MAX_AMOUNT_CENTS) });
    expect([r.status, r.body.error.code]).toEqual([422, "balance_too_large"]);
    h.clock.advance(PIX_DELAY);
    expect(await balance()).toBe(n * MAX_AMOUNT_CENTS);
  }, 30_000);
});
