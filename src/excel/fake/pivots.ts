/**
 * The fake's PivotTables: `Worksheet.pivotTables` and `Workbook.pivotTables`
 * ("Excel.PivotTableCollection", https://learn.microsoft.com/javascript/api/excel/excel.pivottablecollection),
 * the `PivotTable` they hold ("Excel.PivotTable") with its hierarchies and its layout
 * ("Excel.PivotLayout"), for the members the add-in calls only ("Work with PivotTables using the
 * Excel JavaScript API", https://learn.microsoft.com/office/dev/add-ins/excel/excel-add-ins-pivottables).
 * A PivotTable's report is ordinary cells of its sheet, computed by ./pivot-layout.ts, so the
 * grid (and the preview) shows them; its cells refuse writes (./pivot-cells.ts).
 *
 * - `add(name, source, destination)`: "Add a PivotTable based on the specified source data and
 *   insert it at the top-left cell of the destination range"; the source here is a table (a table
 *   source grows with its rows); a name already used on the sheet is `ItemAlreadyExists`.
 * - `hierarchies.getItem(name)`: one hierarchy per column of the source ("A PivotHierarchy contains
 *   a PivotFieldCollection that has exactly one PivotField"); a missing one is `ItemNotFound`.
 * - `rowHierarchies` / `columnHierarchies` / `filterHierarchies` / `dataHierarchies.add`: "Adding a
 *   hierarchy to a new category removes it from the old one" (rows, columns and filters; a field
 *   can also be summed). A data field sums a column of numbers and counts any other, until
 *   `summarizeBy` says otherwise; `numberFormat` formats the sums. One field on rows, one on
 *   columns and one summed are emulated.
 * - `layout.getRange()`: "the range the PivotTable exists on, excluding the filter area";
 *   `getDataBodyRange()`: "where the PivotTable's data values reside" (grand totals included);
 *   `getRowLabelRange()` / `getColumnLabelRange()`: where its labels reside, from the "Row Labels"
 *   cell down and from the "Column Labels" cell across (their grand-total labels included);
 *   `getFilterAxisRange()`: "the range of the PivotTable's filter area".
 * - `refresh()`: "Refreshes the PivotTable": the report is computed again from the source's rows.
 * - `delete()`: "Deletes the PivotTable": its cells are emptied.
 * - a report that would cover a table or another PivotTable is refused, as Excel refuses it ("A
 *   PivotTable report cannot overlap a table" / "cannot overlap another PivotTable report"), with
 *   `InvalidOperation`; plain cells in its way are overwritten.
 */
import type { CellValue } from "../../workbook/port";
import { HOST_ERROR_CODES, WorkbookHostError } from "../errors";
import { overlaps } from "./box";
import { type Box, invalidArgument } from "./cells";
import { fitColumns } from "./range-format";
import { parseAddress } from "./collection";
import { type HostContext, HostObject, unknownProperty } from "./host-object";
import { type FakeModel, type FakeSheet, type FakeTable, invalidOperation, notFound } from "./model";
import { type PivotCells, type SummarizeBy, dataCaption, layoutPivot } from "./pivot-layout";
import { pivotPlaces } from "./pivot-cells";
import { FakeRange } from "./range";

/** A PivotTable as the fake's model holds it. */
export interface FakePivot {
  name: string;
  sheet: FakeSheet;
  source: FakeTable;
  /** The body's top-left cell (0-based). */
  anchor: { row: number; column: number };
  rowField: string | undefined;
  columnField: string | undefined;
  filters: string[];
  data: { field: string; summarizeBy: SummarizeBy; numberFormat: string | undefined } | undefined;
  /** The report as last laid out on the sheet. */
  shown: PivotCells | undefined;
}

const PIVOTS = new WeakMap<FakeSheet, FakePivot[]>();

function pivotsOf(sheet: FakeSheet): FakePivot[] {
  let list = PIVOTS.get(sheet);
  if (!list) {
    list = [];
    PIVOTS.set(sheet, list);
  }
  return list;
}

const boxesOf = (shown: PivotCells | undefined): Box[] =>
  shown ? [shown.body, ...(shown.filter ? [shown.filter] : [])] : [];

