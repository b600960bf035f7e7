/**
 * `PivotSheetPort` (src/workbook/pivot-sheet.ts) over Office.js's PivotTable API (ExcelApi 1.8):
 * - building: the sheet, the PivotTable (`Workbook.pivotTables.getItemOrNullObject`) and the
 *   source's header row are read in one sync; a header the spec names and the source lacks is an
 *   `ItemNotFound` that names it. A new PivotTable is added at `at` from the source table
 *   (`PivotTableCollection.add`: a table source takes in the rows the table gains), its hierarchies
 *   placed (`rowHierarchies`, `columnHierarchies`, `filterHierarchies`, `dataHierarchies.add`,
 *   summed with `summarizeBy = "Sum"` and the spec's `numberFormat`); an existing one is kept and
 *   refreshed (`PivotTable.refresh`). The filter stays at "(All)": choosing an item from here needs
 *   `PivotField.applyFilter` (ExcelApi 1.12).
 * - the chart: a clustered column chart of the body without its caption row and its grand totals,
 *   reached from `PivotLayout.getRange()` by `getOffsetRange(1, 0).getResizedRange(-2, -1)` in the
 *   same request (the ranges resolve once the hierarchies are placed), added and placed
 *   (`ChartCollection.add`, `Chart.setPosition`), or re-pointed when it exists (`Chart.setData`).
 *   Made from a PivotTable's cells, Excel makes it a PivotChart that follows the report
 *   (OfficeDev/office-js#419); `setData` re-points it all the same, for a chart that is not one.
 * - the body's address and values (`PivotLayout.getRange()`) come back with the last sync.
 * Two syncs to build on a new sheet, three on a sheet that exists with a chart to find (a chart is
 * reached from its sheet, which must be known to exist first); refreshing takes three: the sheet,
 * then the PivotTable and the chart on it, then the refresh.
 * Office errors come out as `WorkbookHostError` (./errors.ts `hostCall`).
 */
import type { PivotSheetCells, PivotSheetPort, PivotSheetSpec } from "../workbook/pivot-sheet";
import type { CellValue } from "../workbook/port";
import { HOST_ERROR_CODES, WorkbookHostError, hostCall } from "./errors";
import type {
  ChartApi,
  ExcelRun,
  PivotTableApi,
  RangeApi,
  RequestContextApi,
  TableApi,
  WorksheetApi,
} from "./office-api";

/** The body's cells a chart plots: "Row Labels" and the items, without the caption row and grand totals. */
const chartSource = (pivot: PivotTableApi): RangeApi =>
  pivot.layout.getRange().getOffsetRange(1, 0).getResizedRange(-2, -1);

/** Throws an `ItemNotFound` naming each header the spec needs and the source lacks. */
function checkHeaders(spec: PivotSheetSpec, header: CellValue[]): void {
  const have = new Set(header.map((h) => String(h).toLowerCase()));
  const wanted = [spec.rows, spec.columns, spec.values, ...(spec.filter !== undefined ? [spec.filter] : [])];
  const missing = wanted.filter((h) => !have.has(h.toLowerCase()));
  if (missing.length > 0)
    throw new WorkbookHostError(
      HOST_ERROR_CODES.itemNotFound,
      `The table ${spec.source} has no column ${missing.map((h) => `"${h}"`).join(", ")}.`,
    );
}

/** Adds the PivotTable and places its hierarchies (queued, no sync). */
function addPivot(sheet: WorksheetApi, table: TableApi, spec: PivotSheetSpec): PivotTableApi {
  const pivot = sheet.pivotTables.add(spec.name, table, sheet.getRange(spec.at));
  const field = (header: string) => pivot.hierarchies.getItem(header);
  pivot.rowHierarchies.add(field(spec.rows));
  pivot.columnHierarchies.add(field(spec.columns));
  if (spec.filter !== undefined) pivot.filterHierarchies.add(field(spec.filter));
  const data = pivot.dataHierarchies.add(field(spec.values));
  data.summarizeBy = "Sum";
  if (spec.valuesNumberFormat !== undefined) data.numberFormat = spec.valuesNumberFormat;
  return pivot;
}

/** The chart of that name on the sheet, or null (one sync). */
async function findChart(
  context: RequestContextApi,
  sheet: WorksheetApi,
  name: string,
): Promise<ChartApi | null> {
  const chart = sheet.charts.getItemOrNullObject(name);
  chart.load("name");
  await context.sync();
  return chart.isNullObject ? null : chart;
}

export class OfficePivotSheet implements PivotSheetPort {
  constructor(private readonly run: ExcelRun) {}

  buildPivot(spec: PivotSheetSpec): Promise<PivotSheetCells & { created: boolean }> {
    return hostCall(`building PivotTable ${spec.name}`, () =>
      this.run(async (context) => {
        const book = context.workbook;
        const foundSheet = book.worksheets.getItemOrNullObject(spec.sheet);
        foundSheet.load("name");
        const found = book.pivotTables.getItemOrNullObject(spec.name);
        found.load("name");
        const table = book.tables.getItem(spec.source);
        const header = table.getHeaderRowRange();
        header.load("values");
        await context.sync();
        checkHeaders(spec, header.values[0] ?? []);
        const created = found.isNullObject;
        const sheet = foundSheet.isNullObject ? book.worksheets.add(spec.sheet) : foundSheet;
        // Only once the sheet is known to exist: an object reached from a null object fails.
        const oldChart =
          spec.chart && !foundSheet.isNullObject ? await findChart(context, sheet, spec.chart.name) : null;
        const pivot = created ? addPivot(sheet, table, spec) : found;
        if (!created) pivot.refresh();
        if (spec.chart && oldChart) oldChart.setData(chartSource(pivot), "Columns");
        else if (spec.chart) {
          const chart = sheet.charts.add("ColumnClustered", chartSource(pivot), "Columns");
          chart.name = spec.chart.name;
          chart.title.text = spec.chart.title;
          chart.setPosition(spec.chart.from, spec.chart.to);
        }
        if (spec.activate === true) sheet.activate();
        const body = pivot.layout.getRange();
        body.load("address,values");
        await context.sync();
        return { created, address: body.address, values: body.values };
      }),
    );
  }

  refreshPivot(target: { sheet: string; name: string; chart?: string }): Promise<PivotSheetCells | null> {
    return hostCall(`refreshing PivotTable ${target.name}`, () =>
      this.run(async (context) => {
        const sheet = context.workbook.worksheets.getItemOrNullObject(target.sheet);
        sheet.load("name");
        await context.sync();
        if (sheet.isNullObject) return null;
        const pivot = sheet.pivotTables.getItemOrNullObject(target.name);
        pivot.load("name");
        const chart = target.chart !== undefined ? sheet.charts.getItemOrNullObject(target.chart) : null;
        chart?.load("name");
        await context.sync();
        if (pivot.isNullObject) return null;
        pivot.refresh();
        if (chart && !chart.isNullObject) chart.setData(chartSource(pivot), "Columns");
        const body = pivot.layout.getRange();
        body.load("address,values");
        await context.sync();
        return { address: body.address, values: body.values };
      }),
    );
  }
}
