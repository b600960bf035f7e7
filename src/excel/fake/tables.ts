/**
 * The fake's `Table`, `TableCollection`, `TableColumn` and `TableColumnCollection` ("Excel
 * JavaScript API reference", https://learn.microsoft.com/javascript/api/excel), for the members the
 * add-in calls only. `Table.onChanged` reaches the add-in through the library's event registration
 * (`_RegisterDataChangedEvent`, ./host.ts).
 */
import type { CellValue } from "../../workbook/port";
import type { Box } from "./cells";
import { type HostContext, HostObject, unknownProperty } from "./host-object";
import { type FakeSheet, type FakeTable, invalidOperation, notFound } from "./model";
import { FakeRange } from "./range";
import { HostCollection, parseAddress } from "./collection";
import { addTableColumn, addTableRows } from "./table-growth";
import { FakeWorksheet } from "./worksheets";

const TABLE_SCALARS = ["id", "name", "showTotals"];

export class FakeTableObject extends HostObject<FakeTable> {
  protected readonly scalarNames = TABLE_SCALARS;
  protected read(table: FakeTable, name: string): unknown {
    if (name === "id") return table.id;
    if (name === "name") return table.name;
    if (name === "showTotals") return table.showTotals;
    throw unknownProperty(name);
  }
  set name(name: string) {
    this.change((t) => this.ctx.model.renameTable(t, name));
  }
  /** Shows or hides the totals row, the row under the data rows ("Table.showTotals"). */
  set showTotals(show: boolean) {
    this.change((table) => {
      if (table.showTotals === show) return;
      const row = table.headerRow + 1 + table.rowCount;
      if (!show)
        for (let columnOffset = 0; columnOffset < table.columns.length; columnOffset++)
          table.sheet.cells.putRaw(row, table.left + columnOffset, "");
      table.showTotals = show;
    });
  }
  /** The table, for the operations that take one as an argument (`PivotTableCollection.add`). */
  modelTable(): FakeTable {
    return this.target();
  }
  get worksheet(): FakeWorksheet {
    return new FakeWorksheet(this.ctx, () => this.target().sheet);
  }
  /** "TableRowCollection.add(index, values)": only appending (index undefined) is emulated. */
  get rows(): { add(index?: number, values?: CellValue[][], alwaysInsert?: boolean): void } {
    return {
      add: (index, values) =>
        this.change((table) => {
          if (index !== undefined && index !== null)
            throw unknownProperty("TableRowCollection.add with an index");
          addTableRows(this.ctx.model, table, values ?? [[]]);
        }),
    };
  }
  get columns(): FakeTableColumnCollection {
    return new FakeTableColumnCollection(this.ctx, () => this.target());
  }
  private part(box: (t: FakeTable) => Box): FakeRange {
    return new FakeRange(this.ctx, () => {
      const table = this.target();
      return { sheet: table.sheet, box: box(table) };
    });
  }
  getHeaderRowRange(): FakeRange {
    return this.part((t) => ({ top: t.headerRow, left: t.left, rows: 1, cols: t.columns.length }));
  }
  getDataBodyRange(): FakeRange {
    return this.part((t) => ({
      top: t.headerRow + 1,
      left: t.left,
      rows: t.rowCount,
      cols: t.columns.length,
    }));
  }
  getTotalRowRange(): FakeRange {
    return this.part((table) => {
      if (!table.showTotals) throw invalidOperation(`Table ${table.name} does not show a totals row.`);
      return {
        top: table.headerRow + 1 + table.rowCount,
        left: table.left,
        rows: 1,
        cols: table.columns.length,
      };
    });
  }
  getRange(): FakeRange {
    return this.part((t) => this.ctx.model.tableBox(t));
  }
}

