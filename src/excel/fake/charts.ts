/**
 * The fake's charts: `Worksheet.charts` ("Excel.ChartCollection",
 * https://learn.microsoft.com/javascript/api/excel/excel.chartcollection) and the `Chart` objects it
 * holds ("Excel.Chart", https://learn.microsoft.com/javascript/api/excel/excel.chart), for the
 * members the add-in calls only. A chart keeps the range it was made from, never a copy of the
 * values: it shows what the cells hold now, as Excel's does (the preview draws it from them).
 *
 * - `add(type, sourceData, seriesBy)`: "Creates a new chart" of an `Excel.ChartType`; `seriesBy`
 *   `Auto` is taken as `Columns`, as "In Excel on the web, 'auto' will simply default to
 *   'columns'" ("Excel.ChartSeriesBy"). A type that is not a `ChartType` is `InvalidArgument`.
 * - a new chart is named "Chart N", N one more than the charts of the workbook (Excel's default
 *   names; `Chart.name` can be set), and has no title until `title.text` is set.
 * - `getItem(name)` / `getItemOrNullObject(name)`: "If there are multiple charts with the same
 *   name, the first one will be returned"; a missing one is `ItemNotFound` / a null object.
 * - `setPosition(startCell, endCell?)`: "Positions the chart relative to cells on the worksheet";
 *   the cells are kept as the chart's top-left and bottom-right cells.
 * - `setData(sourceData, seriesBy?)`: "Resets the source data for the chart": the chart plots
 *   the new range from then on.
 * - a chart made from (or reset to) a PivotTable's cells is a PivotChart of it (./pivot-cells.ts):
 *   it plots the report as it is now, grown or not.
 * - `delete()`: "Deletes the chart object."
 * - `legend.position`: Right by default (Excel's default legend position).
 */
import type { CellValue } from "../../workbook/port";
import { type Box, invalidArgument } from "./cells";
import { type Culture, shownText } from "./culture";
import { type HostContext, HostObject, unknownProperty } from "./host-object";
import { HostCollection, parseAddress } from "./collection";
import { notFound, type FakeSheet } from "./model";
import type { FakeRange, RangeTarget } from "./range";
import { type PivotPlace, pivotAt } from "./pivot-cells";

/** "Excel.ChartType": the types a chart can be created with (the enum's values). */
const CHART_TYPES = new Set(
  [
    "ColumnClustered ColumnStacked ColumnStacked100 3DColumnClustered 3DColumnStacked 3DColumnStacked100",
    "BarClustered BarStacked BarStacked100 3DBarClustered 3DBarStacked 3DBarStacked100",
    "LineStacked LineStacked100 LineMarkers LineMarkersStacked LineMarkersStacked100 PieOfPie",
    "PieExploded 3DPieExploded BarOfPie XYScatterSmooth XYScatterSmoothNoMarkers XYScatterLines",
    "XYScatterLinesNoMarkers AreaStacked AreaStacked100 3DAreaStacked 3DAreaStacked100",
    "DoughnutExploded RadarMarkers RadarFilled Surface SurfaceWireframe SurfaceTopView",
    "SurfaceTopViewWireframe Bubble Bubble3DEffect StockHLC StockOHLC StockVHLC StockVOHLC",
    "3DColumn Line 3DLine 3DPie Pie XYScatter 3DArea Area Doughnut Radar Histogram Boxwhisker",
    "Pareto RegionMap Treemap Waterfall Sunburst Funnel",
  ]
    .join(" ")
    .split(" "),
);

type SeriesBy = "Columns" | "Rows";

/** A chart as the fake's model holds it. */
export interface FakeChart {
  id: string;
  name: string;
  type: string;
  /** The cells it plots (on `sourceSheet`, which may be another sheet than the chart's). */
  sourceSheet: FakeSheet;
  source: Box;
  seriesBy: SeriesBy;
  title: string;
  legendPosition: string;
  /** The cells it covers (top-left, bottom-right), once placed. */
  position: { from: Box; to: Box } | undefined;
  /** The PivotTable it is a PivotChart of, when made from one's cells. */
  pivot?: PivotPlace | undefined;
}

/** The cells a chart plots now: a PivotChart's report as it is, or the range it was given. */
export function plottedBox(chart: FakeChart): Box {
  return chart.pivot?.chartBox() ?? chart.source;
}

/** Charts by the sheet they are on (kept beside the model: a sheet's charts go with it). */
const CHARTS = new WeakMap<FakeSheet, FakeChart[]>();
let nextChartId = 1;

