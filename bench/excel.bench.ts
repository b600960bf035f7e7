/**
 * The Office.js adapter's cost on a 50,000-row table, measured on the fake Excel on its own
 * thread (./excel-thread.ts: the add-in's side and Microsoft's office.js here, the host there):
 * syncs, and request/response bytes per sync on the wire (the UTF-8 of each JSON text crossing),
 * for a read of the whole table and a write of two columns.
 * Lower bounds: reading needs at least ceil(response bytes / 5 MB) syncs; the ratio printed is
 * syncs used over that bound. Then live validation: the syncs of a one-row edit
 * typed into a validated table of 1,000 and of 50,000 rows, through the pane's adapter (read the
 * row with the table's position, write its status cells), which must not grow with the table.
 * Run alone with `npm run bench -- excel`.
 */
import { WEB_PAYLOAD_LIMIT_BYTES } from "../src/excel/fake";
import { OfficeWorkbook } from "../src/excel/office-workbook";
import { distributeServices } from "../src/features/distribute";
import { directoryClient } from "../src/features/distribute/testing/directory-client";
import type { TableChange } from "../src/workbook";
import type { CellValue } from "../src/workbook/port";
import { PRODUCTS, makeCpf, makeEmployees } from "../src/workbook/testing/people";
import { type ExcelThread, startExcelThread } from "./excel-thread";

/**
 * One phase's syncs on the wire, with each sync's bytes; office.js's releases of tracked ranges
 * after an `Excel.run` are not syncs of the adapter (./excel-thread.ts, `cleanup`).
 */
interface PhaseWire {
  syncs: number;
  requestBytes: number;
  responseBytes: number;
  maxRequestBytes: number;
  maxResponseBytes: number;
  refused: number;
  records: Array<{ requestBytes: number; responseBytes: number }>;
}

function wireOf(excel: ExcelThread, phase: string): PhaseWire {
  const records = excel.syncs
    .filter((s) => s.phase === phase && !s.cleanup)
    .map((s) => ({ requestBytes: s.request_bytes, responseBytes: s.response_bytes, refused: s.refused }));
  const sum = (key: "requestBytes" | "responseBytes") => records.reduce((total, r) => total + r[key], 0);
  const max = (key: "requestBytes" | "responseBytes") => Math.max(0, ...records.map((r) => r[key]));
  return {
    syncs: records.length,
    requestBytes: sum("requestBytes"),
    responseBytes: sum("responseBytes"),
    maxRequestBytes: max("requestBytes"),
    maxResponseBytes: max("responseBytes"),
    refused: records.filter((r) => r.refused).length,
    records,
  };
}

/** Runs `measure` on a fake Excel of its own thread, closed after. */
async function onThread<T>(
  init: Parameters<typeof startExcelThread>[0],
  measure: (excel: ExcelThread) => Promise<T>,
): Promise<T> {
  const excel = await startExcelThread(init);
  try {
    return await measure(excel);
  } finally {
    await excel.close();
  }
}

