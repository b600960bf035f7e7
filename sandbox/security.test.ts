/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- response bodies are inspected loosely; contract.test.ts checks their types through the client */
/**
 * The sandbox's side of the security suite (issue 14): companies kept apart (403), revoked and
 * unknown tokens refused (401), oversized and malformed bodies (413/400), ids that are not ids
 * and malformed paths (400), each answered with the documented ErrorBody and its request id.
 */
import http from "node:http";
import { API_PREFIX } from "../src/api/routes";
import { ErrorBody } from "../src/api/schemas";
import { TOKEN_A, TOKEN_B, type Harness, depositBody, harness, lookups } from "./test-harness";

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
afterEach(() => h.close());

type Answer = { status: number; body: unknown; headers: Record<string, unknown> };

/** The documented error body, with the request id of the `x-request-id` header. */
function expectError(r: Answer, status: number) {
  expect(r.status).toBe(status);
  const parsed = ErrorBody.parse(r.body);
  expect(parsed.error.request_id).toBe(r.headers["x-request-id"]);
  return parsed.error;
}

/** A request written as is (fetch would normalize `.`/`..` and refuse bad encodings). */
function raw(
  path: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string; localAddress?: string } = {},
) {
  const { port } = new URL(h.url);
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: Number(port),
        path,
        method: opts.method ?? "GET",
        headers: { authorization: `Bearer ${TOKEN_A}`, ...opts.headers },
        ...(opts.localAddress ? { localAddress: opts.localAddress } : {}),
      },
      (res) => {
        let text = "";
        res.on("data", (c: Buffer) => (text += c.toString("utf8")));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown, headers: res.headers }),
        );
      },
    );
    req.on("error", reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

/** A draft of company A with one item, a deposit of A, and A's seeded benefit and employee. */
async function resourcesOfA() {
  const a = await lookups(h, TOKEN_A);
  const dist = (await h.call("POST", "/distributions", { body: { type: "selected" } })).body
    .distribution_id as string;
  await h.call("POST", `/distributions/${dist}/items`, { body: { employee_ids: [a.active[0]] } });
  const txn = (await h.call("POST", "/deposits", { body: depositBody(1000) })).body.transaction_id as string;
  return { dist, txn, employee: a.active[0]!, benefit: a.convention.id, product: a.product("REF") };
}

describe("companies are kept apart: another company's id in a path is 403", () => {
  const cases: [string, (r: Awaited<ReturnType<typeof resourcesOfA>>) => [string, string, unknown?]][] = [
    ["GET deposit", (r) => ["GET", `/deposits/${r.txn}`]],
    ["POST deposit cancel", (r) => ["POST", `/deposits/${r.txn}/cancel`]],
    ["GET distribution", (r) => ["GET", `/distributions/${r.dist}`]],
    ["GET items", (r) => ["GET", `/distributions/${r.dist}/items`]],
    ["POST items", (r) => ["POST", `/distributions/${r.dist}/items`, { employee_ids: ["emp_x"] }]],
    [
      "POST items/remove",
      (r) => ["POST", `/distributions/${r.dist}/items/remove`, { employee_ids: ["emp_x"] }],
    ],
    [
      "PUT items/value",
      (r) => ["PUT", `/distributions/${r.dist}/items/value`, { product_id: "p", value: 1 }],
    ],
    [
      "PUT items/{employee}/value",
      (r) => ["PUT", `/distributions/${r.dist}/items/${r.employee}/value`, { product_id: "p", value: 1 }],
    ],
    ["POST finalize", (r) => ["POST", `/distributions/${r.dist}/finalize`, { payment_method: "BALANCE" }]],
    ["PUT benefit", (r) => ["PUT", `/benefits/${r.benefit}`, { name: "x", items: [] }]],
  ];
  it.each(cases)("%s", async (_name, request) => {
    const [method, path, body] = request(await resourcesOfA());
    const r = await h.call(method as "GET", path, { token: TOKEN_B, ...(body ? { body } : {}) });
    expect(expectError(r, 403).code).toBe("forbidden");
  });

  it("an employee of another company in a value path is 403 too", async () => {
    const b = await lookups(h, TOKEN_B);
    const { dist, product } = await resourcesOfA();
    const r = await h.call("PUT", `/distributions/${dist}/items/${b.active[0]}/value`, {
      body: { product_id: product, value: 1 },
    });
    expect(expectError(r, 403).code).toBe("forbidden");
  });

  it("changes nothing when refused", async () => {
    const { dist } = await resourcesOfA();
    await h.call("POST", `/distributions/${dist}/finalize`, {
      token: TOKEN_B,
      body: { payment_method: "PIX" },
    });
    expect((await h.call("GET", `/distributions/${dist}`)).body.status).toBe("draft");
  });

  it("lists show only the caller's own data", async () => {
    const a = await lookups(h, TOKEN_A);
    const b = await lookups(h, TOKEN_B);
    const ids = new Set(a.employees.map((e) => e.employee_id));
    expect(b.employees.some((e) => ids.has(e.employee_id))).toBe(false);
    await resourcesOfA();
    expect((await h.call("GET", "/transactions", { token: TOKEN_B })).body.total).toBe(0);
  });
});

describe("tokens: revoked and unknown are 401", () => {
  it("an unknown token", async () => {
    const r = await h.call("GET", "/balances", { token: "tok-nobody-0123456789" });
    expect(expectError(r, 401).code).toBe("unauthorized");
    expect(r.headers["www-authenticate"]).toMatch(/^Bearer/);
  });

  it("no Authorization header", async () => {
    expect(expectError(await h.call("GET", "/balances", { token: null }), 401).code).toBe("unauthorized");
  });

  it("a scheme other than Bearer", async () => {
    const r = await h.call("GET", "/balances", {
      token: null,
      headers: { authorization: `Basic ${TOKEN_A}` },
    });
    expectError(r, 401);
  });

  it("a token revoked while the server runs, on a read and on a mutation", async () => {
    expect(h.app.sandbox.revokeToken(TOKEN_A)).toBe(true);
    expectError(await h.call("GET", "/balances"), 401);
    expectError(await h.call("POST", "/distributions", { body: { type: "selected" } }), 401);
    expect(h.app.sandbox.requests.count({ operation: "createDistribution", status: 201 })).toBe(0);
  });

  it("a token registered as revoked", async () => {
    const r = await harness({
      tokens: [{ token: TOKEN_A, company: "acme" }],
      revokedTokens: [{ token: "tok-old-0123456789", company: "acme" }],
    });
    try {
      expectError(await r.call("GET", "/balances", { token: "tok-old-0123456789" }), 401);
    } finally {
      await r.close();
    }
  });

  it("a token past its expiry", async () => {
    const token = h.app.sandbox.issueToken("acme", { expiresAt: h.clock.now() + 1000 });
    expect((await h.call("GET", "/balances", { token })).status).toBe(200);
    h.clock.advance(1000);
    expectError(await h.call("GET", "/balances", { token }), 401);
  });

  it("before the body is read: a bad body with a bad token is a 401, not a 400", async () => {
    expectError(await h.call("POST", "/deposits", { token: "nope-0123456789", raw: "{not json" }), 401);
  });
});

describe("failed authentication is limited per client address: 429 with Retry-After (issue 22)", () => {
  const bad = (token: string | null = "tok-guess-0123456789") => h.call("GET", "/balances", { token });

  it("20 failures are 401; then every request from the address is 429 until Retry-After has passed", async () => {
    for (let i = 0; i < 20; i++) expectError(await bad(i % 2 ? null : `tok-guess-${i}-0123456789`), 401);
    const locked = await bad();
    expect(expectError(locked, 429).code).toBe("rate_limited");
    expect(locked.headers["retry-after"]).toBe("1");
    // A right guess now is not told apart from a wrong one.
    expectError(await h.call("GET", "/balances"), 429);
    h.clock.advance(1000);
    // One more try a second: a good token goes through, a bad one locks the address again.
    expect((await h.call("GET", "/balances")).status).toBe(200);
    expectError(await bad(), 401);
    expectError(await bad(), 429);
    h.clock.advance(20_000);
    for (let i = 0; i < 20; i++) expectError(await bad(), 401);
    expectError(await bad(), 429);
  });

  it("a valid token spends nothing, and the 403 and 404 of other companies' and unknown ids stay", async () => {
    for (let i = 0; i < 50; i++) expect((await h.call("GET", "/balances")).status).toBe(200);
    const draftOfB = (await h.call("POST", "/distributions", { token: TOKEN_B, body: { type: "selected" } }))
      .body.distribution_id as string;
    for (let i = 0; i < 30; i++) {
      expectError(await h.call("GET", `/distributions/${draftOfB}`), 403);
      expectError(await h.call("GET", "/distributions/dist_nobody"), 404);
    }
    for (let i = 0; i < 20; i++) expectError(await bad(), 401);
    expectError(await bad(), 429);
  });

  it("another client address is not held back by this one's failures", async () => {
    for (let i = 0; i < 21; i++) await bad();
    expectError(await bad(), 429);
    const elsewhere = await raw(`${API_PREFIX}/balances`, { localAddress: "127.0.0.2" });
    expect(elsewhere.status).toBe(200);
    const guessElsewhere = await raw(`${API_PREFIX}/balances`, {
      localAddress: "127.0.0.2",
      headers: { authorization: "Bearer tok-guess-0123456789" },
    });
    expectError(guessElsewhere, 401);
  });

  it("can be turned off (authFailureLimit: false)", async () => {
    const r = await harness({ authFailureLimit: false });
    try {
      for (let i = 0; i < 40; i++)
        expect((await r.call("GET", "/balances", { token: "tok-guess-0123456789" })).status).toBe(401);
    } finally {
      await r.close();
    }
  });
});

describe("bodies: oversized is 413, malformed is 400", () => {
  it("a JSON body over 1 MB", async () => {
    const body = JSON.stringify({ type: "selected", pad: "x".repeat(1024 * 1024) });
    const r = await h.call("POST", "/distributions", { raw: body });
    expect(expectError(r, 413).code).toBe("payload_too_large");
  });

  it("a CSV upload over 5 MB", async () => {
    const form = new FormData();
    const csv = `name,cpf\n${"Ana Lima,52998224725\n".repeat((5 * 1024 * 1024) / 20 + 10)}`;
    form.append("file", new Blob([csv], { type: "text/csv" }), "big.csv");
    const res = await fetch(`${h.url}${API_PREFIX}/employees/batch`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN_A}` },
      body: form,
    });
    const r = { status: res.status, body: await res.json(), headers: Object.fromEntries(res.headers) };
    expect(expectError(r, 413).code).toBe("payload_too_large");
  });

  it("malformed JSON", async () => {
    expect(expectError(await h.call("POST", "/deposits", { raw: "{not json" }), 400).code).toBe(
      "invalid_json",
    );
  });

  it("JSON of the wrong shape (an array)", async () => {
    expect(expectError(await h.call("POST", "/deposits", { body: [1, 2] }), 400).code).toBe("bad_request");
  });

  it("a fractional amount of cents names its field", async () => {
    const e = expectError(await h.call("POST", "/deposits", { body: depositBody(10.5) }), 400);
    expect(e.details?.map((d) => d.path)).toEqual(["amount"]);
  });

  it("a body of a media type the server does not read (415)", async () => {
    const r = await h.call("POST", "/distributions", {
      raw: "<type>selected</type>",
      headers: { "content-type": "application/xml" },
    });
    expect(expectError(r, 415).code).toBe("unsupported_media_type");
  });

  it("a text body where JSON is expected (400: not the body's shape)", async () => {
    const r = await h.call("POST", "/distributions", {
      raw: "type=selected",
      headers: { "content-type": "text/plain" },
    });
    expect(expectError(r, 400).code).toBe("bad_request");
  });

  it("prototype pollution keys are refused", async () => {
    const r = await h.call("POST", "/distributions", { raw: '{"type":"selected","__proto__":{"x":1}}' });
    expect(expectError(r, 400).code).toBe("invalid_json");
  });
});

describe("ids that are not ids, and malformed paths, are 400 with the documented body", () => {
  it.each([
    ["a dot", "/distributions/."],
    ["two dots", "/distributions/.."],
    ["an encoded slash", "/distributions/a%2Fb"],
    ["a NUL", "/distributions/%00"],
    ["a space", "/distributions/a%20b"],
    ["a quote", "/deposits/%22x%22"],
  ])("%s", async (_name, path) => {
    const e = expectError(await raw(`${API_PREFIX}${path}`), 400);
    expect(e.code).toBe("bad_request");
    expect(e.details?.[0]?.message).toMatch(/id/);
  });

  it("an empty id in the middle of a path", async () => {
    expectError(await raw(`${API_PREFIX}/distributions//items`), 400);
  });

  it("an id of 200 characters is an id (unknown: 404)", async () => {
    expect(expectError(await raw(`${API_PREFIX}/distributions/${"a".repeat(200)}`), 404).code).toBe(
      "not_found",
    );
  });

  it("an id longer than the router takes", async () => {
    const e = expectError(await raw(`${API_PREFIX}/distributions/${"a".repeat(201)}/items`), 400);
    expect(e.message).toMatch(/longer than 200/);
  });

  it("an id far longer than the router takes", async () => {
    expectError(await raw(`${API_PREFIX}/deposits/${"a".repeat(5000)}`), 400);
  });

  it("a path with bad percent-encoding", async () => {
    const e = expectError(await raw(`${API_PREFIX}/distributions/%E0%A4%A`), 400);
    expect(e.message).toMatch(/percent-encoding/);
  });

  it("a URL larger than the headers allow (431, still an ErrorBody)", async () => {
    const r = await raw(`${API_PREFIX}/distributions/${"a".repeat(20_000)}`);
    expect(expectError(r, 431).code).toBe("headers_too_large");
  });

  it("shows a long id in the request log as a 400 of the API", async () => {
    await raw(`${API_PREFIX}/distributions/${"a".repeat(300)}`);
    expect(h.app.sandbox.requests.list()).toEqual([expect.objectContaining({ method: "GET", status: 400 })]);
  });
});