export function chartsOf(sheet: FakeSheet): FakeChart[] {
  let list = CHARTS.get(sheet);
  if (!list) {
    list = [];
    CHARTS.set(sheet, list);
  }
  return list;
}

const CHART_SCALARS = ["id", "name", "chartType"];

class FakeChartTitle {
  constructor(private readonly chart: FakeChartObject) {}
  set text(text: string) {
    this.chart.setTitle(text);
  }
}

class FakeChartLegend {
  constructor(private readonly chart: FakeChartObject) {}
  set position(position: string) {
    this.chart.setLegendPosition(position);
  }
}

const LEGEND_POSITIONS = new Set(["Invalid", "Top", "Bottom", "Left", "Right", "Corner", "Custom"]);

export class FakeChartObject extends HostObject<FakeChart> {
  /** Charts are found by name (`ChartCollection.getItem(name)`): the host gives the library no id. */
  override hasId(): boolean {
    return false;
  }

  protected readonly scalarNames = CHART_SCALARS;
  readonly title = new FakeChartTitle(this);
  readonly legend = new FakeChartLegend(this);

  constructor(
    ctx: HostContext,
    locate: () => FakeChart | null,
    private readonly sheet: () => FakeSheet,
  ) {
    super(ctx, locate);
  }

  protected read(chart: FakeChart, name: string): unknown {
    if (name === "id") return chart.id;
    if (name === "name") return chart.name;
    if (name === "chartType") return chart.type;
    throw unknownProperty(name);
  }
  set name(name: string) {
    this.change((chart) => {
      if (name.trim() === "") throw invalidArgument("A chart needs a name.");
      chart.name = name;
    });
  }
  setTitle(title: string): void {
    this.change((chart) => {
      chart.title = title;
    });
  }
  setLegendPosition(position: string): void {
    this.change((chart) => {
      if (!LEGEND_POSITIONS.has(position)) throw invalidArgument(`legend position ${position}`);
      chart.legendPosition = position;
    });
  }
  setPosition(startCell: FakeRange | string, endCell?: FakeRange | string): void {
    this.change((chart) => {
      const at = (cell: FakeRange | string): Box => {
        if (typeof cell !== "string") return cell.rangeTarget().box;
        const parsed = parseAddress(cell);
        if (parsed.sheet !== undefined && parsed.sheet.toLowerCase() !== this.sheet().name.toLowerCase())
          throw invalidArgument("A chart is positioned on its own worksheet.");
        return parsed.box;
      };
      const from = at(startCell);
      chart.position = { from, to: endCell === undefined ? from : at(endCell) };
    });
  }
  setData(sourceData: FakeRange, seriesByArg?: "Auto" | "Columns" | "Rows" | null): void {
    const seriesBy = seriesByArg ?? "Auto";
    this.change((chart) => {
      if (seriesBy !== "Auto" && seriesBy !== "Columns" && seriesBy !== "Rows")
        throw invalidArgument(`seriesBy ${String(seriesBy)}`);
      const source = sourceData.rangeTarget();
      chart.sourceSheet = source.sheet;
      chart.source = source.box;
      chart.pivot = pivotAt(source.sheet, source.box);
      chart.seriesBy = seriesBy === "Rows" ? "Rows" : "Columns";
    });
  }
  delete(): void {
    this.change((chart) => {
      const list = chartsOf(this.sheet());
      const i = list.indexOf(chart);
      if (i >= 0) list.splice(i, 1);
    });
  }
}

export class FakeChartCollection extends HostCollection<FakeChart, FakeChartObject> {
  protected readonly itemScalars = CHART_SCALARS;
  constructor(
    ctx: HostContext,
    private readonly sheet: () => FakeSheet,
  ) {
    super(ctx);
  }

  /** Charts are found by name: the host gives the library no id with them. */
  override itemHasId(): boolean {
    return false;
  }

  /** No name selected reads every scalar property. */
  protected override selected(names: readonly string[] | undefined): string[] {
    const props = super.selected(names);
    return props.length > 0 ? props : [...CHART_SCALARS];
  }

  protected list(): FakeChart[] {
    return chartsOf(this.sheet());
  }

  protected item(chart: FakeChart): FakeChartObject {
    return new FakeChartObject(this.ctx, () => chart, this.sheet);
  }

