/**
 * MemoryWorkbook: the Workbook port in memory, faithful to what Office.js does where the
 * add-in can tell the difference. It backs the tests, the benchmarks and the browser preview.
 *
 * What it emulates:
 * - `Range.values` semantics: reads give string | number | boolean and "" for empty cells;
 *   writes of strings behave like typing into Excel: "'text" keeps "text" as text (the
 *   apostrophe is a prefix, not part of the value), a string starting with "=" (or "+"/"-"/"@"
 *   followed by something that is not a number) becomes a formula, and in a cell whose number
 *   format is not text ("@") a plain number such as "01234567890" becomes the number 1234567890
 *   and "TRUE"/"FALSE" become booleans. Non-finite numbers are refused (Office.js throws
 *   InvalidArgument); -0 is stored as 0.
 * - Table headers are unique and non-empty: duplicates get a numeric suffix ("Valor2") and
 *   empty ones "Column3", as Excel does.
 * - Number formats per cell, column widths, frozen rows, data validation, sheet visibility
 *   (hidden run log), the active sheet, workbook settings (kept as JSON, deep-copied).
 * - A totals row whose sum cells hold `=SUBTOTAL(109,Table[Column])` and read as the sum of the
 *   column's numbers; the column is escaped as Excel requires (`'[`, `']`, `'#`, `''`: see
 *   `structuredRefColumn` in ./names.ts), and `Table[[Column]]` is read too.
 * What it does not: evaluate other formulas (their value reads as the formula text), parse
 *   dates, percentages or locale-specific number text on write, undo, events.
 *
 * `stats` counts what the Office.js host would pay for: syncs (one per port call, one per row
 * block), blocks read and written, cells moved, and the largest block's JSON size.
 */
import {
  BlockSizer,
  RESPONSE_PAYLOAD_LIMIT_CODE,
  planWriteBlocks,
  readSizedBlock,
  rowJsonBytes,
  rowsJsonBytes,
} from "./blocks";
import {
  parseA1,
  parseStructuredRefColumn,
  sheetNameProblem,
  structuredRefColumn,
  tableNameProblem,
} from "./names";
import {
  type CellValue,
  type ColumnHighlight,
  type ColumnValidation,
  type ColumnWrite,
  DEFAULT_MAX_BLOCK_BYTES,
  type JsonValue,
  type NewColumn,
  type NewTableSpec,
  type ReadRowsOptions,
  type RegionInfo,
  type RowBlock,
  RUN_LOG_SHEET,
  type SheetInfo,
  type SheetVisibility,
  TEXT_FORMAT,
  type TableChange,
  type TableInfo,
  type Unsubscribe,
  type Workbook,
  type WriteOptions,
} from "./port";
import { assertJson, assertNonSecretSetting } from "./settings-guard";

export { TEXT_FORMAT };

export interface WorkbookStats {
  /** Round trips an Office.js host would make (`context.sync()` calls). */
  syncs: number;
  blocksRead: number;
  blocksWritten: number;
  cellsRead: number;
  cellsWritten: number;
  /** JSON size in bytes of the largest block read or written. */
  maxBlockBytes: number;
  /** Read blocks refused for exceeding `payloadLimitBytes` (each cost a sync, then was retried smaller). */
  blocksRefused: number;
}

const emptyStats = (): WorkbookStats => ({
  syncs: 0,
  blocksRead: 0,
  blocksWritten: 0,
  cellsRead: 0,
  cellsWritten: 0,
  maxBlockBytes: 0,
  blocksRefused: 0,
});

interface MemorySheet {
  name: string;
  visibility: SheetVisibility;
  values: CellValue[][];
  formats: (string | undefined)[][];
  /** Formula text by "row:column". */
  formulas: Map<string, string>;
  /** Column widths in points, by 0-based column. */
  widths: (number | undefined)[];
  frozenRows: number;
}

interface MemoryTableColumn {
  header: string;
  validation?: ColumnValidation | undefined;
  total?: NewColumn["total"];
}

interface MemoryTable {
  name: string;
  sheet: MemorySheet;
  /** 0-based worksheet row of the header. */
  headerRow: number;
  firstColumn: number;
  columns: MemoryTableColumn[];
  rowCount: number;
  hasTotalsRow: boolean;
}

/** A table to create from plain arrays (see `MemoryWorkbook` constructor). */
export interface MemoryTableInit {
  name: string;
  sheet: string;
  header: string[];
  rows: CellValue[][];
  /** A1 address of the header's first cell (default "A1"). */
  at?: string;
  /** Number formats by header, applied to the data cells. */
  numberFormats?: Record<string, string>;
}

export interface MemoryWorkbookInit {
  /** Sheets with their cells from A1, stored as given (no Excel conversion). */
  sheets?: Record<string, CellValue[][]>;
  /** Tables written into (possibly new) sheets, stored as given. */
  tables?: MemoryTableInit[];
  settings?: Record<string, JsonValue>;
  /**
   * Emulates Excel on the web's response payload limit (5 MB there): a read block whose JSON is
   * larger fails as Office.js does, with an error whose `code` is
   * "ResponsePayloadSizeLimitExceeded" (the sync still happened). Default: no limit, as in
   * Excel desktop.
   */
  payloadLimitBytes?: number;
}

