/**
 * The fake's worksheets, tables, table columns, settings, workbook, runtime and request context.
 * Each class follows its Office.js namesake ("Excel JavaScript API reference",
 * https://learn.microsoft.com/javascript/api/excel) for the members in ../office-api.ts only.
 */
import { HOST_ERROR_CODES, WorkbookHostError } from "../errors";
import { parseA1 } from "../../workbook/names";
import type { CellValue } from "../../workbook/port";
import type {
  EventHandlerResultApi,
  RequestContextApi,
  SettingApi,
  SettingCollectionApi,
  TableApi,
  TableChangedArgs,
  TableCollectionApi,
  TableColumnApi,
  TableColumnCollectionApi,
  WorkbookApi,
  WorksheetApi,
  WorksheetCollectionApi,
} from "../office-api";
import { type Box, MAX_COLUMNS, MAX_ROWS, invalidArgument } from "./cells";
import {
  FakeContextCore,
  type FakeHost,
  FakeObject,
  loadNames,
  propertyNotLoaded,
  unknownProperty,
} from "./context";
import { type FakeSheet, type FakeTable, type Visibility, invalidOperation, notFound } from "./model";
import { FakeRange } from "./range";

/** "A1", "A1:C3" (optionally "Sheet!A1:C3") as a box. */
export function parseAddress(address: string): { sheet?: string; box: Box } {
  const bang = address.lastIndexOf("!");
  const sheet =
    bang >= 0
      ? address
          .slice(0, bang)
          .replace(/^'(.*)'$/, "$1")
          .replace(/''/g, "'")
      : undefined;
  const ref = bang >= 0 ? address.slice(bang + 1) : address;
  const [a, b = a] = ref.split(":");
  try {
    const p = parseA1(a ?? "");
    const q = parseA1(b ?? "");
    const box = {
      top: Math.min(p.row, q.row),
      left: Math.min(p.column, q.column),
      rows: Math.abs(q.row - p.row) + 1,
      cols: Math.abs(q.column - p.column) + 1,
    };
    return sheet === undefined ? { box } : { sheet, box };
  } catch {
    throw invalidArgument(`The address ${address} is not valid.`);
  }
}