/** What a PivotChart plots: the body without its caption row and its grand totals. */
function chartBox(shown: PivotCells | undefined): Box | null {
  if (!shown?.dataBody || !shown.rowLabels) return null;
  const { body } = shown;
  const box = shown.columnLabels
    ? { top: body.top + 1, left: body.left, rows: body.rows - 2, cols: body.cols - 1 }
    : { ...body, rows: body.rows - 1 };
  return box.rows > 1 && box.cols > 1 ? box : null;
}

/** The source table's header and data rows now. */
function sourceRows(table: FakeTable): { header: string[]; rows: CellValue[][] } {
  const box = {
    top: table.headerRow + 1,
    left: table.left,
    rows: table.rowCount,
    cols: table.columns.length,
  };
  return { header: table.columns.map((c) => c.name), rows: table.sheet.cells.read(box) };
}

/** Empties the report's cells (and the formats it gave its sums). */
function clear(pivot: FakePivot): void {
  const cells = pivot.sheet.cells;
  for (const box of boxesOf(pivot.shown))
    for (let row = box.top; row < box.top + box.rows; row++)
      for (let column = box.left; column < box.left + box.cols; column++) {
        if (cells.rawValue(row, column) !== "") cells.putRaw(row, column, "");
        cells.setFormat(row, column, "");
      }
}

function writeBox(sheet: FakeSheet, box: Box | null, values: CellValue[][]): void {
  if (!box) return;
  values.forEach((row, i) => row.forEach((v, c) => sheet.cells.putRaw(box.top + i, box.left + c, v)));
}

/** Computes the report from the source now and puts it on the sheet, or refuses as Excel does. */
function relayout(model: FakeModel, pivot: FakePivot): void {
  const { header, rows } = sourceRows(pivot.source);
  const data = pivot.data && { field: pivot.data.field, summarizeBy: pivot.data.summarizeBy };
  const shape = {
    header,
    rows,
    rowField: pivot.rowField,
    columnField: pivot.columnField,
    filters: pivot.filters,
    data,
  };
  const next = layoutPivot(shape, pivot.anchor, model.culture);
  const boxes = boxesOf(next);
  const meets = (other: Box[]) => other.some((o) => boxes.some((b) => overlaps(o, b)));
  if (model.tables.some((t) => t.sheet === pivot.sheet && meets([model.tableBox(t)])))
    throw invalidOperation("A PivotTable report cannot overlap a table.");
  if (pivotsOf(pivot.sheet).some((other) => other !== pivot && meets(boxesOf(other.shown))))
    throw invalidOperation("A PivotTable report cannot overlap another PivotTable report.");
  clear(pivot);
  writeBox(pivot.sheet, next.body, next.cells);
  writeBox(pivot.sheet, next.filter, next.filterCells);
  const format = pivot.data?.numberFormat;
  const body = next.dataBody;
  if (body && format !== undefined)
    for (let row = body.top; row < body.top + body.rows; row++)
      for (let column = body.left; column < body.left + body.cols; column++)
        pivot.sheet.cells.setFormat(row, column, format);
  // "Autofit column widths on update", on by default (PivotTable Options, Layout & Format: "Design
  // the layout and format of a PivotTable", Microsoft Support): the report's columns fit its cells.
  const top = next.filter?.top ?? next.body.top;
  fitColumns(pivot.sheet, {
    top,
    left: next.body.left,
    rows: next.body.top + next.body.rows - top,
    cols: next.body.cols,
  });
  pivot.anchor = { row: next.body.top, column: next.body.left };
  pivot.shown = next;
}

/** A column of the source ("Excel.PivotHierarchy"). */
class FakePivotHierarchy extends HostObject<{ pivot: FakePivot; field: string }> {
  override hasId(): boolean {
    return false;
  }
  protected readonly scalarNames = ["name"];
  protected read(target: { pivot: FakePivot; field: string }, name: string): unknown {
    if (name === "name") return target.field;
    throw unknownProperty(name);
  }
  /** The field, for the action that places it. */
  placed(pivot: FakePivot): string {
    const target = this.target();
    if (target.pivot !== pivot) throw invalidArgument("The hierarchy belongs to another PivotTable.");
    return target.field;
  }
}

const SUMMARIES = new Set<SummarizeBy>(["Sum", "Count"]);

