/**
 * What the sandbox is started with (`SandboxOptions`: its database, clock, seed, tokens, limits,
 * faults and checks) and what a started one gives (`RunningSandbox`), apart from the server that
 * builds it (server.ts).
 */
import type { FastifyInstance } from "fastify";
import type { AuthFailureLimit } from "./auth-limit";
import type { Db } from "./db";
import type { FaultOptions } from "./faults";
import type { RequestLog } from "./request-log";
import type { Clock, Store } from "./store";

export interface SandboxToken {
  token: string;
  company: string;
  /** Epoch ms (injected clock) after which the token is refused. */
  expiresAt?: number | null;
  revoked?: boolean;
}

export interface SandboxOptions {
  /** SQLite file path, `:memory:` (the default here), or an open better-sqlite3 database. */
  db?: string | Db;
  /** Clock in epoch ms; inject one to make charges and lots deterministic. */
  now?: Clock;
  /** How long a charge takes to be paid (default 5000). */
  pixDelayMs?: number;
  /** How long a funded lot takes to complete (default 3000). */
  lotDelayMs?: number;
  /** Employees seeded into each new company (default 50). */
  seedEmployees?: number;
  /**
   * Tokens registered at start (companies created and seeded when new). When neither `tokens`
   * nor `revokedTokens` is given, the demo token is issued for company `demo`.
   */
  tokens?: SandboxToken[];
  /** Tokens that exist but are revoked (401). */
  revokedTokens?: SandboxToken[];
  /** Requests per second per token; 0 = no limit (default 0 here; main.ts defaults to 10). */
  rateLimit?: number;
  /**
   * Failed authentications per client address before 429 (auth-limit.ts; default
   * `DEFAULT_AUTH_FAILURE_LIMIT`, 20 then 1 a second); `false` turns it off.
   */
  authFailureLimit?: AuthFailureLimit | false;
  faults?: FaultOptions;
  /** Added latency on every request, ms. */
  latencyMs?: number;
  /** Extra CORS origins, added to DEFAULT_CORS_ORIGINS. */
  corsOrigins?: string[];
  /** Fastify's logger: off by default; `true` or a level to enable. Authorization is redacted. */
  logger?: boolean | "fatal" | "error" | "warn" | "info" | "debug" | "trace";
  /** Where the logger writes (default stdout); tests capture it to check nothing leaks. */
  logStream?: { write(line: string): void };
  /** Timer used by latency and the `slow` fault (default setTimeout). */
  sleep?: (ms: number) => Promise<void>;
  /** Entries kept by the request log (default 100,000; 0 = off). See request-log.ts. */
  requestLogLimit?: number;
  /**
   * Checks every answer against the schema the client reads it with before sending it (on by
   * default: a guard for the sandbox itself, in every test). The distribution benchmark turns it
   * off (bench/sandbox-thread.ts): it measures what the add-in waits for from a server, and no
   * server validates its own answers; on a page of 1,000 items the check costs the sandbox about
   * 10 ms, a third of its time for that page.
   */
  checkResponses?: boolean;
}

export interface RunningSandbox {
  /** Base URL for the client, e.g. http://127.0.0.1:41234 (paths add /api/v1/valepix). */
  url: string;
  /** The first active token (the demo token unless `tokens` was given). */
  token: string;
  tokens: SandboxToken[];
  server: FastifyInstance;
  store: Store;
  /**
   * What the server served, in order: `list(filter?)`, `count(filter?)`, `reset()`. For tests
   * and benchmarks that count API calls on the server (docs/sandbox.md, "Request log").
   */
  requests: RequestLog;
  close(): Promise<void>;
}
