/**
 * The sandbox HTTP server: a faithful local implementation of the Benefit Funding and
 * Distribution API (shared/seed/000_f665af9ba4d19739.txt) with the choices of
 * docs/api-assumptions.md. `buildServer()` builds it without listening (tests may use
 * `server.inject`), `startSandbox()` listens on a loopback port, `main.ts` reads the
 * environment knobs. What it does and does not emulate: docs/sandbox.md.
 */
import cors from "@fastify/cors";
import multipart from "@fastify/multipart";
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from "fastify";
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { z } from "zod";
import { ROUTE_PATTERNS } from "../src/api/routes";
import * as S from "../src/api/schemas";
import { type Db, openDb } from "./db";
import { SandboxError, badRequest, errorBody } from "./errors";
import { FaultInjector, type FaultKind, type FaultOptions, RateLimiter } from "./faults";
import { type OpenApiRoute, buildOpenApi } from "./openapi";
import { DEFAULT_REQUEST_LOG_LIMIT, MemoryRequestLog, type RequestLog, safePath } from "./request-log";
import { type Clock, Store, hashToken } from "./store";

export const DEMO_TOKEN = "valepix-sandbox-demo-token";
export const DEMO_COMPANY = "demo";

/** Origins of the add-in (webpack dev server) and the browser preview. */
export const DEFAULT_CORS_ORIGINS = [
  "https://localhost:3000",
  "http://localhost:3000",
  "http://127.0.0.1:3000",
  "https://127.0.0.1:3000",
  "http://localhost:3001",
  "http://127.0.0.1:3001",
];

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
}

