import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { API_PREFIX } from "../src/api/routes";
import { runAdmin } from "./admin";
import { configFromEnv, parseTokenPairs } from "./config";
import { isValidCpf } from "./cpf";
import { parseCsv } from "./csv";
import { openDb } from "./db";
import { seedEmployees } from "./seed";
import { DEMO_TOKEN, startSandbox } from "./server";
import { manualClock } from "./testkit";

const quiet = () => {};
let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "valepix-sandbox-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const get = async <T>(url: string, token: string) =>
  (await (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).json()) as T;

describe("persistence", () => {
  it("keeps data across a restart on the same file (WAL), without re-seeding", async () => {
    const file = path.join(dir, "nested", "sandbox.db");
    const clock = manualClock();
    const options = {
      db: file,
      now: clock.now,
      seedEmployees: 4,
      pixDelayMs: 100,
      tokens: [{ token: "tok-1", company: "acme" }],
    };
    const first = await startSandbox(options);
    const created = (await (
      await fetch(`${first.url}${API_PREFIX}/deposits`, {
        method: "POST",
        headers: { authorization: "Bearer tok-1", "content-type": "application/json" },
        body: JSON.stringify({ amount: 4_321, method: "PIX", name: "Acme", document: "11222333000181" }),
      })
    ).json()) as { transaction_id: string };
    const employeesBefore = await get<{ data: { employee_id: string }[] }>(
      `${first.url}${API_PREFIX}/employees`,
      "tok-1",
    );
    await first.close();
    expect(fs.existsSync(file)).toBe(true);

    clock.advance(100);
    const second = await startSandbox(options);
    try {
      const d = await get<{ status: string; amount: number }>(
        `${second.url}${API_PREFIX}/deposits/${created.transaction_id}`,
        "tok-1",
      );
      expect(d).toMatchObject({ status: "COMPLETED", amount: 4_321 });
      expect(await get(`${second.url}${API_PREFIX}/balances`, "tok-1")).toEqual({
        available_amount: 4_321,
        currency: "BRL",
      });
      const employeesAfter = await get<{ data: { employee_id: string }[] }>(
        `${second.url}${API_PREFIX}/employees`,
        "tok-1",
      );
      expect(employeesAfter.data).toEqual(employeesBefore.data);
      expect(second.store.db.pragma("journal_mode", { simple: true })).toBe("wal");
    } finally {
      await second.close();
    }
  });
});

describe("operator CLI (sandbox/admin.ts)", () => {
  it("issues a token (company created and seeded), lists it by hint, revokes it", async () => {
    const file = path.join(dir, "ops.db");
    const out: string[] = [];
    const env = { SANDBOX_SEED_EMPLOYEES: "3" };
    expect(runAdmin(["issue-token", "newco", "--db", file], env, (l) => out.push(l), quiet)).toBe(0);
    const token = out[0]!;
    expect(token).toMatch(/^vpx_[A-Za-z0-9_-]{32}$/);
    expect(runAdmin(["issue-token", "bad company!", "--db", file], env, quiet, quiet)).toBe(2);

    const sb = await startSandbox({ db: file, tokens: [] });
    try {
      const employees = await get<{ total: number }>(`${sb.url}${API_PREFIX}/employees`, token);
      expect(employees.total).toBe(3);
      out.length = 0;
      expect(runAdmin(["list-tokens", "--db", file], env, (l) => out.push(l), quiet)).toBe(0);
      expect(out).toEqual([expect.stringMatching(/^vpx_[A-Za-z0-9_-]{2}… +company=newco +active$/)]);
      expect(out.join("")).not.toContain(token);

      expect(runAdmin(["revoke-token", token, "--db", file], env, quiet, quiet)).toBe(0);
      expect(
        (await fetch(`${sb.url}${API_PREFIX}/balances`, { headers: { authorization: `Bearer ${token}` } }))
          .status,
      ).toBe(401);
      expect(runAdmin(["revoke-token", "vpx_unknown", "--db", file], env, quiet, quiet)).toBe(1);
    } finally {
      await sb.close();
    }
    const expiring: string[] = [];
    expect(
      runAdmin(
        ["issue-token", "newco", "--expires-in", "3600", "--db", file],
        env,
        (l) => expiring.push(l),
        quiet,
      ),
    ).toBe(0);
    const db = openDb(file);
    try {
      const rows = db.prepare("SELECT expires_at FROM tokens WHERE expires_at IS NOT NULL").all();
      expect(rows).toHaveLength(1);
    } finally {
      db.close();
    }
  });
});

