/**
 * Security after a full journey (issue 14 item 3), through the workflows with the Office.js
 * adapter over the fake Excel: the token is read from the token store at each request (as the
 * pane's adapter does), the directory is pulled, a sheet with a bad CPF is refused, fixed, sent,
 * funded and finalized, transactions are pulled. Then:
 * - the token is in no cell, no workbook setting, no saved .xlsx (src/preview/xlsx.ts's
 *   converter, as the preview saves a file: readSnapshot then writeXlsx; unzipped and searched) and no captured log line (the sandbox's own log, the
 *   request log, the client's request hooks, the console, every error message met);
 * - CPFs, CNPJs and phone numbers are masked in those logs (API document, "Authentication" §5);
 * - names from the API that start with = + - @ land as text, not formulas (docs/architecture.md §2);
 * - a non-loopback http:// base URL is refused, and a token saved for one host is never sent to
 *   another (src/excel/token-store.ts), and a redirect is refused (src/api/transport.ts).
 * The sandbox's own refusals (403, 401, 400, 413, ids) are proven in sandbox/security.test.ts.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { inflateRawSync } from "node:zlib";
import {
  type FinalizeBody,
  RedirectRefusedError,
  type ValePixClient,
  collectAll,
  createClient,
} from "../../src/api";
import { createTokenStore, createUserStorage, tokenOrigin } from "../../src/excel";
import { createFakeExcel, type FakeExcel } from "../../src/excel/fake";
import { OfficeWorkbook } from "../../src/excel/office-workbook";
import { formatCpf, maskCpf } from "../../src/money";
import { readSnapshot } from "../../src/preview/fake-io";
import { writeXlsx } from "../../src/preview/xlsx";
import type { CellValue } from "../../src/workbook";
import { makeCpf } from "../../src/workbook/testing/people";
import { createPacedClient } from "../../src/api/pacer";
import { finalizeSheet, sendSheet } from "../../src/features/distribute";
import { fund } from "../../src/features/fund";
import { pullEmployees, pullProducts } from "../../src/features/directory";
import { pullTransactions } from "../../src/features/reconciliation";
import { PIX_DELAY, TOKEN_A, TOKEN_B, startTestSandbox } from "../../sandbox/test-harness";
import type { RunningSandbox } from "../../sandbox";
import { API_PREFIX } from "../../src/api/routes";
import type { ManualClock } from "../../sandbox/testkit";

jest.setTimeout(60_000);

const TABLE = "Beneficios";
const HEADER = ["CPF", "Nome", "Refeição", "Observações"];
const PHONE = "(11) 98765-4321";
const CNPJ = "11222333000181";
const HOSTILE = ['=HYPERLINK("http://evil.example","x")', "+5511987654321", "-2+3", "@SUM(A1:A9)"];
const body: FinalizeBody = {
  payment_method: "BALANCE",
  description: "Benefícios",
  scheduled_for: null,
  payer_name: "Financeiro Acme",
  payer_document: CNPJ,
  invoice_descriptions: { refeicao: "Vale refeição" },
};

/** The entries of a .xlsx (a zip), inflated: enough of PKZIP's central directory to read exceljs's output. */
function unzip(bytes: Uint8Array): Map<string, string> {
  const buf = Buffer.from(bytes);
  let end = buf.length - 22;
  while (end >= 0 && buf.readUInt32LE(end) !== 0x06054b50) end--;
  if (end < 0) throw new Error("not a zip file");
  const count = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  const out = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    if (buf.readUInt32LE(at) !== 0x02014b50) throw new Error("bad central directory");
    const method = buf.readUInt16LE(at + 10);
    const size = buf.readUInt32LE(at + 20);
    const nameLength = buf.readUInt16LE(at + 28);
    const extra = buf.readUInt16LE(at + 30);
    const comment = buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.toString("utf8", at + 46, at + 46 + nameLength);
    const data = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const raw = buf.subarray(data, data + size);
    out.set(name, (method === 8 ? inflateRawSync(raw) : raw).toString("utf8"));
    at += 46 + nameLength + extra + comment;
  }
  return out;
}

/** Every place personal data or the token could leak into: one line per entry. */
interface Captured {
  lines: string[];
}

interface Journey {
  sb: RunningSandbox;
  clock: ManualClock;
  excel: FakeExcel;
  captured: Captured;
  cpfs: string[];
  xlsx: Map<string, string>;
}

let journey: Journey;

