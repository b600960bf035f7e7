/**
 * Operator CLI: tokens are issued out of band ("Authentication" §2), so they are managed here,
 * directly on the sandbox database (the server may be running: SQLite WAL allows it).
 *
 *   tsx sandbox/admin.ts issue-token <company> [--expires-in <seconds>]
 *   tsx sandbox/admin.ts revoke-token <token>
 *   tsx sandbox/admin.ts list-tokens
 *
 * The database is SANDBOX_DB (default .sandbox/sandbox.db) or `--db <file>`. A new company is
 * created with its seed data (SANDBOX_SEED_EMPLOYEES employees). Only the token's sha256 is
 * stored; the plain token is printed once.
 */
import { openDb } from "./db";
import { configFromEnv } from "./config";
import { COMPANY_ID, Store } from "./store";

const USAGE = `usage:
  tsx sandbox/admin.ts issue-token <company> [--expires-in <seconds>] [--db <file>]
  tsx sandbox/admin.ts revoke-token <token> [--db <file>]
  tsx sandbox/admin.ts list-tokens [--db <file>]`;

export function runAdmin(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  out: (line: string) => void = console.log,
  err: (line: string) => void = console.error,
): number {
  const args = [...argv];
  const flag = (name: string): string | undefined => {
    const i = args.indexOf(name);
    if (i < 0) return undefined;
    const value = args[i + 1];
    args.splice(i, 2);
    return value;
  };
  const dbFlag = flag("--db");
  const expiresIn = flag("--expires-in");
  const config = configFromEnv(env);
  const [command, arg] = args;
  if (!command || (command !== "list-tokens" && !arg)) {
    err(USAGE);
    return 2;
  }
  const db = openDb(dbFlag ?? config.options.db);
  try {
    const store = new Store({
      db,
      now: Date.now,
      pixDelayMs: config.options.pixDelayMs ?? 5000,
      lotDelayMs: config.options.lotDelayMs ?? 3000,
      seedEmployees: config.options.seedEmployees ?? 50,
    });
    switch (command) {
      case "issue-token": {
        const company = arg as string;
        if (!COMPANY_ID.test(company)) {
          err(`Invalid company id ${JSON.stringify(company)} (letters, digits, . _ -; up to 64)`);
          return 2;
        }
        let expiresAt: number | null = null;
        if (expiresIn !== undefined) {
          const s = Number(expiresIn);
          if (!Number.isFinite(s) || s <= 0) {
            err("--expires-in takes a positive number of seconds");
            return 2;
          }
          expiresAt = Date.now() + s * 1000;
        }
        const created = !store.companies.has(company);
        const token = store.tokens.issue(company, { expiresAt });
        out(token);
        err(
          `Issued for company ${company}${created ? " (new, seeded)" : ""}` +
            (expiresAt ? `, expires ${new Date(expiresAt).toISOString()}` : ", no expiry") +
            ". Shown once; only its sha256 is stored.",
        );
        return 0;
      }
      case "revoke-token": {
        const ok = store.tokens.revoke(arg as string);
        err(ok ? "Revoked." : "Unknown token.");
        return ok ? 0 : 1;
      }
      case "list-tokens":
        for (const t of store.tokens.list()) {
          const exp = t.expires_at ? ` expires ${new Date(t.expires_at).toISOString()}` : "";
          out(`${t.hint}  company=${t.company_id}  ${t.status}${exp}`);
        }
        return 0;
      default:
        err(USAGE);
        return 2;
    }
  } finally {
    db.close();
  }
}

if (require.main === module) process.exit(runAdmin(process.argv.slice(2)));
