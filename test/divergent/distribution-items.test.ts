/**
 * Item changes against a server that differs where the document is silent (issue 8 items 2, 3,
 * 4): minimal "Updated totals"; rule 4 for every change, the value PUTs included (read the
 * draft's items, repeat only what is not there); ids that would change the route are refused.
 */
import { AppliedUnreadableError, InvalidIdentifierError } from "../../src/api";
import { caught, divergent, draftWith } from "./env";

const PRODUCT = "prd-1";
/** The item reads of a draft of `n` items served 20 per page (the server's silent cap). */
const itemReads = (id: string, n: number) =>
  Array.from({ length: Math.floor(n / 20) + 1 }, () => `GET /distributions/${id}/items 200`);

describe("add and remove items", () => {
  it("the answer is the totals only (no id, no state): read as such", async () => {
    const env = await divergent();
    const d = await draftWith(env, 0);
    const totals = await env.api.distributions.addItems(d.id, ["emp-001", "emp-002"]);
    expect(totals).toEqual({ total_employees: 2, total_amount: 0 });
  });

  it("a 503 after adding: the items are read (every page) and nothing is sent again", async () => {
    const env = await divergent();
    const d = await draftWith(env, 0);
    const ids = env.server.state.employees
      .filter((e) => e.situation === "active")
      .slice(0, 25)
      .map((e) => e.employee_id);
    env.server.fault({ method: "POST", path: /\/items$/, kind: "after", status: 503 });
    const totals = await env.api.distributions.addItems(d.id, ids);
    expect(totals).toMatchObject({ distribution_id: d.id, status: "draft", total_employees: 25 });
    expect(env.take()).toEqual([
      `POST /distributions/${d.id}/items 503`,
      ...itemReads(d.id, 25),
      `GET /distributions/${d.id} 200`,
    ]);
  });

  it("a 502 before adding: the items are read and the missing ids sent again, once", async () => {
    const env = await divergent();
    const d = await draftWith(env, 1);
    env.server.fault({ method: "POST", path: /\/items$/, kind: "before", status: 502 });
    const totals = await env.api.distributions.addItems(d.id, [...d.employees, "emp-002"]);
    expect(totals.total_employees).toBe(2);
    expect(env.take()).toEqual([
      `POST /distributions/${d.id}/items 502`,
      `GET /distributions/${d.id}/items 200`,
      `POST /distributions/${d.id}/items 200`,
    ]);
    expect(env.server.seen.at(-1)!.body).toEqual({ employee_ids: ["emp-002"] });
  });

  it("a lost connection after removing: the read shows it done, nothing is sent again", async () => {
    const env = await divergent();
    const d = await draftWith(env, 3);
    env.server.fault({ method: "POST", path: /\/items\/remove$/, kind: "drop" });
    const totals = await env.api.distributions.removeItems(d.id, [d.employees[0]!]);
    expect(totals.total_employees).toBe(2);
    expect(env.take()).toEqual([
      `POST /distributions/${d.id}/items/remove dropped`,
      `GET /distributions/${d.id}/items 200`,
      `GET /distributions/${d.id} 200`,
    ]);
  });
});

