/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- response bodies are inspected loosely; contract.test.ts checks their types through the client */
/** Distribution drafts in the three modes, items and values (steps 5-8 of the document's flow). */
import { TOKEN_B, type Harness, harness, lookups } from "./test-harness";

let h: Harness;
let l: Awaited<ReturnType<typeof lookups>>;
beforeEach(async () => {
  h = await harness();
  l = await lookups(h);
});
afterEach(() => h.close());

const newDraft = async () =>
  (await h.call("POST", "/distributions", { body: { type: "selected" } })).body.distribution_id as string;
const add = (id: string, employee_ids: unknown[]) =>
  h.call("POST", `/distributions/${id}/items`, { body: { employee_ids } });
const valueForAll = (id: string, product_id: string, value: number) =>
  h.call("PUT", `/distributions/${id}/items/value`, { body: { product_id, value } });
const valueFor = (id: string, employee: string, product_id: string, value: number) =>
  h.call("PUT", `/distributions/${id}/items/${employee}/value`, { body: { product_id, value } });

describe("selected mode: items", () => {
  it("creates an empty draft (201)", async () => {
    const r = await h.call("POST", "/distributions", { body: { type: "selected" } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ status: "draft", total_employees: 0, total_amount: 0, type: "selected" });
  });

  it("adds one employee, then many, ignoring repeats; answers the updated totals", async () => {
    const id = await newDraft();
    expect((await add(id, [l.active[0]])).body.total_employees).toBe(1);
    const many = await add(id, [l.active[0], l.active[1], l.active[2], l.active[1]]);
    expect(many.body).toEqual({ distribution_id: id, status: "draft", total_employees: 3, total_amount: 0 });
  });

  it("refuses unknown and not-active employees all-or-nothing (422, one detail per bad id)", async () => {
    const id = await newDraft();
    const bad = await add(id, [l.active[3], "emp_unknown", l.notActive[0]]);
    expect([bad.status, bad.body.error.code]).toEqual([422, "invalid_employees"]);
    expect(bad.body.error.details.map((d: { path: string }) => d.path)).toEqual([
      "employee_ids.1",
      "employee_ids.2",
    ]);
    expect((await h.call("GET", `/distributions/${id}`)).body.total_employees).toBe(0);
  });

  it("treats another company's employee in a body as unknown (422, no existence leak)", async () => {
    const id = await newDraft();
    const r = await add(id, [(await lookups(h, TOKEN_B)).active[0]]);
    expect([r.status, r.body.error.code]).toEqual([422, "invalid_employees"]);
  });

  it("refuses an empty list (400)", async () => {
    expect((await add(await newDraft(), [])).status).toBe(400);
  });

  it("removes items and their values; an id that is not an item is a no-op", async () => {
    const id = await newDraft();
    await add(id, l.active.slice(0, 3));
    await valueForAll(id, l.product("REF"), 100);
    const r = await h.call("POST", `/distributions/${id}/items/remove`, {
      body: { employee_ids: [l.active[1], "emp_not_there"] },
    });
    expect(r.body).toMatchObject({ total_employees: 2, total_amount: 200 });
  });
});

describe("selected mode: values", () => {
  let id: string;
  beforeEach(async () => {
    id = await newDraft();
    await add(id, l.active.slice(0, 3));
  });

  it("sets one product's value for every item, in exact cents", async () => {
    expect((await valueForAll(id, l.product("REF"), 60_001)).body.total_amount).toBe(180_003);
  });

  it("sets one employee's value on top", async () => {
    await valueForAll(id, l.product("REF"), 60_001);
    const r = await valueFor(id, l.active[1]!, l.product("ALI"), 45_099);
    expect(r.body).toMatchObject({ total_employees: 3, total_amount: 180_003 + 45_099 });
  });

  it("clears a product for one employee with 0", async () => {
    await valueForAll(id, l.product("REF"), 60_001);
    expect((await valueFor(id, l.active[0]!, l.product("REF"), 0)).body.total_amount).toBe(120_002);
  });

  it("clears a product for everybody with 0", async () => {
    await valueForAll(id, l.product("REF"), 60_001);
    expect((await valueForAll(id, l.product("REF"), 0)).body.total_amount).toBe(0);
  });

  it("lists items with their values (paid products only), totals and paging", async () => {
    const ref = l.product("REF");
    const ali = l.product("ALI");
    await valueForAll(id, ref, 60_001);
    await valueFor(id, l.active[1]!, ali, 45_099);
    await valueFor(id, l.active[0]!, ref, 0);
    const items = await h.call("GET", `/distributions/${id}/items?limit=2`);
    expect(items.body).toMatchObject({
      status: "draft",
      total_employees: 3,
      total_amount: 165_101,
      page: 1,
      limit: 2,
      total: 3,
    });
    expect(items.body.data[0]).toMatchObject({ employee_id: l.active[0], values: [], total_amount: 0 });
    expect(items.body.data[1]).toMatchObject({
      employee_id: l.active[1],
      values: [
        { product_id: ref, value: 60_001 },
        { product_id: ali, value: 45_099 },
      ],
      total_amount: 105_100,
    });
    expect(typeof items.body.data[1].employee_name).toBe("string");
    const second = await h.call("GET", `/distributions/${id}/items?limit=2&page=2`);
    expect(second.body).toMatchObject({ page: 2, limit: 2, total: 3, total_amount: 165_101 });
    expect(second.body.data).toEqual([
      expect.objectContaining({ employee_id: l.active[2], values: [{ product_id: ref, value: 60_001 }] }),
    ]);
  });

  it("refuses an unknown product (422 unknown_product)", async () => {
    const r = await valueForAll(id, "prd_x", 1);
    expect([r.status, r.body.error.code]).toEqual([422, "unknown_product"]);
  });

  it("refuses an employee who is not an item (404 item_not_found)", async () => {
    const r = await valueFor(id, l.active[5]!, l.product("REF"), 1);
    expect([r.status, r.body.error.code]).toEqual([404, "item_not_found"]);
  });

  it("refuses a negative value (400)", async () => {
    expect((await valueForAll(id, l.product("REF"), -1)).status).toBe(400);
  });
});

