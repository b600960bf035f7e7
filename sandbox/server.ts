/**
 * The sandbox HTTP server: a faithful local implementation of the Benefit Funding and
 * Distribution API (shared/seed/000_f665af9ba4d19739.txt) with the choices of
 * docs/api-assumptions.md. `buildServer()` builds it without listening (tests may use
 * `server.inject`), `startSandbox()` listens on a loopback port, `main.ts` reads the
 * environment knobs. What it does and does not emulate: docs/sandbox.md.
 */
import cors from "@fastify/cors";
import multipart from "@fastify/multipart";
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from "fastify";
import type { AddressInfo } from "node:net";
import { openDb } from "./db";
import { errorBody } from "./errors";
import { FaultInjector, type FaultKind, RateLimiter } from "./faults";
import { installGuards } from "./guard";
import { buildOpenApi } from "./openapi";
import {
  MAX_PATH_PARAM_LENGTH,
  clientErrorHandler,
  frameworkErrors,
  installErrorReplies,
  requestIdOf,
} from "./replies";
import { DEFAULT_REQUEST_LOG_LIMIT, MemoryRequestLog, type RequestLog, safePath } from "./request-log";
import { routes } from "./routes";
import type { RunningSandbox, SandboxOptions, SandboxToken } from "./server-options";
import { AuthFailureLimiter, DEFAULT_AUTH_FAILURE_LIMIT } from "./auth-limit";
import { Store } from "./store";

export const DEMO_TOKEN = "valepix-sandbox-demo-token";
export const DEMO_COMPANY = "demo";

/** Origins of the add-in (webpack dev server) and the browser preview. */
const DEFAULT_CORS_ORIGINS = [
  "https://localhost:3000",
  "http://localhost:3000",
  "http://127.0.0.1:3000",
  "https://127.0.0.1:3000",
  "http://localhost:3001",
  "http://127.0.0.1:3001",
];

export type { RunningSandbox, SandboxOptions, SandboxToken } from "./server-options";

interface SandboxHandle {
  store: Store;
  /** Tokens registered from the options (plain, as given). */
  tokens: SandboxToken[];
  faults: FaultInjector | undefined;
  /** Issues a token for a company (created and seeded if new); returns the plain token. */
  issueToken(company: string, options?: { expiresAt?: number | null; token?: string }): string;
  revokeToken(token: string): boolean;
  openapi(): Record<string, unknown>;
  /** What the server served, in order (method, route, path, status, company). */
  requests: RequestLog;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** The operation of the route table, for the request log. */
    operationId?: string;
  }
  interface FastifyInstance {
    sandbox: SandboxHandle;
  }
  interface FastifyRequest {
    companyId: string;
    tokenKey: string;
    fault: FaultKind | undefined;
  }
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The store over the database the options name (its own `:memory:` one by default). */
function openStore(options: SandboxOptions, now: () => number) {
  const ownDb = typeof options.db !== "object";
  const db = typeof options.db === "object" ? options.db : openDb(options.db ?? ":memory:");
  const store = new Store({
    db,
    now,
    pixDelayMs: options.pixDelayMs ?? 5000,
    lotDelayMs: options.lotDelayMs ?? 3000,
    seedEmployees: options.seedEmployees ?? 50,
  });
  return { db, ownDb, store };
}

/** The options' tokens issued in the store (the demo token when the options name none). */
function registerTokens(store: Store, options: SandboxOptions): SandboxToken[] {
  const tokens: SandboxToken[] = [];
  const register = (t: SandboxToken, revoked: boolean) => {
    store.tokens.issue(t.company, {
      token: t.token,
      expiresAt: t.expiresAt ?? null,
      revoked: revoked || t.revoked === true,
    });
    tokens.push({ ...t, revoked: revoked || t.revoked === true });
  };
  if (options.tokens === undefined && options.revokedTokens === undefined) {
    register({ token: DEMO_TOKEN, company: DEMO_COMPANY }, false);
  }
  for (const t of options.tokens ?? []) register(t, false);
  for (const t of options.revokedTokens ?? []) register(t, true);
  return tokens;
}

function loggerOption(options: SandboxOptions): FastifyServerOptions["logger"] {
  if (!options.logger) return false;
  return {
    level: options.logger === true ? "info" : options.logger,
    ...(options.logStream ? { stream: options.logStream } : {}),
    // Never log credentials ("not be logged in full"); the default serializers log only
    // method, url, host and address, this is belt and braces.
    redact: { paths: ["req.headers.authorization", "headers.authorization"], censor: "[redacted]" },
    // The URL as the request log keeps it: no query, personal-data-like segments masked
    // ("Tax numbers, phone numbers and other personal data are masked in operational logs",
    // "Authentication" §5): a CPF pasted where an id goes must not reach a log line.
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: safePath(req.url),
        remoteAddress: req.ip,
      }),
    },
  };
}

/** CORS for the add-in's and the preview's origins, and those the options add. */
function installCors(app: FastifyInstance, options: SandboxOptions): void {
  const allowed = new Set([...DEFAULT_CORS_ORIGINS, ...(options.corsOrigins ?? [])]);
  void app.register(cors, {
    origin: (origin, cb) => cb(null, origin === undefined || allowed.has(origin)),
    methods: ["GET", "POST", "PUT", "OPTIONS"],
    allowedHeaders: ["Authorization", "Content-Type", "Accept", "X-Request-Id"],
    exposedHeaders: ["x-request-id", "retry-after"],
    maxAge: 600,
  });
}

