/**
 * The environment knobs of the sandbox (names are relied upon by tests, the preview and
 * outside checks: keep them exactly). See docs/sandbox.md for each one.
 */
import { DEFAULT_DB_FILE } from "./db";
import { FAULT_KINDS, type FaultKind } from "./faults";
import type { SandboxOptions, SandboxToken } from "./server";

export interface EnvConfig {
  host: string;
  port: number;
  options: SandboxOptions & { db: string };
}

function num(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min = 0,
  max = Number.MAX_SAFE_INTEGER,
): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max) {
    throw new Error(`${name}=${JSON.stringify(raw)}: expected a number from ${min} to ${max}`);
  }
  return n;
}

/** `token=company,token2=company2` (whitespace ignored). */
export function parseTokenPairs(raw: string | undefined, name: string): SandboxToken[] | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  return raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.lastIndexOf("=");
      const token = pair.slice(0, eq).trim();
      const company = pair.slice(eq + 1).trim();
      if (eq <= 0 || !token || !company)
        throw new Error(`${name}: expected token=company pairs, got an entry without "="`);
      return { token, company };
    });
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): EnvConfig {
  const kindsRaw = env.SANDBOX_FAULT_KINDS?.trim();
  const kinds = kindsRaw
    ? kindsRaw.split(",").map((k) => {
        const kind = k.trim() as FaultKind;
        if (!FAULT_KINDS.includes(kind))
          throw new Error(`SANDBOX_FAULT_KINDS: unknown kind ${JSON.stringify(k)}`);
        return kind;
      })
    : undefined;
  const seedRaw = env.SANDBOX_FAULT_SEED?.trim();
  const tokens = parseTokenPairs(env.SANDBOX_TOKENS, "SANDBOX_TOKENS");
  const revokedTokens = parseTokenPairs(env.SANDBOX_REVOKED_TOKENS, "SANDBOX_REVOKED_TOKENS");
  return {
    host: env.SANDBOX_HOST?.trim() || "127.0.0.1",
    port: num(env, "SANDBOX_PORT", 4010, 0, 65535),
    options: {
      db: env.SANDBOX_DB?.trim() || DEFAULT_DB_FILE,
      ...(tokens ? { tokens } : {}),
      ...(revokedTokens ? { revokedTokens } : {}),
      seedEmployees: num(env, "SANDBOX_SEED_EMPLOYEES", 50, 0, 100_000),
      pixDelayMs: num(env, "SANDBOX_PIX_DELAY_MS", 5000),
      lotDelayMs: num(env, "SANDBOX_LOT_DELAY_MS", 3000),
      rateLimit: num(env, "SANDBOX_RATE_LIMIT", 10),
      latencyMs: num(env, "SANDBOX_LATENCY_MS", 0),
      faults: {
        rate: num(env, "SANDBOX_FAULT_RATE", 0, 0, 1),
        ...(kinds ? { kinds } : {}),
        slowMs: num(env, "SANDBOX_FAULT_SLOW_MS", 35_000),
        latencyMs: num(env, "SANDBOX_FAULT_LATENCY_MS", 2000),
        ...(seedRaw ? { seed: num(env, "SANDBOX_FAULT_SEED", 0, 0, 2 ** 32 - 1) } : {}),
      },
      corsOrigins: (env.SANDBOX_CORS_ORIGINS ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
      logger: env.SANDBOX_LOG === "1" || env.SANDBOX_LOG === "true" ? "info" : false,
    },
  };
}

/** A token for display: the demo token in full (it is public), others by their first 6 characters. */
export function showToken(token: string, demo: string): string {
  return token === demo ? token : `${token.slice(0, 6)}… (${token.length} chars)`;
}
