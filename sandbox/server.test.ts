/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call -- response bodies are inspected loosely; contract.test.ts checks their types through the client */
import { API_PREFIX, ROUTE_PATTERNS } from "../src/api/routes";
import { ErrorBody, MAX_PAGE_LIMIT } from "../src/api/schemas";
import { isValidCpf } from "./cpf";
import { DEMO_TOKEN, startSandbox } from "./server";
import { TOKEN_A, TOKEN_B, type Harness, depositBody, harness, lookups } from "./test-harness";

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

describe("authentication (API document, Authentication §3)", () => {
  it("answers 401 with ErrorBody for a missing, malformed or unknown token", async () => {
    expect(expectError(await h.call("GET", "/balances", { token: null }), 401).code).toBe("unauthorized");
    expectError(await h.call("GET", "/balances", { token: "nope" }), 401);
    const basic = await h.call("GET", "/balances", { token: null, headers: { authorization: "Basic abc" } });
    expectError(basic, 401);
    expect(basic.headers["www-authenticate"]).toMatch(/^Bearer/);
  });

  it("refuses revoked tokens (from options and revoked at runtime) and expired tokens", async () => {
    const h2 = await harness({
      tokens: [{ token: TOKEN_A, company: "acme" }],
      revokedTokens: [{ token: "old-token-xyz", company: "acme" }],
    });
    try {
      expectError(await h2.call("GET", "/balances", { token: "old-token-xyz" }), 401);
      expect((await h2.call("GET", "/balances")).status).toBe(200);
      expect(h2.app.sandbox.revokeToken(TOKEN_A)).toBe(true);
      expectError(await h2.call("GET", "/balances"), 401);

      const expiring = h2.app.sandbox.issueToken("acme", { expiresAt: h2.clock.now() + 60_000 });
      expect((await h2.call("GET", "/balances", { token: expiring })).status).toBe(200);
      h2.clock.advance(60_000);
      expectError(await h2.call("GET", "/balances", { token: expiring }), 401);
    } finally {
      await h2.close();
    }
  });

  it("stores tokens only as sha256 hashes", () => {
    const rows = h.app.sandbox.store.db.prepare("SELECT * FROM tokens").all() as Record<string, unknown>[];
    expect(rows.length).toBe(2);
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(TOKEN_A);
    expect(dump).not.toContain(TOKEN_B);
    expect(rows.map((r) => r.hash)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^[0-9a-f]{64}$/)]),
    );
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

describe("tenancy", () => {
  it("keeps each company's data apart and answers 403 for another company's resources, 404 for unknown", async () => {
    const a = await lookups(h, TOKEN_A);
    const b = await lookups(h, TOKEN_B);
    expect(a.employees.map((e) => e.employee_id)).not.toEqual(
      expect.arrayContaining([b.employees[0]!.employee_id]),
    );

    const dep = await h.call("POST", "/deposits", { body: depositBody(1000) });
    const dist = await h.call("POST", "/distributions", { body: { type: "selected" } });
    const id = dist.body.distribution_id as string;
    const txn = dep.body.transaction_id as string;

    expect(expectError(await h.call("GET", `/deposits/${txn}`, { token: TOKEN_B }), 403).code).toBe(
      "forbidden",
    );
    expectError(await h.call("POST", `/deposits/${txn}/cancel`, { token: TOKEN_B }), 403);
    expectError(await h.call("GET", `/distributions/${id}`, { token: TOKEN_B }), 403);
    expectError(await h.call("GET", `/distributions/${id}/items`, { token: TOKEN_B }), 403);
    expectError(
      await h.call("POST", `/distributions/${id}/items`, {
        token: TOKEN_B,
        body: { employee_ids: [b.active[0]] },
      }),
      403,
    );
    expectError(
      await h.call("POST", `/distributions/${id}/finalize`, {
        token: TOKEN_B,
        body: { payment_method: "BALANCE" },
      }),
      403,
    );
    expectError(
      await h.call("PUT", `/benefits/${a.convention.id}`, { token: TOKEN_B, body: { name: "x", items: [] } }),
      403,
    );
    // Another company's employee in a body is just an unknown employee (no existence leak).
    const add = await h.call("POST", `/distributions/${id}/items`, { body: { employee_ids: [b.active[0]] } });
    expect(expectError(add, 422).code).toBe("invalid_employees");

    expectError(await h.call("GET", "/deposits/3f1c6d0e-0000-4000-8000-000000000000"), 404);
    expectError(await h.call("GET", "/distributions/dst_unknown"), 404);
    expect((await h.call("GET", "/balances", { token: TOKEN_B })).body.available_amount).toBe(0);
  });
});

describe("validation and error bodies", () => {
  it("answers 400 with ErrorBody for malformed JSON, wrong types and fractional cents", async () => {
    expect(expectError(await h.call("POST", "/deposits", { raw: "{not json" }), 400).code).toBe(
      "invalid_json",
    );
    const frac = expectError(await h.call("POST", "/deposits", { body: depositBody(10.5) }), 400);
    expect(frac.details?.some((d) => d.path === "amount")).toBe(true);
    expectError(await h.call("POST", "/deposits", { body: depositBody("1000" as unknown as number) }), 400);
    expectError(await h.call("POST", "/deposits", { body: depositBody(0) }), 400);
    expectError(await h.call("POST", "/deposits", { body: [1, 2] }), 400);
    expectError(await h.call("POST", "/distributions", { body: { type: "everyone" } }), 400);
    expectError(await h.call("POST", "/distributions", { body: { type: "group" } }), 400);
    const { product } = await lookups(h);
    expectError(
      await h.call("POST", "/benefits", {
        body: { name: "X", items: [{ product_id: product("REF"), monthly_amount: 1.5 }] },
      }),
      400,
    );
  });

  it("requires transaction_id to be a UUID when sent", async () => {
    const e = expectError(
      await h.call("POST", "/deposits", { body: depositBody(100, { transaction_id: "abc-123" }) }),
      400,
    );
    expect(e.details?.[0]?.path).toBe("transaction_id");
  });

  it("refuses limit above MAX_PAGE_LIMIT and page below 1 instead of capping", async () => {
    expectError(await h.call("GET", `/employees?limit=${MAX_PAGE_LIMIT + 1}`), 400);
    expectError(await h.call("GET", "/products?page=0"), 400);
    expectError(await h.call("GET", "/transactions?limit=abc"), 400);
    expectError(await h.call("GET", "/transactions?type=REFUND"), 400);
    expect((await h.call("GET", `/employees?limit=${MAX_PAGE_LIMIT}`)).status).toBe(200);
  });

  it("answers unknown routes with a 404 ErrorBody and echoes a safe incoming x-request-id", async () => {
    expect(expectError(await h.call("GET", "/nothing-here"), 404).code).toBe("route_not_found");
    const r = await h.call("GET", "/balances", { headers: { "x-request-id": "trace-42" } });
    expect(r.headers["x-request-id"]).toBe("trace-42");
    const bad = await h.call("GET", "/balances", { headers: { "x-request-id": "bad id with spaces" } });
    expect(bad.headers["x-request-id"]).toMatch(/^req_[0-9a-f]{16}$/);
  });
});

describe("employees, situations, products, benefits", () => {
  it("seeds valid CPFs, some inactive employees, products and one convention", async () => {
    const { employees, products, convention } = await lookups(h);
    expect(employees).toHaveLength(12);
    for (const e of employees) expect(isValidCpf((e as unknown as { cpf: string }).cpf)).toBe(true);
    expect(employees.some((e) => e.situation !== "active")).toBe(true);
    expect(products.map((p) => (p as unknown as { name: string }).name)).toEqual(
      expect.arrayContaining([
        "Refeição",
        "Alimentação",
        "Mobilidade",
        "Saúde",
        "Cultura",
        "Home office",
        "Educação",
      ]),
    );
    expect(convention.items.length).toBeGreaterThan(0);
  });

  it("lists situations and filters employees by situation with paging", async () => {
    const s = await h.call("GET", "/employees/situations");
    expect(s.body.data.map((x: { value: string }) => x.value)).toEqual(["active", "inactive", "on_leave"]);
    const active = await h.call("GET", "/employees?situation=active&limit=5&page=2");
    const all = (await lookups(h)).active;
    expect(active.body.total).toBe(all.length);
    expect(active.body.data.map((e: { employee_id: string }) => e.employee_id)).toEqual(all.slice(5, 10));
  });

  it("creates employees: 201, duplicate CPF 409, bad check digits 400, unknown convention 422", async () => {
    const body = { name: "Maria Teste", cpf: "52998224725", email: "maria@example.com" };
    const r = await h.call("POST", "/employees", { body });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ name: "Maria Teste", cpf: "52998224725", situation: "active" });
    expectError(await h.call("POST", "/employees", { body }), 409);
    expectError(await h.call("POST", "/employees", { body: { ...body, cpf: "52998224726" } }), 400);
    expectError(
      await h.call("POST", "/employees", { body: { ...body, cpf: "39053344705", situation: "retired" } }),
      400,
    );
    expectError(
      await h.call("POST", "/employees", {
        body: { ...body, cpf: "39053344705", benefit_convention_ids: ["ben_x"] },
      }),
      422,
    );
    // The same CPF in another company is another person record.
    expect((await h.call("POST", "/employees", { token: TOKEN_B, body })).status).toBe(201);
  });

  it("creates, lists and updates benefits; unknown products are 422", async () => {
    const { product } = await lookups(h);
    const items = [{ product_id: product("REF"), monthly_amount: 50_000 }];
    const c = await h.call("POST", "/benefits", { body: { name: "Estagiários", description: "VR", items } });
    expect(c.status).toBe(201);
    expect(c.body.benefit_id).toBe(c.body.id);
    const u = await h.call("PUT", `/benefits/${c.body.benefit_id}`, {
      body: { name: "Estagiários 2026", items: [{ product_id: product("MOB"), monthly_amount: 12_345 }] },
    });
    expect(u.status).toBe(200);
    expect(u.body).toEqual({
      id: c.body.benefit_id,
      name: "Estagiários 2026",
      items: [{ product_id: product("MOB"), monthly_amount: 12_345 }],
    });
    const list = await h.call("GET", "/benefits");
    expect(list.body.total).toBe(2);
    expectError(
      await h.call("POST", "/benefits", {
        body: { name: "X", items: [{ product_id: "prd_nope", monthly_amount: 1 }] },
      }),
      422,
    );
    expectError(await h.call("PUT", "/benefits/ben_nope", { body: { name: "X", items: [] } }), 404);
  });
});