/**
 * Every answer passes here as it is sent. The `after` fault: the change is applied, then the
 * caller gets a 500 anyway. Then the request log records the status the caller will see
 * (before the bytes leave, so a caller that has its answer always finds it in the log).
 */
function installSendHook(
  app: FastifyInstance,
  record: (request: FastifyRequest, status: number) => void,
): void {
  app.addHook("onSend", async (request, reply, payload) => {
    let out = payload;
    if (request.fault === "after" && reply.statusCode < 400) {
      void reply.code(500).type("application/json");
      out = JSON.stringify(
        errorBody("internal_error", "Temporary failure (injected after applying)", request.id),
      );
    }
    record(request, reply.statusCode);
    return out;
  });
}

/** The API's routes behind the guards (auth, rate limit, faults), each answer checked against its schema. */
function installApiRoutes(
  app: FastifyInstance,
  specs: ReturnType<typeof routes>,
  guards: Parameters<typeof installGuards>[1],
  checkResponses: boolean,
): void {
  void app.register(async (api) => {
    await api.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 2, fields: 10 } });

    installGuards(api, guards);

    for (const spec of specs) {
      api.route({
        method: spec.method,
        url: spec.url,
        config: { operationId: spec.operationId },
        handler: async (request, reply) => {
          const result = await spec.handler({
            company: request.companyId,
            params: request.params as Record<string, string>,
            query: request.query,
            body: request.body,
            request,
            reply,
          });
          // The answer must satisfy the same schema the client validates with.
          const check = checkResponses ? spec.response.schema.safeParse(result) : { success: true as const };
          if (!check.success) {
            request.log.error(
              { issues: check.error.issues },
              `response of ${spec.operationId} breaks its schema`,
            );
            throw new Error(`response of ${spec.operationId} breaks its schema`);
          }
          return result;
        },
      });
    }
  });
}

export function buildServer(options: SandboxOptions = {}): FastifyInstance {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const { db, ownDb, store } = openStore(options, now);
  const tokens = registerTokens(store, options);

  const faults = options.faults && options.faults.rate > 0 ? new FaultInjector(options.faults) : undefined;
  const limiter =
    options.rateLimit && options.rateLimit > 0 ? new RateLimiter(options.rateLimit, now) : undefined;
  const authFailures =
    options.authFailureLimit === false
      ? undefined
      : new AuthFailureLimiter(options.authFailureLimit ?? DEFAULT_AUTH_FAILURE_LIMIT, now);
  const latencyMs = Math.max(0, options.latencyMs ?? 0);
  const specs = routes(store);
  const requests = new MemoryRequestLog(options.requestLogLimit ?? DEFAULT_REQUEST_LOG_LIMIT);

  const record = (request: FastifyRequest, status: number) =>
    requests.record({
      method: request.method,
      route: request.routeOptions.url ?? null,
      operation: request.routeOptions.config.operationId ?? null,
      path: safePath(request.url),
      status,
      company: request.companyId || null,
    });

  const app = Fastify({
    logger: loggerOption(options),
    requestIdHeader: false,
    genReqId: (req) => requestIdOf(req.headers),
    bodyLimit: 1024 * 1024,
    // Ids up to src/api's Id length reach the routes (and their 400 for a malformed id); a
    // longer one is refused by the router, answered by frameworkErrors with an ErrorBody.
    routerOptions: { maxParamLength: MAX_PATH_PARAM_LENGTH },
    frameworkErrors: frameworkErrors(record),
    clientErrorHandler,
  });

  const handle: SandboxHandle = {
    store,
    tokens,
    faults,
    issueToken: (company, o = {}) =>
      store.tokens.issue(company, { token: o.token, expiresAt: o.expiresAt ?? null }),
    revokeToken: (token) => store.tokens.revoke(token),
    openapi: () => buildOpenApi(specs),
    requests,
  };
  app.decorate("sandbox", handle);
  app.decorateRequest("companyId", "");
  app.decorateRequest("tokenKey", "");
  app.decorateRequest("fault", undefined);

  if (ownDb) app.addHook("onClose", () => db.close());
  installCors(app, options);

  app.addHook("onRequest", async (request, reply) => {
    void reply.header("x-request-id", request.id);
    if (latencyMs > 0 && request.method !== "OPTIONS") await sleep(latencyMs);
  });

  installErrorReplies(app);
  installSendHook(app, record);

  app.get("/openapi.json", () => handle.openapi());
  app.get("/healthz", () => ({ ok: true }));

  installApiRoutes(
    app,
    specs,
    { store, limiter, authFailures, faults, sleep },
    options.checkResponses ?? true,
  );

  return app;
}

/** Builds the sandbox (default `:memory:`) and listens on 127.0.0.1, port 0 unless given. */
export async function startSandbox(
  options: SandboxOptions & { port?: number; host?: string } = {},
): Promise<RunningSandbox> {
  const { port = 0, host = "127.0.0.1", ...rest } = options;
  const server = buildServer({ db: ":memory:", ...rest });
  await server.listen({ port, host });
  const address = server.server.address() as AddressInfo;
  const shownHost = host.includes(":") ? `[${host}]` : host;
  const active = server.sandbox.tokens.find((t) => !t.revoked);
  return {
    url: `http://${shownHost}:${address.port}`,
    token: active?.token ?? "",
    tokens: server.sandbox.tokens,
    server,
    store: server.sandbox.store,
    requests: server.sandbox.requests,
    close: () => server.close(),
  };
}