/** Office.js's error for a response above the payload limit (`OfficeExtension.Error` shape). */
export class PayloadLimitError extends Error {
  readonly code = RESPONSE_PAYLOAD_LIMIT_CODE;
  constructor(
    readonly bytes: number,
    readonly limit: number,
  ) {
    super(
      `${RESPONSE_PAYLOAD_LIMIT_CODE}: the response payload size (${bytes} bytes) has exceeded the limit (${limit}).`,
    );
    this.name = "RichApi.Error";
  }
}

/** Excel's coercion of a typed string (invariant-culture numbers only). */
const NUMERIC_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

function checkValue(value: CellValue): CellValue {
  if (typeof value === "number") {
    if (!Number.isFinite(value))
      throw new RangeError(`InvalidArgument: ${value} cannot be written to a cell`);
    return value === 0 ? 0 : value;
  }
  if (typeof value !== "string" && typeof value !== "boolean") {
    throw new TypeError(`InvalidArgument: ${String(value)} is not a cell value`);
  }
  return value;
}

export class MemoryWorkbook implements Workbook {
  stats: WorkbookStats = emptyStats();
  private readonly sheets: MemorySheet[] = [];
  private readonly tables: MemoryTable[] = [];
  private readonly settings = new Map<string, string>();
  private active: MemorySheet | undefined;
  private readonly payloadLimitBytes: number | undefined;
  private readonly listeners = new Set<{ table: MemoryTable; listener: (change: TableChange) => void }>();
  private selected: { sheet: string; row: number; column: number } | undefined;
  private readonly highlights = new Map<string, ColumnHighlight>();

  constructor(init: MemoryWorkbookInit = {}) {
    if (init.payloadLimitBytes !== undefined && !(init.payloadLimitBytes > 0)) {
      throw new RangeError(`payloadLimitBytes must be positive, got ${init.payloadLimitBytes}`);
    }
    this.payloadLimitBytes = init.payloadLimitBytes;
    for (const [name, rows] of Object.entries(init.sheets ?? {})) {
      const sheet = this.addSheet(name);
      rows.forEach((row, r) => row.forEach((v, c) => this.putRaw(sheet, r, c, v)));
    }
    for (const t of init.tables ?? []) this.addTableRaw(t);
    for (const [k, v] of Object.entries(init.settings ?? {})) this.settings.set(k, JSON.stringify(v));
  }

  /** A workbook holding one table on one sheet, from a header and rows. */
  static fromTable(
    header: string[],
    rows: CellValue[][],
    options: Partial<Omit<MemoryTableInit, "header" | "rows">> &
      Pick<MemoryWorkbookInit, "payloadLimitBytes"> = {},
  ): MemoryWorkbook {
    const { payloadLimitBytes, ...table } = options;
    return new MemoryWorkbook({
      tables: [{ name: "Table1", sheet: "Sheet1", ...table, header, rows }],
      ...(payloadLimitBytes !== undefined ? { payloadLimitBytes } : {}),
    });
  }

  resetStats(): void {
    this.stats = emptyStats();
  }

  // -------------------------------------------------------------------------------------------
  // Port: reading

  listSheets(): Promise<SheetInfo[]> {
    this.stats.syncs++;
    return Promise.resolve(this.sheets.map((s) => ({ name: s.name, visibility: s.visibility })));
  }

  listTables(): Promise<TableInfo[]> {
    this.stats.syncs++;
    return Promise.resolve(this.tables.map((t) => this.tableInfo(t)));
  }

  getTable(name: string): Promise<TableInfo | null> {
    this.stats.syncs++;
    const t = this.findTable(name);
    return Promise.resolve(t ? this.tableInfo(t) : null);
  }

  async *readTableRows(name: string, options: ReadRowsOptions = {}): AsyncIterable<RowBlock> {
    const sizer = new BlockSizer(options);
    let offset = 0;
    for (;;) {
      options.signal?.throwIfAborted();
      const t = this.findTable(name);
      if (!t) throw new Error(`ItemNotFound: table ${name}`);
      if (offset >= t.rowCount) return;
      const firstRow = t.headerRow + 1 + offset;
      const { count, value: rows } = await readSizedBlock(sizer, t.rowCount - offset, firstRow + 1, (n) =>
        this.readBlockSync(t.sheet, firstRow, n, t.firstColumn, t.columns.length),
      );
      this.countRead(rows, sizer.observe(rows));
      yield { offset, firstSheetRow: firstRow + 1, rows };
      offset += count;
      await Promise.resolve();
    }
  }

  getUsedRange(sheetName: string): Promise<RegionInfo | null> {
    this.stats.syncs++;
    const sheet = this.requireSheet(sheetName);
    const box = usedBox(sheet);
    if (!box) return Promise.resolve(null);
    const header = this.readBlock(sheet, box.top, 1, box.left, box.right - box.left + 1)[0] ?? [];
    return Promise.resolve({
      sheet: sheet.name,
      header: header.map((h) => String(h)),
      rowCount: box.bottom - box.top,
      headerRow: box.top + 1,
      firstColumn: box.left,
    });
  }