  add(
    type: string,
    sourceData: FakeRange,
    seriesByArg?: "Auto" | "Columns" | "Rows" | null,
  ): FakeChartObject {
    // An argument left out travels as null (the request is JSON).
    const seriesBy = seriesByArg ?? "Auto";
    if (!CHART_TYPES.has(type)) throw invalidArgument(`${type} is not a chart type`);
    if (seriesBy !== "Auto" && seriesBy !== "Columns" && seriesBy !== "Rows")
      throw invalidArgument(`seriesBy ${String(seriesBy)}`);
    const source: RangeTarget = sourceData.rangeTarget();
    const all = this.ctx.model.sheets.reduce((n, s) => n + chartsOf(s).length, 0);
    const created: FakeChart = {
      id: `{chart-${nextChartId++}}`,
      name: `Chart ${all + 1}`,
      type,
      sourceSheet: source.sheet,
      source: source.box,
      seriesBy: seriesBy === "Rows" ? "Rows" : "Columns",
      title: "",
      legendPosition: "Right",
      position: undefined,
      pivot: pivotAt(source.sheet, source.box),
    };
    chartsOf(this.sheet()).push(created);
    return new FakeChartObject(this.ctx, () => created, this.sheet);
  }

  getItem(name: string): FakeChartObject {
    return new FakeChartObject(
      this.ctx,
      () =>
        this.find(name) ??
        (() => {
          throw notFound(`chart ${name}`);
        })(),
      this.sheet,
    );
  }

  getItemOrNullObject(name: string): FakeChartObject {
    return new FakeChartObject(this.ctx, () => this.find(name) ?? null, this.sheet);
  }

  private find(name: string): FakeChart | undefined {
    const lower = name.toLowerCase();
    return chartsOf(this.sheet()).find((c) => c.name.toLowerCase() === lower);
  }
}

/** One series of a chart, as Excel plots it from the cells now. */
interface PlottedSeries {
  name: string;
  /** A number, or null where the cell holds none (not plotted). */
  values: Array<number | null>;
}

/** What a chart plots from its cells now (for the preview and tests). */
export interface PlottedChart {
  categories: CellValue[];
  /** The categories as their cells show them (dates and amounts through their number formats). */
  labels: string[];
  series: PlottedSeries[];
}

/**
 * The series a chart plots. The fake follows Excel's convention for a labelled range: when the
 * top-left cell of the source is empty, or when neither the rest of the first row nor the rest of
 * the first column holds a number (a PivotTable's "Row Labels" corner over its items), the first
 * row names the series and the first column gives the categories (by columns; transposed by
 * rows): Excel reads text there as labels, and an empty top-left cell makes it read numbers as
 * labels too (Jon Peltier, "Good Chart Data", peltiertech.com: the blank top-left cell "helps
 * Excel parse the X values, Y values, and series names, especially if the X values and series
 * names consist of numbers"). Otherwise every column (row) is a series named "Series1",
 * "Series2"..., and the categories are 1, 2, ...
 */
export function plotted(chart: FakeChart, culture: Culture): PlottedChart {
  const source = plottedBox(chart);
  const cells = chart.sourceSheet.cells.read(source);
  const grid = chart.seriesBy === "Columns" ? cells : (cells[0] ?? []).map((_, c) => cells.map((r) => r[c]!));
  const textOnly = (cells: CellValue[]) => cells.every((v) => typeof v !== "number");
  const labelled =
    grid.length > 1 &&
    (grid[0]?.length ?? 0) > 1 &&
    (grid[0]![0] === "" || (textOnly(grid[0]!.slice(1)) && textOnly(grid.slice(1).map((r) => r[0]!))));
  const body = labelled ? grid.slice(1) : grid;
  const first = labelled ? 1 : 0;
  const width = grid[0]?.length ?? 0;
  const series: PlottedSeries[] = [];
  for (let column = first; column < width; column++)
    series.push({
      name: labelled ? String(grid[0]![column]) : `Series${column + 1}`,
      values: body.map((r) => (typeof r[column] === "number" ? (r[column] as number) : null)),
    });
  const { top, left } = source;
  const categories = labelled ? body.map((r) => r[0]!) : body.map((_, i) => i + 1);
  const labels = categories.map((category, i) => {
    if (!labelled) return String(category);
    const [row, column] = chart.seriesBy === "Columns" ? [top + 1 + i, left] : [top, left + 1 + i];
    return shownText(category, chart.sourceSheet.cells.format(row, column), culture);
  });
  return { categories, labels, series };
}
