/**
 * A faithful fake of the Excel JavaScript API, for the subset in ../office-api.ts: the one place
 * the project emulates Excel (tests, benchmarks, the browser preview). `createFakeExcel()` gives
 * an `Excel.run` look-alike over an in-memory workbook, the sync and byte counts, and helpers to
 * look at cells and to edit them as a person would (which raises `Table.onChanged`).
 *
 *   const excel = createFakeExcel({ tables: [{ name: "Dist", sheet: "Folha", header, rows }] });
 *   const workbook = new OfficeWorkbook(excel.run);      // the real adapter over the fake
 *   excel.cell("Folha", "B2"); excel.stats.syncs;
 */
import { parseA1 } from "../../workbook/names";
import type { CellValue } from "../../workbook/port";
import type { ExcelRun, RequestContextApi } from "../office-api";
import { type Box, checkInput } from "./cells";
import { type FakeStats, emptyStats } from "./context";
import { boxAddress } from "./box";
import { parseAddress } from "./collection";
import { FakeModel, type FakeSheet, type Visibility, uniqueHeaders } from "./model";
import { FakeRequestContext } from "./objects";
import { type CustomFunctionsInit, FakeCustomFunctions } from "./custom-functions";
import { type Culture, formulaFromLocal } from "./culture";
import { type PlottedChart, chartsOf, plotted } from "./charts";

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

export class FakeExcel {
  readonly model = new FakeModel();
  stats: FakeStats = emptyStats();
  readonly payloadLimitBytes: number;

  constructor(init: FakeExcelInit = {}) {
    const limit = init.payloadLimitBytes ?? WEB_PAYLOAD_LIMIT_BYTES;
    if (!(limit > 0)) throw new RangeError(`payloadLimitBytes must be positive, got ${limit}`);
    this.payloadLimitBytes = limit;
    this.model.culture = init.culture ?? "en-US";
    for (const [name, rows] of Object.entries(init.sheets ?? {})) {
      const sheet = this.model.addSheet(name);
      rows.forEach((row, r) => row.forEach((v, c) => sheet.cells.putRaw(r, c, checkValue(v))));
    }
    for (const t of init.tables ?? []) this.seedTable(t);
    for (const [k, v] of Object.entries(init.settings ?? {})) this.model.settings.set(k, JSON.stringify(v));
    if (this.model.sheets.length === 0) this.model.addSheet("Sheet1");
  }

  /**
   * `Excel.run`: a new request context for the batch; operations still queued when the batch's
   * promise resolves are synced then ("Excel.run", application-specific API model). A batch that
   * rejects syncs nothing more.
   */
  readonly run: ExcelRun = async <T>(batch: (context: RequestContextApi) => Promise<T>): Promise<T> => {
    const ctx = new FakeRequestContext(this);
    const result = await batch(ctx);
    if (ctx.pending) await ctx.sync();
    return result;
  };

  resetStats(): void {
    this.stats = emptyStats();
  }

  // -------------------------------------------------------------------------------------------
  // Looking at the workbook (no syncs)

  /** A cell's value by sheet and A1 address, or 0-based row and column. */
  cell(sheet: string, a1: string): CellValue;
  cell(sheet: string, row: number, column: number): CellValue;
  cell(sheet: string, a: string | number, b?: number): CellValue {
    const { row, column } = typeof a === "string" ? parseA1(a) : { row: a, column: b ?? 0 };
    return this.sheet(sheet).cells.value(row, column);
  }

  /** A cell's number format ("General" when none was set). */
  numberFormat(sheet: string, a1: string): string {
    const { row, column } = parseA1(a1);
    return this.sheet(sheet).cells.format(row, column);
  }

  formula(sheet: string, a1: string): string | undefined {
    const { row, column } = parseA1(a1);
    return this.sheet(sheet).cells.formula(row, column);
  }

  /** Every formula on every sheet (to prove that API text never became one). */
  allFormulas(): Array<{ sheet: string; row: number; column: number; formula: string }> {
    return this.model.sheets.flatMap((s) =>
      [...s.cells.formulas].map(([key, formula]) => {
        const [row = 0, column = 0] = key.split(":").map(Number);
        return { sheet: s.name, row, column, formula };
      }),
    );
  }

  /** Values from A1 to the bottom-right used cell. */
  sheetValues(sheet: string): CellValue[][] {
    const s = this.sheet(sheet);
    const box = this.model.calc.usedBox(s);
    if (!box) return [];
    return s.cells.read({ top: 0, left: 0, rows: box.top + box.rows, cols: box.left + box.cols });
  }

  sheetNames(): string[] {
    return this.model.sheets.map((s) => s.name);
  }

  sheetLayout(sheet: string): {
    visibility: Visibility;
    frozenRows: number;
    widths: Record<number, number>;
    validations: Array<{ address: string; rule: unknown }>;
    conditionalFormats: Array<{ address: string; formula: string; fill?: string; font?: string }>;
  } {
    const s = this.sheet(sheet);
    return {
      visibility: s.visibility,
      frozenRows: s.frozenRows,
      widths: Object.fromEntries(s.widths),
      validations: s.validations.map((v) => ({ address: boxAddress(v.box), rule: v.rule })),
      conditionalFormats: s.conditionalFormats.map(({ box, ...rest }) => ({
        address: boxAddress(box),
        ...rest,
      })),
    };
  }

  /** A table's place and shape, as the model holds it. */
  table(name: string): {
    sheet: string;
    address: string;
    header: string[];
    rowCount: number;
    showTotals: boolean;
  } {
    const t = this.model.requireTable(name);
    return {
      sheet: t.sheet.name,
      address: boxAddress(this.model.tableBox(t)),
      header: t.columns.map((c) => c.name),
      rowCount: t.rowCount,
      showTotals: t.showTotals,
    };
  }

