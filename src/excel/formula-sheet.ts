/**
 * `FormulaSheetPort` (src/workbook/formula-sheet.ts) over Office.js: the sheet found by name
 * (`getItemOrNullObject`) or added, every cell written with `Range.formulas` or `Range.values` and
 * its `numberFormat`, column widths (`RangeFormat.columnWidth`), and the chart of the same name
 * replaced: deleted, then added from its range (`ChartCollection.add`), named, titled and placed
 * over its cells (`Chart.setPosition`). Two syncs: one to learn what exists, one to write (and
 * one between them for the old chart, when the sheet exists).
 * Office errors come out as `WorkbookHostError` (./errors.ts `hostCall`).
 */
import type { FormulaSheetPort, FormulaSheetSpec } from "../workbook/formula-sheet";
import { parseA1 } from "../workbook/names";
import { hostCall } from "./errors";
import type { ExcelRun } from "./office-api";

/** Rows and columns of "A1" or "A1:C3". */
function sizeOf(range: string): { rows: number; cols: number } {
  const [a, b = a] = range.split(":");
  const start = parseA1(a ?? "");
  const end = parseA1(b ?? "");
  return { rows: Math.abs(end.row - start.row) + 1, cols: Math.abs(end.column - start.column) + 1 };
}

export class OfficeFormulaSheet implements FormulaSheetPort {
  constructor(private readonly run: ExcelRun) {}

  buildSheet(spec: FormulaSheetSpec): Promise<{ created: boolean }> {
    return hostCall(`building sheet ${spec.name}`, () =>
      this.run(async (context) => {
        const sheets = context.workbook.worksheets;
        const found = sheets.getItemOrNullObject(spec.name);
        found.load("name");
        await context.sync();
        const created = found.isNullObject;
        const sheet = created ? sheets.add(spec.name) : found;
        if (spec.chart && !created) {
          // Only once the sheet is known to exist: office.js instantiates every object in the
          // request where it is created, and an object reached from a null object fails there.
          const oldChart = found.charts.getItemOrNullObject(spec.chart.name);
          oldChart.load("name");
          await context.sync();
          if (!oldChart.isNullObject) oldChart.delete();
        }
        for (const cell of spec.cells) {
          const range = sheet.getRange(cell.address);
          if (cell.formula !== undefined) range.formulas = [[cell.formula]];
          else if (cell.value !== undefined) range.values = [[cell.value]];
          if (cell.numberFormat !== undefined) range.numberFormat = [[cell.numberFormat]];
        }
        for (const { range, numberFormat } of spec.formats ?? []) {
          const { rows, cols } = sizeOf(range);
          sheet.getRange(range).numberFormat = Array.from({ length: rows }, () =>
            Array.from({ length: cols }, () => numberFormat),
          );
        }
        for (const [column, points] of Object.entries(spec.widths ?? {}))
          sheet.getRange(`${column}1`).format.columnWidth = points;
        if (spec.chart) {
          const chartSpec = spec.chart;
          const chart = sheet.charts.add(
            chartSpec.type,
            sheet.getRange(chartSpec.source),
            chartSpec.seriesBy,
          );
          chart.name = chartSpec.name;
          chart.title.text = chartSpec.title;
          chart.setPosition(chartSpec.from, chartSpec.to);
        }
        if (spec.activate !== false) sheet.activate();
        await context.sync();
        return { created };
      }),
    );
  }
}