export interface SandboxHandle {
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

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** zod issues as ErrorBody details (`path` dotted: `items.0.monthly_amount`). */
function zodDetails(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
}

function parse<T extends z.ZodType>(schema: T, value: unknown, where: string): z.output<T> {
  const r = schema.safeParse(value);
  if (!r.success) throw badRequest(`Invalid ${where}`, zodDetails(r.error));
  return r.data;
}

interface Ctx {
  company: string;
  params: Record<string, string>;
  query: unknown;
  body: unknown;
  request: FastifyRequest;
  reply: FastifyReply;
}

interface RouteSpec extends OpenApiRoute {
  handler: (ctx: Ctx) => unknown;
}

const IdParam = S.Id;

function routes(store: Store): RouteSpec[] {
  const P = ROUTE_PATTERNS;
  const page = (q: unknown) => parse(S.PageQuery, q, "query");
  const id = (ctx: Ctx, name: string) => parse(IdParam, ctx.params[name], `path parameter ${name}`);
  return [
    {
      method: "GET",
      url: P.products,
      operationId: "listProducts",
      summary: "Page of products, each with `id`",
      tag: "products",
      query: S.PageQuery,
      response: { status: 200, name: "ProductPage", schema: S.ProductPage },
      errors: [],
      handler: (c) => store.listProducts(c.company, page(c.query)),
    },
    {
      method: "POST",
      url: P.benefits,
      operationId: "createBenefit",
      summary: "Create a benefit (convention); answers `benefit_id`",
      tag: "benefits",
      body: { name: "BenefitCreate", schema: S.BenefitCreate },
      response: { status: 201, name: "BenefitCreated", schema: S.BenefitCreated },
      errors: [422],
      handler: (c) => {
        c.reply.code(201);
        return store.createBenefit(c.company, parse(S.BenefitCreate, c.body, "body"));
      },
    },
    {
      method: "GET",
      url: P.benefits,
      operationId: "listBenefits",
      summary: "List of benefits, each with `id`",
      tag: "benefits",
      query: S.PageQuery,
      response: { status: 200, name: "BenefitPage", schema: S.BenefitPage },
      errors: [],
      handler: (c) => store.listBenefits(c.company, page(c.query)),
    },
    {
      method: "PUT",
      url: P.benefit,
      operationId: "updateBenefit",
      summary: "Replace a benefit whole (path not shown in the document; our choice)",
      tag: "benefits",
      body: { name: "BenefitUpdate", schema: S.BenefitUpdate },
      response: { status: 200, name: "Benefit", schema: S.Benefit },
      errors: [403, 404, 422],
      handler: (c) =>
        store.updateBenefit(c.company, id(c, "benefit_id"), parse(S.BenefitUpdate, c.body, "body")),
    },
    {
      method: "GET",
      url: P.employees,
      operationId: "listEmployees",
      summary: "Page of employees; filter by `situation`",
      tag: "employees",
      query: S.EmployeeListQuery,
      response: { status: 200, name: "EmployeePage", schema: S.EmployeePage },
      errors: [],
      handler: (c) => store.listEmployees(c.company, parse(S.EmployeeListQuery, c.query, "query")),
    },
    {
      method: "POST",
      url: P.employees,
      operationId: "createEmployee",
      summary: "Register one employee (body not shown in the document; our choice)",
      tag: "employees",
      body: { name: "EmployeeCreate", schema: S.EmployeeCreate },
      response: { status: 201, name: "Employee", schema: S.Employee },
      errors: [409, 422],
      handler: (c) => {
        c.reply.code(201);
        return store.createEmployee(c.company, parse(S.EmployeeCreate, c.body, "body"));
      },
    },
    {
      method: "GET",
      url: P.employeeSituations,
      operationId: "listEmployeeSituations",
      summary: "Situations; `value` is what the `situation` filter takes",
      tag: "employees",
      response: { status: 200, name: "SituationList", schema: S.SituationList },
      errors: [],
      handler: () => store.situations(),
    },
    {
      method: "POST",
      url: P.employeeBatch,
      operationId: "uploadEmployees",
      summary: "Batch registration: CSV `name,cpf,email` in the multipart field `file`",
      tag: "employees",
      multipart: { field: S.EMPLOYEE_BATCH_FIELD, description: "UTF-8 CSV with header name,cpf,email" },
      response: { status: 200, name: "EmployeeBatchResult", schema: S.EmployeeBatchResult },
      errors: [413, 415],
      handler: async (c) => {
        if (!c.request.isMultipart()) {
          throw new SandboxError(
            415,
            "unsupported_media_type",
            "Send multipart/form-data with the CSV in field `file`",
          );
        }
        let csv: string | undefined;
        for await (const part of c.request.parts()) {
          if (part.type === "file" && part.fieldname === S.EMPLOYEE_BATCH_FIELD && csv === undefined) {
            csv = (await part.toBuffer()).toString("utf8");
          } else if (part.type === "file") {
            await part.toBuffer();
          }
        }
        if (csv === undefined) {
          throw badRequest(`Missing file field \`${S.EMPLOYEE_BATCH_FIELD}\``, [
            { path: S.EMPLOYEE_BATCH_FIELD, message: "required" },
          ]);
        }
        return store.uploadEmployees(c.company, csv);
      },
    },
    {
      method: "POST",
      url: P.deposits,
      operationId: "createDeposit",
      summary: "Create a deposit (charge); same transaction_id again answers the existing one",
      tag: "deposits",
      body: { name: "DepositCreate", schema: S.DepositCreate },
      response: { status: 201, name: "Deposit", schema: S.Deposit },
      errors: [409],
      handler: (c) => {
        const { created, deposit } = store.createDeposit(c.company, parse(S.DepositCreate, c.body, "body"));
        c.reply.code(created ? 201 : 200);
        return deposit;
      },
    },
    {
      method: "GET",
      url: P.deposit,
      operationId: "getDeposit",
      summary: "Deposit with its payment state",
      tag: "deposits",
      response: { status: 200, name: "Deposit", schema: S.Deposit },
      errors: [403, 404],
      handler: (c) => store.getDeposit(c.company, id(c, "transaction_id")),
    },
    {
      method: "POST",
      url: P.depositCancel,
      operationId: "cancelDeposit",
      summary: "Cancel a pending charge; 409 once paid (path not shown in the document; our choice)",
      tag: "deposits",
      response: { status: 200, name: "Deposit", schema: S.Deposit },
      errors: [403, 404, 409],
      handler: (c) => store.cancelDeposit(c.company, id(c, "transaction_id")),
    },
    {
      method: "GET",
      url: P.balances,
      operationId: "getBalance",
      summary: "Available balance, in cents",
      tag: "balances",
      response: { status: 200, name: "Balance", schema: S.Balance },
      errors: [],
      handler: (c) => store.getBalance(c.company),
    },
    {
      method: "GET",
      url: P.transactions,
      operationId: "listTransactions",
      summary: "Page of money moves (signed cents), oldest first; filter by `type`",
      tag: "transactions",
      query: S.TransactionListQuery,
      response: { status: 200, name: "TransactionPage", schema: S.TransactionPage },
      errors: [],
      handler: (c) => store.listTransactions(c.company, parse(S.TransactionListQuery, c.query, "query")),
    },
    {
      method: "POST",
      url: P.distributions,
      operationId: "createDistribution",
      summary: "Create a distribution draft (`selected`, `batch` or `group`)",
      tag: "distributions",
      body: { name: "DistributionCreate", schema: S.DistributionCreate },
      response: { status: 201, name: "Distribution", schema: S.Distribution },
      errors: [422],
      handler: (c) => {
        c.reply.code(201);
        return store.createDistribution(c.company, parse(S.DistributionCreate, c.body, "body"));
      },
    },
    {
      method: "GET",
      url: P.distribution,
      operationId: "getDistribution",
      summary: "Distribution with its state, totals and lot",
      tag: "distributions",
      response: { status: 200, name: "Distribution", schema: S.Distribution },
      errors: [403, 404],
      handler: (c) => store.getDistribution(c.company, id(c, "distribution_id")),
    },
    {
      method: "POST",
      url: P.items,
      operationId: "addDistributionItems",
      summary: "Add employees to a draft; answers the updated totals",
      tag: "distributions",
      body: { name: "AddItems", schema: S.AddItems },
      response: { status: 200, name: "DistributionTotals", schema: S.DistributionTotals },
      errors: [403, 404, 422],
      handler: (c) => store.addItems(c.company, id(c, "distribution_id"), parse(S.AddItems, c.body, "body")),
    },
    {
      method: "POST",
      url: P.itemsRemove,
      operationId: "removeDistributionItems",
      summary: "Remove employees from a draft (path not shown in the document; our choice)",
      tag: "distributions",
      body: { name: "RemoveItems", schema: S.RemoveItems },
      response: { status: 200, name: "DistributionTotals", schema: S.DistributionTotals },
      errors: [403, 404, 422],
      handler: (c) =>
        store.removeItems(c.company, id(c, "distribution_id"), parse(S.RemoveItems, c.body, "body")),
    },
    {
      method: "PUT",
      url: P.itemsValue,
      operationId: "setValueForAllItems",
      summary: "Set one product's value for every item; 0 clears it",
      tag: "distributions",
      body: { name: "SetValueForAll", schema: S.SetValueForAll },
      response: { status: 200, name: "DistributionTotals", schema: S.DistributionTotals },
      errors: [403, 404, 422],
      handler: (c) =>
        store.setValueForAll(c.company, id(c, "distribution_id"), parse(S.SetValueForAll, c.body, "body")),
    },
    {
      method: "PUT",
      url: P.employeeValue,
      operationId: "setEmployeeValue",
      summary: "Set one product's value for one employee; 0 clears it",
      tag: "distributions",
      body: { name: "SetEmployeeValue", schema: S.SetEmployeeValue },
      response: { status: 200, name: "DistributionTotals", schema: S.DistributionTotals },
      errors: [403, 404, 422],
      handler: (c) =>
        store.setEmployeeValue(
          c.company,
          id(c, "distribution_id"),
          id(c, "employee_id"),
          parse(S.SetEmployeeValue, c.body, "body"),
        ),
    },
    {
      method: "GET",
      url: P.items,
      operationId: "listDistributionItems",
      summary: "Page of items with state and totals",
      tag: "distributions",
      query: S.PageQuery,
      response: { status: 200, name: "DistributionItemPage", schema: S.DistributionItemPage },
      errors: [403, 404],
      handler: (c) => store.listItems(c.company, id(c, "distribution_id"), page(c.query)),
    },
    {
      method: "POST",
      url: P.finalize,
      operationId: "finalizeDistribution",
      summary: "Finalize with a payment method: lot PENDING, distribution processing",
      tag: "distributions",
      body: { name: "FinalizeBody", schema: S.FinalizeBody },
      response: { status: 200, name: "FinalizeResult", schema: S.FinalizeResult },
      errors: [403, 404, 422],
      handler: (c) =>
        store.finalize(c.company, id(c, "distribution_id"), parse(S.FinalizeBody, c.body, "body")),
    },
  ];
}

/** Maps anything thrown to a status and an ErrorBody. */
function toError(err: unknown): {
  status: number;
  code: string;
  message: string;
  details?: S.ErrorBody["error"]["details"];
  headers?: Record<string, string>;
} {
  if (err instanceof SandboxError) {
    return {
      status: err.status,
      code: err.code,
      message: err.message,
      details: err.details,
      headers: err.headers,
    };
  }
  if (err instanceof z.ZodError)
    return { status: 400, code: "bad_request", message: "Invalid request", details: zodDetails(err) };
  const e = err as { statusCode?: number; code?: string; message?: string };
  const status =
    typeof e.statusCode === "number" && e.statusCode >= 400 && e.statusCode < 600 ? e.statusCode : 500;
  if (status >= 500) return { status: 500, code: "internal_error", message: "Internal error" };
  const code =
    e.code === "FST_ERR_CTP_INVALID_JSON_BODY" || (e.code ?? "").includes("JSON")
      ? "invalid_json"
      : status === 413
        ? "payload_too_large"
        : status === 415
          ? "unsupported_media_type"
          : "bad_request";
  return { status, code, message: e.message ?? "Bad request" };
}

export function buildServer(options: SandboxOptions = {}): FastifyInstance {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const ownDb = typeof options.db !== "object";
  const db = typeof options.db === "object" ? options.db : openDb(options.db ?? ":memory:");
  const store = new Store({
    db,
    now,
    pixDelayMs: options.pixDelayMs ?? 5000,
    lotDelayMs: options.lotDelayMs ?? 3000,
    seedEmployees: options.seedEmployees ?? 50,
  });

  const tokens: SandboxToken[] = [];
  const register = (t: SandboxToken, revoked: boolean) => {
    store.issueToken(t.company, {
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

  const faults = options.faults && options.faults.rate > 0 ? new FaultInjector(options.faults) : undefined;
  const limiter =
    options.rateLimit && options.rateLimit > 0 ? new RateLimiter(options.rateLimit, now) : undefined;
  const latencyMs = Math.max(0, options.latencyMs ?? 0);
  const specs = routes(store);
  const requests = new MemoryRequestLog(options.requestLogLimit ?? DEFAULT_REQUEST_LOG_LIMIT);

  const loggerOption: FastifyServerOptions["logger"] = options.logger
    ? {
        level: options.logger === true ? "info" : options.logger,
        ...(options.logStream ? { stream: options.logStream } : {}),
        // Never log credentials ("not be logged in full"); the default serializers log only
        // method, url, host and address, this is belt and braces.
        redact: { paths: ["req.headers.authorization", "headers.authorization"], censor: "[redacted]" },
      }
    : false;

  const app = Fastify({
    logger: loggerOption,
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers["x-request-id"];
      return typeof incoming === "string" && REQUEST_ID.test(incoming)
        ? incoming
        : `req_${randomBytes(8).toString("hex")}`;
    },
    bodyLimit: 1024 * 1024,
  });

  const handle: SandboxHandle = {
    store,
    tokens,
    faults,
    issueToken: (company, o = {}) =>
      store.issueToken(company, { token: o.token, expiresAt: o.expiresAt ?? null }),
    revokeToken: (token) => store.revokeToken(token),
    openapi: () => buildOpenApi(specs),
    requests,
  };
  app.decorate("sandbox", handle);
  app.decorateRequest("companyId", "");
  app.decorateRequest("tokenKey", "");
  app.decorateRequest("fault", undefined);

  if (ownDb) app.addHook("onClose", () => db.close());

  const allowed = new Set([...DEFAULT_CORS_ORIGINS, ...(options.corsOrigins ?? [])]);
  void app.register(cors, {
    origin: (origin, cb) => cb(null, origin === undefined || allowed.has(origin)),
    methods: ["GET", "POST", "PUT", "OPTIONS"],
    allowedHeaders: ["Authorization", "Content-Type", "Accept", "X-Request-Id"],
    exposedHeaders: ["x-request-id", "retry-after"],
    maxAge: 600,
  });

  app.addHook("onRequest", async (request, reply) => {
    void reply.header("x-request-id", request.id);
    if (latencyMs > 0 && request.method !== "OPTIONS") await sleep(latencyMs);
  });

  // An empty JSON body is "no body" (a POST .../cancel may still carry the JSON content type);
  // anything else must be valid JSON, or a 400 with ErrorBody code invalid_json.
  const defaultJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (req, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") {
      done(null, undefined);
      return;
    }
    void defaultJson(req, text, (err, value) => {
      if (err) done(new SandboxError(400, "invalid_json", "The body is not valid JSON"), undefined);
      else done(null, value);
    });
  });

  // Every answer passes here as it is sent. The `after` fault: the change is applied, then the
  // caller gets a 500 anyway. Then the request log records the status the caller will see
  // (before the bytes leave, so a caller that has its answer always finds it in the log).
  app.addHook("onSend", async (request, reply, payload) => {
    let out = payload;
    if (request.fault === "after" && reply.statusCode < 400) {
      void reply.code(500).type("application/json");
      out = JSON.stringify(
        errorBody("internal_error", "Temporary failure (injected after applying)", request.id),
      );
    }
    requests.record({
      method: request.method,
      route: request.routeOptions.url ?? null,
      operation: request.routeOptions.config.operationId ?? null,
      path: safePath(request.url),
      status: reply.statusCode,
      company: request.companyId || null,
    });
    return out;
  });

  app.setErrorHandler((err, request, reply) => {
    const e = toError(err);
    if (e.status >= 500) request.log.error({ err }, "sandbox internal error");
    if (e.headers) void reply.headers(e.headers);
    if (e.status === 401) void reply.header("www-authenticate", 'Bearer realm="valepix-sandbox"');
    return reply
      .code(e.status)
      .type("application/json")
      .send(errorBody(e.code, e.message, request.id, e.details));
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send(
        errorBody(
          "route_not_found",
          `No route ${request.method} ${request.url.split("?")[0] ?? ""}`,
          request.id,
        ),
      ),
  );

  app.get("/openapi.json", () => handle.openapi());
  app.get("/healthz", () => ({ ok: true }));

  void app.register(async (api) => {
    await api.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 2, fields: 10 } });

    // Authentication and the call-rate limit run before the body is read, so a caller without
    // a valid token learns nothing from validation errors.
    api.addHook("onRequest", (request, _reply, done) => {
      try {
        authorize(request);
        done();
      } catch (err) {
        done(err as Error);
      }
    });
    const authorize = (request: FastifyRequest): void => {
      const header = request.headers.authorization;
      const m = typeof header === "string" ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
      const info = store.authenticate(m?.[1]);
      request.companyId = info.companyId;
      request.tokenKey = info.hash;
      if (limiter) {
        const wait = limiter.take(info.hash);
        if (wait > 0) {
          throw new SandboxError(
            429,
            "rate_limited",
            "Too many requests; reduce frequency and back off",
            undefined,
            {
              "retry-after": String(wait),
            },
          );
        }
      }
      if (faults?.inBurst(info.hash)) {
        throw new SandboxError(429, "rate_limited", "Too many requests (injected burst)", undefined, {
          "retry-after": String(faults.burstRetryAfterS),
        });
      }
    };

    api.addHook("preHandler", async (request) => {
      if (faults && (request.method === "POST" || request.method === "PUT")) {
        const kind = faults.draw(request.tokenKey);
        request.fault = kind;
        if (kind === "before") {
          throw new SandboxError(503, "service_unavailable", "Temporary failure (injected before applying)");
        }
        if (kind === "burst") {
          throw new SandboxError(429, "rate_limited", "Too many requests (injected burst)", undefined, {
            "retry-after": String(faults.burstRetryAfterS),
          });
        }
        if (kind === "slow") await sleep(faults.slowMs);
      }
      store.settle(request.companyId);
    });

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
          const check = spec.response.schema.safeParse(result);
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

  return app;
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

export { hashToken };
