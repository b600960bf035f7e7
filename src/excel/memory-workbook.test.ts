/**
 * The memory workbook (the Office.js adapter over the fake Excel) beyond the port's contract
 * (./testing/workbook-contract.ts, run in ./office-workbook.contract.test.ts): block sizing, what
 * each call costs in syncs, Excel's rules the add-in relies on, and the person's view tests use.
 */
import { MAX_BLOCK_ROWS, PROBE_ROWS, rowsJsonBytes } from "../workbook/blocks";
import { type CellValue, type RowBlock, TEXT_FORMAT } from "../workbook/port";
import { MemoryWorkbook, createMemoryWorkbook } from "./memory-workbook";

async function collect(it: AsyncIterable<RowBlock>): Promise<RowBlock[]> {
  const out: RowBlock[] = [];
  for await (const b of it) out.push(b);
  return out;
}

const people = (n: number): CellValue[][] =>
  Array.from({ length: n }, (_, i) => [`e${i}`, `Pessoa ${i}`, i * 1.5, i % 2 === 0]);

describe("memory workbook: reading", () => {
  test("table facts cost two syncs (find, then load); a missing table one", async () => {
    const wb = createMemoryWorkbook({
      tables: [{ name: "Dist", sheet: "Folha", header: ["ID", "Nome"], rows: [["a", "Ana"]], at: "C3" }],
    });
    wb.resetStats();
    expect(await wb.getTable("dist")).toMatchObject({ name: "Dist", headerRow: 3, firstColumn: 2 });
    expect(wb.stats.syncs).toBe(2);
    wb.resetStats();
    expect(await wb.getTable("nope")).toBeNull();
    expect(wb.stats.syncs).toBe(1);
  });

  test("fixed blocks cost one sync each, and nothing more", async () => {
    const wb = MemoryWorkbook.fromTable(["id", "nome", "valor", "ok"], people(25), { at: "B2" });
    wb.resetStats();
    const blocks = await collect(wb.readTableRows("Table1", { blockRows: 10 }));
    expect(blocks.map((b) => b.rows.length)).toEqual([10, 10, 5]);
    expect(wb.stats.syncs).toBe(3);
  });

  test("byte-budget blocks: a probe, then blocks that stay under the budget", async () => {
    const wide = Array.from({ length: 3000 }, (_, i) => [
      `row ${i}`,
      "x".repeat(200 + (i % 7) * 10),
      "ç".repeat(50),
    ]);
    const wb = MemoryWorkbook.fromTable(["a", "b", "c"], wide);
    wb.resetStats();
    const budget = 64 * 1024;
    const blocks = await collect(wb.readTableRows("Table1", { maxBlockBytes: budget }));
    expect(blocks[0]!.rows).toHaveLength(PROBE_ROWS);
    for (const b of blocks.slice(1)) expect(rowsJsonBytes(b.rows)).toBeLessThanOrEqual(budget);
    expect(blocks.reduce((n, b) => n + b.rows.length, 0)).toBe(3000);
    expect(wb.stats.syncs).toBe(blocks.length);
    expect(blocks.length).toBeGreaterThan(3000 / 200);
  });

  test("a block refused for its size cost a sync, and was read again smaller", async () => {
    const rows: CellValue[][] = Array.from({ length: 30_000 }, (_, i) => [
      `e${i}`,
      i < PROBE_ROWS ? "" : `${i} `.padEnd(400, "n"),
    ]);
    const limit = 5_000_000;
    const wb = MemoryWorkbook.fromTable(["id", "obs"], rows, { payloadLimitBytes: limit });
    wb.resetStats();
    const blocks = await collect(wb.readTableRows("Table1"));
    expect(blocks.flatMap((b) => b.rows)).toEqual(rows);
    expect(wb.stats.refused).toBeGreaterThan(0);
    expect(wb.stats.syncs).toBe(blocks.length + wb.stats.refused);
    expect(wb.stats.maxResponseBytes).toBeGreaterThan(limit);
    expect(Math.max(...wb.stats.records.filter((r) => !r.failed).map((r) => r.responseBytes))).toBeLessThan(
      limit,
    );
  });

  test("narrow rows are read in the fewest blocks the byte budget allows, not capped by a row count", async () => {
    const rows = Array.from({ length: 60_000 }, (_, i) => [i]);
    const wb = MemoryWorkbook.fromTable(["n"], rows);
    const blocks = await collect(wb.readTableRows("Table1"));
    // The probe, then everything else in one block: 60,000 short rows are far under the budget.
    expect(blocks.map((b) => b.rows.length)).toEqual([PROBE_ROWS, rows.length - PROBE_ROWS]);
    expect(MAX_BLOCK_ROWS).toBe(1_048_576);
  });

  test("duplicate and empty table headers are made unique, as Excel does", async () => {
    const wb = MemoryWorkbook.fromTable(["Valor", "valor", "", "Valor"], []);
    expect((await wb.getTable("Table1"))!.header).toEqual(["Valor", "valor2", "Column3", "Valor3"]);
  });
});

