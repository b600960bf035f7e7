/**
 * A draft's items and values (./distribution-items.ts), and the read of the draft before
 * repeating a mutation after an ambiguous failure (document, "Endpoints" rule 4).
 */
import { InternalServerError } from "../errors";
import { collectAll } from "../collect-all";
import { MAX_EMPLOYEE_IDS_PER_CALL } from "../schemas";
import { page } from "../testing/fake-fetch";
import { distribution, item, API_PATH, setup, totals } from "../testing/fixtures";
import { draftPages, expectJsonHeaders, only, sentIds } from "../testing/requests";

describe("distribution items", () => {
  it("addItems chunks by MAX_EMPLOYEE_IDS_PER_CALL, drops duplicates and answers the last totals", async () => {
    const { fake, client } = setup();
    let count = 0;
    fake.route("POST", `${API_PATH}/distributions/d1/items`, (req) => {
      count += (req.json as { employee_ids: string[] }).employee_ids.length;
      return { json: totals("d1", count, 0) };
    });
    const ids = Array.from({ length: 2 * MAX_EMPLOYEE_IDS_PER_CALL + 7 }, (_, i) => `e${i}`);
    const res = await client.distributions.addItems("d1", [...ids, "e0", "e1"]);
    const sizes = fake.calls.map((c) => (c.json as { employee_ids: string[] }).employee_ids.length);
    expect(sizes).toEqual([MAX_EMPLOYEE_IDS_PER_CALL, MAX_EMPLOYEE_IDS_PER_CALL, 7]);
    expect(fake.calls.flatMap((c) => (c.json as { employee_ids: string[] }).employee_ids)).toEqual(ids);
    expect(res).toEqual(totals("d1", ids.length, 0));
    expectJsonHeaders(fake.calls[0]!, true);
  });

  it("addItems with no ids reads the current totals instead of sending an empty call", async () => {
    const { fake, client } = setup();
    fake.reply({ json: distribution("d1") });
    expect(await client.distributions.addItems("d1", [])).toEqual(totals("d1", 2, 5_000));
    expect(only(fake).method).toBe("GET");
  });

  it("removeItems POSTs to items/remove", async () => {
    const { fake, client } = setup();
    fake.reply({ json: totals("d1", 1, 0) });
    await client.distributions.removeItems("d1", ["e1", "e2"]);
    const req = only(fake);
    expect([req.method, req.path, req.json]).toEqual([
      "POST",
      `${API_PATH}/distributions/d1/items/remove`,
      { employee_ids: ["e1", "e2"] },
    ]);
  });

  it("setValueForAll and setEmployeeValue PUT { product_id, value }", async () => {
    const { fake, client } = setup();
    fake.reply({ json: totals("d1", 2, 20_000) }, { json: totals("d1", 2, 25_000) });
    expect(await client.distributions.setValueForAll("d1", { product_id: "p1", value: 10_000 })).toEqual(
      totals("d1", 2, 20_000),
    );
    await client.distributions.setEmployeeValue("d1", "e/2", { product_id: "p1", value: 15_000 });
    expect(fake.calls.map((c) => [c.method, c.path, c.json])).toEqual([
      ["PUT", `${API_PATH}/distributions/d1/items/value`, { product_id: "p1", value: 10_000 }],
      ["PUT", `${API_PATH}/distributions/d1/items/e%2F2/value`, { product_id: "p1", value: 15_000 }],
    ]);
    expectJsonHeaders(fake.calls[1]!, true);
  });

  it("listItemsPage answers items and totals; listItems iterates", async () => {
    const { fake, client } = setup();
    fake.reply(
      {
        json: {
          ...page([item("e1", 100)], { page: 1, limit: 10, total: 1 }),
          status: "draft",
          total_employees: 1,
          total_amount: 100,
        },
      },
      { json: page([item("e1"), item("e2")], { total: 2 }) },
    );
    const p = await client.distributions.listItemsPage("d1", { page: 1, limit: 10 });
    expect(p.total_amount).toBe(100);
    expect(p.data[0]!.values).toEqual([{ product_id: "p1", value: 100 }]);
    const all = await collectAll(client.distributions.listItems("d1"), { max: 10 });
    expect(all.map((i) => i.employee_id)).toEqual(["e1", "e2"]);
    expect(fake.calls.map((c) => [c.path, c.query])).toEqual([
      [`${API_PATH}/distributions/d1/items`, { page: "1", limit: "10" }],
      [`${API_PATH}/distributions/d1/items`, { page: "1", limit: "1000" }],
    ]);
  });
});

