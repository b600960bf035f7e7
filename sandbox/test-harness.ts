/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-member-access -- HTTP bodies are inspected loosely here; the contract suite checks their types through the client. */
/** Shared setup of the sandbox-level tests: an in-memory server, a manual clock, `call()`. */
import type { FastifyInstance } from "fastify";
import { API_PREFIX } from "../src/api/routes";
import { type RunningSandbox, type SandboxOptions, startSandbox } from "./server";
import { type ManualClock, manualClock } from "./testkit";

export const TOKEN_A = "tok-acme-0123456789";
export const TOKEN_B = "tok-beta-0123456789";

export interface Res<T = any> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
}

export interface Harness {
  app: FastifyInstance;
  url: string;
  clock: ManualClock;
  call<T = any>(
    method: "GET" | "POST" | "PUT" | "DELETE" | "OPTIONS",
    path: string,
    opts?: { token?: string | null; body?: unknown; raw?: string; headers?: Record<string, string> },
  ): Promise<Res<T>>;
  close(): Promise<void>;
}

export const PIX_DELAY = 1000;
export const LOT_DELAY = 500;

/**
 * The sandbox every suite tests against: in memory, on 127.0.0.1 port 0, a manual clock, two
 * companies (TOKEN_A "acme", TOKEN_B "beta") of 12 employees each; `options` override any of it.
 */
export async function startTestSandbox(
  options: SandboxOptions = {},
): Promise<{ sb: RunningSandbox; clock: ManualClock }> {
  const clock = manualClock();
  const sb = await startSandbox({
    db: ":memory:",
    now: clock.now,
    seedEmployees: 12,
    pixDelayMs: PIX_DELAY,
    lotDelayMs: LOT_DELAY,
    tokens: [
      { token: TOKEN_A, company: "acme" },
      { token: TOKEN_B, company: "beta" },
    ],
    ...options,
  });
  return { sb, clock };
}

/**
 * A test sandbox called with fetch. (Fastify's `inject` would skip the socket, but its
 * light-my-request depends on an ESM-only package jest cannot load here.)
 */
export async function harness(options: SandboxOptions = {}): Promise<Harness> {
  const { sb, clock } = await startTestSandbox(options);
  const app = sb.server;
  return {
    app,
    url: sb.url,
    clock,
    async call(method, path, opts = {}) {
      const token = opts.token === undefined ? TOKEN_A : opts.token;
      const headers: Record<string, string> = { accept: "application/json", ...opts.headers };
      if (token !== null) headers.authorization = `Bearer ${token}`;
      let payload: string | undefined;
      if (opts.raw !== undefined) {
        payload = opts.raw;
        headers["content-type"] ??= "application/json";
      } else if (opts.body !== undefined) {
        payload = JSON.stringify(opts.body);
        headers["content-type"] = "application/json";
      }
      const url = path.startsWith("/api/") || path.startsWith("/openapi") ? path : `${API_PREFIX}${path}`;
      const res = await fetch(sb.url + url, {
        method,
        headers,
        ...(payload !== undefined ? { body: payload } : {}),
      });
      const text = await res.text();
      let body: unknown = undefined;
      if (text) {
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
      }
      return { status: res.status, body, headers: Object.fromEntries(res.headers.entries()) } as Res;
    },
    close: () => sb.close(),
  };
}

/** Ids the tests need: products by code, employees by situation, the seeded convention. */
export async function lookups(h: Harness, token = TOKEN_A) {
  const products = (await h.call("GET", "/products?limit=100", { token })).body.data as {
    id: string;
    code: string;
  }[];
  const employees = (await h.call("GET", "/employees?limit=100", { token })).body.data as {
    employee_id: string;
    situation: string;
    benefit_convention_ids: string[];
  }[];
  const benefits = (await h.call("GET", "/benefits", { token })).body.data as {
    id: string;
    items: { product_id: string; monthly_amount: number }[];
  }[];
  const product = (code: string) => {
    const p = products.find((x) => x.code === code);
    if (!p) throw new Error(`no product ${code}`);
    return p.id;
  };
  return {
    products,
    product,
    employees,
    active: employees.filter((e) => e.situation === "active").map((e) => e.employee_id),
    notActive: employees.filter((e) => e.situation !== "active").map((e) => e.employee_id),
    convention: benefits[0]!,
  };
}

export const depositBody = (amount: number, extra: Record<string, unknown> = {}) => ({
  amount,
  method: "PIX",
  name: "Financeiro Acme",
  document: "11222333000181",
  ...extra,
});

/** Funds the company: a deposit that completes after the PIX delay. */
export async function fund(h: Harness, amount: number, token = TOKEN_A): Promise<string> {
  const r = await h.call("POST", "/deposits", { token, body: depositBody(amount) });
  if (r.status !== 201) throw new Error(`deposit failed: ${r.status} ${JSON.stringify(r.body)}`);
  h.clock.advance(PIX_DELAY);
  return r.body.transaction_id as string;
}

/**
 * A `selected` draft of the first `people` active employees, each paid `amountEach` cents of
 * the product `code` (no value when 0); returns its distribution_id.
 */
export async function draftWith(h: Harness, amountEach: number, people = 2, code = "ALI"): Promise<string> {
  const { active, product } = await lookups(h);
  const id = (await h.call("POST", "/distributions", { body: { type: "selected" } })).body
    .distribution_id as string;
  await h.call("POST", `/distributions/${id}/items`, { body: { employee_ids: active.slice(0, people) } });
  if (amountEach > 0) {
    await h.call("PUT", `/distributions/${id}/items/value`, {
      body: { product_id: product(code), value: amountEach },
    });
  }
  return id;
}
