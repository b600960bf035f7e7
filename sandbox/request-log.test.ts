/* eslint-disable @typescript-eslint/no-unsafe-member-access -- response bodies are inspected loosely; contract.test.ts checks their types through the client */
import { API_PREFIX, ROUTE_PATTERNS } from "../src/api/routes";
import { MemoryRequestLog, type ServedRequest, safePath } from "./request-log";
import {
  TOKEN_A,
  TOKEN_B,
  type Harness,
  depositBody,
  harness,
  lookups,
  startTestSandbox,
} from "./test-harness";

const entry = (over: Partial<Omit<ServedRequest, "seq">> = {}): Omit<ServedRequest, "seq"> => ({
  method: "GET",
  route: ROUTE_PATTERNS.balances,
  operation: "getBalance",
  path: `${API_PREFIX}/balances`,
  status: 200,
  company: "acme",
  ...over,
});

describe("request log over HTTP", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness();
  });
  afterEach(() => h.close());

  it("records method, route pattern, operation, path, status and company, in the order served", async () => {
    const dist = await h.call("POST", "/distributions", { body: { type: "selected" } });
    const id = dist.body.distribution_id as string;
    await h.call("GET", `/distributions/${id}/items?page=1&limit=10`);
    await h.call("GET", "/balances", { token: TOKEN_B });

    expect(h.app.sandbox.requests.list()).toEqual([
      {
        seq: 1,
        method: "POST",
        route: ROUTE_PATTERNS.distributions,
        operation: "createDistribution",
        path: `${API_PREFIX}/distributions`,
        status: 201,
        company: "acme",
      },
      {
        seq: 2,
        method: "GET",
        route: ROUTE_PATTERNS.items,
        operation: "listDistributionItems",
        path: `${API_PREFIX}/distributions/${id}/items`,
        status: 200,
        company: "acme",
      },
      {
        seq: 3,
        method: "GET",
        route: ROUTE_PATTERNS.balances,
        operation: "getBalance",
        path: `${API_PREFIX}/balances`,
        status: 200,
        company: "beta",
      },
    ]);
  });

  it("records a refused token with no company and an unknown route with no route", async () => {
    await h.call("GET", "/balances", { token: "not-a-token" });
    await h.call("GET", "/nothing-here");
    expect(h.app.sandbox.requests.list()).toEqual([
      expect.objectContaining({ route: ROUTE_PATTERNS.balances, status: 401, company: null }),
      expect.objectContaining({
        route: null,
        operation: null,
        path: `${API_PREFIX}/nothing-here`,
        status: 404,
      }),
    ]);
  });

  it("has the entry as soon as the caller has its answer", async () => {
    for (let i = 1; i <= 20; i++) {
      await h.call("GET", "/balances");
      expect(h.app.sandbox.requests.count()).toBe(i);
    }
  });

  it("counts by operation, method, company and status", async () => {
    const { active, product } = await lookups(h);
    h.app.sandbox.requests.reset();
    const id = (await h.call("POST", "/distributions", { body: { type: "selected" } })).body
      .distribution_id as string;
    await h.call("POST", `/distributions/${id}/items`, { body: { employee_ids: active.slice(0, 3) } });
    for (const e of active.slice(0, 2)) {
      await h.call("PUT", `/distributions/${id}/items/${e}/value`, {
        body: { product_id: product("REF"), value: 100 },
      });
    }
    await h.call("GET", `/distributions/${id}`, { token: TOKEN_B });

    const log = h.app.sandbox.requests;
    expect(log.count()).toBe(5);
    expect(log.count({ operation: "setEmployeeValue" })).toBe(2);
    expect(log.count({ method: "PUT" })).toBe(2);
    expect(log.count({ operation: /^(add|set)/ })).toBe(3);
    expect(log.count({ route: ROUTE_PATTERNS.distribution, status: 403, company: "beta" })).toBe(1);
    expect(log.count({ company: "acme" })).toBe(4);
  });

  it("shows an injected `after` fault as the 500 the caller got", async () => {
    const f = await harness({ faults: { rate: 1, kinds: ["after"], seed: 1 } });
    try {
      const r = await f.call("POST", "/deposits", { body: depositBody(1000) });
      expect(r.status).toBe(500);
      expect(f.app.sandbox.requests.list()).toEqual([
        expect.objectContaining({ operation: "createDeposit", status: 500 }),
      ]);
    } finally {
      await f.close();
    }
  });

  it("forgets everything on reset, and keeps numbering", async () => {
    await h.call("GET", "/balances");
    await h.call("GET", "/balances");
    h.app.sandbox.requests.reset();
    expect(h.app.sandbox.requests.list()).toEqual([]);
    await h.call("GET", "/products");
    expect(h.app.sandbox.requests.list()).toEqual([
      expect.objectContaining({ seq: 3, operation: "listProducts" }),
    ]);
  });

  it("is the same log on RunningSandbox and on the server handle", async () => {
    const { sb } = await startTestSandbox();
    try {
      await fetch(`${sb.url}${API_PREFIX}/balances`, { headers: { authorization: `Bearer ${TOKEN_A}` } });
      expect(sb.requests).toBe(sb.server.sandbox.requests);
      expect(sb.requests.count({ operation: "getBalance" })).toBe(1);
    } finally {
      await sb.close();
    }
  });

  it("holds no token, no query string and no CPF", async () => {
    const { employees } = await lookups(h);
    const cpf = (employees[0] as unknown as { cpf: string }).cpf;
    await h.call("GET", "/employees?situation=active&limit=5&email=ana@example.com");
    await h.call("GET", "/balances", { token: "wrong-token-123" });
    await h.call("GET", `/distributions/dst_x/items/${cpf}/value`);
    const dump = JSON.stringify(h.app.sandbox.requests.list());
    expect(dump).not.toContain(TOKEN_A);
    expect(dump).not.toContain("wrong-token-123");
    expect(dump).not.toContain("situation=");
    expect(dump).not.toContain("ana@example.com");
    expect(dump).not.toContain(cpf);
  });
});