describe("distribution items: read the draft before repeating (rule 4)", () => {
  it("addItems after a 504 re-sends only the employee_ids still missing (draft read across pages)", async () => {
    const { fake, client } = setup();
    const ids = Array.from({ length: 150 }, (_, i) => `e${i}`);
    // The first POST was applied for e0..e119 before the gateway gave up.
    const applied = ids.slice(0, 120);
    const itemsPage = (n: number) =>
      applied.slice((n - 1) * 100, n * 100).map((id) => ({ employee_id: id, values: [] }));
    fake.reply(
      { status: 504 },
      { json: { data: itemsPage(1), page: 1, limit: 100, total: 120 } },
      { json: { data: itemsPage(2), page: 2, limit: 100, total: 120 } },
      { json: totals("d1", 150, 0) },
    );
    const res = await client.distributions.addItems("d1", ids);
    expect(fake.calls.map((c) => `${c.method} ${c.path.replace(API_PATH, "")}`)).toEqual([
      "POST /distributions/d1/items",
      "GET /distributions/d1/items",
      "GET /distributions/d1/items",
      "POST /distributions/d1/items",
    ]);
    expect(fake.calls[1]!.query).toEqual({ page: "1", limit: "1000" });
    expect(fake.calls[2]!.query).toEqual({ page: "2", limit: "1000" });
    expect(sentIds(fake.calls[3]!)).toEqual(ids.slice(120));
    expect(res).toEqual(totals("d1", 150, 0));
  });

  it("addItems: when the read shows everything added, it answers the distribution's totals without re-sending", async () => {
    const { fake, client } = setup();
    fake.reply(
      { networkError: true },
      {
        json: page([
          { employee_id: "e1", values: [] },
          { employee_id: "e2", values: [] },
        ]),
      },
      {
        json: distribution("d1"),
      },
    );
    expect(await client.distributions.addItems("d1", ["e1", "e2"])).toEqual(totals("d1", 2, 5_000));
    expect(fake.calls.map((c) => c.method)).toEqual(["POST", "GET", "GET"]);
    expect(fake.calls[2]!.path).toBe(`${API_PATH}/distributions/d1`);
  });

  it("addItems: a failure in a later chunk re-sends only that chunk's missing ids", async () => {
    const { fake, client } = setup();
    const ids = Array.from({ length: MAX_EMPLOYEE_IDS_PER_CALL + 3 }, (_, i) => `e${i}`);
    const tail = ids.slice(MAX_EMPLOYEE_IDS_PER_CALL);
    fake.reply(
      { json: totals("d1", MAX_EMPLOYEE_IDS_PER_CALL, 0) },
      { status: 500 },
      // the draft (read in pages of 100) shows the first chunk and the first id of the tail
      ...draftPages(ids.slice(0, MAX_EMPLOYEE_IDS_PER_CALL + 1)),
      { json: totals("d1", ids.length, 0) },
    );
    await client.distributions.addItems("d1", ids);
    const posts = fake.calls.filter((c) => c.method === "POST");
    expect(posts.map((c) => sentIds(c).length)).toEqual([MAX_EMPLOYEE_IDS_PER_CALL, 3, 2]);
    expect(sentIds(posts[2]!)).toEqual(tail.slice(1));
  });

  it("removeItems after a 500 re-sends only the ids still present", async () => {
    const { fake, client } = setup();
    fake.reply(
      { status: 500 },
      {
        json: page([
          { employee_id: "e3", values: [] },
          { employee_id: "x", values: [] },
        ]),
      },
      {
        json: totals("d1", 1, 0),
      },
    );
    await client.distributions.removeItems("d1", ["e1", "e2", "e3"]);
    expect(fake.calls.map((c) => c.method)).toEqual(["POST", "GET", "POST"]);
    expect(fake.calls[2]!.path).toBe(`${API_PATH}/distributions/d1/items/remove`);
    expect(sentIds(fake.calls[2]!)).toEqual(["e3"]);
  });

  it("addItems 422 (not a draft) is thrown at once", async () => {
    const { fake, client } = setup();
    fake.reply({
      status: 422,
      json: { error: { code: "not_draft", message: "distribution is processing" } },
    });
    await expect(client.distributions.addItems("d1", ["e1"])).rejects.toThrow(/distribution is processing/);
    expect(fake.calls).toHaveLength(1);
  });

  it("addItems: if the draft cannot be read, the POST's failure is thrown and nothing is re-sent", async () => {
    const { fake, client } = setup({ retry: { maxRetries: 1 } });
    fake.route("POST", `${API_PATH}/distributions/d1/items`, { status: 503 });
    fake.route("GET", `${API_PATH}/distributions/d1/items`, { status: 503 });
    await expect(client.distributions.addItems("d1", ["e1"])).rejects.toBeInstanceOf(InternalServerError);
    expect(fake.calls.filter((c) => c.method === "POST")).toHaveLength(1);
  });

  it("addItems is bounded when the server keeps failing and the ids never show up", async () => {
    const { fake, client } = setup({ retry: { maxRetries: 2 } });
    fake.route("POST", `${API_PATH}/distributions/d1/items`, { status: 500 });
    fake.route("GET", `${API_PATH}/distributions/d1/items`, { json: page([]) });
    await expect(client.distributions.addItems("d1", ["e1"])).rejects.toBeInstanceOf(InternalServerError);
    expect(fake.calls.filter((c) => c.method === "POST")).toHaveLength(3);
  });
});

describe("a Retry-After above the cap is not turned into a short backoff before a read (rule 4)", () => {
  const longWait = { status: 503, headers: { "retry-after": "3600" } };

  it("addItems throws the 503 with retryAfterMs, without sleeping, reading or re-sending", async () => {
    const { fake, client, clock } = setup();
    fake.reply(longWait);
    const err = await client.distributions.addItems("d1", ["e1"]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InternalServerError);
    expect((err as InternalServerError).retryAfterMs).toBe(3_600_000);
    expect(fake.calls).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });

  it("a Retry-After within the cap is still waited before the read", async () => {
    const { fake, client, clock } = setup();
    fake.reply(
      { status: 503, headers: { "retry-after": "5" } },
      { json: page([{ employee_id: "e1", values: [] }]) },
      { json: distribution("d1") },
    );
    await client.distributions.addItems("d1", ["e1"]);
    expect(clock.sleeps).toEqual([5000]);
  });
});
