/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- response bodies are inspected loosely; contract.test.ts checks their types through the client */
import { randomUUID } from "node:crypto";
import { MAX_AMOUNT_CENTS } from "../src/api/schemas";
import {
  TOKEN_B,
  LOT_DELAY,
  PIX_DELAY,
  type Harness,
  depositBody,
  fund,
  harness,
  lookups,
} from "./test-harness";

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
afterEach(() => h.close());

const balance = async (token?: string) =>
  (await h.call("GET", "/balances", token ? { token } : {})).body.available_amount as number;

describe("deposits", () => {
  it("returns a generated transaction_id, stays PENDING until the PIX delay, then COMPLETED and credited", async () => {
    const r = await h.call("POST", "/deposits", { body: depositBody(123_456) });
    expect(r.status).toBe(201);
    expect(r.body.transaction_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.body).toMatchObject({ status: "PENDING", amount: 123_456, method: "PIX" });
    expect(r.body.pix_copy_paste).toContain("1234.56");
    const id = r.body.transaction_id as string;
    h.clock.advance(PIX_DELAY - 1);
    expect((await h.call("GET", `/deposits/${id}`)).body.status).toBe("PENDING");
    expect(await balance()).toBe(0);
    h.clock.advance(1);
    expect((await h.call("GET", `/deposits/${id}`)).body.status).toBe("COMPLETED");
    expect(await balance()).toBe(123_456);
    expect(await balance(TOKEN_B)).toBe(0);
  });

  it("does not charge twice for the same transaction_id: same body 200, different body 409", async () => {
    const transaction_id = randomUUID();
    const first = await h.call("POST", "/deposits", { body: depositBody(5_000, { transaction_id }) });
    expect(first.status).toBe(201);
    expect(first.body.transaction_id).toBe(transaction_id);
    const again = await h.call("POST", "/deposits", { body: depositBody(5_000, { transaction_id }) });
    expect(again.status).toBe(200);
    expect(again.body.transaction_id).toBe(transaction_id);
    const other = await h.call("POST", "/deposits", { body: depositBody(5_001, { transaction_id }) });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe("transaction_id_conflict");
    // Another company cannot reuse the id either.
    expect(
      (await h.call("POST", "/deposits", { token: TOKEN_B, body: depositBody(5_000, { transaction_id }) }))
        .status,
    ).toBe(409);
    h.clock.advance(PIX_DELAY);
    expect(await balance()).toBe(5_000);
    const deposits = await h.call("GET", "/transactions?type=DEPOSIT");
    expect(deposits.body.total).toBe(1);
  });

  it("ends FAILED or EXPIRED for payers named FAIL or EXPIRE, without crediting", async () => {
    const failed = await h.call("POST", "/deposits", { body: depositBody(700, { name: "FAIL" }) });
    const expired = await h.call("POST", "/deposits", { body: depositBody(800, { name: "expire" }) });
    h.clock.advance(PIX_DELAY);
    expect((await h.call("GET", `/deposits/${failed.body.transaction_id}`)).body.status).toBe("FAILED");
    expect((await h.call("GET", `/deposits/${expired.body.transaction_id}`)).body.status).toBe("EXPIRED");
    expect(await balance()).toBe(0);
  });

  it("cancels a pending charge; cancelling again answers as is; a paid or failed charge is 409", async () => {
    const pending = await h.call("POST", "/deposits", { body: depositBody(900) });
    const id = pending.body.transaction_id as string;
    const c = await h.call("POST", `/deposits/${id}/cancel`);
    expect(c.status).toBe(200);
    expect(c.body.status).toBe("CANCELLED");
    expect((await h.call("POST", `/deposits/${id}/cancel`)).body.status).toBe("CANCELLED");
    h.clock.advance(PIX_DELAY);
    expect((await h.call("GET", `/deposits/${id}`)).body.status).toBe("CANCELLED");
    expect(await balance()).toBe(0);

    const paid = await fund(h, 1_000);
    const conflict = await h.call("POST", `/deposits/${paid}/cancel`);
    expect(conflict.status).toBe(409);
    expect(conflict.body.error.code).toBe("already_paid");
    const failed = await h.call("POST", "/deposits", { body: depositBody(700, { name: "FAIL" }) });
    h.clock.advance(PIX_DELAY);
    expect((await h.call("POST", `/deposits/${failed.body.transaction_id}/cancel`)).status).toBe(409);
    // A cancel sent with a JSON content type and an empty body is fine too.
    const p2 = await h.call("POST", "/deposits", { body: depositBody(1) });
    expect((await h.call("POST", `/deposits/${p2.body.transaction_id}/cancel`, { raw: "" })).status).toBe(
      200,
    );
  });

  it("lists every money move as signed cents, oldest first, paged and filtered by type", async () => {
    await fund(h, 10_000);
    await fund(h, 2_000);
    await h.call("POST", "/deposits", { body: depositBody(300, { name: "FAIL" }) });
    const { active, product } = await lookups(h);
    const d = (await h.call("POST", "/distributions", { body: { type: "selected" } })).body.distribution_id;
    await h.call("POST", `/distributions/${d}/items`, { body: { employee_ids: active.slice(0, 2) } });
    await h.call("PUT", `/distributions/${d}/items/value`, {
      body: { product_id: product("REF"), value: 1_250 },
    });
    await h.call("POST", `/distributions/${d}/finalize`, { body: { payment_method: "BALANCE" } });
    const all = await h.call("GET", "/transactions?limit=10");
    expect(all.body.data.map((t: { type: string; amount: number }) => [t.type, t.amount])).toEqual([
      ["DEPOSIT", 10_000],
      ["DEPOSIT", 2_000],
      ["DEPOSIT", 300],
      ["DISTRIBUTION", -2_500],
    ]);
    expect(all.body.data[3].distribution_id).toBe(d);
    const page2 = await h.call("GET", "/transactions?limit=2&page=2");
    expect(page2.body.data.map((t: { amount: number }) => t.amount)).toEqual([300, -2_500]);
    expect(page2.body.total).toBe(4);
    const dist = await h.call("GET", "/transactions?type=DISTRIBUTION");
    expect(dist.body.data).toHaveLength(1);
    expect(await balance()).toBe(12_000 - 2_500);
  });
});

