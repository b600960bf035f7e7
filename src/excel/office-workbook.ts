/**
 * The Workbook port (../workbook/port.ts) over the Excel JavaScript API. One method per port
 * operation, each a short batch over `Excel.run` (reads in ./office-read.ts, writes in
 * ./office-write.ts, the created sheets and the run log in ./office-sheets.ts, what a table's
 * change event means in ./table-events.ts); every Office failure leaves as a `WorkbookHostError` with its `code`
 * (./errors.ts). Written against the subset in ./office-api.ts, so it runs over the real
 * `Excel.run` (`officeWorkbook()`) and over the fake (`new OfficeWorkbook(fake.run)`).
 */
import type {
  CellsWrite,
  CellValue,
  ColumnHighlight,
  ColumnWidth,
  ColumnWrite,
  JsonValue,
  NewTableSpec,
  ReadRowsOptions,
  RegionInfo,
  RowBlock,
  RowRange,
  SheetInfo,
  TableChange,
  TableInfo,
  Unsubscribe,
  Workbook,
  WriteOptions,
} from "../workbook/port";
import { assertJson, assertNonSecretSetting } from "../workbook/settings-guard";
import { tableNameProblem } from "../workbook/names";
import { nameProblemMessage } from "../workbook/problem-messages";
import { HOST_ERROR_CODES, WorkbookHostError, hostCall, toHostError } from "./errors";
import type { ExcelRun, TableChangedArgs } from "./office-api";
import {
  getTable,
  getUsedRegion,
  listTables,
  queueTableInfo,
  readRegion,
  readTableRowRanges,
  sheetRegion,
  tableRegion,
  usedBox,
} from "./office-read";
import * as write from "./office-write";
import { appendRunLog, createSheetWithTable, readRunLog } from "./office-sheets";
import { type TablePlace, isEditInside, placeChange, placeOf, queuePlace } from "./table-events";

const VISIBILITY: Record<string, SheetInfo["visibility"]> = {
  Visible: "visible",
  Hidden: "hidden",
  VeryHidden: "veryHidden",
};

export interface OfficeWorkbookOptions {
  /** Receives what a change listener threw (events run outside any caller). */
  onListenerError?: (error: unknown) => void;
}

export class OfficeWorkbook implements Workbook {
  /** One `onChanged` handler per table id, for the adapter's lifetime; listeners come and go. */
  private readonly subscriptions = new Map<string, Set<(change: TableChange) => void>>();
  /** Where each watched table was last seen (by table id), to place its edits without a sync. */
  private readonly places = new Map<string, TablePlace>();

  constructor(
    private readonly run: ExcelRun,
    private readonly options: OfficeWorkbookOptions = {},
  ) {}

  listSheets(): Promise<SheetInfo[]> {
    return hostCall("listing the worksheets", () =>
      this.run(async (context) => {
        const sheets = context.workbook.worksheets.load("items/name,items/visibility");
        await context.sync();
        return sheets.items.map((s) => ({ name: s.name, visibility: VISIBILITY[s.visibility] ?? "visible" }));
      }),
    );
  }

  listTables(): Promise<TableInfo[]> {
    return hostCall("listing the tables", () => listTables(this.run));
  }

  getTable(name: string): Promise<TableInfo | null> {
    return hostCall(`reading table ${name}`, () => getTable(this.run, name));
  }

  async *readTableRows(name: string, options: ReadRowsOptions = {}): AsyncIterable<RowBlock> {
    yield* hostIterable(`reading table ${name}`, readRegion(this.run, tableRegion(name), options));
  }

  async readTableRowRanges(
    name: string,
    ranges: readonly RowRange[],
  ): Promise<{ table: TableInfo; blocks: RowBlock[] }> {
    const { id, table, blocks } = await hostCall(`reading rows of table ${name}`, () =>
      readTableRowRanges(this.run, name, ranges),
    );
    // The position just read places the watched table's next edits (see `dispatch`).
    if (this.subscriptions.has(id)) this.places.set(id, placeOf(table));
    return { table, blocks };
  }

