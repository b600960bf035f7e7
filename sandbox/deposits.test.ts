/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- response bodies are inspected loosely; contract.test.ts checks their types through the client */
/** Deposits, the balance and the transactions list (steps 2-4 of the document's flow). */
import { randomUUID } from "node:crypto";
import { PIX_DELAY, TOKEN_B, type Harness, depositBody, draftWith, fund, harness } from "./test-harness";

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
afterEach(() => h.close());

const balance = async (token?: string) =>
  (await h.call("GET", "/balances", token ? { token } : {})).body.available_amount as number;
const status = async (id: string) => (await h.call("GET", `/deposits/${id}`)).body.status as string;

describe("a deposit", () => {
  it("answers 201 with a generated transaction_id, PENDING, and a PIX copy-paste of its amount", async () => {
    const r = await h.call("POST", "/deposits", { body: depositBody(123_456) });
    expect(r.status).toBe(201);
    expect(r.body.transaction_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.body).toMatchObject({ status: "PENDING", amount: 123_456, method: "PIX" });
    expect(r.body.pix_copy_paste).toContain("1234.56");
  });

  it("stays PENDING until the PIX delay, then is COMPLETED and credited", async () => {
    const id = (await h.call("POST", "/deposits", { body: depositBody(123_456) })).body
      .transaction_id as string;
    h.clock.advance(PIX_DELAY - 1);
    expect([await status(id), await balance()]).toEqual(["PENDING", 0]);
    h.clock.advance(1);
    expect([await status(id), await balance()]).toEqual(["COMPLETED", 123_456]);
  });

  it("credits only its own company", async () => {
    await fund(h, 1_000);
    expect(await balance(TOKEN_B)).toBe(0);
  });

  it.each([
    ["FAIL", "FAILED"],
    ["expire", "EXPIRED"],
  ])("ends %s → %s for a payer so named, without crediting", async (name, final) => {
    const id = (await h.call("POST", "/deposits", { body: depositBody(700, { name }) })).body
      .transaction_id as string;
    h.clock.advance(PIX_DELAY);
    expect([await status(id), await balance()]).toEqual([final, 0]);
  });

  it("requires transaction_id to be a UUID when sent", async () => {
    const r = await h.call("POST", "/deposits", { body: depositBody(100, { transaction_id: "abc-123" }) });
    expect(r.status).toBe(400);
    expect(r.body.error.details[0].path).toBe("transaction_id");
  });
});

describe("the same transaction_id never charges twice", () => {
  it("the same body again answers 200 with the same deposit", async () => {
    const transaction_id = randomUUID();
    expect((await h.call("POST", "/deposits", { body: depositBody(5_000, { transaction_id }) })).status).toBe(
      201,
    );
    const again = await h.call("POST", "/deposits", { body: depositBody(5_000, { transaction_id }) });
    expect([again.status, again.body.transaction_id]).toEqual([200, transaction_id]);
    h.clock.advance(PIX_DELAY);
    expect(await balance()).toBe(5_000);
    expect((await h.call("GET", "/transactions?type=DEPOSIT")).body.total).toBe(1);
  });

  it("a different body is 409 transaction_id_conflict", async () => {
    const transaction_id = randomUUID();
    await h.call("POST", "/deposits", { body: depositBody(5_000, { transaction_id }) });
    const other = await h.call("POST", "/deposits", { body: depositBody(5_001, { transaction_id }) });
    expect([other.status, other.body.error.code]).toEqual([409, "transaction_id_conflict"]);
  });

  it("another company cannot reuse the id (409)", async () => {
    const transaction_id = randomUUID();
    await h.call("POST", "/deposits", { body: depositBody(5_000, { transaction_id }) });
    const r = await h.call("POST", "/deposits", {
      token: TOKEN_B,
      body: depositBody(5_000, { transaction_id }),
    });
    expect(r.status).toBe(409);
  });
});

describe("cancel", () => {
  it("moves a pending charge to CANCELLED for good, without crediting", async () => {
    const id = (await h.call("POST", "/deposits", { body: depositBody(900) })).body.transaction_id as string;
    const c = await h.call("POST", `/deposits/${id}/cancel`);
    expect([c.status, c.body.status]).toEqual([200, "CANCELLED"]);
    h.clock.advance(PIX_DELAY);
    expect([await status(id), await balance()]).toEqual(["CANCELLED", 0]);
  });

  it("answers a cancelled charge as it is", async () => {
    const id = (await h.call("POST", "/deposits", { body: depositBody(900) })).body.transaction_id as string;
    await h.call("POST", `/deposits/${id}/cancel`);
    const again = await h.call("POST", `/deposits/${id}/cancel`);
    expect([again.status, again.body.status]).toEqual([200, "CANCELLED"]);
  });

  it('refuses a paid charge: 409 already_paid ("cancel an already paid charge is a conflict")', async () => {
    const paid = await fund(h, 1_000);
    const r = await h.call("POST", `/deposits/${paid}/cancel`);
    expect([r.status, r.body.error.code]).toEqual([409, "already_paid"]);
  });

  it("refuses a failed charge: 409 already_final", async () => {
    const id = (await h.call("POST", "/deposits", { body: depositBody(700, { name: "FAIL" }) })).body
      .transaction_id;
    h.clock.advance(PIX_DELAY);
    const r = await h.call("POST", `/deposits/${id}/cancel`);
    expect([r.status, r.body.error.code]).toEqual([409, "already_final"]);
  });

  it("takes a JSON content type with an empty body", async () => {
    const id = (await h.call("POST", "/deposits", { body: depositBody(1) })).body.transaction_id;
    expect((await h.call("POST", `/deposits/${id}/cancel`, { raw: "" })).status).toBe(200);
  });
});

describe("transactions", () => {
  async function history() {
    await fund(h, 10_000);
    await fund(h, 2_000);
    await h.call("POST", "/deposits", { body: depositBody(300, { name: "FAIL" }) });
    const d = await draftWith(h, 1_250, 2, "REF");
    await h.call("POST", `/distributions/${d}/finalize`, { body: { payment_method: "BALANCE" } });
    return d;
  }

  it("lists every money move as signed cents, oldest first", async () => {
    const d = await history();
    const all = await h.call("GET", "/transactions?limit=10");
    expect(all.body.data.map((t: { type: string; amount: number }) => [t.type, t.amount])).toEqual([
      ["DEPOSIT", 10_000],
      ["DEPOSIT", 2_000],
      ["DEPOSIT", 300],
      ["DISTRIBUTION", -2_500],
    ]);
    expect(all.body.data[3].distribution_id).toBe(d);
  });

  it("pages with page and limit, and says the total", async () => {
    await history();
    const page2 = await h.call("GET", "/transactions?limit=2&page=2");
    expect(page2.body.data.map((t: { amount: number }) => t.amount)).toEqual([300, -2_500]);
    expect(page2.body.total).toBe(4);
  });

  it("filters by type", async () => {
    await history();
    expect((await h.call("GET", "/transactions?type=DISTRIBUTION")).body.data).toHaveLength(1);
  });

  it("adds up to the balance", async () => {
    await history();
    expect(await balance()).toBe(12_000 - 2_500);
  });
});