describe("OpenAPI and CORS", () => {
  it("serves an OpenAPI 3.1 document covering every route, without auth", async () => {
    const r = await h.call("GET", "/openapi.json", { token: null });
    expect(r.status).toBe(200);
    expect(r.body.openapi).toBe("3.1.0");
    const paths = Object.keys(r.body.paths);
    for (const pattern of Object.values(ROUTE_PATTERNS)) {
      expect(paths).toContain(pattern.replace(/:([a-z_]+)/g, "{$1}"));
    }
    const finalize = r.body.paths[`${API_PREFIX}/distributions/{distribution_id}/finalize`].post;
    expect(finalize.responses["422"]).toBeDefined();
    expect(r.body.components.schemas.DepositCreate.properties.amount.type).toBe("integer");
    const batch = r.body.paths[`${API_PREFIX}/employees/batch`].post.requestBody.content;
    expect(Object.keys(batch)).toEqual(["multipart/form-data"]);
  });

  it("allows the add-in origins, an extra configured origin, and no others", async () => {
    const h2 = await harness({ corsOrigins: ["http://localhost:5173"] });
    try {
      const preflight = (origin: string) =>
        h2.call("OPTIONS", "/balances", {
          token: null,
          headers: {
            origin,
            "access-control-request-method": "GET",
            "access-control-request-headers": "authorization",
          },
        });
      for (const origin of ["https://localhost:3000", "http://127.0.0.1:3000", "http://localhost:5173"]) {
        const r = await preflight(origin);
        expect(r.status).toBe(204);
        expect(r.headers["access-control-allow-origin"]).toBe(origin);
        expect(String(r.headers["access-control-allow-headers"]).toLowerCase()).toContain("authorization");
      }
      const evil = await preflight("https://evil.example");
      expect(evil.headers["access-control-allow-origin"]).toBeUndefined();
      const get = await h2.call("GET", "/balances", { headers: { origin: "https://localhost:3000" } });
      expect(get.headers["access-control-expose-headers"]).toContain("x-request-id");
    } finally {
      await h2.close();
    }
  });
});