describe("memory workbook: writing", () => {
  test("writing columns: one sync to look at the table, one per block", async () => {
    const n = 5000;
    const wb = MemoryWorkbook.fromTable(
      ["Msg"],
      Array.from({ length: n }, () => [""]),
    );
    wb.resetStats();
    const values = Array.from({ length: n }, (_, i) => `mensagem ${i} ${"y".repeat(100)}`);
    await wb.writeColumns("Table1", [{ header: "Msg", values }], { maxBlockBytes: 50_000 });
    const blocks = wb.stats.records.filter((r) => r.calculationSuspended);
    expect(blocks.length).toBeGreaterThan(10);
    expect(wb.stats.syncs).toBe(1 + blocks.length);
    expect(Math.max(...blocks.map((r) => r.requestBytes))).toBeLessThanOrEqual(60_000);
    expect(wb.cell("Sheet1", `A${n + 1}`)).toBe(values[n - 1]);
  });

  test("a text-formatted column keeps digits and formula-like text as typed", async () => {
    const wb = MemoryWorkbook.fromTable(["CPF", "Obs"], [["", ""]]);
    await wb.writeColumns("Table1", [
      { header: "CPF", values: ["01234567890"], numberFormat: TEXT_FORMAT },
      { header: "Obs", values: ["=1+1"], numberFormat: TEXT_FORMAT },
    ]);
    expect(wb.sheetValues("Sheet1")[1]).toEqual(["01234567890", "=1+1"]);
    expect(wb.allFormulas()).toEqual([]);
  });

  test("appending rows never moves another table", async () => {
    const wb = createMemoryWorkbook({
      tables: [
        { name: "A", sheet: "S", header: ["x"], rows: [[1]] },
        { name: "B", sheet: "S", header: ["y"], rows: [[2]], at: "A4" },
      ],
    });
    await expect(wb.appendRows("A", [[5], [6]])).rejects.toMatchObject({ code: "InvalidOperation" });
    expect(wb.sheetValues("S")).toEqual([["x"], [1], [""], ["y"], [2]]);
  });

  test("a new table's validation and totals as Excel holds them (tableColumns); names checked", async () => {
    // The contract suite checks the cells and formats; this checks the view tests read them through.
    const wb = createMemoryWorkbook();
    const valor = {
      header: "Valor",
      validation: { kind: "nonNegativeNumber" },
      total: { kind: "sum" },
    } as const;
    const label = { header: "ID", total: { kind: "label", text: "Total" } } as const;
    const spec = { sheet: "Distribuição", table: "Dist", totalsRow: true, freezeHeader: false } as const;
    await wb.createSheetWithTable({
      ...spec,
      columns: [label, valor, { header: "Obs" }],
      rows: [
        ["a", 10.5, ""],
        ["b", 20, ""],
      ],
    });
    expect(wb.sheetLayout("Distribuição")).toMatchObject({ visibility: "Visible", frozenRows: 0 });
    expect(wb.tableColumns("Dist")).toEqual([label, valor, { header: "Obs" }]);
    expect(wb.totalsRow("Dist")).toEqual(["Total", 30.5, ""]);
    expect(wb.activeSheet()).toBe("Distribuição");
    const named = (sheet: string, table: string) =>
      wb.createSheetWithTable({ sheet, table, columns: [{ header: "a" }], rows: [] });
    await expect(named("distribuição", "X")).rejects.toMatchObject({ code: "ItemAlreadyExists" });
    await expect(named("Nova", "dist")).rejects.toMatchObject({ code: "ItemAlreadyExists" });
    await expect(named("Nova", "A1")).rejects.toThrow(/cell reference/);
    await expect(named("a/b", "Ok")).rejects.toThrow(/cannot contain/);
  });

  test("a totals row reads SUBTOTAL over the escaped column name, in single or double brackets", () => {
    const wb = MemoryWorkbook.fromTable(["a [x]"], [[1], [2.5]]);
    // Typed in Brazilian Excel: ";" between arguments.
    wb.typeCell("Sheet1", "C1", "=SUBTOTAL(109;Table1[a '[x']])");
    wb.typeCell("Sheet1", "C2", "=SUBTOTAL(109;Table1[[a '[x']]])");
    expect([wb.cell("Sheet1", "C1"), wb.cell("Sheet1", "C2")]).toEqual([3.5, 3.5]);
    // Unescaped brackets are not a reference Excel takes: Excel refuses the formula.
    expect(() => wb.typeCell("Sheet1", "C3", "=SUBTOTAL(109;Table1[a [x]])")).toThrow(/not a valid formula/);
    expect(wb.cell("Sheet1", "C3")).toBe("");
  });
});

describe("memory workbook: settings", () => {
  test("a value that is not JSON is refused before anything is sent", async () => {
    const wb = createMemoryWorkbook();
    wb.resetStats();
    await expect(wb.setSetting("x", { n: NaN })).rejects.toThrow(/finite/);
    expect(wb.stats.syncs).toBe(0);
    expect(await wb.getSetting("x")).toBeUndefined();
  });
});