describe("batch mode", () => {
  it("makes every active employee an item from creation, without values", async () => {
    const r = await h.call("POST", "/distributions", { body: { type: "batch" } });
    expect(r.body).toMatchObject({ status: "draft", total_employees: l.active.length, total_amount: 0 });
    const items = await h.call("GET", `/distributions/${r.body.distribution_id}/items?limit=100`);
    expect(items.body.data.map((i: { employee_id: string }) => i.employee_id)).toEqual(l.active);
  });
});

describe("group mode", () => {
  const members = () =>
    l.employees
      .filter((e) => e.situation === "active" && e.benefit_convention_ids.includes(l.convention.id))
      .map((e) => e.employee_id);
  const perEmployee = () => l.convention.items.reduce((s, i) => s + i.monthly_amount, 0);

  it("makes the active members of the conventions items, with the conventions' amounts", async () => {
    expect(members().length).toBeGreaterThan(0);
    const r = await h.call("POST", "/distributions", {
      body: { type: "group", benefit_convention_ids: [l.convention.id] },
    });
    expect(r.body).toMatchObject({
      total_employees: members().length,
      total_amount: members().length * perEmployee(),
      benefit_convention_ids: [l.convention.id],
    });
  });

  it("pays the larger amount, not the sum, when two conventions pay the same product", async () => {
    const extra = await h.call("POST", "/benefits", {
      body: { name: "Gerência", items: [{ product_id: l.product("REF"), monthly_amount: 90_000 }] },
    });
    const manager = await h.call("POST", "/employees", {
      body: {
        name: "Gerente Teste",
        cpf: "52998224725",
        benefit_convention_ids: [l.convention.id, extra.body.benefit_id],
      },
    });
    const g = await h.call("POST", "/distributions", {
      body: { type: "group", benefit_convention_ids: [l.convention.id, extra.body.benefit_id] },
    });
    const refMonthly = l.convention.items.find((i) => i.product_id === l.product("REF"))!.monthly_amount;
    expect(g.body.total_employees).toBe(members().length + 1);
    expect(g.body.total_amount).toBe((members().length + 1) * perEmployee() + (90_000 - refMonthly));
    const items = await h.call("GET", `/distributions/${g.body.distribution_id}/items?limit=100`);
    const mine = items.body.data.find(
      (i: { employee_id: string }) => i.employee_id === manager.body.employee_id,
    );
    expect(mine.values.find((v: { product_id: string }) => v.product_id === l.product("REF")).value).toBe(
      90_000,
    );
  });

  it("refuses an unknown convention (422 unknown_benefit_convention)", async () => {
    const r = await h.call("POST", "/distributions", {
      body: { type: "group", benefit_convention_ids: ["ben_nope"] },
    });
    expect([r.status, r.body.error.code]).toEqual([422, "unknown_benefit_convention"]);
  });

  it("treats another company's convention as unknown (422)", async () => {
    const foreign = (await lookups(h, TOKEN_B)).convention.id;
    const r = await h.call("POST", "/distributions", {
      body: { type: "group", benefit_convention_ids: [foreign] },
    });
    expect(r.status).toBe(422);
  });

  it("requires the conventions (400 without them)", async () => {
    expect((await h.call("POST", "/distributions", { body: { type: "group" } })).status).toBe(400);
  });
});