describe("environment knobs", () => {
  it("reads every SANDBOX_* variable with its default", () => {
    const d = configFromEnv({});
    expect(d.port).toBe(4010);
    expect(d.host).toBe("127.0.0.1");
    expect(d.options.db).toMatch(/\.sandbox[/\\]sandbox\.db$/);
    expect(d.options).toMatchObject({ seedEmployees: 50, pixDelayMs: 5000, rateLimit: 10, latencyMs: 0 });
    expect(d.options.tokens).toBeUndefined();

    const c = configFromEnv({
      SANDBOX_PORT: "0",
      SANDBOX_HOST: "0.0.0.0",
      SANDBOX_DB: ":memory:",
      SANDBOX_TOKENS: "a-token=acme, b-token=beta",
      SANDBOX_REVOKED_TOKENS: "old=acme",
      SANDBOX_SEED_EMPLOYEES: "7",
      SANDBOX_PIX_DELAY_MS: "10",
      SANDBOX_LOT_DELAY_MS: "20",
      SANDBOX_RATE_LIMIT: "0",
      SANDBOX_FAULT_RATE: "0.25",
      SANDBOX_FAULT_KINDS: "after,burst",
      SANDBOX_FAULT_SEED: "9",
      SANDBOX_LATENCY_MS: "5",
    });
    expect(c).toMatchObject({
      port: 0,
      host: "0.0.0.0",
      options: {
        db: ":memory:",
        tokens: [
          { token: "a-token", company: "acme" },
          { token: "b-token", company: "beta" },
        ],
        revokedTokens: [{ token: "old", company: "acme" }],
        seedEmployees: 7,
        pixDelayMs: 10,
        lotDelayMs: 20,
        rateLimit: 0,
        latencyMs: 5,
        faults: { rate: 0.25, kinds: ["after", "burst"], seed: 9 },
      },
    });
    expect(() => configFromEnv({ SANDBOX_FAULT_RATE: "2" })).toThrow(/SANDBOX_FAULT_RATE/);
    expect(() => configFromEnv({ SANDBOX_FAULT_KINDS: "explode" })).toThrow(/explode/);
    expect(() => parseTokenPairs("just-a-token", "SANDBOX_TOKENS")).toThrow(/token=company/);
  });

  it("issues SANDBOX_TOKENS and SANDBOX_REVOKED_TOKENS, and the demo token only without them", async () => {
    const c = configFromEnv({
      SANDBOX_DB: ":memory:",
      SANDBOX_TOKENS: "t1=acme",
      SANDBOX_REVOKED_TOKENS: "t0=acme",
      SANDBOX_SEED_EMPLOYEES: "1",
    });
    const sb = await startSandbox(c.options);
    try {
      const status = async (t: string) =>
        (await fetch(`${sb.url}${API_PREFIX}/balances`, { headers: { authorization: `Bearer ${t}` } }))
          .status;
      expect(await status("t1")).toBe(200);
      expect(await status("t0")).toBe(401);
      expect(await status(DEMO_TOKEN)).toBe(401);
    } finally {
      await sb.close();
    }
  });
});

describe("seed data and helpers", () => {
  it("generates the same valid, distinct CPFs per company, some not active", () => {
    const a = seedEmployees("acme", 200);
    expect(seedEmployees("acme", 200)).toEqual(a);
    expect(seedEmployees("beta", 5)).not.toEqual(a.slice(0, 5));
    expect(a.every((e) => isValidCpf(e.cpf))).toBe(true);
    expect(new Set(a.map((e) => e.cpf)).size).toBe(200);
    expect(a.filter((e) => e.situation === "inactive").length).toBe(20);
    expect(a.every((e) => /^[a-z]+\.[a-z]+\d+@acme\.example\.com\.br$/.test(e.email))).toBe(true);
  });

  it("validates CPF check digits", () => {
    expect(isValidCpf("52998224725")).toBe(true);
    expect(isValidCpf("52998224724")).toBe(false);
    expect(isValidCpf("11111111111")).toBe(false);
    expect(isValidCpf("5299822472")).toBe(false);
  });

  it("reads CSV with quotes, semicolons, CRLF and a BOM", () => {
    expect(parseCsv('\uFEFFname,cpf\r\n"Silva, Ana ""Aninha""",123\r\n\r\nBia,456')).toEqual([
      { line: 1, fields: ["name", "cpf"] },
      { line: 2, fields: ['Silva, Ana "Aninha"', "123"] },
      { line: 4, fields: ["Bia", "456"] },
    ]);
    expect(parseCsv("name;cpf;email\nAna;1;a@b.c\n").map((r) => r.fields)).toEqual([
      ["name", "cpf", "email"],
      ["Ana", "1", "a@b.c"],
    ]);
  });
});