  async *readUsedRangeRows(sheetName: string, options: ReadRowsOptions = {}): AsyncIterable<RowBlock> {
    const sheet = this.requireSheet(sheetName);
    const box = usedBox(sheet);
    if (!box) return;
    const sizer = new BlockSizer(options);
    const width = box.right - box.left + 1;
    const total = box.bottom - box.top;
    let offset = 0;
    while (offset < total) {
      options.signal?.throwIfAborted();
      const firstRow = box.top + 1 + offset;
      const { count, value: rows } = await readSizedBlock(sizer, total - offset, firstRow + 1, (n) =>
        this.readBlockSync(sheet, firstRow, n, box.left, width),
      );
      this.countRead(rows, sizer.observe(rows));
      yield { offset, firstSheetRow: firstRow + 1, rows };
      offset += count;
      await Promise.resolve();
    }
  }

  convertUsedRangeToTable(sheetName: string, table: string): Promise<TableInfo> {
    this.stats.syncs++;
    const sheet = this.requireSheet(sheetName);
    const box = usedBox(sheet);
    if (!box) return Promise.reject(new Error(`InvalidArgument: sheet ${sheetName} is empty`));
    if (this.tables.some((t) => t.sheet === sheet)) {
      return Promise.reject(new Error(`InvalidOperation: the used range of ${sheetName} overlaps a table`));
    }
    this.checkNewTableName(table);
    const width = box.right - box.left + 1;
    const raw = (this.readBlock(sheet, box.top, 1, box.left, width)[0] ?? []).map((h) => String(h));
    const header = uniqueHeaders(raw);
    header.forEach((h, c) => this.putRaw(sheet, box.top, box.left + c, h));
    const t: MemoryTable = {
      name: table,
      sheet,
      headerRow: box.top,
      firstColumn: box.left,
      columns: header.map((h) => ({ header: h })),
      rowCount: box.bottom - box.top,
      hasTotalsRow: false,
    };
    this.tables.push(t);
    return Promise.resolve(this.tableInfo(t));
  }

  // -------------------------------------------------------------------------------------------
  // Port: writing

  async writeColumns(table: string, columns: ColumnWrite[], options: WriteOptions = {}): Promise<void> {
    const t = this.findTable(table);
    if (!t) throw new Error(`ItemNotFound: table ${table}`);
    const targets = columns.map((col) => {
      const index = columnIndex(t, col.header);
      if (index < 0) throw new Error(`ItemNotFound: column "${col.header}" in table ${t.name}`);
      if (col.values.length !== t.rowCount) {
        throw new RangeError(
          `column "${col.header}" has ${col.values.length} values for ${t.rowCount} rows of table ${t.name}`,
        );
      }
      col.values.forEach(checkValue);
      return { index, col };
    });
    const rowBytes = (r: number): number => rowJsonBytes(targets.map(({ col }) => col.values[r] ?? ""));
    const blocks = planWriteBlocks(t.rowCount, rowBytes, options.maxBlockBytes ?? DEFAULT_MAX_BLOCK_BYTES);
    for (const [start, end] of blocks) {
      options.signal?.throwIfAborted();
      let bytes = 2;
      for (let r = start; r < end; r++) {
        const sheetRow = t.headerRow + 1 + r;
        for (const { index, col } of targets) {
          const c = t.firstColumn + index;
          if (col.numberFormat !== undefined) setFormat(t.sheet, sheetRow, c, col.numberFormat);
          this.typeInto(t.sheet, sheetRow, c, col.values[r] ?? "");
        }
        bytes += rowBytes(r) + 1;
      }
      this.stats.syncs++;
      this.stats.blocksWritten++;
      this.stats.cellsWritten += (end - start) * targets.length;
      this.stats.maxBlockBytes = Math.max(this.stats.maxBlockBytes, bytes);
      await Promise.resolve();
    }
  }

  addColumns(table: string, headers: string[]): Promise<TableInfo> {
    this.stats.syncs++;
    const t = this.findTable(table);
    if (!t) return Promise.reject(new Error(`ItemNotFound: table ${table}`));
    for (const header of headers) {
      if (header.trim() === "") return Promise.reject(new Error("InvalidArgument: empty column header"));
      if (columnIndex(t, header) >= 0) {
        return Promise.reject(new Error(`InvalidArgument: table ${t.name} already has a column "${header}"`));
      }
    }
    const top = t.headerRow;
    const bottom = t.headerRow + t.rowCount + (t.hasTotalsRow ? 1 : 0);
    for (const header of headers) {
      const at = t.firstColumn + t.columns.length;
      // Excel inserts table columns by shifting the cells to their right within the table's rows.
      const blocked = this.tables.some(
        (o) =>
          o !== t &&
          o.sheet === t.sheet &&
          o.firstColumn + o.columns.length > at &&
          o.headerRow <= bottom &&
          o.headerRow + o.rowCount + (o.hasTotalsRow ? 1 : 0) >= top,
      );
      if (blocked) {
        return Promise.reject(
          new Error(`InvalidOperation: adding a column to ${t.name} would shift another table`),
        );
      }
      shiftRight(t.sheet, top, bottom, at);
      t.columns.push({ header });
      this.putRaw(t.sheet, top, at, header);
    }
    return Promise.resolve(this.tableInfo(t));
  }