/** The summed field ("Excel.DataPivotHierarchy"): its caption, summary and number format. */
class FakeDataPivotHierarchy extends HostObject<FakePivot> {
  override hasId(): boolean {
    return false;
  }
  protected readonly scalarNames = ["name", "summarizeBy", "numberFormat"];
  protected read(pivot: FakePivot, name: string): unknown {
    const data = pivot.data;
    if (!data) throw notFound("data hierarchy");
    if (name === "name") return dataCaption(data.field, data.summarizeBy, this.ctx.model.culture);
    if (name === "summarizeBy") return data.summarizeBy;
    if (name === "numberFormat") return data.numberFormat ?? "General";
    throw unknownProperty(name);
  }
  set summarizeBy(summarizeBy: SummarizeBy) {
    this.change((pivot) => {
      if (!SUMMARIES.has(summarizeBy)) throw unknownProperty(`summarizeBy ${String(summarizeBy)}`);
      if (pivot.data) pivot.data.summarizeBy = summarizeBy;
      relayout(this.ctx.model, pivot);
    });
  }
  set numberFormat(numberFormat: string) {
    this.change((pivot) => {
      if (pivot.data) pivot.data.numberFormat = numberFormat;
      relayout(this.ctx.model, pivot);
    });
  }
}

type Axis = "rows" | "columns" | "filters";

/** Puts a field on an axis, taking it off the others ("Adding a hierarchy to a new category removes it from the old one"). */
function place(pivot: FakePivot, axis: Axis, field: string): void {
  const same = (f: string | undefined) => f !== undefined && f.toLowerCase() === field.toLowerCase();
  if (same(pivot.rowField)) pivot.rowField = undefined;
  if (same(pivot.columnField)) pivot.columnField = undefined;
  pivot.filters = pivot.filters.filter((f) => !same(f));
  if (axis === "filters") pivot.filters.push(field);
  else if ((axis === "rows" ? pivot.rowField : pivot.columnField) !== undefined)
    throw unknownProperty(`a second field on ${axis}`);
  else if (axis === "rows") pivot.rowField = field;
  else pivot.columnField = field;
}

/** Where the report's parts are ("Excel.PivotLayout"), as ranges found when an action first needs them. */
class FakePivotLayout {
  constructor(
    private readonly ctx: HostContext,
    private readonly pivot: () => FakePivot,
  ) {}

  private part(what: string, box: (shown: PivotCells) => Box | null): FakeRange {
    return new FakeRange(this.ctx, () => {
      const pivot = this.pivot();
      const found = pivot.shown && box(pivot.shown);
      if (!found) throw notFound(`the ${what} of PivotTable ${pivot.name}`);
      return { sheet: pivot.sheet, box: found };
    });
  }
  getRange(): FakeRange {
    return this.part("range", (shown) => shown.body);
  }
  getDataBodyRange(): FakeRange {
    return this.part("data body", (shown) => shown.dataBody);
  }
  getRowLabelRange(): FakeRange {
    return this.part("row labels", (shown) => shown.rowLabels);
  }
  getColumnLabelRange(): FakeRange {
    return this.part("column labels", (shown) => shown.columnLabels);
  }
  getFilterAxisRange(): FakeRange {
    return this.part("filter area", (shown) => shown.filter);
  }
}

export class FakePivotTableObject extends HostObject<FakePivot> {
  /** PivotTables are found by name (`getItem(name)`), as charts are: the host gives no id. */
  override hasId(): boolean {
    return false;
  }
  protected readonly scalarNames = ["name"];
  protected read(pivot: FakePivot, name: string): unknown {
    if (name === "name") return pivot.name;
    throw unknownProperty(name);
  }

  readonly hierarchies = {
    getItem: (name: string): FakePivotHierarchy =>
      new FakePivotHierarchy(this.ctx, () => {
        const pivot = this.target();
        const column = pivot.source.columns.find((c) => c.name.toLowerCase() === name.toLowerCase());
        if (!column) throw notFound(`PivotHierarchy ${name} of PivotTable ${pivot.name}`);
        return { pivot, field: column.name };
      }),
  };
  readonly rowHierarchies = this.axis("rows");
  readonly columnHierarchies = this.axis("columns");
  readonly filterHierarchies = this.axis("filters");
  readonly dataHierarchies = {
    add: (hierarchy: FakePivotHierarchy): FakeDataPivotHierarchy => {
      let added: FakePivot | undefined;
      this.change((pivot) => {
        if (pivot.data) throw unknownProperty("a second data hierarchy");
        const field = hierarchy.placed(pivot);
        const { header, rows } = sourceRows(pivot.source);
        const at = header.indexOf(field);
        const numbers = rows.every((r) => r[at] === "" || typeof r[at] === "number");
        pivot.data = { field, summarizeBy: numbers ? "Sum" : "Count", numberFormat: undefined };
        relayout(this.ctx.model, pivot);
        added = pivot;
      });
      return new FakeDataPivotHierarchy(this.ctx, () => added ?? null);
    },
  };
  readonly layout = new FakePivotLayout(this.ctx, () => this.target());

