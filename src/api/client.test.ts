import { createClient } from "./client";
import {
  APIConnectionTimeoutError,
  APIUserAbortError,
  AuthenticationError,
  ResponseValidationError,
} from "./errors";
import { collectAll } from "./pagination";
import { EMPLOYEE_BATCH_FIELD, MAX_EMPLOYEE_IDS_PER_CALL } from "./schemas";
import { type FakeFetch, page, type RecordedRequest } from "./testing/fake-fetch";
import {
  benefit,
  deposit,
  distribution,
  employee,
  item,
  P,
  product,
  setup,
  TOKEN,
  totals,
  transaction,
} from "./testing/fixtures";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * The headers of a JSON call of the document ("Endpoints": "JSON calls send `Authorization`,
 * `Accept: application/json` and `Content-Type: application/json`"), with or without a body.
 */
function expectJsonHeaders(req: RecordedRequest, _withBody: boolean) {
  expect(req.headers.authorization).toBe(`Bearer ${TOKEN}`);
  expect(req.headers.accept).toBe("application/json");
  expect(req.headers["content-type"]).toBe("application/json");
}

function only(fake: FakeFetch): RecordedRequest {
  expect(fake.calls).toHaveLength(1);
  return fake.calls[0]!;
}

describe("createClient", () => {
  it("normalizes the base URL and refuses plain http outside loopback", () => {
    expect(createClient({ baseUrl: "https://api.example.com/base/", token: "x" }).baseUrl).toBe(
      "https://api.example.com/base",
    );
    expect(() => createClient({ baseUrl: "http://api.example.com", token: "x" })).toThrow(
      /Refusing plain http/,
    );
    expect(() => createClient({ baseUrl: "https://x.com", timeoutMs: 0 })).toThrow(RangeError);
    expect(() => createClient({ baseUrl: "https://x.com", retry: { maxRetries: -1 } })).toThrow(RangeError);
  });

  it("keeps a base path prefix in front of the API paths", async () => {
    const { fake, client } = setup({ baseUrl: "https://gw.example.com/valepix-prod/" });
    fake.reply({ json: { available_amount: 1 } });
    await client.balances.get();
    expect(only(fake).url.href).toBe(`https://gw.example.com/valepix-prod${P}/balances`);
  });
});

describe("employees", () => {
  it("listPage sends page, limit and situation and validates the page", async () => {
    const { fake, client } = setup();
    fake.reply({ json: page([employee("e1"), employee("e2")], { page: 2, limit: 10, total: 12 }) });
    const res = await client.employees.listPage({ situation: "active", limit: 10, page: 2 });
    const req = only(fake);
    expect(req.method).toBe("GET");
    expect(req.path).toBe(`${P}/employees`);
    expect(req.query).toEqual({ page: "2", limit: "10", situation: "active" });
    expectJsonHeaders(req, false);
    expect(res.data.map((e) => e.employee_id)).toEqual(["e1", "e2"]);
    expect(res.total).toBe(12);
  });

  it("listPage without a query sends no page parameters (the server's defaults apply)", async () => {
    const { fake, client } = setup();
    fake.reply({ json: page([]) });
    await client.employees.listPage();
    expect(only(fake).query).toEqual({});
  });

  it("list iterates all pages with limit 100, keeping the situation filter", async () => {
    const { fake, client } = setup();
    const first = Array.from({ length: 100 }, (_, i) => employee(`e${i}`));
    fake.reply({ json: page(first) }, { json: page([employee("last")]) });
    const all = await collectAll(client.employees.list({ situation: "active" }), { max: 1000 });
    expect(all).toHaveLength(101);
    expect(fake.calls.map((c) => c.query)).toEqual([
      { page: "1", limit: "100", situation: "active" },
      { page: "2", limit: "100", situation: "active" },
    ]);
  });

  it("create POSTs the JSON body and answers the created employee", async () => {
    const { fake, client } = setup();
    fake.reply({ status: 201, json: employee("e9", { cpf: "12345678909" }) });
    const body = { name: "Ana", cpf: "12345678909", email: "ana@example.com" };
    const res = await client.employees.create(body);
    const req = only(fake);
    expect(req.method).toBe("POST");
    expect(req.path).toBe(`${P}/employees`);
    expectJsonHeaders(req, true);
    expect(req.json).toEqual(body);
    expect(res.employee_id).toBe("e9");
  });

  it("situations answers the entries (from { data } or a bare array)", async () => {
    const { fake, client } = setup();
    fake.reply({ json: { data: [{ value: "active" }, { value: "inactive", label: "Inativo" }] } });
    fake.reply({ json: [{ value: "active" }] });
    expect(await client.employees.situations()).toEqual([
      { value: "active" },
      { value: "inactive", label: "Inativo" },
    ]);
    expect(await client.employees.situations()).toEqual([{ value: "active" }]);
    expect(fake.calls[0]!.path).toBe(`${P}/employees/situations`);
    expectJsonHeaders(fake.calls[0]!, false);
  });

  it("uploadBatch sends multipart with the file field, Authorization and Accept only (rule 5)", async () => {
    const { fake, client } = setup();
    fake.reply({ json: { created: 2, errors: [{ line: 3, message: "bad cpf" }] } });
    const csv = "name,cpf,email\nAna,12345678909,\nBia,98765432100,\n";
    const res = await client.employees.uploadBatch(new Blob([csv], { type: "text/csv" }), "people.csv");
    const req = only(fake);
    expect(req.method).toBe("POST");
    expect(req.path).toBe(`${P}/employees/batch`);
    expect(Object.keys(req.headers).sort()).toEqual(["accept", "authorization"]);
    expect(req.form).toBeInstanceOf(FormData);
    const file = req.form!.get(EMPLOYEE_BATCH_FIELD);
    expect(file).toBeInstanceOf(Blob);
    expect((file as File).name).toBe("people.csv");
    expect(await (file as Blob).text()).toBe(csv);
    expect(res).toEqual({ created: 2, errors: [{ line: 3, message: "bad cpf" }] });
  });
});

describe("products and benefits", () => {
  it("products.listPage and list", async () => {
    const { fake, client } = setup();
    fake.reply({ json: page([product("p1")], { total: 1 }) }, { json: page([product("p1"), product("p2")]) });
    const one = await client.products.listPage({ limit: 20, page: 1 });
    expect(one.data).toEqual([product("p1")]);
    expect(fake.calls[0]!.query).toEqual({ page: "1", limit: "20" });
    const all = await collectAll(client.products.list(), { max: 10 });
    expect(all.map((p) => p.id)).toEqual(["p1", "p2"]);
    expect(fake.calls[1]!.path).toBe(`${P}/products`);
    expect(fake.calls[1]!.query).toEqual({ page: "1", limit: "100" });
  });

  it("benefits.create POSTs the body and answers benefit_id", async () => {
    const { fake, client } = setup();
    fake.reply({ status: 201, json: { benefit_id: "b7", id: "b7", name: "VR" } });
    const body = { name: "VR", items: [{ product_id: "p1", monthly_amount: 50_000 }] };
    const res = await client.benefits.create(body);
    const req = only(fake);
    expect([req.method, req.path]).toEqual(["POST", `${P}/benefits`]);
    expectJsonHeaders(req, true);
    expect(req.json).toEqual(body);
    expect(res.benefit_id).toBe("b7");
  });

  it("benefits.create needs nothing but benefit_id back (the document promises only that)", async () => {
    const { fake, client } = setup();
    fake.reply({ status: 201, json: { benefit_id: "b8" } });
    expect(await client.benefits.create({ name: "VA", items: [] })).toEqual({ benefit_id: "b8" });
  });

  it("benefits.list, listPage and update (PUT, encoded id)", async () => {
    const { fake, client } = setup();
    fake.reply(
      { json: page([benefit("b1")]) },
      { json: page([benefit("b2")], { page: 3, limit: 10 }) },
      { json: benefit("b/1") },
    );
    expect((await collectAll(client.benefits.list(), { max: 5 })).map((b) => b.id)).toEqual(["b1"]);
    expect((await client.benefits.listPage({ page: 3, limit: 10 })).data[0]!.id).toBe("b2");
    expect(fake.calls[1]!.query).toEqual({ page: "3", limit: "10" });
    const body = { name: "VR", description: "d", items: [{ product_id: "p1", monthly_amount: 1 }] };
    const updated = await client.benefits.update("b/1", body);
    const put = fake.calls[2]!;
    expect([put.method, put.path]).toEqual(["PUT", `${P}/benefits/b%2F1`]);
    expectJsonHeaders(put, true);
    expect(put.json).toEqual(body);
    expect(updated.id).toBe("b/1");
  });
});

describe("deposits, balances, transactions", () => {
  it("create generates a UUID transaction_id when absent", async () => {
    const { fake, client } = setup();
    fake.reply((req) => ({
      status: 201,
      json: deposit((req.json as { transaction_id: string }).transaction_id),
    }));
    const body = { amount: 150_000, method: "PIX" as const, name: "ACME", document: "12345678000195" };
    const res = await client.deposits.create(body);
    const req = only(fake);
    expect([req.method, req.path]).toEqual(["POST", `${P}/deposits`]);
    expectJsonHeaders(req, true);
    const sent = req.json as Record<string, unknown>;
    expect(sent).toEqual({ ...body, transaction_id: sent.transaction_id });
    expect(sent.transaction_id).toMatch(UUID_V4);
    expect(res.transaction_id).toBe(sent.transaction_id);
  });

  it("create keeps a caller's transaction_id, and two calls get different generated ids", async () => {
    const { fake, client } = setup();
    fake.route("POST", `${P}/deposits`, (req) => ({
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
      ["GET", `${P}/deposits/t%201`],
      ["POST", `${P}/deposits/t%201/cancel`],
    ]);
    expectJsonHeaders(fake.calls[1]!, false);
    expect(fake.calls[1]!.bodyText).toBeUndefined();
  });

  it("balances.get", async () => {
    const { fake, client } = setup();
    fake.reply({ json: { available_amount: 987_654, currency: "BRL" } });
    expect(await client.balances.get()).toEqual({ available_amount: 987_654, currency: "BRL" });
    expect([only(fake).method, only(fake).path]).toEqual(["GET", `${P}/balances`]);
  });

  it("transactions.list and listPage send the type filter", async () => {
    const { fake, client } = setup();
    fake.reply({ json: page([transaction("x1")], { total: 1 }) }, { json: page([transaction("x2")]) });
    expect(
      (await collectAll(client.transactions.list({ type: "DEPOSIT" }), { max: 5 })).map((t) => t.id),
    ).toEqual(["x1"]);
    await client.transactions.listPage({ type: "DISTRIBUTION", limit: 10 });
    expect(fake.calls.map((c) => [c.path, c.query])).toEqual([
      [`${P}/transactions`, { page: "1", limit: "100", type: "DEPOSIT" }],
      [`${P}/transactions`, { limit: "10", type: "DISTRIBUTION" }],
    ]);
  });
});

describe("distributions", () => {
  it("create and get", async () => {
    const { fake, client } = setup();
    fake.reply({ status: 201, json: distribution("d1") }, { json: distribution("d1", "processing") });
    const body = { type: "group" as const, benefit_convention_ids: ["b1"] };
    expect((await client.distributions.create(body)).distribution_id).toBe("d1");
    expect((await client.distributions.get("d1")).status).toBe("processing");
    expect(fake.calls.map((c) => [c.method, c.path])).toEqual([
      ["POST", `${P}/distributions`],
      ["GET", `${P}/distributions/d1`],
    ]);
    expect(fake.calls[0]!.json).toEqual(body);
    expectJsonHeaders(fake.calls[0]!, true);
  });

  it("addItems chunks by MAX_EMPLOYEE_IDS_PER_CALL, drops duplicates and answers the last totals", async () => {
    const { fake, client } = setup();
    let count = 0;
    fake.route("POST", `${P}/distributions/d1/items`, (req) => {
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
      `${P}/distributions/d1/items/remove`,
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
      ["PUT", `${P}/distributions/d1/items/value`, { product_id: "p1", value: 10_000 }],
      ["PUT", `${P}/distributions/d1/items/e%2F2/value`, { product_id: "p1", value: 15_000 }],
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
      [`${P}/distributions/d1/items`, { page: "1", limit: "10" }],
      [`${P}/distributions/d1/items`, { page: "1", limit: "100" }],
    ]);
  });

  it("finalize POSTs the body and answers the lot", async () => {
    const { fake, client } = setup();
    const result = { distribution_id: "d1", status: "processing", lot: { lot_id: "l1", status: "PENDING" } };
    fake.reply({ json: result });
    const body = { payment_method: "BALANCE" as const, description: "Março", scheduled_for: null };
    expect(await client.distributions.finalize("d1", body)).toEqual(result);
    const req = only(fake);
    expect([req.method, req.path, req.json]).toEqual(["POST", `${P}/distributions/d1/finalize`, body]);
    expectJsonHeaders(req, true);
  });
});

describe("validation of 2xx bodies", () => {
  it("a body that misses a required field is a ResponseValidationError naming the field, not retried", async () => {
    const { fake, client } = setup();
    fake.reply({ json: { transaction_id: "t1" } });
    const err = await client.deposits.get("t1").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseValidationError);
    const v = err as ResponseValidationError;
    expect(v.issues.map((i) => i.path)).toContain("status");
    expect(v.message).toMatch(/GET \/api\/v1\/valepix\/deposits\/t1 answered HTTP 200.*status/);
    expect(fake.calls).toHaveLength(1);
  });

  it("money that is not integer cents is refused", async () => {
    const { fake, client } = setup();
    fake.reply({ json: { available_amount: 12.5 } });
    await expect(client.balances.get()).rejects.toBeInstanceOf(ResponseValidationError);
  });

  it("a 2xx that is not JSON, or empty, is a ResponseValidationError", async () => {
    const { fake, client } = setup();
    fake.reply({ text: "<html>proxy login</html>" }, { text: "" });
    await expect(client.balances.get()).rejects.toThrow(/not JSON/);
    await expect(client.balances.get()).rejects.toThrow(/empty body/);
  });

  it("unknown fields are tolerated", async () => {
    const { fake, client } = setup();
    fake.reply({ json: { available_amount: 5, blocked_amount: 3, extra: { a: 1 } } });
    expect(await client.balances.get()).toEqual({ available_amount: 5 });
  });
});

describe("token", () => {
  it("getToken is awaited before every attempt (a refreshed token is used on the retry)", async () => {
    const tokens = ["tok_first_aaaaaaaa", "tok_second_bbbbbbb"];
    const getToken = jest.fn(async () => {
      await Promise.resolve();
      return tokens.shift() ?? "tok_none";
    });
    const { fake, client } = setup({ token: undefined, getToken });
    fake.reply({ status: 503 }, { json: { available_amount: 1 } });
    await client.balances.get();
    expect(fake.calls.map((c) => c.headers.authorization)).toEqual([
      "Bearer tok_first_aaaaaaaa",
      "Bearer tok_second_bbbbbbb",
    ]);
    expect(getToken).toHaveBeenCalledTimes(2);
  });

  it("getToken wins over token, and a pasted token is trimmed", async () => {
    const { fake, client } = setup({ token: "ignored_token", getToken: () => "  pasted_token_123\n" });
    fake.reply({ json: { available_amount: 1 } });
    await client.balances.get();
    expect(only(fake).headers.authorization).toBe("Bearer pasted_token_123");
  });

  it("without a token no Authorization header is sent, and the 401 is an AuthenticationError", async () => {
    const { fake, client } = setup({ token: undefined });
    fake.reply({ status: 401, json: { error: { code: "unauthorized", message: "missing token" } } });
    const err = await client.balances.get().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AuthenticationError);
    expect(only(fake).headers.authorization).toBeUndefined();
  });

  it("a token with a line break is refused before sending, without quoting it", async () => {
    const { fake, client } = setup({ token: "abc_secret\nX-Evil: 1" });
    const err = await client.balances.get().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TypeError);
    expect((err as Error).message).not.toContain("abc_secret");
    expect(fake.calls).toHaveLength(0);
  });
});

