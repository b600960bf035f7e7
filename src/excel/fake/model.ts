/**
 * The fake Excel's workbook state: worksheets, tables, settings, selection and table events.
 * The host (./host.ts) changes it as it runs each action of office.js's requests on the fake's
 * objects (./objects.ts); tests read it directly through `FakeExcel` (./index.ts). A table's growth (a column, rows) is in
 * ./table-growth.ts. Each rule cites the Office doc it follows.
 */
import { HOST_ERROR_CODES, WorkbookHostError } from "../errors";
import { sheetNameProblem, tableNameProblem } from "../../workbook/names";
import { nameProblemMessage } from "../../workbook/problem-messages";
import type { TableChangedArgs } from "../office-api";
import { boxAddress, intersect, overlaps } from "./box";
import { Calculation } from "./calculation";
import type { Culture } from "./culture";
import { type Box, SheetCells, invalidArgument } from "./cells";

export type Visibility = "Visible" | "Hidden" | "VeryHidden";

export interface FakeSheet {
  id: string;
  name: string;
  visibility: Visibility;
  cells: SheetCells;
  /** Column widths in points, by 0-based column. */
  widths: Map<number, number>;
  frozenRows: number;
  validations: Array<{ box: Box; rule: unknown }>;
  conditionalFormats: Array<{ box: Box; formula: string; fill?: string; font?: string }>;
}

export type FakeSelection = { sheet: string; areas: Box[] } | { sheet: string; object: string };

export interface FakeTable {
  id: string;
  name: string;
  sheet: FakeSheet;
  /** 0-based worksheet row of the header row. */
  headerRow: number;
  left: number;
  columns: Array<{ id: number; name: string }>;
  /** Data rows; Excel keeps at least one (an empty table shows one blank row). */
  rowCount: number;
  showTotals: boolean;
  handlers: Set<(args: TableChangedArgs) => Promise<unknown>>;
}

export const notFound = (what: string) =>
  new WorkbookHostError(HOST_ERROR_CODES.itemNotFound, `The requested resource doesn't exist: ${what}`);
export const invalidOperation = (message: string) =>
  new WorkbookHostError(HOST_ERROR_CODES.invalidOperation, message);

/**
 * Sheet and table ids, unique in the process: the office.js library routes an event to its
 * handlers by the table's id alone (`GenericEventRegistration`, keyed by event type and target
 * id), and one library serves every fake Excel of a test file.
 */
let nextId = 1;

export class FakeModel {
  readonly sheets: FakeSheet[] = [];
  readonly tables: FakeTable[] = [];
  /** Workbook.settings, kept as JSON text (Office.js round-trips setting values through JSON). */
  readonly settings = new Map<string, string>();
  active: FakeSheet | undefined;
  /**
   * What is selected: one or more areas of cells on one sheet (Ctrl+click adds areas), or an
   * object that is not cells (a chart, a shape, a picture). `Workbook.getSelectedRange` fails
   * with `InvalidSelection` for anything but one area (./objects.ts).
   */
  selection: FakeSelection | undefined;
  /**
   * `Excel.Runtime.enableEvents` of the add-in's runtime: while false, no event reaches the
   * add-in's handlers ("Work with events using the Excel JavaScript API", Enable and disable
   * events, https://learn.microsoft.com/office/dev/add-ins/excel/excel-add-ins-events).
   */
  eventsEnabled = true;
  /** The workbook's culture (`Application.cultureInfo`): how a person's typing and `formulasLocal` read. */
  culture: Culture = "en-US";
  /** Formulas' values (./calculation.ts, ./formulas.ts). */
  readonly calc: Calculation = new Calculation(this);
  /** Events raised during a request, delivered after its answer (events are asynchronous). */
  pendingEvents: Array<() => void> = [];

  // ---------------------------------------------------------------------------------------------
  // Worksheets

  /** By name (case-insensitively) or id, as `WorksheetCollection.getItem(key)` finds sheets. */
  findSheet(key: string): FakeSheet | undefined {
    const lower = key.toLowerCase();
    return this.sheets.find((s) => s.name.toLowerCase() === lower || s.id === key);
  }

  requireSheet(name: string): FakeSheet {
    const sheet = this.findSheet(name);
    if (!sheet) throw notFound(`worksheet ${name}`);
    return sheet;
  }

  addSheet(name?: string, visibility: Visibility = "Visible"): FakeSheet {
    let ordinal = this.sheets.length + 1;
    while (name === undefined && this.findSheet(`Sheet${ordinal}`)) ordinal++;
    const sheetName = name ?? `Sheet${ordinal}`;
    const problem = sheetNameProblem(sheetName);
    if (problem) throw invalidArgument(nameProblemMessage({ kind: "sheet", code: problem }, "en-US"));
    if (this.findSheet(sheetName)) {
      throw new WorkbookHostError(
        HOST_ERROR_CODES.itemAlreadyExists,
        `A worksheet named ${sheetName} exists`,
      );
    }
    const sheet: FakeSheet = {
      id: `{sheet-${nextId++}}`,
      name: sheetName,
      visibility,
      cells: undefined as unknown as SheetCells,
      widths: new Map(),
      frozenRows: 0,
      validations: [],
      conditionalFormats: [],
    };
    sheet.cells = new SheetCells({
      formulaValue: (row, column) => this.calc.formulaCellValue(sheet, row, column),
      spilledValue: (row, column) => this.calc.spilledValue(sheet, row, column),
      changed: (row, column) => this.calc.touch(sheet, row, column),
    });
    this.sheets.push(sheet);
    if (!this.active && visibility === "Visible") this.active = sheet;
    return sheet;
  }

