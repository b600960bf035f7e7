/**
 * The fake's charts behave as "Excel.ChartCollection" and "Excel.Chart" say (the citations are in
 * ./charts.ts): created from a range and queued until sync, named "Chart N", titled, placed over
 * cells, found by name (or a null object), deleted, and plotting what the cells hold now.
 */
import { createFakeExcel } from ".";
import { hostErrorCode } from "../testing/host-error-code";

const months = () =>
  createFakeExcel({
    sheets: {
      Resumo: [
        ["", "Depósitos", "Distribuições"],
        [46_023, 1_000, 250],
        [46_054, 500, "texto"],
      ],
    },
  });

describe("fake Excel: charts", () => {
  test("add is queued until sync; the chart is named, titled, placed, and plots the cells", async () => {
    const excel = months();
    await excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Resumo");
      const chart = sheet.charts.add("ColumnClustered", sheet.getRange("A1:C3"), "Columns");
      expect(excel.charts("Resumo")).toEqual([]);
      chart.title.text = "Por mês";
      chart.setPosition("E2", "L18");
      chart.load("name,chartType");
      await context.sync();
      expect([chart.name, chart.chartType]).toEqual(["Chart 1", "ColumnClustered"]);
    });
    const [chart] = excel.charts("Resumo");
    expect(chart).toMatchObject({
      name: "Chart 1",
      title: "Por mês",
      legend: "Right",
      source: "Resumo!A1:C3",
      seriesBy: "Columns",
      position: { from: "E2", to: "L18" },
    });
    // The empty top-left cell: the first row names the series, the first column gives the categories.
    expect(chart!.plotted).toEqual({
      categories: [46_023, 46_054],
      // As the cells show them (General: the serial numbers).
      labels: ["46023", "46054"],
      series: [
        { name: "Depósitos", values: [1_000, 500] },
        { name: "Distribuições", values: [250, null] },
      ],
    });
    // A chart shows what the cells hold now.
    excel.typeCell("Resumo", "C3", 125);
    expect(excel.charts("Resumo")[0]!.plotted.series[1]!.values).toEqual([250, 125]);
  });

  test("by rows, and without labels: Series1, Series2 and categories 1, 2, ...", async () => {
    const excel = createFakeExcel({
      sheets: {
        S: [
          [1, 2, 3],
          [4, 5, 6],
        ],
      },
    });
    await excel.run(async (context) => {
      const s = context.workbook.worksheets.getItem("S");
      s.charts.add("Line", s.getRange("A1:C2"), "Rows");
      // "Auto" is "Columns", as in Excel on the web.
      s.charts.add("Line", s.getRange("A1:C2"));
      await context.sync();
    });
    const [byRows, auto] = excel.charts("S");
    expect(byRows!.plotted).toEqual({
      categories: [1, 2, 3],
      labels: ["1", "2", "3"],
      series: [
        { name: "Series1", values: [1, 2, 3] },
        { name: "Series2", values: [4, 5, 6] },
      ],
    });
    expect([auto!.name, auto!.seriesBy]).toEqual(["Chart 2", "Columns"]);
  });

  test("found by name or as a null object; a missing one is ItemNotFound at sync; delete removes it", async () => {
    const excel = months();
    await excel.run(async (context) => {
      const s = context.workbook.worksheets.getItem("Resumo");
      const c = s.charts.add("ColumnClustered", s.getRange("A1:C3"), "Columns");
      c.name = "ValePix";
      await context.sync();
      const found = s.charts.getItemOrNullObject("ValePix");
      const missing = s.charts.getItemOrNullObject("Outro");
      found.load("name");
      missing.load("name");
      s.charts.load("items/name");
      await context.sync();
      expect([found.isNullObject, missing.isNullObject]).toEqual([false, true]);
      expect(s.charts.items.map((i) => i.name)).toEqual(["ValePix"]);
      s.charts.getItem("Outro").load("name");
      expect(await hostErrorCode(context.sync())).toBe("ItemNotFound");
      s.charts.getItem("ValePix").delete();
      await context.sync();
    });
    expect(excel.charts("Resumo")).toEqual([]);
  });

  test("a type that is not a ChartType, or a bad legend position, is InvalidArgument", async () => {
    const excel = months();
    await excel.run(async (context) => {
      const s = context.workbook.worksheets.getItem("Resumo");
      s.charts.add("Pizza" as never, s.getRange("A1:C3"));
      expect(await hostErrorCode(context.sync())).toBe("InvalidArgument");
      const c = s.charts.add("ColumnClustered", s.getRange("A1:C3"));
      c.legend.position = "Middle";
      expect(await hostErrorCode(context.sync())).toBe("InvalidArgument");
    });
    expect(excel.charts("Resumo").map((c) => c.legend)).toEqual(["Right"]);
  });
});
