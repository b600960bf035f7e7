/**
 * The PivotTable of the ledger, built through the Office.js adapter (./pivot-sheet.ts) over the
 * fake Excel with Microsoft's office.js as client: Excel's compact layout in both languages, the
 * cost centres' totals equal to the ledger's sums, a refresh after the ledger grows (the chart
 * re-pointed at the new body), a missing header named, and writes into the report refused.
 */
import fc from "fast-check";
import type { PivotSheetSpec } from "../workbook/pivot-sheet";
import type { CellValue } from "../workbook/port";
import { createMemoryWorkbook } from "./memory-workbook";
import { OfficePivotSheet } from "./pivot-sheet";
import { hostErrorCode } from "./testing/host-error-code";

const HEADER = ["Data", "Centro de custo", "Mês", "Produto", "Valor"];
const CURRENCY = '"R$" #,##0.00';

const ROWS: CellValue[][] = [
  [46_300, "CC Vendas", "2026-10", "Refeição", 660],
  [46_300, "CC Vendas", "2026-10", "Alimentação", 100],
  [46_301, "CC Adm", "2026-10", "Refeição", 120.5],
  [46_330, "", "2026-11", "Mobilidade", 50],
  [46_331, "cc vendas", "2026-11", "Refeição", 10],
];

const ledger = (culture: "pt-BR" | "en-US" = "pt-BR", rows: CellValue[][] = ROWS) =>
  createMemoryWorkbook({
    culture,
    tables: [
      {
        name: "ValePix_Historico",
        sheet: "Histórico ValePix",
        header: HEADER,
        rows,
        numberFormats: { Valor: CURRENCY },
      },
    ],
  });

const SPEC: PivotSheetSpec = {
  sheet: "Contabilização",
  name: "ValePix_Dinamica",
  source: "ValePix_Historico",
  rows: "Centro de custo",
  columns: "Produto",
  values: "Valor",
  valuesNumberFormat: CURRENCY,
  filter: "Mês",
  at: "A3",
  chart: { name: "ValePix_Grafico", title: "Gasto por centro de custo", from: "H3", to: "P20" },
};