export class FakeTableCollection extends HostCollection<FakeTable, FakeTableObject> {
  protected readonly itemScalars = TABLE_SCALARS;
  protected list(): FakeTable[] {
    return this.ctx.model.tables;
  }
  protected item(table: FakeTable): FakeTableObject {
    return new FakeTableObject(this.ctx, () => table);
  }
  getItem(key: string): FakeTableObject {
    return new FakeTableObject(this.ctx, () => this.ctx.model.requireTable(key));
  }
  getItemOrNullObject(key: string): FakeTableObject {
    return new FakeTableObject(this.ctx, () => this.ctx.model.findTable(key) ?? null);
  }
  /** "TableCollection.add(address, hasHeaders)": a Range or an address with its sheet. */
  add(address: FakeRange | string, hasHeaders: boolean): FakeTableObject {
    let sheet: FakeSheet;
    let box: Box;
    if (typeof address === "string") {
      const parsed = parseAddress(address);
      sheet = parsed.sheet !== undefined ? this.ctx.model.requireSheet(parsed.sheet) : this.activeSheet();
      box = parsed.box;
    } else {
      ({ sheet, box } = address.rangeTarget());
    }
    const created = this.ctx.model.addTable(sheet, box, hasHeaders);
    return new FakeTableObject(this.ctx, () => created);
  }
  private activeSheet(): FakeSheet {
    const active = this.ctx.model.active;
    if (!active) throw notFound("active worksheet");
    return active;
  }
}

class FakeTableColumnObject extends HostObject<{ table: FakeTable; id: number }> {
  protected readonly scalarNames = ["name", "index"];
  private column(target: { table: FakeTable; id: number }) {
    const index = target.table.columns.findIndex((c) => c.id === target.id);
    if (index < 0) throw notFound("table column");
    return { index, name: target.table.columns[index]?.name ?? "" };
  }
  protected read(target: { table: FakeTable; id: number }, name: string): unknown {
    if (name === "name") return this.column(target).name;
    if (name === "index") return this.column(target).index;
    throw unknownProperty(name);
  }
  getDataBodyRange(): FakeRange {
    return new FakeRange(this.ctx, () => {
      const target = this.target();
      const { index } = this.column(target);
      const table = target.table;
      return {
        sheet: table.sheet,
        box: { top: table.headerRow + 1, left: table.left + index, rows: table.rowCount, cols: 1 },
      };
    });
  }
  /** The whole column: header, data and totals row ("TableColumn.getRange()"). */
  getRange(): FakeRange {
    return new FakeRange(this.ctx, () => {
      const target = this.target();
      const { index } = this.column(target);
      const box = this.ctx.model.tableBox(target.table);
      return { sheet: target.table.sheet, box: { ...box, left: box.left + index, cols: 1 } };
    });
  }
}

class FakeTableColumnCollection extends HostCollection<
  { table: FakeTable; id: number },
  FakeTableColumnObject
> {
  protected readonly itemScalars = ["name", "index"];
  constructor(
    ctx: HostContext,
    private readonly table: () => FakeTable,
  ) {
    super(ctx);
  }
  protected list() {
    const table = this.table();
    return table.columns.map((c) => ({ table, id: c.id }));
  }
  protected item(columnRef: { table: FakeTable; id: number }): FakeTableColumnObject {
    return new FakeTableColumnObject(this.ctx, () => columnRef);
  }
  /** By name, case-insensitively, as Excel matches column names. */
  getItem(key: string): FakeTableColumnObject {
    return new FakeTableColumnObject(this.ctx, () => {
      const table = this.table();
      const lower = key.toLowerCase();
      const col =
        table.columns.find((c) => c.name === key) ??
        table.columns.find((c) => c.name.toLowerCase() === lower);
      if (!col) throw notFound(`column ${key} of table ${table.name}`);
      return { table, id: col.id };
    });
  }
  /** Only appending on the right (index undefined) without values is emulated. */
  add(index?: number, values?: CellValue[][] | CellValue, name?: string): FakeTableColumnObject {
    // An argument left out travels as null (the request is JSON).
    if ((index !== undefined && index !== null) || (values !== undefined && values !== null)) {
      throw unknownProperty("TableColumnCollection.add with an index or values");
    }
    const table = this.table();
    addTableColumn(this.ctx.model, table, name);
    const last = table.columns.at(-1);
    const created = last && { table, id: last.id };
    return new FakeTableColumnObject(this.ctx, () => created ?? null);
  }
}
