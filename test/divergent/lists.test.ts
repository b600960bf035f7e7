/**
 * Lists against a server that caps `limit` at 20 without saying so and states no `total`, and
 * answers benefits and situations as bare arrays (issue 8 items 2 and 6): never cut short.
 */
import { collectAll } from "../../src/api";
import { divergent } from "./env";

describe("paged lists without total, capped below the asked limit", () => {
  it("employees: followed to the end (20 + 20 + an empty page), the situation filter kept", async () => {
    const env = await divergent();
    const active = await collectAll(env.api.employees.list({ situation: "active" }), { max: 1_000 });
    expect(active).toHaveLength(env.server.state.employees.filter((e) => e.situation === "active").length);
    expect(active).toHaveLength(40);
    expect(new Set(active.map((e) => e.employee_id)).size).toBe(40);
    expect(active[0]!.email).toBe("p1@example.com");
    expect(active[1]!.email).toBeUndefined(); // null read as absent
    expect(env.server.seen.map((s) => s.query)).toEqual([
      { page: "1", limit: "1000", situation: "active" },
      { page: "2", limit: "1000", situation: "active" },
      { page: "3", limit: "1000", situation: "active" },
    ]);
  });

  it("products: a page shorter than the smallest documented limit (10) ends the list", async () => {
    const env = await divergent();
    const products = await collectAll(env.api.products.list(), { max: 100 });
    expect(products).toHaveLength(23);
    expect(env.take()).toEqual(["GET /products 200", "GET /products 200"]);
  });

  it("a limit the caller chose below 10 ends on a page shorter than it", async () => {
    const env = await divergent();
    const pages: number[] = [];
    for await (const p of env.api.products.list({ limit: 5 }).pages()) pages.push(p.data.length);
    expect(pages).toEqual([5, 5, 5, 5, 3]);
  });

  it("transactions named by transaction_id only: `id` holds it", async () => {
    const env = await divergent();
    await env.api.deposits.create({ amount: 100, method: "PIX", name: "F", document: "11222333000181" });
    const [t] = await collectAll(env.api.transactions.list({ type: "DEPOSIT" }), { max: 10 });
    expect(t!.id).toBe(t!.transaction_id);
    expect(t!.distribution_id).toBeUndefined();
    expect(env.server.seen.at(-1)!.query).toEqual({ page: "1", limit: "1000", type: "DEPOSIT" });
  });

  it("distribution items: 45 items over capped pages, the page's `state` read as status", async () => {
    const env = await divergent();
    const d = await env.api.distributions.create({ type: "selected" });
    await env.api.distributions.addItems(
      d.distribution_id,
      env.server.state.employees.map((e) => e.employee_id),
    );
    const items = await collectAll(env.api.distributions.listItems(d.distribution_id), { max: 100 });
    expect(items).toHaveLength(45);
    const first = await env.api.distributions.listItemsPage(d.distribution_id);
    expect(first).toMatchObject({ status: "draft", total_employees: 45 });
  });
});

describe("lists the document does not show as paged", () => {
  it("benefits as a bare array: one request, every benefit", async () => {
    const env = await divergent();
    await env.api.benefits.create({ name: "Extra", items: [] });
    env.take();
    const all = await collectAll(env.api.benefits.list(), { max: 10 });
    expect(all.map((b) => b.id)).toEqual(["ben-0", expect.stringMatching(/^ben-/)]);
    expect(all[0]!.description).toBeUndefined();
    expect(env.take()).toEqual(["GET /benefits 200"]);
    expect((await env.api.benefits.listPage()).data).toHaveLength(2);
  });

  it("situations as a bare array with null labels", async () => {
    const env = await divergent();
    expect(await env.api.employees.situations()).toEqual([{ value: "active" }, { value: "inactive" }]);
  });
});
