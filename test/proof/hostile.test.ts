/**
 * A hostile server in front of the sandbox (issue 22, "Done when"): a loopback proxy forwards
 * every call to the sandbox except those it answers itself, and each case is driven through the
 * workflow a person uses:
 * - a redirect (307/308) of a POST that carries a body: the other host is never asked, the draft
 *   create and the deposit say their outcome is unknown;
 * - the page size changing mid-list (100, then 30, the new limit echoed): the employees pull reads
 *   the list again and writes each employee once; a change every time is a `PaginationError`;
 * - 409 for a deposit's own `transaction_id`, repeated after an unknown outcome as the pane advises:
 *   the existing deposit is the answer, one charge at the server.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import {
  DepositMismatchError,
  DepositOutcomeUnknownError,
  DraftCreateOutcomeUnknownError,
  PaginationError,
  RedirectRefusedError,
  collectAll,
} from "../../src/api";
import { formatCpf } from "../../src/money";
import { pullEmployees } from "../../src/features/directory";
import { fund } from "../../src/features/fund";
import { sendSheet } from "../../src/features/distribute";
import { readRunLogEntries, unansweredCreates } from "../../src/workbook/run-log";
import { API_PREFIX } from "../../src/api/routes";
import { newWorkbook, startWorkflowEnv, type WorkflowEnv } from "../../src/features/testing/workflows-env";

jest.setTimeout(60_000);

interface Call {
  method: string;
  /** Without the API prefix, with the query. */
  path: string;
  body: string;
}
type Answer = { status: number; headers?: Record<string, string>; body?: string } | undefined;

let env: WorkflowEnv;
let proxy: http.Server;
let other: http.Server;
let otherUrl: string;
const otherCalls: Call[] = [];
/** Answers a call itself, or undefined to forward it (`path` may be rewritten by `rewrite`). */
let hook: (call: Call) => Answer;
let rewrite: (call: Call) => string;

const listen = (s: http.Server) =>
  new Promise<string>((r) =>
    s.listen(0, "127.0.0.1", () => r(`http://127.0.0.1:${(s.address() as AddressInfo).port}`)),
  );

function serve(handler: (call: Call, req: http.IncomingMessage, res: http.ServerResponse) => void) {
  return http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = (req.url ?? "/").replace(API_PREFIX, "");
      handler({ method: req.method ?? "GET", path, body: Buffer.concat(chunks).toString("utf8") }, req, res);
    });
  });
}