describe("the ledger's PivotTable", () => {
  test("pt-BR: Excel's compact layout, the filter at (Tudo), sums by cost centre × product", async () => {
    const wb = ledger();
    const port = new OfficePivotSheet(wb.excel.run);
    wb.resetStats();
    const built = await port.buildPivot(SPEC);
    // One sync to read what exists, one to build and read the body.
    expect(wb.stats.syncs).toBe(2);
    const grid = [
      ["Soma de Valor", "Rótulos de Coluna", "", "", ""],
      ["Rótulos de Linha", "Alimentação", "Mobilidade", "Refeição", "Total Geral"],
      ["CC Adm", "", "", 120.5, 120.5],
      // Items are grouped without case, shown as first met.
      ["CC Vendas", 100, "", 670, 770],
      ["(vazio)", "", 50, "", 50],
      ["Total Geral", 100, 50, 790.5, 940.5],
    ];
    expect(built).toEqual({ created: true, address: "'Contabilização'!A3:E8", values: grid });
    expect(wb.sheetValues("Contabilização")).toEqual([
      ["Mês", "(Tudo)", "", "", ""],
      ["", "", "", "", ""],
      ...grid,
    ]);
    expect(wb.numberFormat("Contabilização", "B5")).toBe(CURRENCY);
    expect(wb.numberFormat("Contabilização", "E8")).toBe(CURRENCY);
    expect(wb.numberFormat("Contabilização", "A5")).toBe("General");
    // Its columns fit its cells ("Autofit column widths on update"): "Rótulos de Linha" is wider
    // than Excel's standard column, "R$ 790,50" too.
    const widths = wb.sheetLayout("Contabilização").widths;
    expect(widths[0]).toBeGreaterThan(80);
    expect(widths[3]).toBeGreaterThan(48);
    // Not activated unless asked.
    expect(wb.activeSheet()).toBe("Histórico ValePix");
    const [chart] = wb.excel.charts("Contabilização");
    expect(chart).toMatchObject({
      name: "ValePix_Grafico",
      type: "ColumnClustered",
      title: "Gasto por centro de custo",
      source: "Contabilização!A4:D7",
      position: { from: "H3", to: "P20" },
    });
    expect(chart!.plotted.labels).toEqual(["CC Adm", "CC Vendas", "(vazio)"]);
    expect(chart!.plotted.series.map((s) => s.name)).toEqual(["Alimentação", "Mobilidade", "Refeição"]);
  });

  test("en-US captions; the cost centres' totals are the ledger's sums", async () => {
    const wb = ledger("en-US");
    const { values } = await new OfficePivotSheet(wb.excel.run).buildPivot({
      ...SPEC,
      filter: undefined,
      at: "B2",
    });
    expect(values[0]!.slice(0, 2)).toEqual(["Sum of Valor", "Column Labels"]);
    expect(values[1]![0]).toBe("Row Labels");
    expect(values.at(-1)![0]).toBe("Grand Total");
    expect(values.map((r) => r[0])).toContain("(blank)");
    // Excel groups "CC Vendas" and "cc vendas" as one item: compared without case.
    const totals = new Map<string, CellValue>(
      values.slice(2, -1).map((line) => [String(line[0]).toUpperCase(), line.at(-1) ?? ""]),
    );
    const sums = new Map<string, CellValue>();
    for (const row of ROWS) {
      const centre = (row[1] === "" ? "(blank)" : String(row[1])).toUpperCase();
      sums.set(centre, Number(sums.get(centre) ?? 0) + Number(row[4]));
    }
    expect(totals).toEqual(sums);
    expect(wb.cell("Contabilização", "B2")).toBe("Sum of Valor");
  });

  test("the ledger grows: refresh computes the new totals and the chart plots the new body", async () => {
    const wb = ledger();
    const port = new OfficePivotSheet(wb.excel.run);
    await port.buildPivot(SPEC);
    await wb.excel.run(async (context) => {
      context.workbook.tables.getItem("ValePix_Historico").rows.add(undefined, [
        [46_360, "CC Logística", "2026-12", "Refeição", 30],
        [46_360, "CC Logística", "2026-12", "Cultura", 20],
      ]);
      await context.sync();
    });
    // Until refreshed, the report shows what it computed.
    expect(wb.cell("Contabilização", "E8")).toBe(940.5);
    wb.resetStats();
    const refreshed = await port.refreshPivot({
      sheet: SPEC.sheet,
      name: SPEC.name,
      chart: "ValePix_Grafico",
    });
    expect(wb.stats.syncs).toBe(3);
    expect(refreshed?.address).toBe("'Contabilização'!A3:F9");
    expect(refreshed?.values[1]).toEqual([
      "Rótulos de Linha",
      "Alimentação",
      "Cultura",
      "Mobilidade",
      "Refeição",
      "Total Geral",
    ]);
    expect(refreshed?.values.at(-1)).toEqual(["Total Geral", 100, 20, 50, 820.5, 990.5]);
    expect(wb.excel.charts("Contabilização")[0]!.source).toBe("Contabilização!A4:E8");
    // Building again keeps the PivotTable and its chart, refreshed (a sync more to find the chart).
    wb.resetStats();
    const again = await port.buildPivot(SPEC);
    expect(wb.stats.syncs).toBe(3);
    expect(again.created).toBe(false);
    expect(again.address).toBe("'Contabilização'!A3:F9");
    expect(wb.excel.charts("Contabilização")).toHaveLength(1);
    expect(await port.refreshPivot({ sheet: SPEC.sheet, name: "Outra" })).toBeNull();
    expect(await port.refreshPivot({ sheet: "Nenhuma", name: SPEC.name })).toBeNull();
  });

  test("a header the source lacks is named; no sheet or PivotTable is made", async () => {
    const wb = ledger();
    const port = new OfficePivotSheet(wb.excel.run);
    const failure = port.buildPivot({ ...SPEC, rows: "CC", filter: "Competência" });
    await expect(failure).rejects.toThrow('The table ValePix_Historico has no column "CC", "Competência".');
    await expect(hostErrorCode(port.buildPivot({ ...SPEC, rows: "CC" }))).resolves.toBe("ItemNotFound");
    expect(wb.excel.sheetNames()).toEqual(["Histórico ValePix"]);
  });

  test("Excel refuses a write into the report, and a report over a table", async () => {
    const wb = ledger();
    await new OfficePivotSheet(wb.excel.run).buildPivot(SPEC);
    const write = wb.excel.run(async (context) => {
      context.workbook.worksheets.getItem("Contabilização").getRange("B5").values = [[1]];
      await context.sync();
    });
    await expect(hostErrorCode(write)).resolves.toBe("InvalidOperation");
    expect(() => wb.typeCell("Contabilização", "A1", "x")).toThrow(
      "Cannot change this part of a PivotTable report",
    );
    // Outside it, cells are the sheet's.
    wb.typeCell("Contabilização", "G3", "nota");
    const overTable = new OfficePivotSheet(wb.excel.run).buildPivot({
      ...SPEC,
      sheet: "Histórico ValePix",
      name: "Sobre",
      chart: undefined,
      at: "B4",
    });
    await expect(hostErrorCode(overTable)).resolves.toBe("InvalidOperation");
  });
});