beforeAll(async () => {
  const captured: Captured = { lines: [] };
  const { sb, clock } = await startTestSandbox({
    seedEmployees: 12,
    logger: "info",
    logStream: { write: (line) => void captured.lines.push(line) },
  });
  const console_ = jest.spyOn(console, "log");
  const consoleSpies = (["log", "info", "warn", "error", "debug"] as const).map((m) =>
    jest.spyOn(console, m).mockImplementation((...args: unknown[]) => {
      captured.lines.push(
        args.map((a) => (a instanceof Error ? `${a.name}: ${a.message}` : String(a))).join(" "),
      );
    }),
  );
  console_.mockClear();

  // The token lives in the per-user store, and is read from it at each request.
  const store = createTokenStore(createUserStorage({}));
  await store.set(sb.url, TOKEN_A, "device");
  const clientOptions = {
    baseUrl: sb.url,
    getToken: async () => (await store.get(sb.url)) ?? "",
    sleep: (ms: number) => Promise.resolve(clock.advance(ms)),
    now: clock.now,
    onRequest: (i: { method: string; url: string }) =>
      void captured.lines.push(`request ${i.method} ${i.url}`),
    onResponse: (i: { method: string; url: string; status: number }) =>
      void captured.lines.push(`response ${i.method} ${i.url} ${i.status}`),
  };
  const { client: api } = createPacedClient(clientOptions);
  const note = (error: unknown) => {
    captured.lines.push(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  };

  // Employees whose names would be formulas, registered through the API.
  for (const [i, name] of HOSTILE.entries()) await api.employees.create({ name, cpf: makeCpf(900 + i) });
  const employees = await collectAll(api.employees.list(), { max: 1000 });
  const active = employees.filter((e) => e.situation === "active" && !HOSTILE.includes(e.name)).slice(0, 6);

  const rows: CellValue[][] = active.map((e, i) => [
    formatCpf(e.cpf!),
    e.name,
    600 + i,
    i === 0 ? PHONE : "",
  ]);
  // One CPF with a wrong check digit: refused with a message, nothing sent.
  const good = rows[1]![0]!;
  rows[1]![0] = String(good).slice(0, -1) + ((Number(String(good).slice(-1)) + 1) % 10);
  const excel = createFakeExcel({ tables: [{ name: TABLE, sheet: "Folha", header: HEADER, rows }] });
  const workbook = new OfficeWorkbook(excel.run);

  await pullEmployees(api.employees, workbook);
  await pullProducts(api.products, workbook);
  await sendSheet(api, { workbook, table: TABLE }).catch(note);
  excel.typeCell("Folha", "A3", good);
  const sent = await sendSheet(api, { workbook, table: TABLE });
  await fund(api, {
    target: { shortfallOf: sent.distributionId },
    payer: { name: "Financeiro Acme", document: CNPJ },
  });
  clock.advance(PIX_DELAY);
  await finalizeSheet(api, {
    workbook,
    table: TABLE,
    distributionId: sent.distributionId,
    fingerprint: sent.fingerprint,
    body,
  });
  await pullTransactions(api.transactions, workbook);
  // A failure whose message must not carry the token either (a 401 from another company's view).
  await createClient({ baseUrl: sb.url, token: "not-a-token-at-all" }).balances.get().catch(note);

  // Personal data where an id should be (a person pasting a CPF into a URL): logged masked.
  const cpfProbe = employees[0]!.cpf!;
  for (const path of [
    `/employees/${cpfProbe}`,
    `/employees/${formatCpf(cpfProbe)}`,
    `/employees?q=${encodeURIComponent(PHONE)}`,
    `/deposits/${CNPJ}`,
  ])
    await fetch(`${sb.url}${API_PREFIX}${path}`, { headers: { authorization: `Bearer ${TOKEN_A}` } });

  for (const r of sb.requests.list()) captured.lines.push(JSON.stringify(r));
  for (const s of consoleSpies) s.mockRestore();
  const xlsx = unzip(new Uint8Array(await writeXlsx(await readSnapshot(excel))));
  journey = { sb, clock, excel, captured, cpfs: employees.map((e) => e.cpf!).filter(Boolean), xlsx };
});

afterAll(async () => {
  await journey?.sb.close();
});

describe("after the full journey", () => {
  test("the journey happened: a completed distribution, and every kind of log captured something", () => {
    const { captured, excel } = journey;
    expect(excel.sheetNames()).toEqual(expect.arrayContaining(["Folha", "Colaboradores"]));
    expect(captured.lines.some((l) => l.includes('"statusCode"') || l.includes("request completed"))).toBe(
      true,
    );
    expect(captured.lines.some((l) => l.startsWith("request POST") && l.endsWith("/finalize"))).toBe(true);
    expect(captured.lines.some((l) => l.startsWith("SheetInvalidError"))).toBe(true);
    expect(journey.xlsx.size).toBeGreaterThan(3);
  });

  test("the token is in no cell, no workbook setting, no saved .xlsx and no log line", () => {
    const { excel, captured, xlsx } = journey;
    for (const sheet of excel.sheetNames())
      for (const row of excel.sheetValues(sheet))
        for (const v of row) expect(String(v)).not.toContain(TOKEN_A);
    for (const f of excel.allFormulas()) expect(f.formula).not.toContain(TOKEN_A);
    expect(JSON.stringify(excel.settings())).not.toContain(TOKEN_A);
    for (const [name, text] of xlsx) expect(`${name}: ${text}`).not.toContain(TOKEN_A);
    // The saved file does hold the journey (so the search above searched something real).
    expect([...xlsx.values()].join("")).toContain("Colaboradores");
    for (const line of captured.lines) {
      expect(line).not.toContain(TOKEN_A);
      expect(line).not.toContain("not-a-token-at-all");
      expect(line.toLowerCase()).not.toContain("bearer ");
    }
  });

  test("CPFs, the CNPJ and phone numbers are masked in every log line", () => {
    const { captured, cpfs } = journey;
    const log = captured.lines.join("\n");
    expect(cpfs.length).toBeGreaterThan(10);
    for (const cpf of cpfs) {
      expect(log).not.toContain(cpf);
      expect(log).not.toContain(formatCpf(cpf));
    }
    expect(log).not.toContain(CNPJ);
    expect(log).not.toContain("11.222.333/0001-81");
    expect(log).not.toContain(PHONE);
    expect(log).not.toContain("98765-4321");
    // The refusal of the bad CPF did name it, masked.
    const refusal = captured.lines.find((l) => l.startsWith("SheetInvalidError"))!;
    expect(refusal).toMatch(/\*{3}\.\d{3}\.\d{3}-\*{2}|\*/);
  });

  test("text from the API that starts with = + - @ lands in cells as text", () => {
    const { excel } = journey;
    const sheet = "Colaboradores";
    const values = excel.sheetValues(sheet).flat().map(String);
    for (const name of HOSTILE) expect(values).toContain(name);
    expect(excel.allFormulas()).toEqual([]);
  });
});

describe("where the token may go", () => {
  test("a non-loopback http:// base URL is refused, before any request", () => {
    const fetch = jest.fn();
    for (const url of ["http://api.example.com", "http://10.0.0.5:4010", "http://localhost.evil.com"]) {
      expect(() => createClient({ baseUrl: url, token: TOKEN_A, fetch })).toThrow(/https/);
      expect(() => tokenOrigin(url)).toThrow(RangeError);
    }
    expect(fetch).not.toHaveBeenCalled();
    expect(() => createClient({ baseUrl: "http://127.0.0.1:4010", token: TOKEN_A, fetch })).not.toThrow();
  });

  test("a token saved for one host is never sent to another, not even through a redirect", async () => {
    const seen: Array<{ host: string; authorization: string | undefined }> = [];
    const other = http.createServer((req, res) => {
      seen.push({ host: "other", authorization: req.headers.authorization });
      res.writeHead(200, { "content-type": "application/json" }).end('{"available_amount":0}');
    });
    await new Promise<void>((r) => other.listen(0, "127.0.0.1", r));
    const otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    const redirector = http.createServer((req, res) => {
      seen.push({ host: "redirector", authorization: req.headers.authorization });
      res.writeHead(307, { location: `${otherUrl}${req.url}` }).end();
    });
    await new Promise<void>((r) => redirector.listen(0, "127.0.0.1", r));
    const redirectorUrl = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}`;
    try {
      const store = createTokenStore(createUserStorage({}));
      await store.set(journey.sb.url, TOKEN_A, "device");
      await store.set(redirectorUrl, TOKEN_B, "device");
      // Another host (another port is another origin) gets nothing from the store.
      expect(await store.get(otherUrl)).toBeUndefined();
      // A client of the redirector sends its own token there; the redirect to the other host
      // does not carry it (Fetch standard: Authorization is dropped on a cross-origin redirect).
      const client: ValePixClient = createClient({
        baseUrl: redirectorUrl,
        getToken: async () => (await store.get(redirectorUrl))!,
      });
      const err = await client.balances.get().catch((e: unknown) => e);
      expect(seen.find((s) => s.host === "redirector")?.authorization).toBe(`Bearer ${TOKEN_B}`);
      // Redirects are refused (issue 22): the other host is not even asked.
      expect(err).toBeInstanceOf(RedirectRefusedError);
      expect(seen.filter((x) => x.host === "other")).toEqual([]);
      expect(JSON.stringify(seen)).not.toContain(TOKEN_A);
    } finally {
      other.close();
      redirector.close();
    }
  });
});

test("maskCpf keeps only the middle digits (the form every log above must use)", () => {
  expect(maskCpf("52998224725")).toBe("***.982.247-**");
});
