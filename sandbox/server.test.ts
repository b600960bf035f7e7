/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument -- response bodies are inspected loosely; contract.test.ts checks their types through the client */
/** The server's edges: tokens at rest, the demo token, logging, queries, request ids, OpenAPI, CORS. */
import { API_PREFIX, ROUTE_PATTERNS } from "../src/api/routes";
import { ErrorBody, MAX_PAGE_LIMIT } from "../src/api/schemas";
import { DEMO_TOKEN, startSandbox } from "./server";
import { TOKEN_A, TOKEN_B, type Harness, harness } from "./test-harness";

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
afterEach(() => h.close());

const expectError = (
  r: { status: number; body: unknown; headers: Record<string, unknown> },
  status: number,
) => {
  expect(r.status).toBe(status);
  const parsed = ErrorBody.parse(r.body);
  expect(parsed.error.request_id).toBe(r.headers["x-request-id"]);
  return parsed.error;
};

describe("tokens at rest and in logs", () => {
  it("stores tokens only as sha256 hashes", () => {
    const rows = h.app.sandbox.store.db.prepare("SELECT * FROM tokens").all() as Record<string, unknown>[];
    expect(rows).toHaveLength(2);
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(TOKEN_A);
    expect(dump).not.toContain(TOKEN_B);
    expect(rows.map((r) => r.hash)).toEqual([
      expect.stringMatching(/^[0-9a-f]{64}$/),
      expect.stringMatching(/^[0-9a-f]{64}$/),
    ]);
  });

  it("issues the documented demo token when no tokens are configured", async () => {
    const sb = await startSandbox({ seedEmployees: 3 });
    try {
      expect(sb.token).toBe(DEMO_TOKEN);
      const r = await fetch(`${sb.url}${API_PREFIX}/employees`, {
        headers: { authorization: `Bearer ${DEMO_TOKEN}` },
      });
      expect(r.status).toBe(200);
      expect(((await r.json()) as { total: number }).total).toBe(3);
    } finally {
      await sb.close();
    }
  });

  it("does not log the Authorization header, the token or CPFs when logging is on", async () => {
    const lines: string[] = [];
    const sb = await startSandbox({
      seedEmployees: 3,
      tokens: [{ token: TOKEN_A, company: "acme" }],
      logger: "info",
      logStream: { write: (l) => void lines.push(l) },
    });
    try {
      const r = await fetch(`${sb.url}${API_PREFIX}/employees`, {
        headers: { authorization: `Bearer ${TOKEN_A}` },
      });
      const cpfs = ((await r.json()) as { data: { cpf: string }[] }).data.map((e) => e.cpf);
      await fetch(`${sb.url}${API_PREFIX}/balances`, {
        headers: { authorization: "Bearer wrong-token-123" },
      });
      expect(lines.length).toBeGreaterThan(0);
      const log = lines.join("\n");
      expect(log).not.toContain(TOKEN_A);
      expect(log).not.toContain("wrong-token-123");
      expect(log.toLowerCase()).not.toContain("bearer");
      for (const cpf of cpfs) expect(log).not.toContain(cpf);
    } finally {
      await sb.close();
    }
  });
});

describe("queries", () => {
  it("refuses limit above MAX_PAGE_LIMIT instead of capping", async () => {
    expectError(await h.call("GET", `/employees?limit=${MAX_PAGE_LIMIT + 1}`), 400);
  });

  it("takes limit = MAX_PAGE_LIMIT", async () => {
    expect((await h.call("GET", `/employees?limit=${MAX_PAGE_LIMIT}`)).status).toBe(200);
  });

  it("refuses page 0", async () => {
    expectError(await h.call("GET", "/products?page=0"), 400);
  });

  it("refuses a limit that is not a number", async () => {
    expectError(await h.call("GET", "/transactions?limit=abc"), 400);
  });

  it("refuses an unknown transaction type", async () => {
    expectError(await h.call("GET", "/transactions?type=REFUND"), 400);
  });
});