describe("a row added under an item already shown", () => {
  test("refresh adds its label, and the chart plots one row more", async () => {
    const wb = ledger();
    const port = new OfficePivotSheet(wb.excel.run);
    const built = await port.buildPivot(SPEC);
    expect(wb.excel.charts("Contabilização")[0]!.source).toBe("Contabilização!A4:D7");
    await wb.excel.run(async (context) => {
      context.workbook.tables
        .getItem("ValePix_Historico")
        .rows.add(undefined, [[46_360, "CC Nova", "2026-12", "Refeição", 5]]);
      await context.sync();
    });
    const refreshed = await port.refreshPivot({
      sheet: SPEC.sheet,
      name: SPEC.name,
      chart: "ValePix_Grafico",
    });
    // The products are the same: the columns stay, a row of labels comes before the grand total.
    expect(refreshed?.values[1]).toEqual(built.values[1]);
    expect(refreshed?.values.map((line) => line[0])).toContain("CC Nova");
    expect(refreshed?.values.at(-1)).toEqual(["Total Geral", 100, 50, 795.5, 945.5]);
    expect(wb.excel.charts("Contabilização")[0]!.source).toBe("Contabilização!A4:D8");
  });
});

describe("the grand total", () => {
  test("equals the sum of the ledger's amounts to the cent (Excel adds the doubles)", async () => {
    const row = fc.record({
      centre: fc.constantFrom("CC 1", "CC 2", "CC 3", ""),
      product: fc.constantFrom("Refeição", "Alimentação"),
      cents: fc.integer({ min: 1, max: 5_000_000 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 40 }), async (rows) => {
        const wb = ledger(
          "pt-BR",
          rows.map((r) => [46_300, r.centre, "2026-10", r.product, r.cents / 100]),
        );
        const { values } = await new OfficePivotSheet(wb.excel.run).buildPivot({ ...SPEC, chart: undefined });
        const grand = values.at(-1)!.at(-1) as number;
        const cents = rows.reduce((n, r) => n + r.cents, 0);
        // A double sum of cents/100 may differ from the exact total in its last bits, never by a cent.
        expect(Math.round(grand * 100)).toBe(cents);
        expect(Math.abs(grand - cents / 100)).toBeLessThan(1e-6);
      }),
      { numRuns: 25 },
    );
  });
});