  private axis(axis: Axis): { add(hierarchy: FakePivotHierarchy): void } {
    return {
      add: (hierarchy) =>
        this.change((pivot) => {
          place(pivot, axis, hierarchy.placed(pivot));
          relayout(this.ctx.model, pivot);
        }),
    };
  }

  refresh(): void {
    this.change((pivot) => relayout(this.ctx.model, pivot));
  }

  delete(): void {
    this.change((pivot) => {
      clear(pivot);
      pivot.shown = undefined;
      const list = pivotsOf(pivot.sheet);
      list.splice(list.indexOf(pivot), 1);
      const places = pivotPlaces(pivot.sheet);
      places.splice(
        places.findIndex((p) => p.name === pivot.name),
        1,
      );
    });
  }
}

/** A table of the fake (./tables.ts), read without importing it. */
interface TableSource {
  modelTable(): FakeTable;
}

const isTableSource = (source: unknown): source is TableSource =>
  typeof source === "object" && source !== null && typeof (source as TableSource).modelTable === "function";

export class FakePivotTableCollection {
  constructor(
    private readonly ctx: HostContext,
    /** The worksheet's collection, or the workbook's (undefined). */
    private readonly sheet: (() => FakeSheet) | undefined,
  ) {}

  private all(): FakePivot[] {
    const sheets = this.sheet ? [this.sheet()] : this.ctx.model.sheets;
    return sheets.flatMap((s) => pivotsOf(s));
  }

  private find(name: string): FakePivot | undefined {
    return this.all().find((p) => p.name.toLowerCase() === name.toLowerCase());
  }

  getItem(name: string): FakePivotTableObject {
    return new FakePivotTableObject(this.ctx, () => {
      const found = this.find(name);
      if (!found) throw notFound(`PivotTable ${name}`);
      return found;
    });
  }

  getItemOrNullObject(name: string): FakePivotTableObject {
    return new FakePivotTableObject(this.ctx, () => this.find(name) ?? null);
  }

  add(name: string, source: unknown, destination: FakeRange | string): FakePivotTableObject {
    const table = this.sourceTable(source);
    const { sheet, box } = this.destination(destination);
    if (name.trim() === "") throw invalidArgument("A PivotTable needs a name.");
    if (pivotsOf(sheet).some((p) => p.name.toLowerCase() === name.toLowerCase()))
      throw new WorkbookHostError(HOST_ERROR_CODES.itemAlreadyExists, `A PivotTable named ${name} exists.`);
    const pivot: FakePivot = {
      name,
      sheet,
      source: table,
      anchor: { row: box.top, column: box.left },
      rowField: undefined,
      columnField: undefined,
      filters: [],
      data: undefined,
      shown: undefined,
    };
    relayout(this.ctx.model, pivot);
    pivotsOf(sheet).push(pivot);
    pivotPlaces(sheet).push({
      name,
      boxes: () => boxesOf(pivot.shown),
      chartBox: () => chartBox(pivot.shown),
    });
    return new FakePivotTableObject(this.ctx, () => pivot);
  }

  private sourceTable(source: unknown): FakeTable {
    if (isTableSource(source)) return source.modelTable();
    if (typeof source === "string") {
      const table = this.ctx.model.findTable(source);
      if (table) return table;
    }
    throw unknownProperty("a PivotTable source other than a table");
  }

  private destination(destination: FakeRange | string): { sheet: FakeSheet; box: Box } {
    if (typeof destination !== "string") return destination.rangeTarget();
    const parsed = parseAddress(destination);
    if (parsed.sheet !== undefined)
      return { sheet: this.ctx.model.requireSheet(parsed.sheet), box: parsed.box };
    if (!this.sheet) throw invalidArgument("The destination needs its worksheet.");
    return { sheet: this.sheet(), box: parsed.box };
  }
}