  /** The totals row's values, or null when the table shows none. */
  totalsRow(table: string): CellValue[] | null {
    const t = this.model.requireTable(table);
    if (!t.showTotals) return null;
    return (
      t.sheet.cells.read({
        top: t.headerRow + 1 + t.rowCount,
        left: t.left,
        rows: 1,
        cols: t.columns.length,
      })[0] ?? []
    );
  }

  /** A sheet's charts: what each was made from, where it sits, and what it plots now. */
  charts(sheet: string): Array<{
    name: string;
    type: string;
    title: string;
    legend: string;
    source: string;
    seriesBy: "Columns" | "Rows";
    position: { from: string; to: string } | undefined;
    plotted: PlottedChart;
  }> {
    return chartsOf(this.sheet(sheet)).map((c) => ({
      name: c.name,
      type: c.type,
      title: c.title,
      legend: c.legendPosition,
      source: `${c.sourceSheet.name}!${boxAddress(c.source)}`,
      seriesBy: c.seriesBy,
      position: c.position && { from: boxAddress(c.position.from), to: boxAddress(c.position.to) },
      plotted: plotted(c, this.model.culture),
    }));
  }

  activeSheet(): string | undefined {
    return this.model.active?.name;
  }

  /** The selection's sheet and address ("B3", or "B3,D5:E6" for several areas, as Excel joins them). */
  selection(): { sheet: string; address: string } | undefined {
    const s = this.model.selection;
    if (!s) return undefined;
    if (!("areas" in s)) return { sheet: s.sheet, address: "" };
    return { sheet: s.sheet, address: s.areas.map(boxAddress).join(",") };
  }

  settings(): Record<string, unknown> {
    return Object.fromEntries([...this.model.settings].map(([k, v]) => [k, JSON.parse(v) as unknown]));
  }

  // -------------------------------------------------------------------------------------------
  // A person's edits (raise Table.onChanged like any edit; no syncs)

  /** Types a value into a cell as a person would, in the workbook's culture (./culture.ts). */
  typeCell(sheet: string, a1: string, value: CellValue): void {
    const s = this.sheet(sheet);
    const { row, column } = parseA1(a1);
    const { culture, calc } = this.model;
    const typed =
      typeof value === "string" && value.startsWith("=")
        ? formulaFromLocal(value, culture, calc.customFunctions?.invariantNames())
        : value;
    s.cells.typeInto(row, column, checkValue(typed), culture);
    const box: Box = { top: row, left: column, rows: 1, cols: 1 };
    this.model.syncHeaderNames(s, box);
    this.model.raise(s, box, "RangeEdited");
    this.model.deliverEvents();
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
    const s = this.sheet(sheet);
    if (addresses.length === 0) throw new RangeError("selectAreas needs at least one address");
    this.model.active = s;
    this.model.selection = { sheet: s.name, areas: addresses.map((a) => parseAddress(a).box) };
  }

  /** Selects an object that is not cells (a chart, a shape, a picture) on a sheet. */
  selectObject(sheet: string, object: string): void {
    const s = this.sheet(sheet);
    this.model.active = s;
    this.model.selection = { sheet: s.name, object };
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
   * Registers the add-in's custom functions, as Excel does from the manifest's metadata and the
   * runtime's `CustomFunctions.associate`: formulas then call them by name.
   */
  useCustomFunctions(init: Omit<CustomFunctionsInit, "onResult">): void {
    this.model.calc.customFunctions = new FakeCustomFunctions({
      ...init,
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
    const s = this.sheet(sheet);
    return (
      s.cells.formula(row, column) === undefined &&
      s.cells.rawValue(row, column) === "" &&
      s.cells.value(row, column) !== ""
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
    const s = this.sheet(sheet);
    if (s.cells.formula(row, column) === undefined) return undefined;
    const e = this.model.calc.errorAt(s, row, column);
    return e && { code: e.code, ...(e.message !== undefined ? { message: e.message } : {}) };
  }

  // -------------------------------------------------------------------------------------------

  private sheet(name: string): FakeSheet {
    return this.model.requireSheet(name);
  }

  private seedTable(init: FakeTableInit): void {
    const sheet = this.model.findSheet(init.sheet) ?? this.model.addSheet(init.sheet);
    const { row: top, column: left } = parseA1(init.at ?? "A1");
    const header = uniqueHeaders(init.header);
    header.forEach((h, c) => sheet.cells.putRaw(top, left + c, h));
    init.rows.forEach((row, r) => {
      if (row.length > header.length)
        throw new RangeError(`row ${r} of table ${init.name} is wider than its header`);
      for (let c = 0; c < header.length; c++)
        sheet.cells.putRaw(top + 1 + r, left + c, checkValue(row[c] ?? ""));
    });
    for (const [h, format] of Object.entries(init.numberFormats ?? {})) {
      const c = header.indexOf(h);
      if (c < 0) throw new Error(`numberFormats names a missing header: ${h}`);
      for (let r = 0; r < init.rows.length; r++) sheet.cells.setFormat(top + 1 + r, left + c, format);
    }
    const table = this.model.addTable(
      sheet,
      { top, left, rows: 1 + init.rows.length, cols: header.length },
      true,
    );
    this.model.renameTable(table, init.name);
  }
}

function checkValue(v: CellValue): CellValue {
  const checked = checkInput(v);
  if (checked === null) throw new TypeError("null is not a cell value");
  return checked;
}

/** A fake Excel with the given content (see `FakeExcelInit`). */
export function createFakeExcel(init: FakeExcelInit = {}): FakeExcel {
  return new FakeExcel(init);
}

export type { FakeStats } from "./context";
export type { Visibility } from "./model";
