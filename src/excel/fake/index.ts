/**
 * A faithful fake of Excel for the Excel JavaScript API's calls in ../office-api.ts: the one place
 * the project emulates Excel (tests, benchmarks, the browser preview). `createFakeExcel()` gives
 * office.js's `Excel.run` with an in-memory workbook as its host, the sync and byte counts of the
 * wire, and helpers to look at cells and to edit them as a person would (which raises
 * `Table.onChanged`).
 *
 *   const excel = createFakeExcel({ tables: [{ name: "Dist", sheet: "Folha", header, rows }] });
 *   const workbook = new OfficeWorkbook(excel.run);      // the real adapter over the fake
 *   excel.cell("Folha", "B2"); excel.stats.syncs;
 */
import { parseA1 } from "../../workbook/names";
import type { CellValue } from "../../workbook/port";
import type { ExcelRun, RequestContextApi } from "../office-api";
import { type Box, checkInput } from "./cells";
import { type FakeStats, countRequest, emptyStats } from "./stats";
import { type OfficeLibrary, hostSession, officeLibrary, sendEvent } from "./client";
import { type ExecutorResponse, RequestHost } from "./host";
import { parseAddress } from "./collection";
import { type Visibility, uniqueHeaders } from "./model";
import { FakeWorkbookView } from "./view";
import { addTableRows } from "./table-growth";
import { type CustomFunctionsInit, FakeCustomFunctions } from "./custom-functions";
import { type FunctionRunner, libraryRunner } from "./function-bridge";
import { type Culture, formulaFromLocal } from "./culture";
import { refuseWriteInPivot } from "./pivot-cells";

/** Excel on the web's payload limit per request and per response: 5 MB. */
export const WEB_PAYLOAD_LIMIT_BYTES = 5 * 1024 * 1024;

/** A table to seed (stored as given: no Excel conversion). */
export interface FakeTableInit {
  name: string;
  sheet: string;
  header: string[];
  rows: CellValue[][];
  /** A1 address of the header's first cell (default "A1"). */
  at?: string;
  /** Number formats by header, applied to the data cells. */
  numberFormats?: Record<string, string>;
}

export interface FakeExcelInit {
  /** Sheets with their cells from A1, stored as given. */
  sheets?: Record<string, CellValue[][]>;
  tables?: FakeTableInit[];
  /** Workbook settings (JSON values). */
  settings?: Record<string, unknown>;
  /**
   * Request and response limit in bytes. Default: Excel on the web's 5 MB, the strictest
   * platform; `Infinity` behaves as Excel desktop.
   */
  payloadLimitBytes?: number;
  /** The workbook's culture (`Application.cultureInfo`); default en-US. */
  culture?: Culture;
}

export class FakeExcel extends FakeWorkbookView {
  stats: FakeStats = emptyStats();
  readonly payloadLimitBytes: number;

  constructor(init: FakeExcelInit = {}) {
    super();
    const limit = init.payloadLimitBytes ?? WEB_PAYLOAD_LIMIT_BYTES;
    if (!(limit > 0)) throw new RangeError(`payloadLimitBytes must be positive, got ${limit}`);
    this.payloadLimitBytes = limit;
    this.model.culture = init.culture ?? "en-US";
    for (const [name, rows] of Object.entries(init.sheets ?? {})) {
      const sheet = this.model.addSheet(name);
      rows.forEach((row, r) => row.forEach((v, c) => sheet.cells.putRaw(r, c, checkValue(v))));
    }
    for (const tableInit of init.tables ?? []) this.seedTable(tableInit);
    for (const [k, v] of Object.entries(init.settings ?? {})) this.model.settings.set(k, JSON.stringify(v));
    if (this.model.sheets.length === 0) this.model.addSheet("Sheet1");
  }

  /** The host that answers office.js's requests (./host.ts), with its events sent to the library. */
  private host: RequestHost | undefined;
  private session: object | undefined;

  /**
   * `Excel.run` of Microsoft's office.js (./client.ts) with this fake as its host: the library
   * builds the requests, keeps the proxies and their loaded values, and syncs what is left when
   * the batch ends; the fake answers each request on its model.
   */
  readonly run: ExcelRun = async <T>(batch: (context: RequestContextApi) => Promise<T>): Promise<T> => {
    const library = await officeLibrary();
    this.session ??= hostSession(library, {
      sent: () => void this.inFlight++,
      answer: (text) => {
        this.inFlight--;
        return this.answer(library, text);
      },
    });
    return library.Excel.run(this.session, (context) => batch(context));
  };

  /** Requests sent by the library and not answered yet. */
  private inFlight = 0;

