/**
 * The Office.js adapter's cost on a 50,000-row table, measured on the fake Excel: syncs, and
 * request/response bytes per sync, for a read of the whole table and a write of two columns.
 * Lower bounds: reading needs at least ceil(response bytes / 5 MB) syncs; the ratio printed is
 * syncs used over that bound. Run alone with `npm run bench -- excel`.
 */
import { WEB_PAYLOAD_LIMIT_BYTES, createFakeExcel } from "../src/excel/fake";
import { OfficeWorkbook } from "../src/excel/office-workbook";
import type { CellValue } from "../src/workbook/port";
import { makeCpf } from "../src/workbook/testing";

const ROWS = 50_000;
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
  const excel = createFakeExcel({ tables: [{ name: "Dist", sheet: "Folha", header: HEADER, rows }] });
  const workbook = new OfficeWorkbook(excel.run);

  excel.resetStats();
  let read = 0;
  for await (const block of workbook.readTableRows("Dist")) read += block.rows.length;
  const r = excel.stats;
  const bound = Math.ceil(r.responseBytes / WEB_PAYLOAD_LIMIT_BYTES);
  console.log(
    `read ${read} rows × ${HEADER.length} columns: ${r.syncs} syncs (lower bound ${bound}, ratio ${(r.syncs / bound).toFixed(2)})`,
  );
  console.log(
    `  response per sync: ${r.records.map((s) => kb(s.responseBytes)).join(", ")}; request ≤ ${r.maxRequestBytes} B`,
  );

  excel.resetStats();
  await workbook.writeColumns("Dist", [
    { header: "Status", values: rows.map((_, i) => (i % 7 === 0 ? "Erro" : "Pronto")) },
    { header: "Mensagem", values: rows.map((_, i) => (i % 7 === 0 ? `Linha ${i + 2}: CPF inválido` : "")) },
  ]);
  const w = excel.stats;
  const wbound = 1 + Math.ceil(w.requestBytes / WEB_PAYLOAD_LIMIT_BYTES);
  console.log(
    `write 2 columns × ${ROWS} rows: ${w.syncs} syncs (lower bound ${wbound}, ratio ${(w.syncs / wbound).toFixed(2)})`,
  );
  console.log(`  request per sync: ${w.records.map((s) => kb(s.requestBytes)).join(", ")}`);
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
    },
  };
}
