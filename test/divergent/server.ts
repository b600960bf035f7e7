/**
 * A test server that follows the API document (shared/seed/000_f665af9ba4d19739.txt) but chooses
 * differently from our sandbox wherever the document is silent, as a production server might:
 *
 * - lists answer `{ data }` only (no `page`, `limit` or `total`) and cap `limit` at 20 silently;
 *   benefits and situations answer a bare array (the document does not show them as paged);
 * - optional fields come as `null`; the state field is named `state` (the document's word);
 *   transactions are named by `transaction_id` only; item changes answer only the totals the
 *   document promises (`total_employees`, `total_amount`); finalize answers a lot without id;
 * - the same `transaction_id` sent again answers the existing deposit (200), whatever the body;
 * - error bodies are `{ message }`.
 *
 * Faults can be planted per route (`fault`): a 5xx before or after applying the change, a lost
 * connection after applying it, or an unexpected 2xx body. Every request is recorded in `seen`,
 * in order, with its headers and body, so tests count what reached the server.
 *
 * Node's own http server (no framework), listening on 127.0.0.1 port 0; used by tests only.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { type DistributionState, DivergentState } from "./state";

export const DIVERGENT_TOKEN = "dv_test_3s9Kq7Lm2Xw8";
const PREFIX = "/api/v1/valepix";
/** The largest page this server serves, whatever `limit` asks (not stated in its answers). */
const DIVERGENT_PAGE_CAP = 20;

interface Seen {
  method: string;
  /** Path after the `/api/v1/valepix` prefix, as received (not decoded). */
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  status: number | "dropped";
}

interface Fault {
  method: string;
  path: RegExp;
  /** before: answer `status` without applying; after: apply, then `status`; drop: apply, then cut the connection; body: apply, then 200 with `body`. */
  kind: "before" | "after" | "drop" | "body";
  status?: number;
  body?: string;
  /** How many requests it hits (default 1). */
  times?: number;
}

class Reply {
  constructor(
    readonly status: number,
    readonly json: unknown,
  ) {}
}
const fail = (status: number, message: string) => new Reply(status, { message });

type Handler = (m: RegExpMatchArray, body: Record<string, unknown>, query: URLSearchParams) => Reply;

export interface DivergentServer {
  url: string;
  state: DivergentState;
  seen: Seen[];
  /** `METHOD /path status` of every request, in order. */
  log(): string[];
  fault(f: Fault): void;
  close(): Promise<void>;
}

export async function startDivergentServer(
  options: { ignoreClientTransactionId?: boolean } = {},
): Promise<DivergentServer> {
  const state = new DivergentState();
  const seen: Seen[] = [];
  const faults: Fault[] = [];
  const routes = buildRoutes(state, options);

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://localhost");
      const raw = Buffer.concat(chunks).toString("utf8");
      let body: unknown = raw;
      if ((req.headers["content-type"] ?? "").startsWith("application/json") && raw !== "") {
        try {
          body = JSON.parse(raw);
        } catch {
          body = raw;
        }
      }
      const path = url.pathname.startsWith(PREFIX) ? url.pathname.slice(PREFIX.length) : url.pathname;
      const record: Seen = {
        method: req.method ?? "",
        path,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body,
        status: 0,
      };
      seen.push(record);
      const send = (r: Reply | { status: number; text: string }) => {
        record.status = r.status;
        const text = r instanceof Reply ? JSON.stringify(r.json) : r.text;
        res.writeHead(r.status, { "content-type": "application/json" }).end(text);
      };
      if (req.headers.authorization !== `Bearer ${DIVERGENT_TOKEN}`) return send(fail(401, "token refused"));

      const route = routes.find((r) => r.method === req.method && r.path.test(path));
      const match = route && path.match(route.path);
      if (!route || !match) return send(fail(404, `no route ${req.method} ${path}`));
      const fault = faults.find((f) => f.method === req.method && f.path.test(path) && (f.times ?? 1) > 0);
      if (fault) fault.times = (fault.times ?? 1) - 1;
      if (fault?.kind === "before") return send(fail(fault.status ?? 503, "temporarily unavailable"));
      const json = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
      const reply = route.handle(match, json, url.searchParams);
      if (!fault) return send(reply);
      if (fault.kind === "after") return send(fail(fault.status ?? 500, "internal error"));
      if (fault.kind === "body") return send({ status: 200, text: fault.body ?? "" });
      record.status = "dropped";
      req.socket.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    seen,
    log: () => seen.map((s) => `${s.method} ${s.path} ${s.status}`),
    fault: (f) => faults.push(f),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}

/** One page of `all`, capped at DIVERGENT_PAGE_CAP, as `{ data }` only. */
function pageOf(all: unknown[], query: URLSearchParams): Reply {
  const limit = Math.min(Number(query.get("limit") ?? 10), DIVERGENT_PAGE_CAP);
  const page = Number(query.get("page") ?? 1);
  return new Reply(200, { data: all.slice((page - 1) * limit, page * limit) });
}