beforeEach(async () => {
  hook = () => undefined;
  rewrite = (c) => c.path;
  otherCalls.length = 0;
  other = serve((call, _req, res) => {
    otherCalls.push(call);
    res.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
  otherUrl = await listen(other);
  proxy = serve((call, req, res) => {
    void (async () => {
      const own = hook(call);
      if (own) return void res.writeHead(own.status, own.headers).end(own.body ?? "");
      const headers: Record<string, string> = {};
      for (const h of ["authorization", "content-type", "accept"])
        if (typeof req.headers[h] === "string") headers[h] = req.headers[h];
      const up = await fetch(`${env.sb.url}${API_PREFIX}${rewrite(call)}`, {
        method: call.method,
        headers,
        ...(call.body ? { body: call.body } : {}),
      });
      const text = await up.text();
      res
        .writeHead(up.status, { "content-type": up.headers.get("content-type") ?? "application/json" })
        .end(text);
    })();
  });
  const proxyUrl = await listen(proxy);
  env = await startWorkflowEnv({ seedEmployees: 250 }, { baseUrl: proxyUrl });
});

afterEach(async () => {
  proxy.closeAllConnections();
  other.closeAllConnections();
  await new Promise((r) => proxy.close(r));
  await new Promise((r) => other.close(r));
  await env.close();
});

const deposits = () =>
  (env.sb.store.db.prepare("SELECT COUNT(*) AS n FROM deposits").get() as { n: number }).n;
const drafts = () =>
  (env.sb.store.db.prepare("SELECT COUNT(*) AS n FROM distributions").get() as { n: number }).n;

test("a POST redirected (307, 308) never reaches the other host; the draft and the deposit say their outcome is unknown", async () => {
  const api = env.client;
  const [a] = (await collectAll(api.employees.list(), { max: 1000 })).filter((e) => e.situation === "active");
  const wb = newWorkbook([
    { name: "Beneficios", header: ["CPF", "Nome", "Refeição"], rows: [[formatCpf(a!.cpf!), a!.name, 600]] },
  ]);
  hook = (c) =>
    c.method === "POST" && c.path === "/distributions"
      ? { status: 307, headers: { location: `${otherUrl}${API_PREFIX}${c.path}` } }
      : c.method === "POST" && c.path === "/deposits"
        ? { status: 308, headers: { location: `${otherUrl}${API_PREFIX}${c.path}` } }
        : undefined;

  const draft = await sendSheet(api, { workbook: wb, table: "Beneficios" }).catch((e: unknown) => e);
  expect(draft).toBeInstanceOf(DraftCreateOutcomeUnknownError);
  expect((draft as Error).cause).toBeInstanceOf(RedirectRefusedError);
  expect(unansweredCreates(await readRunLogEntries(wb), "Beneficios", "selected")).toHaveLength(1);

  const charge = await fund(api, {
    target: { amountCents: 10_000 },
    payer: { name: "Financeiro Acme", document: "11.222.333/0001-81" },
  }).catch((e: unknown) => e);
  expect(charge).toBeInstanceOf(DepositOutcomeUnknownError);

  expect(otherCalls).toEqual([]); // no body (amount, payer, CNPJ, ids) went to the other host
  expect(drafts()).toBe(0);
  expect(deposits()).toBe(0);
});

test("the page size changes mid-list (100, then 30): the pull reads again and writes each employee once; every time: PaginationError", async () => {
  let shifted = 0;
  let always = false;
  // A server that serves at most 100 a page (echoing limit 100, whatever was asked), and page 2
  // with limit 30 (echoed), once, or on every pass.
  rewrite = (c) => {
    const u = new URL(c.path, "http://x");
    if (c.method !== "GET" || u.pathname !== "/employees") return c.path;
    u.searchParams.set("limit", "100");
    if (u.searchParams.get("page") === "2" && (always || shifted++ === 0)) u.searchParams.set("limit", "30");
    return u.pathname + u.search;
  };
  const wb = newWorkbook();
  const result = await pullEmployees(env.client.employees, wb);
  expect(shifted).toBe(2); // the first pass shifted, the second read page 2 as asked
  expect(result.added).toBe(250);
  expect(result.duplicateRows).toEqual([]);
  const table = await wb.getTable(result.table.name);
  const ids: string[] = [];
  for await (const block of wb.readTableRows(result.table.name))
    for (const r of block.rows) ids.push(String(r[table!.header.indexOf(table!.header[0]!)]));
  expect(ids).toHaveLength(250);
  expect(new Set(ids).size).toBe(250);

  always = true;
  const err = await pullEmployees(env.client.employees, newWorkbook()).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(PaginationError);
  expect((err as PaginationError).change).toMatchObject({ kind: "limit", from: 100, to: 30 });
});

test("409 for the deposit's own transaction_id, repeated as the pane advises: the existing deposit, one charge", async () => {
  const seen = new Set<string>();
  // A server that answers 409 to a create whose transaction_id it already holds.
  hook = (c) => {
    if (c.method !== "POST" || c.path !== "/deposits") return undefined;
    const id = (JSON.parse(c.body) as { transaction_id: string }).transaction_id;
    if (seen.has(id))
      return { status: 409, headers: { "content-type": "application/json" }, body: '{"message":"conflict"}' };
    seen.add(id);
    return undefined;
  };
  const payer = { name: "Financeiro Acme", document: "11.222.333/0001-81" };
  let id: string | undefined;
  const first = await fund(
    env.client,
    { target: { amountCents: 10_000 }, payer },
    { onTransactionId: (t) => (id = t) },
  );
  expect(first.outcome).not.toBeNull();
  expect(deposits()).toBe(1);

  // The pane's advice after an unknown outcome: repeat with the same transaction_id. The server
  // says 409; the client reads the deposit under that id, finds the one it sent and follows it.
  const again = await fund(env.client, { target: { amountCents: 10_000 }, payer, transactionId: id! });
  expect(again.outcome?.charge.transactionId).toBe(id);
  expect(deposits()).toBe(1);
  expect(env.sb.requests.count({ operation: "createDeposit" })).toBe(1); // the 409 was the proxy's

  // The same id with another amount: DepositMismatchError, still one charge.
  const other = await fund(env.client, { target: { amountCents: 20_000 }, payer, transactionId: id! }).catch(
    (e: unknown) => e,
  );
  expect(other).toBeInstanceOf(DepositMismatchError);
  expect(deposits()).toBe(1);
});