/** Collection loads: "items/name,items/x" or plain names apply to each item. */
function itemNames(names: string | string[] | undefined, all: readonly string[]): string[] {
  return loadNames(names, all)
    .map((n) => n.replace(/^items\//, ""))
    .filter((n) => n !== "items");
}

abstract class FakeCollection<T, P extends FakeObject<T>> {
  private items_: P[] | undefined;
  constructor(protected readonly ctx: FakeContextCore) {}
  protected abstract list(): T[];
  protected abstract proxy(t: T): P;
  protected abstract readonly itemScalars: readonly string[];

  get items(): P[] {
    if (!this.items_) throw propertyNotLoaded("items");
    return this.items_;
  }

  load(names?: string | string[]): this {
    const props = itemNames(names, this.itemScalars);
    this.ctx.enqueue({ load: props }, () => {
      const proxies = this.list().map((t) => this.proxy(t));
      // Every item is read within this one operation, so all of it lands in this sync's response.
      const loads = proxies.map((p) => p.snapshot(props));
      return {
        data: loads.map((l) => l.data),
        deliver: () => {
          for (const l of loads) l.deliver();
          this.items_ = proxies;
        },
      };
    });
    return this;
  }
}

// ---------------------------------------------------------------------------------------------
// Worksheets

const SHEET_SCALARS = ["id", "name", "visibility"];

export class FakeWorksheet extends FakeObject<FakeSheet> implements WorksheetApi {
  protected readonly scalarNames = SHEET_SCALARS;
  protected read(s: FakeSheet, name: string): unknown {
    if (name === "id") return s.id;
    if (name === "name") return s.name;
    if (name === "visibility") return s.visibility;
    throw unknownProperty(name);
  }
  get id(): string {
    return this.loadedValue("id");
  }
  get name(): string {
    return this.loadedValue("name");
  }
  get visibility(): Visibility {
    return this.loadedValue("visibility");
  }
  /** A workbook keeps at least one visible sheet ("Worksheet.visibility"). */
  set visibility(v: Visibility) {
    this.change({ visibility: v }, (s) => {
      if (v !== "Visible" && v !== "Hidden" && v !== "VeryHidden")
        throw invalidArgument(`visibility ${String(v)}`);
      const others = this.ctx.model.sheets.filter((o) => o !== s && o.visibility === "Visible");
      if (v !== "Visible" && others.length === 0)
        throw invalidOperation("A workbook must keep one visible sheet.");
      s.visibility = v;
      if (v !== "Visible" && this.ctx.model.active === s) this.ctx.model.active = others[0];
    });
  }

  private range(box: (s: FakeSheet) => Box | null): FakeRange {
    return new FakeRange(this.ctx, () => {
      const s = this.target();
      const b = box(s);
      return b ? { sheet: s, box: b } : null;
    });
  }

  getRange(address?: string): FakeRange {
    return this.range(() =>
      address === undefined
        ? { top: 0, left: 0, rows: MAX_ROWS, cols: MAX_COLUMNS }
        : parseAddress(address).box,
    );
  }
  getRangeByIndexes(startRow: number, startColumn: number, rowCount: number, columnCount: number): FakeRange {
    return this.range(() => {
      if (startRow < 0 || startColumn < 0 || rowCount < 1 || columnCount < 1) {
        throw invalidArgument("getRangeByIndexes: invalid indexes");
      }
      return { top: startRow, left: startColumn, rows: rowCount, cols: columnCount };
    });
  }
  /** "Worksheet.getUsedRange": the top-left cell when the sheet is blank. */
  getUsedRange(valuesOnly?: boolean): FakeRange {
    void valuesOnly; // The fake's used range is always by values (formats never extend it).
    return this.range((s) => s.cells.usedBox() ?? { top: 0, left: 0, rows: 1, cols: 1 });
  }
  /** A null object when the sheet is blank ("getUsedRangeOrNullObject"). */
  getUsedRangeOrNullObject(valuesOnly?: boolean): FakeRange {
    void valuesOnly;
    return this.range((s) => s.cells.usedBox());
  }
  readonly freezePanes = {
    freezeRows: (count = 1): void =>
      this.change({ freezeRows: count }, (s) => {
        s.frozenRows = count;
      }),
  };
  activate(): void {
    this.change({ activate: true }, (s) => {
      if (s.visibility !== "Visible") throw invalidOperation("A hidden sheet cannot be activated.");
      this.ctx.model.active = s;
    });
  }
}

export class FakeWorksheetCollection
  extends FakeCollection<FakeSheet, FakeWorksheet>
  implements WorksheetCollectionApi
{
  protected readonly itemScalars = SHEET_SCALARS;
  protected list(): FakeSheet[] {
    return this.ctx.model.sheets;
  }
  protected proxy(s: FakeSheet): FakeWorksheet {
    return new FakeWorksheet(this.ctx, () => s);
  }
  getItem(key: string): FakeWorksheet {
    return new FakeWorksheet(this.ctx, () => this.ctx.model.requireSheet(key));
  }
  getItemOrNullObject(key: string): FakeWorksheet {
    return new FakeWorksheet(this.ctx, () => this.ctx.model.findSheet(key) ?? null);
  }
  add(name?: string): FakeWorksheet {
    let created: FakeSheet | undefined;
    this.ctx.enqueue({ addWorksheet: name ?? null }, () => {
      created = this.ctx.model.addSheet(name);
    });
    return new FakeWorksheet(this.ctx, () => created ?? null);
  }
}

// ---------------------------------------------------------------------------------------------
// Tables

const TABLE_SCALARS = ["id", "name", "showTotals"];

export class FakeTableObject extends FakeObject<FakeTable> implements TableApi {
  protected readonly scalarNames = TABLE_SCALARS;
  protected read(t: FakeTable, name: string): unknown {
    if (name === "id") return t.id;
    if (name === "name") return t.name;
    if (name === "showTotals") return t.showTotals;
    throw unknownProperty(name);
  }
  get id(): string {
    return this.loadedValue("id");
  }
  get name(): string {
    return this.loadedValue("name");
  }
  set name(name: string) {
    this.change({ name }, (t) => this.ctx.model.renameTable(t, name));
  }
  get showTotals(): boolean {
    return this.loadedValue("showTotals");
  }
  /** Shows or hides the totals row, the row under the data rows ("Table.showTotals"). */
  set showTotals(show: boolean) {
    this.change({ showTotals: show }, (t) => {
      if (t.showTotals === show) return;
      const row = t.headerRow + 1 + t.rowCount;
      if (!show) for (let c = 0; c < t.columns.length; c++) t.sheet.cells.putRaw(row, t.left + c, "");
      t.showTotals = show;
    });
  }
  get worksheet(): FakeWorksheet {
    return new FakeWorksheet(this.ctx, () => this.target().sheet);
  }
  /** "TableRowCollection.add(index, values)": only appending (index undefined) is emulated. */
  get rows(): { add(index?: number, values?: CellValue[][], alwaysInsert?: boolean): void } {
    return {
      add: (index, values) =>
        this.change({ addRows: values ?? null }, (t) => {
          if (index !== undefined && index !== null)
            throw unknownProperty("TableRowCollection.add with an index");
          this.ctx.model.addTableRows(t, values ?? [[]]);
        }),
    };
  }
  get columns(): FakeTableColumnCollection {
    return new FakeTableColumnCollection(this.ctx, () => this.target());
  }
  private part(box: (t: FakeTable) => Box): FakeRange {
    return new FakeRange(this.ctx, () => {
      const t = this.target();
      return { sheet: t.sheet, box: box(t) };
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
    return this.part((t) => {
      if (!t.showTotals) throw invalidOperation(`Table ${t.name} does not show a totals row.`);
      return { top: t.headerRow + 1 + t.rowCount, left: t.left, rows: 1, cols: t.columns.length };
    });
  }
  getRange(): FakeRange {
    return this.part((t) => this.ctx.model.tableBox(t));
  }
  /** Handlers take effect at the next sync; events arrive after the sync that caused them. */
  readonly onChanged = {
    add: (handler: (args: TableChangedArgs) => Promise<unknown>): EventHandlerResultApi => {
      this.change({ addHandler: true }, (t) => void t.handlers.add(handler));
      return { remove: () => this.change({ removeHandler: true }, (t) => void t.handlers.delete(handler)) };
    },
  };
}

export class FakeTableCollection
  extends FakeCollection<FakeTable, FakeTableObject>
  implements TableCollectionApi
{
  protected readonly itemScalars = TABLE_SCALARS;
  protected list(): FakeTable[] {
    return this.ctx.model.tables;
  }
  protected proxy(t: FakeTable): FakeTableObject {
    return new FakeTableObject(this.ctx, () => t);
  }
  getItem(key: string): FakeTableObject {
    return new FakeTableObject(this.ctx, () => this.ctx.model.requireTable(key));
  }
  getItemOrNullObject(key: string): FakeTableObject {
    return new FakeTableObject(this.ctx, () => this.ctx.model.findTable(key) ?? null);
  }
  /** "TableCollection.add(address, hasHeaders)": a Range or an address with its sheet. */
  add(address: FakeRange | string, hasHeaders: boolean): FakeTableObject {
    let created: FakeTable | undefined;
    this.ctx.enqueue({ addTable: typeof address === "string" ? address : "range", hasHeaders }, () => {
      let sheet: FakeSheet;
      let box: Box;
      if (typeof address === "string") {
        const parsed = parseAddress(address);
        sheet = parsed.sheet !== undefined ? this.ctx.model.requireSheet(parsed.sheet) : this.activeSheet();
        box = parsed.box;
      } else {
        const t = (address as unknown as { target(): { sheet: FakeSheet; box: Box } }).target();
        sheet = t.sheet;
        box = t.box;
      }
      created = this.ctx.model.addTable(sheet, box, hasHeaders);
    });
    return new FakeTableObject(this.ctx, () => created ?? null);
  }
  private activeSheet(): FakeSheet {
    const a = this.ctx.model.active;
    if (!a) throw notFound("active worksheet");
    return a;
  }
}

class FakeTableColumnObject extends FakeObject<{ table: FakeTable; id: number }> implements TableColumnApi {
  protected readonly scalarNames = ["name", "index"];
  private column(t: { table: FakeTable; id: number }) {
    const index = t.table.columns.findIndex((c) => c.id === t.id);
    if (index < 0) throw notFound("table column");
    return { index, name: t.table.columns[index]?.name ?? "" };
  }
  protected read(t: { table: FakeTable; id: number }, name: string): unknown {
    if (name === "name") return this.column(t).name;
    if (name === "index") return this.column(t).index;
    throw unknownProperty(name);
  }
  get name(): string {
    return this.loadedValue("name");
  }
  get index(): number {
    return this.loadedValue("index");
  }
  getDataBodyRange(): FakeRange {
    return new FakeRange(this.ctx, () => {
      const t = this.target();
      const { index } = this.column(t);
      const table = t.table;
      return {
        sheet: table.sheet,
        box: { top: table.headerRow + 1, left: table.left + index, rows: table.rowCount, cols: 1 },
      };
    });
  }
}

class FakeTableColumnCollection
  extends FakeCollection<{ table: FakeTable; id: number }, FakeTableColumnObject>
  implements TableColumnCollectionApi
{
  protected readonly itemScalars = ["name", "index"];
  constructor(
    ctx: FakeContextCore,
    private readonly table: () => FakeTable,
  ) {
    super(ctx);
  }
  protected list() {
    const table = this.table();
    return table.columns.map((c) => ({ table, id: c.id }));
  }
  protected proxy(t: { table: FakeTable; id: number }): FakeTableColumnObject {
    return new FakeTableColumnObject(this.ctx, () => t);
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
    let created: { table: FakeTable; id: number } | undefined;
    this.ctx.enqueue({ addColumn: name ?? null }, () => {
      if ((index !== undefined && index !== null) || values !== undefined) {
        throw unknownProperty("TableColumnCollection.add with an index or values");
      }
      const table = this.table();
      this.ctx.model.addTableColumn(table, name);
      const last = table.columns.at(-1);
      if (last) created = { table, id: last.id };
    });
    return new FakeTableColumnObject(this.ctx, () => created ?? null);
  }
}

// ---------------------------------------------------------------------------------------------
// Settings, workbook, runtime, context

class FakeSetting extends FakeObject<{ key: string }> implements SettingApi {
  protected readonly scalarNames = ["key", "value"];
  protected read(t: { key: string }, name: string): unknown {
    if (name === "key") return t.key;
    if (name === "value") return JSON.parse(this.ctx.model.settings.get(t.key) ?? "null") as unknown;
    throw unknownProperty(name);
  }
  get key(): string {
    return this.loadedValue("key");
  }
  get value(): unknown {
    return this.loadedValue("value");
  }
  set value(v: unknown) {
    this.change({ value: v }, (t) => this.ctx.model.settings.set(t.key, JSON.stringify(v)));
  }
  delete(): void {
    this.change({ delete: true }, (t) => void this.ctx.model.settings.delete(t.key));
  }
}

class FakeSettingCollection implements SettingCollectionApi {
  constructor(private readonly ctx: FakeContextCore) {}
  private find(key: string): { key: string } | null {
    return this.ctx.model.settings.has(key) ? { key } : null;
  }
  getItem(key: string): FakeSetting {
    return new FakeSetting(
      this.ctx,
      () =>
        this.find(key) ??
        (() => {
          throw notFound(`setting ${key}`);
        })(),
    );
  }
  getItemOrNullObject(key: string): FakeSetting {
    return new FakeSetting(this.ctx, () => this.find(key));
  }
  /** Values are kept as JSON ("SettingCollection.add": the value is serialized to JSON). */
  add(key: string, value: unknown): FakeSetting {
    this.ctx.enqueue({ addSetting: key, value }, () => {
      if (key === "") throw invalidArgument("A setting needs a key.");
      const json = JSON.stringify(value);
      if (json === undefined) throw invalidArgument(`The value of setting ${key} is not JSON.`);
      this.ctx.model.settings.set(key, json);
    });
    return new FakeSetting(this.ctx, () => ({ key }));
  }
}

class FakeWorkbookObject implements WorkbookApi {
  readonly worksheets: FakeWorksheetCollection;
  readonly tables: FakeTableCollection;
  readonly settings: FakeSettingCollection;
  readonly application: { suspendApiCalculationUntilNextSync(): void };
  constructor(ctx: FakeContextCore) {
    this.worksheets = new FakeWorksheetCollection(ctx);
    this.tables = new FakeTableCollection(ctx);
    this.settings = new FakeSettingCollection(ctx);
    // "Application.suspendApiCalculationUntilNextSync" (ExcelApi 1.6): recorded on the sync.
    this.application = {
      suspendApiCalculationUntilNextSync: () => {
        ctx.calculationSuspended = true;
      },
    };
  }
}

class FakeRuntime {
  private loaded: boolean | undefined;
  constructor(private readonly ctx: FakeContextCore) {}
  load(): this {
    this.ctx.enqueue({ load: ["enableEvents"] }, () => {
      const v = this.ctx.model.eventsEnabled;
      return { data: v, deliver: () => void (this.loaded = v) };
    });
    return this;
  }
  get enableEvents(): boolean {
    if (this.loaded === undefined) throw propertyNotLoaded("enableEvents");
    return this.loaded;
  }
  set enableEvents(on: boolean) {
    this.ctx.enqueue({ enableEvents: on }, () => void (this.ctx.model.eventsEnabled = on));
  }
}

export class FakeRequestContext extends FakeContextCore implements RequestContextApi {
  readonly workbook: FakeWorkbookObject;
  readonly runtime: FakeRuntime;
  constructor(host: FakeHost) {
    super(host);
    this.workbook = new FakeWorkbookObject(this);
    this.runtime = new FakeRuntime(this);
  }
}

export { WorkbookHostError, HOST_ERROR_CODES };