/** Syncs and largest payload of one amount typed into the last row of a validated table of `n` rows. */
async function oneRowEdit(
  n: number,
): Promise<{ rows: number; syncs: number; max_bytes: number; ms: number }> {
  const header = ["CPF", "Nome", "Vale Refeição", "Vale Alimentação"];
  const employees = makeEmployees(n);
  const rows = employees.map((e) => [e.cpf!, e.name, 600, 300]);
  // Brazilian Excel, as the memory workbook of the add-in's tests (src/excel/memory-workbook.ts).
  return onThread(
    { culture: "pt-BR", tables: [{ name: "Dist", sheet: "Folha", header, rows }] },
    async (excel) => {
      let phase = "setup";
      excel.phase = () => phase;
      const wb = new OfficeWorkbook(excel.run);
      const services = distributeServices(directoryClient(employees, PRODUCTS), wb, "pt-BR");
      const signal = new AbortController().signal;
      await services.validate("Dist", { signal, onProgress: () => {} });
      const changes: TableChange[] = [];
      await services.watchTable("Dist", (c) => changes.push(c));
      phase = "edit";
      const t = performance.now();
      await excel.call("typeCell", "Folha", `C${n + 1}`, "12,345");
      while (changes.length === 0) await new Promise((r) => setTimeout(r, 1));
      const view = await services.revalidate("Dist", signal, changes.splice(0));
      const ms = performance.now() - t;
      if (view.summary.errors !== 1 || (await excel.call("cell", "Folha", `E${n + 1}`)) !== "Erro")
        throw new Error(`excel bench: the edit of row ${n + 1} was not validated live`);
      const s = wireOf(excel, "edit");
      return {
        rows: n,
        syncs: s.syncs,
        max_bytes: Math.max(s.maxRequestBytes, s.maxResponseBytes),
        ms: Math.round(ms * 10) / 10,
      };
    },
  );
}

const ROWS = 50_000;
const TEXT_ROWS = 100_000;
const TEXT_HEADER = ["Código", "Nome", "Descrição", "Situação", "Referência"];

/** Five text columns (product-code-like values Excel would turn into dates) written into 100,000 rows. */
function textValues(n: number): string[][] {
  return [
    Array.from({ length: n }, (_, i) => `${i % 12}-${(i % 28) + 1}`),
    Array.from({ length: n }, (_, i) => `Pessoa número ${i + 1}`),
    Array.from({ length: n }, (_, i) => `Benefício mensal ${i % 9} · distribuição ${i % 31}`),
    Array.from({ length: n }, (_, i) => (i % 5 === 0 ? "Inativo" : "Ativo")),
    Array.from({ length: n }, (_, i) => `dst_${(i * 2654435761).toString(16).slice(-12)}`),
  ];
}

async function textColumns() {
  const blank = Array.from({ length: TEXT_ROWS }, () => TEXT_HEADER.map(() => ""));
  return onThread(
    { tables: [{ name: "T", sheet: "S", header: TEXT_HEADER, rows: blank }] },
    async (excel) => {
      const workbook = new OfficeWorkbook(excel.run);
      const values = textValues(TEXT_ROWS);
      excel.phase = () => "write";
      await workbook.writeColumns(
        "T",
        TEXT_HEADER.map((header, c) => ({ header, values: values[c]! })),
      );
      const s = wireOf(excel, "write");
      // Written as text: the first code reads back as written, not as a date.
      const first = await excel.call("cell", "S", "A2");
      if (first !== values[0]![0]) throw new Error(`a code became ${String(first)}`);
      return {
        rows: TEXT_ROWS,
        columns: TEXT_HEADER.length,
        syncs: s.syncs,
        refused: s.refused,
        max_request_bytes: s.maxRequestBytes,
      };
    },
  );
}

/** A host that takes less than the adapter plans for: refused blocks are sent again in halves. */
async function forcedRefusal() {
  const n = 5_000;
  const hostLimit = 100_000;
  const blank = Array.from({ length: n }, () => TEXT_HEADER.map(() => ""));
  const init = {
    tables: [{ name: "T", sheet: "S", header: TEXT_HEADER, rows: blank }],
    payloadLimitBytes: hostLimit,
  };
  return onThread(init, async (excel) => {
    const workbook = new OfficeWorkbook(excel.run);
    const values = textValues(n);
    excel.phase = () => "write";
    await workbook.writeColumns(
      "T",
      TEXT_HEADER.map((header, c) => ({ header, values: values[c]! })),
    );
    const written = (await excel.call("sheetValues", "S")).slice(1);
    const recovered =
      written.length === n && written.every((row, i) => row.every((v, c) => v === values[c]![i]));
    return { rows: n, host_limit_bytes: hostLimit, refused: wireOf(excel, "write").refused, recovered };
  });
}
const HEADER = ["CPF", "Nome", "E-mail", "Refeição", "Alimentação", "Transporte", "Status", "Mensagem"];

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;