describe("request log bounds", () => {
  it("keeps the last `limit` entries and says how many it dropped", () => {
    const log = new MemoryRequestLog(3);
    for (let i = 0; i < 5; i++) log.record(entry({ status: 200 + i }));
    expect(log.list().map((e) => [e.seq, e.status])).toEqual([
      [3, 202],
      [4, 203],
      [5, 204],
    ]);
    expect(log.dropped).toBe(2);
  });

  it("refuses to count once entries were dropped, and counts again after a reset", () => {
    const log = new MemoryRequestLog(2);
    for (let i = 0; i < 3; i++) log.record(entry());
    expect(() => log.count()).toThrow(/dropped 1 entries/);
    log.reset();
    log.record(entry());
    expect(log.count()).toBe(1);
    expect(log.dropped).toBe(0);
  });

  it("stays bounded over many entries", () => {
    const log = new MemoryRequestLog(10);
    for (let i = 0; i < 1000; i++) log.record(entry({ status: i }));
    expect(log.list().map((e) => e.status)).toEqual(Array.from({ length: 10 }, (_, i) => 990 + i));
  });

  it("records nothing with limit 0", () => {
    const log = new MemoryRequestLog(0);
    log.record(entry());
    expect(log.list()).toEqual([]);
    expect(log.dropped).toBe(1);
  });

  it("refuses a limit that is not a whole number", () => {
    expect(() => new MemoryRequestLog(-1)).toThrow(RangeError);
    expect(() => new MemoryRequestLog(1.5)).toThrow(RangeError);
  });
});

describe("safePath", () => {
  it.each([
    ["/api/v1/valepix/balances?limit=10", "/api/v1/valepix/balances"],
    ["/a/52998224725/value", "/a/[document]/value"],
    ["/a/529.982.247-25/value", "/a/[document]/value"],
    ["/a/11.222.333%2F0001-81", "/a/[document]"],
    ["/a/ana%40example.com", "/a/[email]"],
    ["/a/%2B55%20(11)%2098765-4321", "/a/[phone]"],
    ["/a/(11)98765-4321/x", "/a/[phone]/x"],
    ["/a/1198765432", "/a/[phone]"],
    ["/a/12345", "/a/12345"],
    ["/a/3f1c6d0e-0000-4000-8000-000000000000", "/a/3f1c6d0e-0000-4000-8000-000000000000"],
    ["/a/dst_0123456789abcdef", "/a/dst_0123456789abcdef"],
    ["/a/%E0%A4%A", "/a/%E0%A4%A"],
  ])("%s -> %s", (url, want) => {
    expect(safePath(url)).toBe(want);
  });
});