  async appendRows(table: string, rows: CellValue[][], options: WriteOptions = {}): Promise<TableInfo> {
    const t = this.findTable(table);
    if (!t) throw new Error(`ItemNotFound: table ${table}`);
    const width = t.columns.length;
    rows.forEach((row, i) => {
      if (row.length !== width)
        throw new RangeError(`row ${i} has ${row.length} values for ${width} columns`);
      row.forEach(checkValue);
    });
    const left = t.firstColumn;
    const right = t.firstColumn + width - 1;
    const below = t.headerRow + t.rowCount + 1;
    // Excel moves the cells under the table down; another table in the way makes it refuse.
    const blocked = this.tables.some(
      (o) =>
        o !== t &&
        o.sheet === t.sheet &&
        o.headerRow >= below &&
        o.firstColumn <= right &&
        o.firstColumn + o.columns.length - 1 >= left,
    );
    if (blocked) throw new Error(`InvalidOperation: adding rows to ${t.name} would move another table`);
    const blocks = planWriteBlocks(
      rows.length,
      (r) => rowJsonBytes(rows[r] ?? []),
      options.maxBlockBytes ?? DEFAULT_MAX_BLOCK_BYTES,
    );
    for (const [start, end] of blocks) {
      options.signal?.throwIfAborted();
      const n = end - start;
      const at = t.headerRow + t.rowCount + 1;
      shiftDown(t.sheet, at, left, right, n);
      const model = t.rowCount > 0 ? t.sheet.formats[at - 1] : undefined;
      for (let i = 0; i < n; i++) {
        for (let c = 0; c < width; c++) {
          const format = model?.[left + c];
          if (format !== undefined) setFormat(t.sheet, at + i, left + c, format);
          this.typeInto(t.sheet, at + i, left + c, rows[start + i]?.[c] ?? "");
        }
      }
      t.rowCount += n;
      if (t.hasTotalsRow) this.writeTotalsRow(t);
      this.stats.syncs++;
      this.stats.blocksWritten++;
      this.stats.cellsWritten += n * width;
      this.stats.maxBlockBytes = Math.max(this.stats.maxBlockBytes, rowsJsonBytes(rows.slice(start, end)));
      await Promise.resolve();
    }
    return this.tableInfo(t);
  }

  async createSheetWithTable(spec: NewTableSpec): Promise<TableInfo> {
    const problem = sheetNameProblem(spec.sheet);
    if (problem) throw new Error(`InvalidArgument: ${problem}`);
    if (this.findSheet(spec.sheet)) throw new Error(`ItemAlreadyExists: sheet ${spec.sheet}`);
    this.checkNewTableName(spec.table);
    if (spec.columns.length === 0) throw new Error("InvalidArgument: a table needs at least one column");
    spec.rows.forEach((row, i) => {
      if (row.length !== spec.columns.length) {
        throw new RangeError(`row ${i} has ${row.length} values for ${spec.columns.length} columns`);
      }
      row.forEach(checkValue);
    });
    // Sync 1: the sheet, the header and the table.
    this.stats.syncs++;
    const sheet = this.addSheet(spec.sheet);
    const header = uniqueHeaders(spec.columns.map((c) => c.header));
    header.forEach((h, c) => this.putRaw(sheet, 0, c, h));
    const t: MemoryTable = {
      name: spec.table,
      sheet,
      headerRow: 0,
      firstColumn: 0,
      columns: spec.columns.map((c, i) => ({
        header: header[i] ?? c.header,
        validation: c.validation,
        total: c.total,
      })),
      rowCount: spec.rows.length,
      hasTotalsRow: spec.totalsRow === true,
    };
    this.tables.push(t);
    // Number formats go before values, so "@" columns keep digit strings as text.
    const formatRows = spec.rows.length + (t.hasTotalsRow ? 1 : 0);
    spec.columns.forEach((col, c) => {
      if (col.numberFormat === undefined) return;
      for (let r = 1; r <= formatRows; r++) setFormat(sheet, r, c, col.numberFormat);
    });
    // One sync per block of rows.
    for (const [start, end] of planWriteBlocks(spec.rows.length, (r) => rowJsonBytes(spec.rows[r] ?? []))) {
      const block = spec.rows.slice(start, end);
      block.forEach((row, i) => row.forEach((v, c) => this.typeInto(sheet, 1 + start + i, c, v)));
      this.stats.syncs++;
      this.stats.blocksWritten++;
      this.stats.cellsWritten += block.length * spec.columns.length;
      this.stats.maxBlockBytes = Math.max(this.stats.maxBlockBytes, rowsJsonBytes(block));
      await Promise.resolve();
    }
    // Last sync: widths, frozen header, validation, totals row, activation.
    this.stats.syncs++;
    spec.columns.forEach((col, c) => {
      if (col.widthPoints !== undefined) sheet.widths[c] = col.widthPoints;
    });
    if (spec.freezeHeader !== false) sheet.frozenRows = 1;
    if (t.hasTotalsRow) this.writeTotalsRow(t);
    if (spec.activate !== false) this.active = sheet;
    return this.tableInfo(t);
  }

  // -------------------------------------------------------------------------------------------
  // Port: run log and settings

