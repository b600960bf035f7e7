import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { API_PREFIX } from "../src/api/routes";
import { isValidCpf } from "../src/money";
import { runAdmin } from "./admin";
import { configFromEnv, parseTokenPairs } from "./config";
import { parseCsv } from "./csv";
import { openDb } from "./db";
import { generateCpf, seedEmployees } from "./seed";
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
  const env = { SANDBOX_SEED_EMPLOYEES: "3" };
  const file = () => path.join(dir, "ops.db");
  const issue = (company = "newco", ...extra: string[]) => {
    const out: string[] = [];
    const code = runAdmin(["issue-token", company, ...extra, "--db", file()], env, (l) => out.push(l), quiet);
    return { code, token: out[0] ?? "" };
  };
  const statusWith = async (token: string) => {
    const sb = await startSandbox({ db: file(), tokens: [] });
    try {
      return (
        await fetch(`${sb.url}${API_PREFIX}/employees`, { headers: { authorization: `Bearer ${token}` } })
      ).status;
    } finally {
      await sb.close();
    }
  };

  it("issues a token, printed once", () => {
    const { code, token } = issue();
    expect(code).toBe(0);
    expect(token).toMatch(/^vpx_[A-Za-z0-9_-]{32}$/);
  });

  it("creates and seeds the company of a new token", async () => {
    const { token } = issue();
    const sb = await startSandbox({ db: file(), tokens: [] });
    try {
      expect((await get<{ total: number }>(`${sb.url}${API_PREFIX}/employees`, token)).total).toBe(3);
    } finally {
      await sb.close();
    }
  });

  it("refuses an invalid company id", () => {
    expect(issue("bad company!").code).toBe(2);
  });

  it("lists tokens by hint, never whole", () => {
    const { token } = issue();
    const out: string[] = [];
    expect(runAdmin(["list-tokens", "--db", file()], env, (l) => out.push(l), quiet)).toBe(0);
    expect(out).toEqual([expect.stringMatching(/^vpx_[A-Za-z0-9_-]{2}… +company=newco +active$/)]);
    expect(out.join("")).not.toContain(token);
  });

  it("revokes a token: 401 from then on", async () => {
    const { token } = issue();
    expect(await statusWith(token)).toBe(200);
    expect(runAdmin(["revoke-token", token, "--db", file()], env, quiet, quiet)).toBe(0);
    expect(await statusWith(token)).toBe(401);
  });

  it("says when the token to revoke is unknown", () => {
    issue();
    expect(runAdmin(["revoke-token", "vpx_unknown", "--db", file()], env, quiet, quiet)).toBe(1);
  });

  it("issues a token that expires", () => {
    expect(issue("newco", "--expires-in", "3600").code).toBe(0);
    const db = openDb(file());
    try {
      expect(db.prepare("SELECT expires_at FROM tokens WHERE expires_at IS NOT NULL").all()).toHaveLength(1);
    } finally {
      db.close();
    }
  });
});

describe("environment knobs", () => {
  it("reads the defaults", () => {
    const d = configFromEnv({});
    expect(d.port).toBe(4010);
    expect(d.host).toBe("127.0.0.1");
    expect(d.options.db).toMatch(/\.sandbox[/\\]sandbox\.db$/);
    expect(d.options).toMatchObject({ seedEmployees: 50, pixDelayMs: 5000, rateLimit: 10, latencyMs: 0 });
    expect(d.options.tokens).toBeUndefined();
  });

  it("reads every SANDBOX_* variable", () => {
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
  });

  it("refuses a fault rate outside 0..1", () => {
    expect(() => configFromEnv({ SANDBOX_FAULT_RATE: "2" })).toThrow(/SANDBOX_FAULT_RATE/);
  });

  it("refuses an unknown fault kind", () => {
    expect(() => configFromEnv({ SANDBOX_FAULT_KINDS: "explode" })).toThrow(/explode/);
  });

  it("refuses a token without its company", () => {
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
  it("generates the same employees for the same company", () => {
    expect(seedEmployees("acme", 50)).toEqual(seedEmployees("acme", 50));
  });

  it("generates other employees for another company", () => {
    expect(seedEmployees("beta", 5)).not.toEqual(seedEmployees("acme", 5));
  });

  it("keeps the CPFs it generated before the check digits moved to src/money", () => {
    expect(seedEmployees("acme", 5).map((e) => e.cpf)).toEqual([
      "78794509980",
      "18417045473",
      "51050756096",
      "76559549682",
      "18060079247",
    ]);
  });

  it("generates valid, distinct CPFs", () => {
    const a = seedEmployees("acme", 200);
    expect(a.every((e) => isValidCpf(e.cpf))).toBe(true);
    expect(new Set(a.map((e) => e.cpf)).size).toBe(200);
  });

  it("makes every 10th employee inactive", () => {
    expect(seedEmployees("acme", 200).filter((e) => e.situation === "inactive").length).toBe(20);
  });

  it("gives e-mails on the company's domain", () => {
    const a = seedEmployees("acme", 50);
    expect(a.every((e) => /^[a-z]+\.[a-z]+\d+@acme\.example\.com\.br$/.test(e.email))).toBe(true);
  });

  it("generateCpf draws again for a base of one repeated digit", () => {
    const digits: number[] = [
      ...Array<number>(9).fill(0.15),
      ...[5, 2, 9, 9, 8, 2, 2, 4, 7].map((d) => d / 10 + 0.01),
    ];
    const random = () => digits.shift() ?? 0;
    expect(generateCpf(random)).toBe("52998224725");
  });

  it("reads CSV with quotes, CRLF, blank lines and a BOM", () => {
    expect(parseCsv('\uFEFFname,cpf\r\n"Silva, Ana ""Aninha""",123\r\n\r\nBia,456')).toEqual([
      { line: 1, fields: ["name", "cpf"] },
      { line: 2, fields: ['Silva, Ana "Aninha"', "123"] },
      { line: 4, fields: ["Bia", "456"] },
    ]);
  });

  it("reads CSV with semicolons when the header uses them", () => {
    expect(parseCsv("name;cpf;email\nAna;1;a@b.c\n").map((r) => r.fields)).toEqual([
      ["name", "cpf", "email"],
      ["Ana", "1", "a@b.c"],
    ]);
  });
});
