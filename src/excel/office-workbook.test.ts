/**
 * What the Office.js adapter costs, measured on the fake Excel (syncs and bytes per sync), and the
 * adapter's own behaviours that the port contract does not fix (events off while writing,
 * calculation suspended, the conditional-format rule).
 */
import { makeCpf } from "../workbook/testing/people";
import type { CellValue, RowBlock, TableChange } from "../workbook/port";
import { WEB_PAYLOAD_LIMIT_BYTES, createFakeExcel } from "./fake";
import { OfficeWorkbook } from "./office-workbook";

const HEADER = ["CPF", "Nome", "E-mail", "Refeição", "Alimentação", "Transporte", "Status", "Mensagem"];
const people = (n: number): CellValue[][] =>
  Array.from({ length: n }, (_, i) => [
    makeCpf(i + 1),
    `Pessoa ${i + 1}`,
    `pessoa${i + 1}@empresa.com.br`,
    (i % 50) * 10 + 0.5,
    600,
    i % 3 === 0 ? "" : 220.25,
    "",
    "",
  ]);

async function collect(it: AsyncIterable<RowBlock>): Promise<RowBlock[]> {
  const out: RowBlock[] = [];
  for await (const b of it) out.push(b);
  return out;
}

describe("OfficeWorkbook over the fake Excel: a 50,000-row table", () => {
  const excel = createFakeExcel({
    tables: [{ name: "Dist", sheet: "Folha", header: HEADER, rows: people(50_000) }],
  });
  const workbook = new OfficeWorkbook(excel.run);

  test("reads in blocks under the web's 5 MB, one sync each, loading only values", async () => {
    excel.resetStats();
    const blocks = await collect(workbook.readTableRows("Dist"));
    expect(blocks.reduce((n, b) => n + b.rows.length, 0)).toBe(50_000);
    expect(excel.stats.syncs).toBe(blocks.length);
    expect(excel.stats.refused).toBe(0);
    expect(excel.stats.maxResponseBytes).toBeLessThan(WEB_PAYLOAD_LIMIT_BYTES);
    // A block's request is office.js's object paths and actions (about 2.4 KB): no values travel.
    expect(excel.stats.maxRequestBytes).toBeLessThan(4000);
    expect(blocks.length).toBeLessThanOrEqual(5);
  });

  test("writes two columns in blocks: one sync to look, one per block, calculation suspended in each", async () => {
    excel.resetStats();
    const n = 50_000;
    await workbook.writeColumns("Dist", [
      { header: "Status", values: Array.from({ length: n }, (_, i) => (i % 7 === 0 ? "Erro" : "Pronto")) },
      {
        header: "Mensagem",
        values: Array.from({ length: n }, (_, i) => (i % 7 === 0 ? `Linha ${i + 2}: CPF inválido` : "")),
      },
    ]);
    const [look, ...blocks] = excel.stats.records;
    expect(look?.calculationSuspended).toBe(false);
    expect(blocks.length).toBeGreaterThan(0);
    expect(blocks.every((b) => b.calculationSuspended && b.requestBytes < WEB_PAYLOAD_LIMIT_BYTES)).toBe(
      true,
    );
    expect(excel.cell("Folha", "G2")).toBe("Erro");
    expect(excel.cell("Folha", `H${n + 1}`)).toBe("");
  });

  test("a one-row edit inside the table is placed from its known position, without a sync", async () => {
    const seen: TableChange[] = [];
    const stop = await workbook.onTableChanged("Dist", (c) => seen.push(c));
    excel.resetStats();
    excel.typeCell("Folha", "D30001", 99);
    await excel.settle();
    expect(seen).toEqual([
      {
        table: "Dist",
        firstRow: 29_999,
        rowCount: 1,
        firstColumn: 3,
        columnCount: 1,
        structural: false,
        placedOn: { headerRow: 1, firstColumn: 0, columnCount: 8, rowCount: 50_000 },
      },
    ]);
    expect(excel.stats.syncs).toBe(0);
    // An edit outside the table as known (here its header) asks Excel where the table is: one sync.
    excel.typeCell("Folha", "D1", "Refeição");
    await excel.settle();
    expect(seen[1]).toMatchObject({ rowCount: 0, structural: true });
    expect(seen[1]?.placedOn).toBeUndefined();
    expect(excel.stats.syncs).toBe(1);
    stop();
  });

  test("the status column gets exactly one conditional-format rule, however often it is set", async () => {
    const highlight = { texts: ["Erro", 'Fa"lhou'], fill: "#FDE7E9", font: "#A4262C" };
    await workbook.setColumnHighlight("Dist", "Status", highlight);
    await workbook.setColumnHighlight("Dist", "status", highlight);
    expect(excel.sheetLayout("Folha").conditionalFormats).toEqual([
      { address: "G2:G50001", formula: '=OR(G2="Erro",G2="Fa""lhou")', fill: "#FDE7E9", font: "#A4262C" },
    ]);
  });
});

describe("OfficeWorkbook over the fake Excel: host errors", () => {
  test("a block over Excel's five million cells for a get comes back null, and is read again in halves", async () => {
    // Desktop Excel (no 5 MB payload limit): only the cell limit stops a block this large.
    const excel = createFakeExcel({
      sheets: { S: [["a", "b", "c", "d", "e"]] },
      payloadLimitBytes: Infinity,
    });
    excel.typeCell("S", "E1048576", 1);
    const workbook = new OfficeWorkbook(excel.run);
    excel.resetStats();
    const blocks = await collect(workbook.readUsedRangeRows("S", { blockRows: 1_048_575 }));
    expect(blocks.reduce((n, b) => n + b.rows.length, 0)).toBe(1_048_575);
    expect(blocks.at(-1)?.rows.at(-1)).toEqual(["", "", "", "", 1]);
    expect(blocks.every((b) => b.rows.length * 5 <= 5_000_000)).toBe(true);
    expect(blocks.length).toBeGreaterThan(1);
  }, 60_000);

  test("a missing table is a WorkbookHostError with code ItemNotFound", async () => {
    const workbook = new OfficeWorkbook(createFakeExcel().run);
    await expect(collect(workbook.readTableRows("Nope"))).rejects.toMatchObject({
      name: "WorkbookHostError",
      code: "ItemNotFound",
    });
    await expect(workbook.addColumns("Nope", ["x"])).rejects.toMatchObject({ code: "ItemNotFound" });
  });

  test("events come back on after a write that failed mid-way", async () => {
    const excel = createFakeExcel({ tables: [{ name: "T", sheet: "S", header: ["a"], rows: [[1]] }] });
    const workbook = new OfficeWorkbook(excel.run);
    const seen: TableChange[] = [];
    await workbook.onTableChanged("T", (c) => seen.push(c));
    // A request over the limit fails the block's sync after events were turned off in it.
    const small = createFakeExcel({
      tables: [{ name: "T", sheet: "S", header: ["a"], rows: [[1]] }],
      payloadLimitBytes: 2000,
    });
    await expect(
      new OfficeWorkbook(small.run).writeColumns("T", [{ header: "a", values: ["x".repeat(5000)] }]),
    ).rejects.toMatchObject({ code: "RequestPayloadSizeLimitExceeded" });
    expect(small.model.eventsEnabled).toBe(true);
    excel.typeCell("S", "A2", 2);
    await excel.settle();
    expect(seen).toHaveLength(1);
  });
});