  getUsedRange(sheet: string): Promise<RegionInfo | null> {
    return hostCall(`reading sheet ${sheet}`, () => getUsedRegion(this.run, sheet));
  }

  async *readUsedRangeRows(sheet: string, options: ReadRowsOptions = {}): AsyncIterable<RowBlock> {
    const box = await hostCall(`reading sheet ${sheet}`, () => usedBox(this.run, sheet));
    if (!box || box.rows < 2) return;
    const below = { ...box, top: box.top + 1, rows: box.rows - 1 };
    yield* hostIterable(`reading sheet ${sheet}`, readRegion(this.run, sheetRegion(sheet, below), options));
  }

  convertUsedRangeToTable(sheet: string, table: string): Promise<TableInfo> {
    const problem = tableNameProblem(table);
    if (problem) {
      // Excel would refuse it with InvalidArgument; its message is technical (in English, as Office's).
      const message = nameProblemMessage({ kind: "table", code: problem }, "en-US");
      return Promise.reject(new WorkbookHostError(HOST_ERROR_CODES.invalidArgument, message));
    }
    return hostCall(`making a table of sheet ${sheet}`, () =>
      this.run(async (context) => {
        const ws = context.workbook.worksheets.getItem(sheet);
        const used = ws.getUsedRangeOrNullObject(true).load("address");
        const existing = context.workbook.tables.getItemOrNullObject(table).load("name");
        await context.sync();
        if (used.isNullObject)
          throw new WorkbookHostError(HOST_ERROR_CODES.invalidArgument, `sheet ${sheet} is empty`);
        if (!existing.isNullObject)
          throw new WorkbookHostError(HOST_ERROR_CODES.itemAlreadyExists, `table ${table}`);
        const excelTable = context.workbook.tables.add(used, true);
        excelTable.name = table;
        const info = queueTableInfo(excelTable);
        await context.sync();
        return info();
      }),
    );
  }

  writeColumns(table: string, columns: ColumnWrite[], options?: WriteOptions): Promise<void> {
    return hostCall(`writing table ${table}`, () => write.writeColumns(this.run, table, columns, options));
  }

  writeTableCells(table: string, columns: CellsWrite[]): Promise<void> {
    return hostCall(`writing cells of table ${table}`, () => write.writeTableCells(this.run, table, columns));
  }

  appendRows(table: string, rows: CellValue[][], options?: WriteOptions): Promise<TableInfo> {
    return hostCall(`adding rows to table ${table}`, () => write.appendRows(this.run, table, rows, options));
  }

  addColumns(table: string, headers: string[]): Promise<TableInfo> {
    return hostCall(`adding columns to table ${table}`, () => write.addColumns(this.run, table, headers));
  }

  setColumnWidths(table: string, columns: ReadonlyArray<ColumnWidth>): Promise<void> {
    return hostCall(`setting column widths of table ${table}`, () =>
      write.setColumnWidths(this.run, table, columns),
    );
  }

  createSheetWithTable(spec: NewTableSpec): Promise<TableInfo> {
    return hostCall(`creating sheet ${spec.sheet}`, () => createSheetWithTable(this.run, spec));
  }

  appendRunLog(rows: CellValue[][]): Promise<void> {
    return hostCall("writing the run log", () => appendRunLog(this.run, rows));
  }

  readRunLog(): Promise<CellValue[][]> {
    return hostCall("reading the run log", () => readRunLog(this.run));
  }

  getSetting(key: string): Promise<JsonValue | undefined> {
    return hostCall(`reading setting ${key}`, () =>
      this.run(async (context) => {
        const setting = context.workbook.settings.getItemOrNullObject(key).load("value");
        await context.sync();
        return setting.isNullObject ? undefined : (structuredClone(setting.value) as JsonValue);
      }),
    );
  }