function buildRoutes(state: DivergentState, options: { ignoreClientTransactionId?: boolean }) {
  const routes: { method: string; path: RegExp; handle: Handler }[] = [];
  const on = (method: string, path: string, handle: Handler) =>
    routes.push({ method, path: new RegExp(`^${path.replace(/:id/g, "([^/]+)")}$`), handle });
  const dist = (m: RegExpMatchArray): DistributionState | Reply =>
    state.distributions.get(decodeURIComponent(m[1]!)) ?? fail(404, "no such distribution");
  const draft = (m: RegExpMatchArray, change: (d: DistributionState) => Reply | undefined): Reply => {
    const d = dist(m);
    if (d instanceof Reply) return d;
    if (d.state !== "draft") return fail(422, "the distribution is not a draft");
    return change(d) ?? new Reply(200, state.totals(d));
  };
  const setValue = (d: DistributionState, ids: string[], b: Record<string, unknown>) => {
    for (const id of ids) d.items.get(id)?.values.set(String(b.product_id), Number(b.value));
    return undefined;
  };

  on("GET", "/products", (_m, _b, q) => pageOf(state.products, q));
  on("GET", "/benefits", () => new Reply(200, [...state.benefits.values()]));
  on("POST", "/benefits", (_m, b) => {
    const id = state.nextId("ben");
    state.benefits.set(id, {
      id,
      name: String(b.name),
      description: null,
      items: (b.items as unknown[]) ?? [],
    });
    return new Reply(201, { benefit_id: id });
  });
  on("PUT", "/benefits/:id", (m, b) => {
    const id = decodeURIComponent(m[1]!);
    if (!state.benefits.has(id)) return fail(404, "no such benefit");
    const benefit = {
      id,
      name: String(b.name),
      description: (b.description as string) ?? null,
      items: (b.items as unknown[]) ?? [],
    };
    state.benefits.set(id, benefit);
    return new Reply(200, benefit);
  });
  on(
    "GET",
    "/employees/situations",
    () =>
      new Reply(200, [
        { value: "active", label: null },
        { value: "inactive", label: null },
      ]),
  );
  on("GET", "/employees", (_m, _b, q) =>
    pageOf(
      state.employees.filter((e) => !q.get("situation") || e.situation === q.get("situation")),
      q,
    ),
  );
  on("POST", "/employees", (_m, b) => {
    const e = {
      employee_id: state.nextId("emp"),
      name: String(b.name),
      cpf: null,
      email: null,
      situation: "active",
    };
    state.employees.push(e);
    return new Reply(201, e);
  });
  on("POST", "/employees/batch", () => new Reply(200, { created: 1, updated: null, errors: [] }));
  on("POST", "/deposits", (_m, b) => {
    const sent = typeof b.transaction_id === "string" ? b.transaction_id : undefined;
    const existing = sent === undefined ? undefined : state.deposits.get(sent);
    // Silent in the document: this server answers the existing deposit, whatever the new body says.
    if (existing) return new Reply(200, state.depositJson(existing));
    const id = sent === undefined || options.ignoreClientTransactionId ? state.nextId("dep") : sent;
    const d = {
      transaction_id: id,
      state: "PENDING",
      amount: Number(b.amount),
      name: String(b.name),
      document: String(b.document),
    };
    state.deposits.set(id, d);
    return new Reply(201, state.depositJson(d));
  });
  on("GET", "/deposits/:id", (m) => {
    const d = state.deposits.get(decodeURIComponent(m[1]!));
    return d ? new Reply(200, state.depositJson(d)) : fail(404, "no such deposit");
  });
  on("POST", "/deposits/:id/cancel", (m) => {
    const d = state.deposits.get(decodeURIComponent(m[1]!));
    if (!d) return fail(404, "no such deposit");
    if (d.state === "COMPLETED") return fail(409, "already paid");
    d.state = "CANCELLED";
    return new Reply(200, state.depositJson(d));
  });
  on("GET", "/balances", () => new Reply(200, { available_amount: state.balance, currency: null }));
  on("GET", "/transactions", (_m, _b, q) => pageOf(state.transactions(), q));
  on("POST", "/distributions", () => {
    const d: DistributionState = { id: state.nextId("dst"), state: "draft", items: new Map() };
    state.distributions.set(d.id, d);
    return new Reply(201, state.distributionJson(d));
  });
  on("GET", "/distributions/:id", (m) => {
    const d = dist(m);
    return d instanceof Reply ? d : new Reply(200, state.distributionJson(d));
  });
  on("GET", "/distributions/:id/items", (m, _b, q) => {
    const d = dist(m);
    if (d instanceof Reply) return d;
    const page = pageOf(
      [...d.items.values()].map((i) => state.itemJson(i)),
      q,
    );
    return new Reply(200, { ...(page.json as object), state: d.state, ...state.totals(d) });
  });
  on("POST", "/distributions/:id/items", (m, b) =>
    draft(m, (d) => {
      const ids = b.employee_ids as string[];
      if (!ids.every((id) => state.employees.some((e) => e.employee_id === id)))
        return fail(422, "unknown employee");
      for (const id of ids) if (!d.items.has(id)) d.items.set(id, { employee_id: id, values: new Map() });
      return undefined;
    }),
  );
  on("POST", "/distributions/:id/items/remove", (m, b) =>
    draft(m, (d) => {
      for (const id of b.employee_ids as string[]) d.items.delete(id);
      return undefined;
    }),
  );
  on("PUT", "/distributions/:id/items/value", (m, b) => draft(m, (d) => setValue(d, [...d.items.keys()], b)));
  on("PUT", "/distributions/:id/items/([^/]+)/value", (m, b) =>
    draft(m, (d) => {
      const employee = decodeURIComponent(m[2]!);
      if (!d.items.has(employee)) return fail(404, "no such item");
      return setValue(d, [employee], b);
    }),
  );
  on("POST", "/distributions/:id/finalize", (m, b) =>
    draft(m, (d) => {
      if (
        !["PIX", "BOLETO", "BALANCE", "BALANCE_WITH_PIX", "BALANCE_WITH_BOLETO"].includes(
          b.payment_method as string,
        )
      )
        return fail(422, "payment method");
      d.state = "processing";
      return new Reply(200, { state: "processing", lot: { state: "PENDING" }, transaction_id: null });
    }),
  );
  return routes;
}
