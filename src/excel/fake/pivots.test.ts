/**
 * The fake's PivotTables behave as "Excel.PivotTableCollection", "Excel.PivotTable" and
 * "Excel.PivotLayout" say (the citations are in ./pivots.ts and ./pivot-layout.ts), driven through
 * Microsoft's office.js: the layout's ranges, a report moved down to make room for its filter, a
 * row field alone, a count of text, a refresh after the table grows, names, overlaps and delete.
 */
import { createFakeExcel } from ".";
import { hostErrorCode } from "../testing/host-error-code";
import type { RequestContextApi } from "../office-api";

const sales = () =>
  createFakeExcel({
    tables: [
      {
        name: "Vendas",
        sheet: "Dados",
        header: ["Região", "Produto", "Valor"],
        rows: [
          ["Sul", "B", 10],
          ["Norte", "A", 5],
          ["Sul", "A", 2.5],
        ],
      },
    ],
  });

/** Adds a PivotTable of Vendas on a new sheet "Resumo" at `at`, with the axes given. */
function addPivot(
  context: RequestContextApi,
  at: string,
  axes: { columns?: boolean; filter?: boolean } = {},
) {
  const sheet = context.workbook.worksheets.add("Resumo");
  const pivot = sheet.pivotTables.add(
    "Resumo1",
    context.workbook.tables.getItem("Vendas"),
    sheet.getRange(at),
  );
  pivot.rowHierarchies.add(pivot.hierarchies.getItem("Região"));
  if (axes.columns) pivot.columnHierarchies.add(pivot.hierarchies.getItem("Produto"));
  if (axes.filter) pivot.filterHierarchies.add(pivot.hierarchies.getItem("Produto"));
  pivot.dataHierarchies.add(pivot.hierarchies.getItem("Valor"));
  return pivot;
}

async function addresses(context: RequestContextApi, pivot: ReturnType<typeof addPivot>) {
  const ranges = [
    pivot.layout.getRange(),
    pivot.layout.getDataBodyRange(),
    pivot.layout.getRowLabelRange(),
    pivot.layout.getColumnLabelRange(),
  ];
  for (const range of ranges) range.load("address");
  await context.sync();
  return ranges.map((range) => range.address);
}