describe("value PUTs read before repeating (rule 4)", () => {
  it.each([500, 502, 503, 504])(
    "value for all, %i after applying: items read, the PUT is not repeated",
    async (status) => {
      const env = await divergent();
      const d = await draftWith(env, 22);
      env.server.fault({ method: "PUT", path: /\/items\/value$/, kind: "after", status });
      const totals = await env.api.distributions.setValueForAll(d.id, { product_id: PRODUCT, value: 1_500 });
      expect(totals).toMatchObject({ total_employees: 22, total_amount: 33_000 });
      expect(env.take()).toEqual([
        `PUT /distributions/${d.id}/items/value ${status}`,
        ...itemReads(d.id, 22),
        `GET /distributions/${d.id} 200`,
      ]);
    },
  );

  it("value for all, 503 before applying: items read, the PUT sent again once", async () => {
    const env = await divergent();
    const d = await draftWith(env, 2);
    env.server.fault({ method: "PUT", path: /\/items\/value$/, kind: "before", status: 503 });
    const totals = await env.api.distributions.setValueForAll(d.id, { product_id: PRODUCT, value: 1_500 });
    expect(totals).toEqual({ total_employees: 2, total_amount: 3_000 });
    expect(env.take()).toEqual([
      `PUT /distributions/${d.id}/items/value 503`,
      `GET /distributions/${d.id}/items 200`,
      `PUT /distributions/${d.id}/items/value 200`,
    ]);
  });

  it("one employee's value, a lost connection after applying: read, not repeated", async () => {
    const env = await divergent();
    const d = await draftWith(env, 2);
    const e = d.employees[1]!;
    env.server.fault({ method: "PUT", path: /\/items\/[^/]+\/value$/, kind: "drop" });
    const totals = await env.api.distributions.setEmployeeValue(d.id, e, { product_id: PRODUCT, value: 900 });
    expect(totals.total_amount).toBe(900);
    expect(env.take()).toEqual([
      `PUT /distributions/${d.id}/items/${e}/value dropped`,
      `GET /distributions/${d.id}/items 200`,
      `GET /distributions/${d.id} 200`,
    ]);
  });

  it("one employee's value, 500 before applying: read, then the PUT again once", async () => {
    const env = await divergent();
    const d = await draftWith(env, 2);
    const e = d.employees[0]!;
    env.server.fault({ method: "PUT", path: /\/items\/[^/]+\/value$/, kind: "before", status: 500 });
    await env.api.distributions.setEmployeeValue(d.id, e, { product_id: PRODUCT, value: 900 });
    expect(env.take()).toEqual([
      `PUT /distributions/${d.id}/items/${e}/value 500`,
      `GET /distributions/${d.id}/items 200`,
      `PUT /distributions/${d.id}/items/${e}/value 200`,
    ]);
  });

  it("a value PUT answered 2xx with a body that does not fit: applied, answer unreadable, not repeated", async () => {
    const env = await divergent();
    const d = await draftWith(env, 2);
    env.server.fault({
      method: "PUT",
      path: /\/items\/value$/,
      kind: "body",
      body: '{"total_amount":"lots"}',
    });
    const err = await caught(env.api.distributions.setValueForAll(d.id, { product_id: PRODUCT, value: 10 }));
    expect(err).toBeInstanceOf(AppliedUnreadableError);
    expect((err as Error).message).toMatch(/the change was applied, but the answer could not be read/);
    expect(env.take()).toEqual([`PUT /distributions/${d.id}/items/value 200`]);
  });
});

describe("ids cannot change the route (item 4)", () => {
  it.each([".", "..", "", "a\nb", "tab\there", "nul\u0000"])(
    "setEmployeeValue with employee id %j is refused before sending",
    async (bad) => {
      const env = await divergent();
      const d = await draftWith(env, 2);
      const err = await caught(
        env.api.distributions.setEmployeeValue(d.id, bad, { product_id: PRODUCT, value: 7 }),
      );
      expect(err).toBeInstanceOf(InvalidIdentifierError);
      expect((err as Error).message).toContain(`Invalid employee_id ${JSON.stringify(bad)}`);
      expect(env.take()).toEqual([]); // never reached the "value for all" route, nor any other
      expect(env.server.state.distributions.get(d.id)!.items.get(d.employees[0]!)!.values.size).toBe(0);
    },
  );

  it("every id parameter is checked: distribution, deposit, benefit", async () => {
    const env = await divergent();
    for (const p of [
      env.api.distributions.get(".."),
      env.api.distributions.finalize(".", { payment_method: "PIX" }),
      env.api.distributions.addItems("", ["emp-001"]),
      env.api.deposits.get("."),
      env.api.deposits.cancel(".."),
      env.api.benefits.update(".", { name: "x", items: [] }),
    ])
      expect(await caught(p)).toBeInstanceOf(InvalidIdentifierError);
    expect(env.take()).toEqual([]);
  });

  it("an id with a slash or spaces stays inside its segment", async () => {
    const env = await divergent();
    expect((await caught(env.api.distributions.get("a/../b"))) as Error).toMatchObject({ status: 404 });
    expect(env.take()).toEqual(["GET /distributions/a%2F..%2Fb 404"]);
  });
});