describe("routes and request ids", () => {
  it("answers an unknown route with a 404 ErrorBody", async () => {
    expect(expectError(await h.call("GET", "/nothing-here"), 404).code).toBe("route_not_found");
  });

  it("echoes a safe incoming x-request-id", async () => {
    const r = await h.call("GET", "/balances", { headers: { "x-request-id": "trace-42" } });
    expect(r.headers["x-request-id"]).toBe("trace-42");
  });

  it("replaces an unsafe incoming x-request-id", async () => {
    const r = await h.call("GET", "/balances", { headers: { "x-request-id": "bad id with spaces" } });
    expect(r.headers["x-request-id"]).toMatch(/^req_[0-9a-f]{16}$/);
  });

  it("answers /healthz without a token", async () => {
    const r = await fetch(`${h.url}/healthz`);
    expect([r.status, await r.json()]).toEqual([200, { ok: true }]);
  });
});

describe("OpenAPI", () => {
  it("serves an OpenAPI 3.1 document without auth", async () => {
    const r = await h.call("GET", "/openapi.json", { token: null });
    expect([r.status, r.body.openapi]).toEqual([200, "3.1.0"]);
  });

  it("covers every route of the route table", async () => {
    const paths = Object.keys((await h.call("GET", "/openapi.json", { token: null })).body.paths);
    for (const pattern of Object.values(ROUTE_PATTERNS))
      expect(paths).toContain(pattern.replace(/:([a-z_]+)/g, "{$1}"));
  });

  it("documents finalize's 422, integer cents and the multipart upload", async () => {
    const doc = (await h.call("GET", "/openapi.json", { token: null })).body;
    expect(
      doc.paths[`${API_PREFIX}/distributions/{distribution_id}/finalize`].post.responses["422"],
    ).toBeDefined();
    expect(doc.components.schemas.DepositCreate.properties.amount.type).toBe("integer");
    const batch = doc.paths[`${API_PREFIX}/employees/batch`].post.requestBody.content;
    expect(Object.keys(batch)).toEqual(["multipart/form-data"]);
  });
});

describe("CORS", () => {
  let c: Harness;
  beforeEach(async () => {
    c = await harness({ corsOrigins: ["http://localhost:5173"] });
  });
  afterEach(() => c.close());
  const preflight = (origin: string) =>
    c.call("OPTIONS", "/balances", {
      token: null,
      headers: {
        origin,
        "access-control-request-method": "GET",
        "access-control-request-headers": "authorization",
      },
    });

  it.each(["https://localhost:3000", "http://127.0.0.1:3000", "http://localhost:5173"])(
    "allows %s with the Authorization header",
    async (origin) => {
      const r = await preflight(origin);
      expect(r.status).toBe(204);
      expect(r.headers["access-control-allow-origin"]).toBe(origin);
      expect(String(r.headers["access-control-allow-headers"]).toLowerCase()).toContain("authorization");
    },
  );

  it("allows no other origin", async () => {
    expect((await preflight("https://evil.example")).headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("exposes x-request-id", async () => {
    const get = await c.call("GET", "/balances", { headers: { origin: "https://localhost:3000" } });
    expect(get.headers["access-control-expose-headers"]).toContain("x-request-id");
  });
});

describe("answers checked against the client's schemas", () => {
  // An answer that breaks its schema: the products page of a store that lost a product's name.
  const breakProducts = (sb: Harness) => {
    const store = sb.app.sandbox.store;
    const real = store.benefits.listProducts.bind(store.benefits);
    store.benefits.listProducts = (...args: Parameters<typeof real>) => {
      const page = real(...args);
      return {
        ...page,
        data: page.data.map((product) => ({ ...product, name: undefined as unknown as string })),
      };
    };
  };

  it("refuses to send an answer that breaks its schema (500), by default", async () => {
    breakProducts(h);
    expectError(await h.call("GET", "/products"), 500);
  });

  it("sends it unchecked when checkResponses is off (the benchmark's server: none checks itself)", async () => {
    const unchecked = await harness({ checkResponses: false });
    try {
      breakProducts(unchecked);
      const answer = await unchecked.call("GET", "/products");
      expect(answer.status).toBe(200);
      expect(answer.body.data[0].name).toBeUndefined();
    } finally {
      await unchecked.close();
    }
  });
});