describe("batch employee upload (multipart, over real HTTP)", () => {
  it("creates and updates employees from a CSV and reports bad lines", async () => {
    const sb = await startSandbox({ seedEmployees: 2, tokens: [{ token: TOKEN_A, company: "acme" }] });
    try {
      const existing = (
        (await (
          await fetch(`${sb.url}${API_PREFIX}/employees`, { headers: { authorization: `Bearer ${TOKEN_A}` } })
        ).json()) as { data: { cpf: string; employee_id: string }[] }
      ).data[0]!;
      const csv = [
        "name;cpf;email",
        "Joana Prado;529.982.247-25;joana@example.com",
        `"Silva, Pedro";${existing.cpf};pedro@example.com`,
        "Sem Cpf;123;",
        "Repetida;52998224725;",
        "",
      ].join("\r\n");
      const form = new FormData();
      form.append("file", new Blob([csv], { type: "text/csv" }), "funcionarios.csv");
      const r = await fetch(`${sb.url}${API_PREFIX}/employees/batch`, {
        method: "POST",
        headers: { authorization: `Bearer ${TOKEN_A}`, accept: "application/json" },
        body: form,
      });
      expect(r.status).toBe(200);
      expect(await r.json()).toEqual({
        created: 1,
        updated: 1,
        errors: [
          { line: 4, message: expect.stringContaining("CPF") },
          { line: 5, message: expect.stringContaining("repeated") },
        ],
      });
      const list = (await (
        await fetch(`${sb.url}${API_PREFIX}/employees?limit=100`, {
          headers: { authorization: `Bearer ${TOKEN_A}` },
        })
      ).json()) as { data: { name: string; employee_id: string }[]; total: number };
      expect(list.total).toBe(3);
      expect(list.data.find((e) => e.employee_id === existing.employee_id)?.name).toBe("Silva, Pedro");

      const noFile = new FormData();
      noFile.append("other", "x");
      const missing = await fetch(`${sb.url}${API_PREFIX}/employees/batch`, {
        method: "POST",
        headers: { authorization: `Bearer ${TOKEN_A}` },
        body: noFile,
      });
      expect(missing.status).toBe(400);
      const json = await fetch(`${sb.url}${API_PREFIX}/employees/batch`, {
        method: "POST",
        headers: { authorization: `Bearer ${TOKEN_A}`, "content-type": "application/json" },
        body: "{}",
      });
      expect(json.status).toBe(415);
      expect(ErrorBody.safeParse(await json.json()).success).toBe(true);
    } finally {
      await sb.close();
    }
  });
});