  async setSetting(key: string, value: JsonValue): Promise<void> {
    assertJson(value);
    assertNonSecretSetting(key, value);
    await hostCall(`saving setting ${key}`, () =>
      this.run(async (context) => {
        context.workbook.settings.add(key, structuredClone(value));
        await context.sync();
      }),
    );
  }

  async removeSetting(key: string): Promise<void> {
    try {
      await this.run(async (context) => {
        context.workbook.settings.getItem(key).delete();
        await context.sync();
      });
    } catch (e) {
      const err = toHostError(e, `removing setting ${key}`);
      if (err instanceof WorkbookHostError && err.code === HOST_ERROR_CODES.itemNotFound) return;
      throw err;
    }
  }

  onTableChanged(table: string, listener: (change: TableChange) => void): Promise<Unsubscribe> {
    return hostCall(`watching table ${table}`, () =>
      this.run(async (context) => {
        const excelTable = context.workbook.tables.getItem(table).load("id");
        const place = queuePlace(excelTable);
        await context.sync();
        this.places.set(excelTable.id, place());
        let listeners = this.subscriptions.get(excelTable.id);
        if (!listeners) {
          const set = new Set<(change: TableChange) => void>();
          listeners = set;
          this.subscriptions.set(excelTable.id, set);
          excelTable.onChanged.add((args) => this.dispatch(args, set));
          await context.sync();
        }
        const active = listeners;
        active.add(listener);
        return () => void active.delete(listener);
      }),
    );
  }

  /**
   * Places an event's address among the table's data rows and calls the listeners. An edit of
   * cells inside the table as last seen is placed from that position, without a sync, and the
   * change carries it (`placedOn`) for the reader of the rows to verify in its own sync (live
   * validation: src/features/distribute/adapter/live.ts). Anything else (rows or columns
   * inserted or deleted, an address outside the known table, a table not seen yet) asks Excel
   * where the table is: one sync.
   */
  private async dispatch(
    args: TableChangedArgs,
    listeners: Set<(change: TableChange) => void>,
  ): Promise<void> {
    if (listeners.size === 0) return;
    try {
      const known = this.places.get(args.tableId);
      const inside = isEditInside(args, known);
      const place = inside
        ? known
        : await this.run(async (context) => {
            const readPlace = queuePlace(context.workbook.tables.getItem(args.tableId));
            await context.sync();
            return readPlace();
          });
      if (!inside) this.places.set(args.tableId, place);
      const change = placeChange(args, place, inside);
      for (const listener of [...listeners]) listener(change);
    } catch (e) {
      this.options.onListenerError?.(toHostError(e, "following a table change"));
    }
  }

  selectTableCell(table: string, rowIndex: number, header: string): Promise<void> {
    return hostCall(`selecting a cell of table ${table}`, () =>
      this.run(async (context) => {
        const body = context.workbook.tables.getItem(table).columns.getItem(header).getDataBodyRange();
        body.load("rowCount");
        await context.sync();
        if (!Number.isInteger(rowIndex) || rowIndex < 0 || rowIndex >= body.rowCount) {
          throw new RangeError(`row ${rowIndex} is not a data row of table ${table}`);
        }
        body.getCell(rowIndex, 0).select();
        await context.sync();
      }),
    );
  }

  setColumnHighlight(table: string, header: string, highlight: ColumnHighlight): Promise<void> {
    return hostCall(`highlighting column ${header} of table ${table}`, () =>
      write.setColumnHighlight(this.run, table, header, highlight),
    );
  }
}

/** Re-throws a block iterator's host failures as WorkbookHostError. */
async function* hostIterable<T>(doing: string, source: AsyncIterable<T>): AsyncIterable<T> {
  try {
    yield* source;
  } catch (e) {
    throw toHostError(e, doing);
  }
}

/** The adapter over the real `Excel.run` (inside Office, after `Office.onReady`). */
export function officeWorkbook(options?: OfficeWorkbookOptions): OfficeWorkbook {
  return new OfficeWorkbook((batch) => Excel.run((context) => batch(context)), options);
}