export default async function run(): Promise<{ excel: Record<string, unknown> }> {
  const rows: CellValue[][] = Array.from({ length: ROWS }, (_, i) => [
    makeCpf(i + 1),
    `Pessoa ${i + 1}`,
    `pessoa${i + 1}@empresa.com.br`,
    (i % 50) * 10 + 0.5,
    600,
    i % 3 === 0 ? "" : 220.25,
    "",
    "",
  ]);
  const excel = await startExcelThread({ tables: [{ name: "Dist", sheet: "Folha", header: HEADER, rows }] });
  let phase = "read";
  excel.phase = () => phase;
  const workbook = new OfficeWorkbook(excel.run);

  let read = 0;
  for await (const block of workbook.readTableRows("Dist")) read += block.rows.length;
  const r = wireOf(excel, "read");
  const bound = Math.ceil(r.responseBytes / WEB_PAYLOAD_LIMIT_BYTES);
  console.log(
    `read ${read} rows × ${HEADER.length} columns: ${r.syncs} syncs (lower bound ${bound}, ratio ${(r.syncs / bound).toFixed(2)})`,
  );
  console.log(
    `  response per sync: ${r.records.map((s) => kb(s.responseBytes)).join(", ")}; request ≤ ${r.maxRequestBytes} B`,
  );

  phase = "write";
  await workbook.writeColumns("Dist", [
    { header: "Status", values: rows.map((_, i) => (i % 7 === 0 ? "Erro" : "Pronto")) },
    { header: "Mensagem", values: rows.map((_, i) => (i % 7 === 0 ? `Linha ${i + 2}: CPF inválido` : "")) },
  ]);
  await excel.close();
  const w = wireOf(excel, "write");
  const wbound = 1 + Math.ceil(w.requestBytes / WEB_PAYLOAD_LIMIT_BYTES);
  console.log(
    `write 2 columns × ${ROWS} rows: ${w.syncs} syncs (lower bound ${wbound}, ratio ${(w.syncs / wbound).toFixed(2)})`,
  );
  console.log(`  request per sync: ${w.records.map((s) => kb(s.requestBytes)).join(", ")}`);
  const text = await textColumns();
  console.log(
    `write ${text.rows} rows × ${text.columns} text columns: ${text.syncs} syncs, largest request ${kb(text.max_request_bytes)} (limit ${kb(WEB_PAYLOAD_LIMIT_BYTES)})`,
  );
  const forced = await forcedRefusal();
  console.log(
    `a host taking ${kb(forced.host_limit_bytes)} per request: ${forced.refused} refused, recovered by halving: ${forced.recovered}`,
  );
  const live = [await oneRowEdit(1_000), await oneRowEdit(ROWS)];
  for (const l of live)
    console.log(
      `live validation, one-row edit in ${l.rows} rows: ${l.syncs} syncs, largest payload ${l.max_bytes} B, ${l.ms} ms (event to status cells)`,
    );
  const largest = (records: typeof r.records, key: "requestBytes" | "responseBytes") =>
    Math.max(0, ...records.map((s) => s[key]));
  return {
    excel: {
      limit_bytes: WEB_PAYLOAD_LIMIT_BYTES,
      read: {
        rows: read,
        syncs: r.syncs,
        lower_bound: bound,
        max_response_bytes: largest(r.records, "responseBytes"),
        max_request_bytes: largest(r.records, "requestBytes"),
      },
      write: {
        rows: ROWS,
        syncs: w.syncs,
        lower_bound: wbound,
        max_request_bytes: largest(w.records, "requestBytes"),
        max_response_bytes: largest(w.records, "responseBytes"),
      },
      text_write: text,
      forced_refusal: forced,
      live_edit: live,
    },
  };
}