  appendRunLog(rows: CellValue[][]): Promise<void> {
    rows.forEach((row) => row.forEach(checkValue));
    let sheet = this.findSheet(RUN_LOG_SHEET);
    if (!sheet) {
      this.stats.syncs++;
      sheet = this.addSheet(RUN_LOG_SHEET, "hidden");
    }
    this.stats.syncs++;
    const start = sheet.values.length;
    rows.forEach((row, i) =>
      row.forEach((v, c) => {
        // The log is text-formatted so strings (hashes, ids) come back exactly as written.
        if (typeof v === "string") setFormat(sheet, start + i, c, TEXT_FORMAT);
        this.typeInto(sheet, start + i, c, v);
      }),
    );
    this.stats.cellsWritten += rows.reduce((n, r) => n + r.length, 0);
    return Promise.resolve();
  }

  async readRunLog(): Promise<CellValue[][]> {
    const sheet = this.findSheet(RUN_LOG_SHEET);
    if (!sheet) {
      this.stats.syncs++;
      return [];
    }
    const out: CellValue[][] = [];
    for await (const block of this.readUsedRangeRowsFromTop(sheet)) out.push(...block);
    return out;
  }

  getSetting(key: string): Promise<JsonValue | undefined> {
    this.stats.syncs++;
    const raw = this.settings.get(key);
    return Promise.resolve(raw === undefined ? undefined : (JSON.parse(raw) as JsonValue));
  }

  setSetting(key: string, value: JsonValue): Promise<void> {
    this.stats.syncs++;
    try {
      assertJson(value);
      assertNonSecretSetting(key, value);
    } catch (e) {
      return Promise.reject(e instanceof Error ? e : new Error(String(e)));
    }
    this.settings.set(key, JSON.stringify(value));
    return Promise.resolve();
  }

  removeSetting(key: string): Promise<void> {
    this.stats.syncs++;
    this.settings.delete(key);
    return Promise.resolve();
  }

  // -------------------------------------------------------------------------------------------
  // Port: live validation support

  onTableChanged(table: string, listener: (change: TableChange) => void): Promise<Unsubscribe> {
    this.stats.syncs++;
    const t = this.findTable(table);
    if (!t) return Promise.reject(new Error(`ItemNotFound: table ${table}`));
    const entry = { table: t, listener };
    this.listeners.add(entry);
    return Promise.resolve(() => void this.listeners.delete(entry));
  }

  selectTableCell(table: string, rowIndex: number, header: string): Promise<void> {
    this.stats.syncs += 2;
    const t = this.findTable(table);
    if (!t) return Promise.reject(new Error(`ItemNotFound: table ${table}`));
    const c = columnIndex(t, header);
    if (c < 0) return Promise.reject(new Error(`ItemNotFound: column "${header}" in table ${t.name}`));
    if (!Number.isInteger(rowIndex) || rowIndex < 0 || rowIndex >= t.rowCount) {
      return Promise.reject(new RangeError(`row ${rowIndex} is not a data row of table ${t.name}`));
    }
    this.active = t.sheet;
    this.selected = { sheet: t.sheet.name, row: t.headerRow + 1 + rowIndex, column: t.firstColumn + c };
    return Promise.resolve();
  }

  setColumnHighlight(table: string, header: string, highlight: ColumnHighlight): Promise<void> {
    this.stats.syncs += 2;
    const t = this.findTable(table);
    if (!t) return Promise.reject(new Error(`ItemNotFound: table ${table}`));
    const c = columnIndex(t, header);
    if (c < 0) return Promise.reject(new Error(`ItemNotFound: column "${header}" in table ${t.name}`));
    this.highlights.set(`${t.name.toLowerCase()}\u0000${t.columns[c]?.header ?? header}`, { ...highlight });
    return Promise.resolve();
  }

  /** The selected cell (sheet, 0-based row and column), as `selectTableCell` left it. */
  selection(): { sheet: string; row: number; column: number } | undefined {
    return this.selected;
  }

  /** The conditional-format rule of a table column, as `setColumnHighlight` left it. */
  columnHighlight(table: string, header: string): ColumnHighlight | undefined {
    const t = this.findTable(table);
    return t ? this.highlights.get(`${t.name.toLowerCase()}\u0000${header}`) : undefined;
  }

  // -------------------------------------------------------------------------------------------
  // Inspection and user edits (tests, preview); these are not port calls and count no syncs.

  /** A cell's value by sheet and A1 address (or 0-based row and column). */
  cell(sheet: string, a1: string): CellValue;
  cell(sheet: string, row: number, column: number): CellValue;
  cell(sheetName: string, a: string | number, b?: number): CellValue {
    const { row, column } = typeof a === "string" ? parseA1(a) : { row: a, column: b ?? 0 };
    const sheet = this.requireSheet(sheetName);
    return this.valueAt(sheet, row, column);
  }

  /** The number format of a cell ("General" when none was set). */
  numberFormat(sheetName: string, a1: string): string {
    const { row, column } = parseA1(a1);
    return this.requireSheet(sheetName).formats[row]?.[column] ?? "General";
  }

  /** The formula of a cell, or undefined. */
  formula(sheetName: string, a1: string): string | undefined {
    const { row, column } = parseA1(a1);
    return this.requireSheet(sheetName).formulas.get(`${row}:${column}`);
  }