  /**
   * Resolves once the add-in has stopped talking to Excel: no request in flight for a few timer
   * turns. An event's handler may start batches of its own (a table's place asked again), each a
   * round trip or two through office.js; tests wait for them here rather than for a fixed time.
   */
  async settle(): Promise<void> {
    for (let idleTurns = 0; idleTurns < 3;) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      idleTurns = this.inFlight === 0 ? idleTurns + 1 : 0;
    }
  }

  private answer(library: OfficeLibrary, requestText: string): ExecutorResponse {
    return this.serveRequest(requestText, (type, target, args) => sendEvent(library, type, target, args));
  }

  /**
   * Answers one request of the library, given as its JSON text, as the host does; the host's
   * events go to `sendEvent` (the library's bridge, in this thread or across one).
   */
  serveRequest(
    requestText: string,
    sendEvent: (eventType: number, targetId: string, args: unknown) => void,
  ): ExecutorResponse {
    this.host ??= new RequestHost(this, sendEvent);
    const { response, record } = this.host.execute(requestText);
    countRequest(this.stats, record, requestText);
    return response;
  }

  resetStats(): void {
    this.stats = emptyStats();
  }

  // -------------------------------------------------------------------------------------------
  // A person's edits (raise Table.onChanged like any edit; no syncs)

  /** Types a value into a cell as a person would, in the workbook's culture (./culture.ts). */
  typeCell(sheet: string, a1: string, value: CellValue): void {
    const fakeSheet = this.sheet(sheet);
    const { row, column } = parseA1(a1);
    refuseWriteInPivot(fakeSheet, { top: row, left: column, rows: 1, cols: 1 });
    const { culture, calc } = this.model;
    const typed =
      typeof value === "string" && value.startsWith("=")
        ? formulaFromLocal(value, culture, calc.customFunctions?.invariantNames())
        : value;
    fakeSheet.cells.typeInto(row, column, checkValue(typed), culture);
    const box: Box = { top: row, left: column, rows: 1, cols: 1 };
    this.model.syncHeaderNames(fakeSheet, box);
    this.model.raise(fakeSheet, box, "RangeEdited");
    this.model.deliverEvents();
  }

  /**
   * Excel's AutoExpansion, before a person types into a cell: typing into the empty row just
   * below a table (one without a totals row), in the table's columns, makes that row part of the
   * table, with the formats of the row above ("Overview of Excel tables", Resize a table by
   * adding rows and columns: "To add a row at the bottom of the table, start typing in a cell
   * below the last table row. The table expands to include the new row",
   * https://support.microsoft.com/office/overview-of-excel-tables-7ab0bb7d-3a9e-4b56-a3c9-6c94334e492c).
   * Returns whether a table grew.
   */
  expandTableBelow(sheet: string, a1: string): boolean {
    const fakeSheet = this.sheet(sheet);
    const { row, column } = parseA1(a1);
    const table = this.model.tables.find((candidate) => {
      const box = this.model.tableBox(candidate);
      return (
        candidate.sheet === fakeSheet &&
        !candidate.showTotals &&
        row === box.top + box.rows &&
        column >= box.left &&
        column < box.left + box.cols
      );
    });
    if (!table) return false;
    const width = table.columns.length;
    const below = fakeSheet.cells.read({ top: row, left: table.left, rows: 1, cols: width })[0] ?? [];
    if (below.some((v) => v !== "")) return false;
    addTableRows(this.model, table, [Array.from({ length: width }, () => "")]);
    this.model.deliverEvents();
    return true;
  }

  /** Activates a sheet as a person does by clicking its tab (only visible sheets have one). */
  activateSheet(sheet: string): void {
    const fakeSheet = this.sheet(sheet);
    if (fakeSheet.visibility !== "Visible")
      throw new RangeError(`${sheet} is hidden: it has no tab to click`);
    this.model.active = fakeSheet;
  }

  /**
   * Resizes a table to fewer (or more) data rows as a person does with Table Design > Resize
   * Table: the header stays where it is, and the cells keep their contents (rows left out of the
   * table stay on the sheet below it). "Resize a table by adding or removing rows and columns",
   * https://support.microsoft.com/office/resize-a-table-by-adding-or-removing-rows-and-columns-e65ae4bb-e44b-43f4-ad8b-7d68784f1165.
   * Whether Excel raises `Table.onChanged` for it is not documented: the fake raises nothing.
   */
  resizeTableRows(name: string, rowCount: number): void {
    if (!Number.isInteger(rowCount) || rowCount < 1)
      throw new RangeError("a table keeps at least one data row");
    this.model.requireTable(name).rowCount = rowCount;
  }

  /**
   * Selects cells as a person does: one area ("B3", "B3:D7"), or several with Ctrl+click
   * ("B3", "D5:E6"), on a visible sheet, which becomes the active one.
   */
  selectAreas(sheet: string, ...addresses: string[]): void {
    const fakeSheet = this.sheet(sheet);
    if (addresses.length === 0) throw new RangeError("selectAreas needs at least one address");
    this.model.active = fakeSheet;
    this.model.selection = { sheet: fakeSheet.name, areas: addresses.map((a) => parseAddress(a).box) };
  }

  /** Selects an object that is not cells (a chart, a shape, a picture) on a sheet. */
  selectObject(sheet: string, object: string): void {
    const fakeSheet = this.sheet(sheet);
    this.model.active = fakeSheet;
    this.model.selection = { sheet: fakeSheet.name, object };
  }

  /** The culture a person's Excel runs in (Windows' regional settings). */
  setCulture(culture: Culture): void {
    this.model.culture = culture;
  }

  /** Shows or hides a sheet, as a person can with "Unhide". */
  setVisibility(sheet: string, visibility: Visibility): void {
    this.sheet(sheet).visibility = visibility;
  }

  // -------------------------------------------------------------------------------------------
  // The add-in's custom functions (./custom-functions.ts)

  private readonly recalculated = new Set<() => void>();

  /**
   * Registers the add-in's custom functions, as Excel does from the manifest's metadata: formulas
   * then invoke them by name in the add-in's runtime, by default Microsoft's office.js through
   * the native bridge (./function-bridge.ts), which calls what `CustomFunctions.associate` gave
   * it; another `runner` runs them elsewhere (a thread of the library's, bench/excel-thread.ts).
   */
  useCustomFunctions(
    init: Omit<CustomFunctionsInit, "onResult" | "runner"> & { runner?: FunctionRunner },
  ): void {
    const runner =
      init.runner ??
      libraryRunner(
        (text) => void officeLibrary().then((library) => library.bridge.onMessageFromHost?.(text)),
      );
    this.model.calc.customFunctions = new FakeCustomFunctions({
      ...init,
      runner,
      onResult: () => this.recalculate(),
    });
    this.model.calc.touch();
  }

  /** Computes every formula again (Ctrl+Alt+F9), and tells the listeners of `onRecalculated`. */
  recalculate(): void {
    this.model.calc.touch();
    for (const listener of [...this.recalculated]) listener();
  }

  /** Whether a cell shows a value spilled from a formula above or left of it (it holds nothing). */
  isSpilled(sheet: string, a1: string): boolean {
    const { row, column } = parseA1(a1);
    const fakeSheet = this.sheet(sheet);
    return (
      fakeSheet.cells.formula(row, column) === undefined &&
      fakeSheet.cells.rawValue(row, column) === "" &&
      fakeSheet.cells.value(row, column) !== ""
    );
  }

  /** Calls `listener` when a custom function's result changes cells (no sync involved); returns the unsubscribe. */
  onRecalculated(listener: () => void): () => void {
    this.recalculated.add(listener);
    return () => this.recalculated.delete(listener);
  }

  /** A formula cell's error value and its message (a custom function's), or undefined. */
  cellError(sheet: string, a1: string): { code: string; message?: string } | undefined {
    const { row, column } = parseA1(a1);
    const fakeSheet = this.sheet(sheet);
    if (fakeSheet.cells.formula(row, column) === undefined) return undefined;
    const error = this.model.calc.errorAt(fakeSheet, row, column);
    return error && { code: error.code, ...(error.message !== undefined ? { message: error.message } : {}) };
  }

  private seedTable(init: FakeTableInit): void {
    const sheet = this.model.findSheet(init.sheet) ?? this.model.addSheet(init.sheet);
    const { row: top, column: left } = parseA1(init.at ?? "A1");
    const header = uniqueHeaders(init.header);
    header.forEach((h, c) => sheet.cells.putRaw(top, left + c, h));
    init.rows.forEach((row, rowIndex) => {
      if (row.length > header.length)
        throw new RangeError(`row ${rowIndex} of table ${init.name} is wider than its header`);
      for (let column = 0; column < header.length; column++)
        sheet.cells.putRaw(top + 1 + rowIndex, left + column, checkValue(row[column] ?? ""));
    });
    for (const [h, format] of Object.entries(init.numberFormats ?? {})) {
      const column = header.indexOf(h);
      if (column < 0) throw new Error(`numberFormats names a missing header: ${h}`);
      for (let rowIndex = 0; rowIndex < init.rows.length; rowIndex++)
        sheet.cells.setFormat(top + 1 + rowIndex, left + column, format);
    }
    const table = this.model.addTable(
      sheet,
      { top, left, rows: 1 + init.rows.length, cols: header.length },
      true,
    );
    this.model.renameTable(table, init.name);
  }
}

function checkValue(value: CellValue): CellValue {
  const checked = checkInput(value);
  if (checked === null) throw new TypeError("null is not a cell value");
  return checked;
}

/** A fake Excel with the given content (see `FakeExcelInit`). */
export function createFakeExcel(init: FakeExcelInit = {}): FakeExcel {
  return new FakeExcel(init);
}

export type { FakeStats } from "./stats";
export type { ExecutorResponse } from "./host";
export type { Visibility } from "./model";