describe("fake Excel: PivotTables", () => {
  test("the layout's ranges: the body, the sums with their totals, the labels", async () => {
    const excel = sales();
    await excel.run(async (context) => {
      const pivot = addPivot(context, "B3", { columns: true });
      expect(await addresses(context, pivot)).toEqual([
        "Resumo!B3:E7",
        "Resumo!C5:E7",
        "Resumo!B4:B7",
        "Resumo!C3:E4",
      ]);
    });
    expect(excel.sheetValues("Resumo").slice(2)).toEqual([
      ["", "Sum of Valor", "Column Labels", "", ""],
      ["", "Row Labels", "A", "B", "Grand Total"],
      ["", "Norte", 5, "", 5],
      ["", "Sul", 2.5, 10, 12.5],
      ["", "Grand Total", 7.5, 10, 17.5],
    ]);
  });

  test("a report filter two rows above the body: a body at A1 moves down to A3", async () => {
    const excel = sales();
    await excel.run(async (context) => {
      const pivot = addPivot(context, "A1", { filter: true });
      const ranges = [
        pivot.layout.getRange(),
        pivot.layout.getDataBodyRange(),
        pivot.layout.getRowLabelRange(),
        pivot.layout.getFilterAxisRange(),
      ];
      for (const range of ranges) range.load("address");
      await context.sync();
      expect(ranges.map((range) => range.address)).toEqual([
        "Resumo!A3:B6",
        "Resumo!B4:B6",
        "Resumo!A3:A6",
        "Resumo!A1:B1",
      ]);
    });
    expect(excel.sheetValues("Resumo")).toEqual([
      ["Produto", "(All)"],
      ["", ""],
      ["Row Labels", "Sum of Valor"],
      ["Norte", 5],
      ["Sul", 12.5],
      ["Grand Total", 17.5],
    ]);
    // Without a column field there are no column labels.
    const columns = excel.run(async (context) => {
      context.workbook.pivotTables.getItem("Resumo1").layout.getColumnLabelRange().load("address");
      await context.sync();
    });
    await expect(hostErrorCode(columns)).resolves.toBe("ItemNotFound");
  });

  test("a column of text is counted; refresh reads the rows the table has now", async () => {
    const excel = sales();
    await excel.run(async (context) => {
      const sheet = context.workbook.worksheets.add("Resumo");
      const pivot = sheet.pivotTables.add("Contagem", "Vendas", "A3");
      pivot.rowHierarchies.add(pivot.hierarchies.getItem("Região"));
      pivot.dataHierarchies.add(pivot.hierarchies.getItem("Produto"));
      await context.sync();
    });
    expect(excel.cell("Resumo", "B3")).toBe("Count of Produto");
    expect(excel.cell("Resumo", "B6")).toBe(3);
    await excel.run(async (context) => {
      context.workbook.tables.getItem("Vendas").rows.add(undefined, [["Leste", "C", 1]]);
      context.workbook.pivotTables.getItem("Contagem").refresh();
      await context.sync();
    });
    expect(
      excel
        .sheetValues("Resumo")
        .slice(3)
        .map((line) => line[0]),
    ).toEqual(["Leste", "Norte", "Sul", "Grand Total"]);
    expect(excel.cell("Resumo", "B7")).toBe(4);
  });

  test("a missing hierarchy, a name used twice, a report over another: refused as Excel refuses them", async () => {
    const excel = sales();
    await excel.run(async (context) => {
      addPivot(context, "A3", { columns: true });
      await context.sync();
    });
    const missing = excel.run(async (context) => {
      const pivot = context.workbook.pivotTables.getItem("Resumo1");
      pivot.rowHierarchies.add(pivot.hierarchies.getItem("Mês"));
      await context.sync();
    });
    await expect(hostErrorCode(missing)).resolves.toBe("ItemNotFound");
    const twice = excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Resumo");
      sheet.pivotTables.add("resumo1", "Vendas", "K3");
      await context.sync();
    });
    await expect(hostErrorCode(twice)).resolves.toBe("ItemAlreadyExists");
    const over = excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Resumo");
      const other = sheet.pivotTables.add("Outro", "Vendas", "A1");
      other.rowHierarchies.add(other.hierarchies.getItem("Produto"));
      await context.sync();
    });
    await expect(hostErrorCode(over)).resolves.toBe("InvalidOperation");
  });

  test("a chart made from a report's cells is a PivotChart: the whole report without totals, as it is now", async () => {
    const excel = sales();
    await excel.run(async (context) => {
      const pivot = addPivot(context, "A3", { columns: true });
      const sheet = context.workbook.worksheets.getItem("Resumo");
      // One cell of the report is enough: the chart shares the report's layout.
      sheet.charts.add("ColumnClustered", pivot.layout.getDataBodyRange().getCell(0, 0), "Columns");
      await context.sync();
    });
    const plotted = () => excel.charts("Resumo")[0]!;
    expect(plotted().source).toBe("Resumo!A4:C6");
    expect(plotted().plotted).toEqual({
      categories: ["Norte", "Sul"],
      labels: ["Norte", "Sul"],
      series: [
        { name: "A", values: [5, 2.5] },
        { name: "B", values: [null, 10] },
      ],
    });
    await excel.run(async (context) => {
      context.workbook.tables.getItem("Vendas").rows.add(undefined, [["Leste", "C", 1]]);
      context.workbook.pivotTables.getItem("Resumo1").refresh();
      await context.sync();
    });
    expect(plotted().source).toBe("Resumo!A4:D7");
    expect(plotted().plotted.labels).toEqual(["Leste", "Norte", "Sul"]);
  });

  test("a table's new rows that would push a report aside are refused", async () => {
    const excel = sales();
    await excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Dados");
      const pivot = sheet.pivotTables.add("Abaixo", context.workbook.tables.getItem("Vendas"), "A8");
      pivot.rowHierarchies.add(pivot.hierarchies.getItem("Região"));
      await context.sync();
    });
    const grow = excel.run(async (context) => {
      context.workbook.tables.getItem("Vendas").rows.add(undefined, [["Oeste", "D", 3]]);
      await context.sync();
    });
    await expect(hostErrorCode(grow)).resolves.toBe("InvalidOperation");
    expect(excel.table("Vendas").rowCount).toBe(3);
    expect(excel.cell("Dados", "A8")).toBe("Row Labels");
  });

  test("delete empties the report's cells, which are the sheet's again", async () => {
    const excel = sales();
    await excel.run(async (context) => {
      addPivot(context, "A3", { columns: true, filter: false });
      await context.sync();
    });
    await excel.run(async (context) => {
      context.workbook.worksheets.getItem("Resumo").pivotTables.getItemOrNullObject("Resumo1").delete();
      await context.sync();
    });
    expect(excel.sheetValues("Resumo")).toEqual([]);
    excel.typeCell("Resumo", "B5", 1);
    expect(excel.cell("Resumo", "B5")).toBe(1);
  });
});