  /** Every formula on every sheet (to prove that API text never became one). */
  allFormulas(): Array<{ sheet: string; row: number; column: number; formula: string }> {
    return this.sheets.flatMap((s) =>
      [...s.formulas].map(([key, formula]) => {
        const [row = 0, column = 0] = key.split(":").map(Number);
        return { sheet: s.name, row, column, formula };
      }),
    );
  }

  /** All values of a sheet from A1 to the bottom-right used cell. */
  sheetValues(sheetName: string): CellValue[][] {
    const sheet = this.requireSheet(sheetName);
    const box = usedBox(sheet);
    if (!box) return [];
    return this.readBlock(sheet, 0, box.bottom + 1, 0, box.right + 1);
  }

  /** Layout facts of a sheet: visibility, frozen rows, widths. */
  sheetLayout(sheetName: string): {
    visibility: SheetVisibility;
    frozenRows: number;
    widths: (number | undefined)[];
  } {
    const s = this.requireSheet(sheetName);
    return { visibility: s.visibility, frozenRows: s.frozenRows, widths: [...s.widths] };
  }

  /** Column definitions of a table: header, data validation and totals. */
  tableColumns(
    table: string,
  ): Array<{ header: string; validation?: ColumnValidation; total?: NewColumn["total"] }> {
    const t = this.findTable(table);
    if (!t) throw new Error(`ItemNotFound: table ${table}`);
    return t.columns.map((c) => ({
      header: c.header,
      ...(c.validation ? { validation: c.validation } : {}),
      ...(c.total ? { total: c.total } : {}),
    }));
  }

  /** The totals row's values, or null when the table has none. */
  totalsRow(table: string): CellValue[] | null {
    const t = this.findTable(table);
    if (!t) throw new Error(`ItemNotFound: table ${table}`);
    if (!t.hasTotalsRow) return null;
    return this.readBlock(t.sheet, t.headerRow + t.rowCount + 1, 1, t.firstColumn, t.columns.length)[0] ?? [];
  }

  activeSheet(): string | undefined {
    return this.active?.name;
  }

  /** Types text (or a value) into a cell as a person would in Excel (reported to `onTableChanged`). */
  typeCell(sheetName: string, a1: string, value: CellValue): void {
    const { row, column } = parseA1(a1);
    const sheet = this.requireSheet(sheetName);
    this.typeInto(sheet, row, column, checkValue(value));
    for (const { table: t, listener } of [...this.listeners]) {
      const inColumns = column >= t.firstColumn && column < t.firstColumn + t.columns.length;
      const last = t.headerRow + t.rowCount + (t.hasTotalsRow ? 1 : 0);
      if (t.sheet !== sheet || !inColumns || row < t.headerRow || row > last) continue;
      const dataRow = row - t.headerRow - 1;
      const isData = dataRow >= 0 && dataRow < t.rowCount;
      // A header cell is the column's name: typing into it renames the column.
      if (row === t.headerRow) {
        const col = t.columns[column - t.firstColumn];
        if (col) col.header = String(this.valueAt(sheet, row, column));
      }
      listener({
        table: t.name,
        firstRow: isData ? dataRow : 0,
        rowCount: isData ? 1 : 0,
        structural: row === t.headerRow,
      });
    }
  }

  /** Shows a hidden sheet, as a person can with "Unhide". */
  setVisibility(sheetName: string, visibility: SheetVisibility): void {
    this.requireSheet(sheetName).visibility = visibility;
  }

  // -------------------------------------------------------------------------------------------
  // Internals

  private addSheet(name: string, visibility: SheetVisibility = "visible"): MemorySheet {
    const problem = sheetNameProblem(name);
    if (problem) throw new Error(`InvalidArgument: ${problem}`);
    if (this.findSheet(name)) throw new Error(`ItemAlreadyExists: sheet ${name}`);
    const sheet: MemorySheet = {
      name,
      visibility,
      values: [],
      formats: [],
      formulas: new Map(),
      widths: [],
      frozenRows: 0,
    };
    this.sheets.push(sheet);
    if (!this.active && visibility === "visible") this.active = sheet;
    return sheet;
  }

  private addTableRaw(init: MemoryTableInit): void {
    this.checkNewTableName(init.name);
    const sheet = this.findSheet(init.sheet) ?? this.addSheet(init.sheet);
    const { row: top, column: left } = parseA1(init.at ?? "A1");
    const header = uniqueHeaders(init.header);
    header.forEach((h, c) => this.putRaw(sheet, top, left + c, h));
    init.rows.forEach((row, r) => {
      if (row.length > header.length)
        throw new RangeError(`row ${r} of table ${init.name} is wider than its header`);
      for (let c = 0; c < header.length; c++) this.putRaw(sheet, top + 1 + r, left + c, row[c] ?? "");
    });
    for (const [h, format] of Object.entries(init.numberFormats ?? {})) {
      const c = header.indexOf(h);
      if (c < 0) throw new Error(`numberFormats names a missing header: ${h}`);
      for (let r = 0; r < init.rows.length; r++) setFormat(sheet, top + 1 + r, left + c, format);
    }
    this.tables.push({
      name: init.name,
      sheet,
      headerRow: top,
      firstColumn: left,
      columns: header.map((h) => ({ header: h })),
      rowCount: init.rows.length,
      hasTotalsRow: false,
    });
  }