describe("distributions", () => {
  it("selected: adds one or many, ignores repeats, refuses unknown/inactive (422), keeps totals exact", async () => {
    const { active, notActive, product } = await lookups(h);
    const created = await h.call("POST", "/distributions", { body: { type: "selected" } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: "draft",
      total_employees: 0,
      total_amount: 0,
      type: "selected",
    });
    const id = created.body.distribution_id as string;

    expect(
      (await h.call("POST", `/distributions/${id}/items`, { body: { employee_ids: [active[0]] } })).body,
    ).toMatchObject({
      total_employees: 1,
    });
    const many = await h.call("POST", `/distributions/${id}/items`, {
      body: { employee_ids: [active[0], active[1], active[2], active[1]] },
    });
    expect(many.body).toEqual({ distribution_id: id, status: "draft", total_employees: 3, total_amount: 0 });

    const bad = await h.call("POST", `/distributions/${id}/items`, {
      body: { employee_ids: [active[3], "emp_unknown", notActive[0]] },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details.map((d: { path: string }) => d.path)).toEqual([
      "employee_ids.1",
      "employee_ids.2",
    ]);
    expect((await h.call("GET", `/distributions/${id}`)).body.total_employees).toBe(3); // all-or-nothing

    const ref = product("REF");
    const ali = product("ALI");
    expect(
      (await h.call("PUT", `/distributions/${id}/items/value`, { body: { product_id: ref, value: 60_001 } }))
        .body.total_amount,
    ).toBe(180_003);
    const one = await h.call("PUT", `/distributions/${id}/items/${active[1]}/value`, {
      body: { product_id: ali, value: 45_099 },
    });
    expect(one.body).toMatchObject({ total_employees: 3, total_amount: 180_003 + 45_099 });
    // 0 clears the product for that employee.
    expect(
      (
        await h.call("PUT", `/distributions/${id}/items/${active[0]}/value`, {
          body: { product_id: ref, value: 0 },
        })
      ).body.total_amount,
    ).toBe(120_002 + 45_099);

    const items = await h.call("GET", `/distributions/${id}/items?limit=2`);
    expect(items.body).toMatchObject({
      status: "draft",
      total_employees: 3,
      total_amount: 165_101,
      page: 1,
      limit: 2,
      total: 3,
    });
    expect(items.body.data[0]).toMatchObject({ employee_id: active[0], values: [], total_amount: 0 });
    expect(items.body.data[1]).toMatchObject({
      employee_id: active[1],
      values: [
        { product_id: ref, value: 60_001 },
        { product_id: ali, value: 45_099 },
      ],
      total_amount: 105_100,
    });
    expect(typeof items.body.data[1].employee_name).toBe("string");

    const removed = await h.call("POST", `/distributions/${id}/items/remove`, {
      body: { employee_ids: [active[1], "emp_not_there"] },
    });
    expect(removed.body).toMatchObject({ total_employees: 2, total_amount: 60_001 });

    // Errors on values: unknown product 422, employee not an item 404, another company's 403.
    expect(
      (await h.call("PUT", `/distributions/${id}/items/value`, { body: { product_id: "prd_x", value: 1 } }))
        .status,
    ).toBe(422);
    expect(
      (
        await h.call("PUT", `/distributions/${id}/items/${active[5]}/value`, {
          body: { product_id: ref, value: 1 },
        })
      ).status,
    ).toBe(404);
    const other = (await lookups(h, TOKEN_B)).active[0];
    expect(
      (
        await h.call("PUT", `/distributions/${id}/items/${other}/value`, {
          body: { product_id: ref, value: 1 },
        })
      ).status,
    ).toBe(403);
    expect(
      (await h.call("PUT", `/distributions/${id}/items/value`, { body: { product_id: ref, value: -1 } }))
        .status,
    ).toBe(400);
    expect((await h.call("POST", `/distributions/${id}/items`, { body: { employee_ids: [] } })).status).toBe(
      400,
    );
  });

  it("batch: every active employee is an item from creation", async () => {
    const { active } = await lookups(h);
    const r = await h.call("POST", "/distributions", { body: { type: "batch" } });
    expect(r.body).toMatchObject({ status: "draft", total_employees: active.length, total_amount: 0 });
    const items = await h.call("GET", `/distributions/${r.body.distribution_id}/items?limit=100`);
    expect(items.body.data.map((i: { employee_id: string }) => i.employee_id)).toEqual(active);
  });

  it("group: active members of the conventions, with the conventions' monthly amounts; unknown convention 422", async () => {
    const { employees, convention, product } = await lookups(h);
    const members = employees
      .filter((e) => e.situation === "active" && e.benefit_convention_ids.includes(convention.id))
      .map((e) => e.employee_id);
    expect(members.length).toBeGreaterThan(0);
    const perEmployee = convention.items.reduce((s, i) => s + i.monthly_amount, 0);
    const r = await h.call("POST", "/distributions", {
      body: { type: "group", benefit_convention_ids: [convention.id] },
    });
    expect(r.body).toMatchObject({
      total_employees: members.length,
      total_amount: members.length * perEmployee,
      benefit_convention_ids: [convention.id],
    });
    // A second convention paying more Refeição to some people: the larger amount, not the sum.
    const extra = await h.call("POST", "/benefits", {
      body: { name: "Gerência", items: [{ product_id: product("REF"), monthly_amount: 90_000 }] },
    });
    const manager = await h.call("POST", "/employees", {
      body: {
        name: "Gerente Teste",
        cpf: "52998224725",
        benefit_convention_ids: [convention.id, extra.body.benefit_id],
      },
    });
    const g2 = await h.call("POST", "/distributions", {
      body: { type: "group", benefit_convention_ids: [convention.id, extra.body.benefit_id] },
    });
    const refMonthly = convention.items.find((i) => i.product_id === product("REF"))!.monthly_amount;
    expect(g2.body.total_employees).toBe(members.length + 1);
    expect(g2.body.total_amount).toBe((members.length + 1) * perEmployee + (90_000 - refMonthly));
    const items = await h.call("GET", `/distributions/${g2.body.distribution_id}/items?limit=100`);
    const mine = items.body.data.find(
      (i: { employee_id: string }) => i.employee_id === manager.body.employee_id,
    );
    expect(mine.values.find((v: { product_id: string }) => v.product_id === product("REF")).value).toBe(
      90_000,
    );

    const unknown = await h.call("POST", "/distributions", {
      body: { type: "group", benefit_convention_ids: ["ben_nope"] },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.code).toBe("unknown_benefit_convention");
    const foreign = (await lookups(h, TOKEN_B)).convention.id;
    expect(
      (await h.call("POST", "/distributions", { body: { type: "group", benefit_convention_ids: [foreign] } }))
        .status,
    ).toBe(422);
  });
});

async function draftWith(amountEach: number, people = 2): Promise<string> {
  const { active, product } = await lookups(h);
  const id = (await h.call("POST", "/distributions", { body: { type: "selected" } })).body
    .distribution_id as string;
  await h.call("POST", `/distributions/${id}/items`, { body: { employee_ids: active.slice(0, people) } });
  if (amountEach > 0) {
    await h.call("PUT", `/distributions/${id}/items/value`, {
      body: { product_id: product("ALI"), value: amountEach },
    });
  }
  return id;
}

describe("finalize", () => {
  it("checks payment method, a positive value and the balance, each a 422, and keeps the draft", async () => {
    const empty = await draftWith(0);
    const noValue = await h.call("POST", `/distributions/${empty}/finalize`, {
      body: { payment_method: "BALANCE" },
    });
    expect(noValue.status).toBe(422);
    expect(noValue.body.error.code).toBe("no_positive_value");

    const id = await draftWith(1_000);
    const method = await h.call("POST", `/distributions/${id}/finalize`, {
      body: { payment_method: "CREDIT_CARD" },
    });
    expect(method.status).toBe(422);
    expect(method.body.error.code).toBe("invalid_payment_method");
    expect(
      (await h.call("POST", `/distributions/${id}/finalize`, { body: { payment_method: 3 } })).status,
    ).toBe(400);
    expect((await h.call("POST", `/distributions/${id}/finalize`, { body: {} })).status).toBe(400);

    await fund(h, 1_999);
    const short = await h.call("POST", `/distributions/${id}/finalize`, {
      body: { payment_method: "BALANCE" },
    });
    expect(short.status).toBe(422);
    expect(short.body.error.code).toBe("insufficient_balance");
    expect((await h.call("GET", `/distributions/${id}`)).body.status).toBe("draft");
    expect(await balance()).toBe(1_999);
  });

  it("BALANCE: lot PENDING without transaction_id, processing, then completed after the lot delay", async () => {
    await fund(h, 5_000);
    const id = await draftWith(1_500);
    const f = await h.call("POST", `/distributions/${id}/finalize`, {
      body: {
        payment_method: "BALANCE",
        description: "Benefícios de janeiro",
        scheduled_for: null,
        invoice_descriptions: { REF: "Refeição" },
      },
    });
    expect(f.status).toBe(200);
    expect(f.body).toMatchObject({
      distribution_id: id,
      status: "processing",
      lot: { status: "PENDING", amount: 3_000, payment_method: "BALANCE" },
    });
    expect(f.body).not.toHaveProperty("transaction_id");
    expect(f.body.lot).not.toHaveProperty("transaction_id");
    expect(await balance()).toBe(2_000); // reserved at once

    // Rule 1: no changes once finalized; finalizing again is 422 too.
    const { active, product } = await lookups(h);
    for (const r of [
      await h.call("POST", `/distributions/${id}/items`, { body: { employee_ids: [active[4]] } }),
      await h.call("POST", `/distributions/${id}/items/remove`, { body: { employee_ids: [active[0]] } }),
      await h.call("PUT", `/distributions/${id}/items/value`, {
        body: { product_id: product("REF"), value: 1 },
      }),
      await h.call("PUT", `/distributions/${id}/items/${active[0]}/value`, {
        body: { product_id: product("REF"), value: 1 },
      }),
      await h.call("POST", `/distributions/${id}/finalize`, { body: { payment_method: "BALANCE" } }),
    ]) {
      expect(r.status).toBe(422);
      expect(r.body.error.code).toBe("distribution_not_draft");
    }

    h.clock.advance(LOT_DELAY - 1);
    expect((await h.call("GET", `/distributions/${id}`)).body).toMatchObject({
      status: "processing",
      lot: { status: "PENDING" },
    });
    h.clock.advance(1);
    const done = await h.call("GET", `/distributions/${id}`);
    expect(done.body).toMatchObject({
      status: "completed",
      total_amount: 3_000,
      lot: { status: "COMPLETED" },
    });
    expect(await balance()).toBe(2_000);
    const moves = await h.call("GET", "/transactions?type=DISTRIBUTION");
    expect(moves.body.data).toEqual([
      expect.objectContaining({ amount: -3_000, status: "COMPLETED", distribution_id: id }),
    ]);
  });

  it("BALANCE_WITH_PIX: balance first, a charge for the rest; completes once the charge is paid", async () => {
    await fund(h, 1_000);
    const id = await draftWith(2_000); // total 4_000
    const f = await h.call("POST", `/distributions/${id}/finalize`, {
      body: { payment_method: "BALANCE_WITH_PIX", payer_name: "Acme" },
    });
    expect(f.body.lot).toMatchObject({
      status: "PENDING",
      amount: 4_000,
      balance_amount: 1_000,
      charge_amount: 3_000,
    });
    const charge = f.body.transaction_id as string;
    expect(f.body.lot.transaction_id).toBe(charge);
    expect((await h.call("GET", `/deposits/${charge}`)).body).toMatchObject({
      status: "PENDING",
      amount: 3_000,
      method: "PIX",
      distribution_id: id,
    });
    expect(await balance()).toBe(0);

    h.clock.advance(PIX_DELAY);
    expect((await h.call("GET", `/deposits/${charge}`)).body.status).toBe("COMPLETED");
    expect((await h.call("GET", `/distributions/${id}`)).body.status).toBe("processing");
    h.clock.advance(LOT_DELAY);
    expect((await h.call("GET", `/distributions/${id}`)).body).toMatchObject({
      status: "completed",
      lot: { status: "COMPLETED" },
    });
    expect(await balance()).toBe(0);
    const sum = (await h.call("GET", "/transactions?limit=100")).body.data
      .filter((t: { status: string }) => t.status === "COMPLETED")
      .reduce((s: number, t: { amount: number }) => s + t.amount, 0);
    expect(sum).toBe(0); // 1_000 + 3_000 in, 1_000 + 3_000 out
  });

  it("BALANCE_WITH_BOLETO covered by the balance creates no charge; PIX and BOLETO charge the whole", async () => {
    await fund(h, 10_000);
    const covered = await draftWith(1_000);
    const f1 = await h.call("POST", `/distributions/${covered}/finalize`, {
      body: { payment_method: "BALANCE_WITH_BOLETO" },
    });
    expect(f1.body.transaction_id).toBeUndefined();
    expect(f1.body.lot).toMatchObject({ balance_amount: 2_000, charge_amount: 0 });

    const pix = await draftWith(700);
    const f2 = await h.call("POST", `/distributions/${pix}/finalize`, { body: { payment_method: "PIX" } });
    expect(f2.body.lot).toMatchObject({ balance_amount: 0, charge_amount: 1_400 });
    const boleto = await draftWith(300);
    const f3 = await h.call("POST", `/distributions/${boleto}/finalize`, {
      body: { payment_method: "BOLETO" },
    });
    expect((await h.call("GET", `/deposits/${f3.body.transaction_id}`)).body).toMatchObject({
      method: "BOLETO",
      amount: 600,
    });
    expect(await balance()).toBe(8_000);
    h.clock.advance(PIX_DELAY + LOT_DELAY);
    for (const id of [covered, pix, boleto])
      expect((await h.call("GET", `/distributions/${id}`)).body.status).toBe("completed");
    expect(await balance()).toBe(8_000);
  });

  it("a failed or cancelled charge fails the lot and gives the balance part back", async () => {
    await fund(h, 1_000);
    const a = await draftWith(1_000); // 2_000: 1_000 from balance, 1_000 charged
    const fa = await h.call("POST", `/distributions/${a}/finalize`, {
      body: { payment_method: "BALANCE_WITH_PIX", payer_name: "FAIL" },
    });
    expect(await balance()).toBe(0);
    h.clock.advance(PIX_DELAY);
    expect((await h.call("GET", `/deposits/${fa.body.transaction_id}`)).body.status).toBe("FAILED");
    expect((await h.call("GET", `/distributions/${a}`)).body).toMatchObject({
      status: "failed",
      lot: { status: "FAILED" },
    });
    expect(await balance()).toBe(1_000);

    const b = await draftWith(250);
    const fb = await h.call("POST", `/distributions/${b}/finalize`, {
      body: { payment_method: "BALANCE_WITH_PIX" },
    });
    expect(fb.body.transaction_id).toBeUndefined(); // 500 <= 1_000
    const c = await draftWith(400);
    const fc = await h.call("POST", `/distributions/${c}/finalize`, { body: { payment_method: "PIX" } });
    const cancel = await h.call("POST", `/deposits/${fc.body.transaction_id}/cancel`);
    expect(cancel.body.status).toBe("CANCELLED");
    expect((await h.call("GET", `/distributions/${c}`)).body.status).toBe("failed");
    h.clock.advance(LOT_DELAY);
    expect((await h.call("GET", `/distributions/${b}`)).body.status).toBe("completed");
    expect(await balance()).toBe(500);
  });

  it("payer FAIL on a BALANCE lot fails it after the delay and refunds", async () => {
    await fund(h, 3_000);
    const id = await draftWith(1_000);
    await h.call("POST", `/distributions/${id}/finalize`, {
      body: { payment_method: "BALANCE", payer_name: "FAIL" },
    });
    expect(await balance()).toBe(1_000);
    h.clock.advance(LOT_DELAY);
    expect((await h.call("GET", `/distributions/${id}`)).body).toMatchObject({
      status: "failed",
      lot: { status: "FAILED" },
    });
    expect(await balance()).toBe(3_000);
  });
});

describe("amount bounds (sums must stay exact)", () => {
  it("refuses a single amount above MAX_AMOUNT_CENTS with a 400", async () => {
    const { products } = await lookups(h);
    const dist = (await h.call("POST", "/distributions", { body: { type: "batch" } })).body.distribution_id;
    const r = await h.call("PUT", `/distributions/${dist}/items/value`, {
      body: { product_id: products[0]!.id, value: MAX_AMOUNT_CENTS + 1 },
    });
    expect(r.status).toBe(400);
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
      h.app.sandbox.store.createDeposit("acme", { ...depositBody(MAX_AMOUNT_CENTS), method: "PIX" });
    expect((await h.call("POST", "/deposits", { body: depositBody(MAX_AMOUNT_CENTS) })).status).toBe(201);
    const r = await h.call("POST", "/deposits", { body: depositBody(MAX_AMOUNT_CENTS) });
    expect([r.status, r.body.error.code]).toEqual([422, "balance_too_large"]);
    h.clock.advance(PIX_DELAY);
    expect(await balance()).toBe(n * MAX_AMOUNT_CENTS);
  }, 30_000);
});