describe("hooks", () => {
  it("onRequest and onResponse see method, url, attempt, status and duration, never headers", async () => {
    const seen: unknown[] = [];
    const { fake, client, clock } = setup({
      onRequest: (i) => seen.push(["req", i]),
      onResponse: (i) => seen.push(["res", i]),
    });
    fake.reply(
      () => {
        clock.advance(42);
        return { status: 500 };
      },
      { json: { available_amount: 1 } },
    );
    await client.balances.get();
    const url = `https://api.example.com${P}/balances`;
    expect(seen).toEqual([
      ["req", { method: "GET", url, attempt: 1 }],
      ["res", { method: "GET", url, status: 500, attempt: 1, durationMs: 42 }],
      ["req", { method: "GET", url, attempt: 2 }],
      ["res", { method: "GET", url, status: 200, attempt: 2, durationMs: 0 }],
    ]);
    expect(JSON.stringify(seen)).not.toContain(TOKEN);
  });

  it("a throwing hook does not fail the call", async () => {
    const { fake, client } = setup({
      onRequest: () => {
        throw new Error("logger down");
      },
    });
    fake.reply({ json: { available_amount: 1 } });
    await expect(client.balances.get()).resolves.toEqual({ available_amount: 1 });
  });
});

describe("timeouts and aborts", () => {
  it("a call that outlives timeoutMs is an APIConnectionTimeoutError (GET retried, then thrown)", async () => {
    const { fake, client } = setup({ timeoutMs: 15, retry: { maxRetries: 1 } });
    fake.reply({ hang: true }, { hang: true });
    const err = await client.balances.get().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(APIConnectionTimeoutError);
    expect((err as Error).message).toMatch(
      /GET \/api\/v1\/valepix\/balances failed: no complete response within 15 ms/,
    );
    expect(fake.calls).toHaveLength(2);
    expect(fake.calls[0]!.signal!.aborted).toBe(true);
  });

  it("the timeout also covers a fetch that ignores its signal", async () => {
    const neverSettles: typeof fetch = () => new Promise<Response>(() => {});
    const client = createClient({
      baseUrl: "https://x.example.com",
      token: "t",
      fetch: neverSettles,
      timeoutMs: 10,
      retry: { maxRetries: 0 },
    });
    await expect(client.balances.get()).rejects.toBeInstanceOf(APIConnectionTimeoutError);
  });

  it("an abort during the request rejects promptly with APIUserAbortError and is not retried", async () => {
    const { fake, client } = setup();
    fake.reply({ hang: true });
    const ac = new AbortController();
    const p = client.balances.get({ signal: ac.signal });
    await Promise.resolve();
    setTimeout(() => ac.abort(), 5);
    const err = await p.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(APIUserAbortError);
    expect((err as APIUserAbortError).retryable).toBe(false);
    expect(fake.calls).toHaveLength(1);
  });

  it("an already aborted signal sends nothing", async () => {
    const { fake, client } = setup();
    const ac = new AbortController();
    ac.abort();
    await expect(
      client.distributions.finalize("d1", { payment_method: "PIX" }, { signal: ac.signal }),
    ).rejects.toBeInstanceOf(APIUserAbortError);
    expect(fake.calls).toHaveLength(0);
  });

  it("an abort during the backoff wait ends the call without another attempt", async () => {
    const ac = new AbortController();
    const { fake, client } = setup({
      sleep: (_ms, signal) =>
        new Promise((_, reject) => {
          signal?.addEventListener("abort", () => reject(new Error("slept through abort")));
          ac.abort();
        }),
    });
    fake.reply({ status: 503 });
    await expect(client.balances.get({ signal: ac.signal })).rejects.toBeInstanceOf(APIUserAbortError);
    expect(fake.calls).toHaveLength(1);
  });

  it("an abort is prompt even when the injected sleep ignores the signal", async () => {
    const ac = new AbortController();
    const { fake, client } = setup({ sleep: () => new Promise<void>(() => {}) });
    fake.reply({ status: 503 });
    const p = client.balances.get({ signal: ac.signal });
    setTimeout(() => ac.abort(), 5);
    await expect(p).rejects.toBeInstanceOf(APIUserAbortError);
    expect(fake.calls).toHaveLength(1);
  });
});