  private checkNewTableName(name: string): void {
    const problem = tableNameProblem(name);
    if (problem) throw new Error(`InvalidArgument: ${problem}`);
    if (this.findTable(name)) throw new Error(`ItemAlreadyExists: table ${name}`);
  }

  private findSheet(name: string): MemorySheet | undefined {
    const lower = name.toLowerCase();
    return this.sheets.find((s) => s.name.toLowerCase() === lower);
  }

  private requireSheet(name: string): MemorySheet {
    const s = this.findSheet(name);
    if (!s) throw new Error(`ItemNotFound: sheet ${name}`);
    return s;
  }

  private findTable(name: string): MemoryTable | undefined {
    const lower = name.toLowerCase();
    return this.tables.find((t) => t.name.toLowerCase() === lower);
  }

  private tableInfo(t: MemoryTable): TableInfo {
    return {
      name: t.name,
      sheet: t.sheet.name,
      header: t.columns.map((c) => c.header),
      rowCount: t.rowCount,
      headerRow: t.headerRow + 1,
      firstColumn: t.firstColumn,
      hasTotalsRow: t.hasTotalsRow,
    };
  }

  private countRead(rows: CellValue[][], bytes: number): void {
    this.stats.syncs++;
    this.stats.blocksRead++;
    this.stats.cellsRead += rows.length * (rows[0]?.length ?? 0);
    this.stats.maxBlockBytes = Math.max(this.stats.maxBlockBytes, bytes);
  }

  private async *readUsedRangeRowsFromTop(sheet: MemorySheet): AsyncIterable<CellValue[][]> {
    const box = usedBox(sheet);
    if (!box) {
      this.stats.syncs++;
      return;
    }
    const sizer = new BlockSizer();
    let row = 0;
    while (row <= box.bottom) {
      const { count, value: rows } = await readSizedBlock(sizer, box.bottom + 1 - row, row + 1, (n) =>
        this.readBlockSync(sheet, row, n, 0, box.right + 1),
      );
      this.countRead(rows, sizer.observe(rows));
      yield rows;
      row += count;
      await Promise.resolve();
    }
  }

  /**
   * One block read as a sync of its own: refused like Office.js when its JSON is above
   * `payloadLimitBytes` (the refused round trip still counts as a sync).
   */
  private readBlockSync(
    sheet: MemorySheet,
    top: number,
    count: number,
    left: number,
    width: number,
  ): CellValue[][] {
    const rows = this.readBlock(sheet, top, count, left, width);
    if (this.payloadLimitBytes !== undefined) {
      const bytes = rowsJsonBytes(rows);
      if (bytes > this.payloadLimitBytes) {
        this.stats.syncs++;
        this.stats.blocksRefused++;
        throw new PayloadLimitError(bytes, this.payloadLimitBytes);
      }
    }
    return rows;
  }

  /** Copies of `count` rows × `width` columns, "" where nothing is stored. */
  private readBlock(
    sheet: MemorySheet,
    top: number,
    count: number,
    left: number,
    width: number,
  ): CellValue[][] {
    const out: CellValue[][] = new Array<CellValue[]>(count);
    const hasFormulas = sheet.formulas.size > 0;
    for (let i = 0; i < count; i++) {
      const src = sheet.values[top + i];
      const row = new Array<CellValue>(width);
      for (let c = 0; c < width; c++) {
        row[c] = hasFormulas ? this.valueAt(sheet, top + i, left + c) : (src?.[left + c] ?? "");
      }
      out[i] = row;
    }
    return out;
  }

  private valueAt(sheet: MemorySheet, row: number, column: number): CellValue {
    const formula = sheet.formulas.get(`${row}:${column}`);
    if (formula !== undefined) return this.evaluate(formula);
    return sheet.values[row]?.[column] ?? "";
  }