  // ---------------------------------------------------------------------------------------------
  // Tables

  /** By name (case-insensitively) or id, as `TableCollection.getItem(key)` finds tables. */
  findTable(key: string): FakeTable | undefined {
    const lower = key.toLowerCase();
    return this.tables.find((t) => t.name.toLowerCase() === lower || t.id === key);
  }

  requireTable(name: string): FakeTable {
    const table = this.findTable(name);
    if (!table) throw notFound(`table ${name}`);
    return table;
  }

  /** The table's whole range: header, data rows and totals row. */
  tableBox(table: FakeTable): Box {
    return {
      top: table.headerRow,
      left: table.left,
      rows: 1 + table.rowCount + (table.showTotals ? 1 : 0),
      cols: table.columns.length,
    };
  }

  /**
   * `TableCollection.add(address, hasHeaders)`: the header row's texts become the column names,
   * made non-empty ("Column3") and unique ("Valor2") as Excel does; a range of only a header gets
   * one blank data row; a range overlapping another table is refused.
   */
  addTable(sheet: FakeSheet, box: Box, hasHeaders: boolean): FakeTable {
    if (this.tables.some((t) => t.sheet === sheet && overlaps(this.tableBox(t), box))) {
      throw invalidOperation("A table can't overlap another table.");
    }
    let headerRow = box.top;
    let rows = box.rows - 1;
    if (!hasHeaders) {
      // Excel inserts a header row above the data ("Column1", "Column2", ...).
      if (box.top === 0) throw invalidOperation("No room above the range for the table's header row.");
      headerRow = box.top - 1;
      rows = box.rows;
      for (let columnOffset = 0; columnOffset < box.cols; columnOffset++)
        sheet.cells.putRaw(headerRow, box.left + columnOffset, "");
    }
    const raw = sheet.cells.read({ top: headerRow, left: box.left, rows: 1, cols: box.cols })[0] ?? [];
    const names = uniqueHeaders(raw.map((v) => String(v)));
    names.forEach((h, c) => sheet.cells.putRaw(headerRow, box.left + c, h));
    let ordinal = this.tables.length + 1;
    while (this.findTable(`Table${ordinal}`)) ordinal++;
    const table: FakeTable = {
      id: `{table-${nextId++}}`,
      name: `Table${ordinal}`,
      sheet,
      headerRow,
      left: box.left,
      columns: names.map((name, i) => ({ id: i + 1, name })),
      rowCount: Math.max(1, rows),
      showTotals: false,
      handlers: new Set(),
    };
    this.tables.push(table);
    return table;
  }

  renameTable(table: FakeTable, name: string): void {
    const problem = tableNameProblem(name);
    if (problem) throw invalidArgument(nameProblemMessage({ kind: "table", code: problem }, "en-US"));
    const other = this.findTable(name);
    if (other && other !== table) throw invalidArgument(`A table named ${name} already exists.`);
    table.name = name;
  }

  /** Header cells are the column names: writing one renames the column (Excel keeps them unique). */
  syncHeaderNames(sheet: FakeSheet, box: Box): void {
    for (const table of this.tables) {
      if (
        table.sheet !== sheet ||
        !overlaps({ top: table.headerRow, left: table.left, rows: 1, cols: table.columns.length }, box)
      )
        continue;
      const raw =
        sheet.cells.read({
          top: table.headerRow,
          left: table.left,
          rows: 1,
          cols: table.columns.length,
        })[0] ?? [];
      const names = uniqueHeaders(raw.map((v) => String(v)));
      names.forEach((name, i) => {
        const col = table.columns[i];
        if (col) col.name = name;
        sheet.cells.putRaw(table.headerRow, table.left + i, name);
      });
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Events

  /**
   * Raises `Table.onChanged` for every table whose range the change touches, with the address of
   * the intersection ("Table.onChanged", ExcelApi 1.7). Nothing is raised while
   * `eventsEnabled` is false. Delivery waits for the request to be answered.
   */
  raise(
    sheet: FakeSheet,
    box: Box,
    changeType: TableChangedArgs["changeType"],
    source: "Local" | "Remote" = "Local",
  ) {
    if (!this.eventsEnabled) return;
    for (const table of this.tables) {
      if (table.sheet !== sheet || table.handlers.size === 0) continue;
      const hit = intersect(this.tableBox(table), box);
      if (!hit) continue;
      const args: TableChangedArgs = {
        address: boxAddress(hit),
        changeType,
        source,
        tableId: table.id,
        worksheetId: sheet.id,
      };
      for (const handler of table.handlers) this.pendingEvents.push(() => void handler(args));
    }
  }

  /** Delivers the events raised so far (called after a request, and after a person's edit). */
  deliverEvents(): void {
    const events = this.pendingEvents;
    this.pendingEvents = [];
    for (const event of events) setTimeout(event, 0);
  }
}

/** Excel's header rule for tables: non-empty and unique (case-insensitively). */
export function uniqueHeaders(raw: string[]): string[] {
  const seen = new Set<string>();
  return raw.map((header, i) => {
    const base = header.trim() === "" ? `Column${i + 1}` : header;
    let candidate = base;
    for (let suffix = 2; seen.has(candidate.toLowerCase()); suffix++) candidate = `${base}${suffix}`;
    seen.add(candidate.toLowerCase());
    return candidate;
  });
}