  /**
   * Only the totals-row SUBTOTAL(109, Table[Column]) (or Table[[Column]]) is evaluated, with the
   * column's escapes; other formulas, and unescaped brackets Excel would refuse, read as text.
   */
  private evaluate(formula: string): CellValue {
    const m = /^=SUBTOTAL\(109,([^[\]'#]+)\[(\[?)((?:'.|[^[\]'])+)\](\]?)\)$/su.exec(formula);
    const balanced = m !== null && m[2]?.length === m[4]?.length;
    const t = balanced && m[1] ? this.findTable(m[1]) : undefined;
    const c = t && m?.[3] ? columnIndex(t, parseStructuredRefColumn(m[3])) : -1;
    if (!t || c < 0) return formula;
    let sum = 0;
    for (let r = 0; r < t.rowCount; r++) {
      const v = t.sheet.values[t.headerRow + 1 + r]?.[t.firstColumn + c];
      if (typeof v === "number") sum += v;
    }
    return sum;
  }

  private writeTotalsRow(t: MemoryTable): void {
    const row = t.headerRow + t.rowCount + 1;
    t.columns.forEach((col, i) => {
      const c = t.firstColumn + i;
      if (col.total?.kind === "label") this.putRaw(t.sheet, row, c, col.total.text);
      else if (col.total?.kind === "sum") {
        this.putRaw(t.sheet, row, c, "");
        t.sheet.formulas.set(`${row}:${c}`, `=SUBTOTAL(109,${t.name}[${structuredRefColumn(col.header)}])`);
      }
    });
  }

  /** Stores a value exactly (no Excel conversion). */
  private putRaw(sheet: MemorySheet, row: number, column: number, value: CellValue): void {
    const v = checkValue(value);
    const r = (sheet.values[row] ??= []);
    for (let c = r.length; c < column; c++) r[c] = "";
    r[column] = v;
    sheet.formulas.delete(`${row}:${column}`);
  }

  /** Stores a value as `Range.values` (or typing) would: see the file comment. */
  private typeInto(sheet: MemorySheet, row: number, column: number, value: CellValue): void {
    if (typeof value !== "string") {
      this.putRaw(sheet, row, column, value);
      return;
    }
    if (value.startsWith("'")) {
      this.putRaw(sheet, row, column, value.slice(1));
      return;
    }
    const isText = sheet.formats[row]?.[column] === TEXT_FORMAT;
    if (!isText) {
      const trimmed = value.trim();
      if (NUMERIC_TEXT.test(trimmed)) {
        this.putRaw(sheet, row, column, Number(trimmed));
        return;
      }
      if (/^(true|false)$/i.test(trimmed)) {
        this.putRaw(sheet, row, column, trimmed.toLowerCase() === "true");
        return;
      }
      if (/^[=+\-@]/.test(value) && value.length > 1) {
        this.putRaw(sheet, row, column, value);
        sheet.formulas.set(`${row}:${column}`, value.startsWith("=") ? value : `=${value}`);
        return;
      }
    }
    this.putRaw(sheet, row, column, value);
  }
}

function setFormat(sheet: MemorySheet, row: number, column: number, format: string): void {
  const r = (sheet.formats[row] ??= []);
  r[column] = format;
}

function columnIndex(t: MemoryTable, header: string): number {
  const exact = t.columns.findIndex((c) => c.header === header);
  if (exact >= 0) return exact;
  const lower = header.toLowerCase();
  return t.columns.findIndex((c) => c.header.toLowerCase() === lower);
}

/** Excel's header rule for tables: non-empty and unique (case-insensitively). */
function uniqueHeaders(raw: string[]): string[] {
  const seen = new Set<string>();
  return raw.map((h, i) => {
    const base = h.trim() === "" ? `Column${i + 1}` : h;
    let candidate = base;
    for (let n = 2; seen.has(candidate.toLowerCase()); n++) candidate = `${base}${n}`;
    seen.add(candidate.toLowerCase());
    return candidate;
  });
}

/** Bounding box of non-empty cells (0-based, inclusive), like `getUsedRange(true)`. */
function usedBox(sheet: MemorySheet): { top: number; left: number; bottom: number; right: number } | null {
  let top = -1;
  let bottom = -1;
  let left = Infinity;
  let right = -1;
  sheet.values.forEach((row, r) => {
    row.forEach((v, c) => {
      if (v === "" && !sheet.formulas.has(`${r}:${c}`)) return;
      if (top < 0) top = r;
      bottom = r;
      if (c < left) left = c;
      if (c > right) right = c;
    });
  });
  return top < 0 ? null : { top, left, bottom, right };
}

/** Shifts cells at and right of `column` one column right, in rows top..bottom. */
function shiftRight(sheet: MemorySheet, top: number, bottom: number, column: number): void {
  for (let r = top; r <= bottom; r++) {
    const values = sheet.values[r];
    if (values && values.length > column) values.splice(column, 0, "");
    const formats = sheet.formats[r];
    if (formats && formats.length > column) formats.splice(column, 0, undefined);
  }
  const moved = [...sheet.formulas].filter(([key]) => {
    const [r = 0, c = 0] = key.split(":").map(Number);
    return r >= top && r <= bottom && c >= column;
  });
  for (const [key] of moved) sheet.formulas.delete(key);
  for (const [key, f] of moved) {
    const [r = 0, c = 0] = key.split(":").map(Number);
    sheet.formulas.set(`${r}:${c + 1}`, f);
  }
}

/** Moves cells at and below `row`, in columns left..right, `n` rows down (formats and formulas too). */
function shiftDown(sheet: MemorySheet, row: number, left: number, right: number, n: number): void {
  for (let r = sheet.values.length - 1; r >= row; r--) {
    for (let c = left; c <= right; c++) {
      const v = sheet.values[r]?.[c];
      if (v !== undefined) {
        const dst = (sheet.values[r + n] ??= []);
        for (let k = dst.length; k < c; k++) dst[k] = "";
        dst[c] = v;
        (sheet.values[r] as CellValue[])[c] = "";
      }
      const f = sheet.formats[r]?.[c];
      if (f !== undefined) {
        setFormat(sheet, r + n, c, f);
        (sheet.formats[r] as (string | undefined)[])[c] = undefined;
      }
    }
  }
  const moved = [...sheet.formulas].filter(([key]) => {
    const [r = 0, c = 0] = key.split(":").map(Number);
    return r >= row && c >= left && c <= right;
  });
  for (const [key] of moved) sheet.formulas.delete(key);
  for (const [key, f] of moved) {
    const [r = 0, c = 0] = key.split(":").map(Number);
    sheet.formulas.set(`${r + n}:${c}`, f);
  }
}
