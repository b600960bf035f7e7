/**
 * Pulling API records into a table and refreshing it in place by id:
 * the first pull creates a sheet with the table; later pulls update the rows whose id they find,
 * append the records that are new, and leave everything else alone: the columns the user added,
 * the rows they added, and rows whose id the API no longer returns (reported as `missing`, never
 * deleted: they may hold the user's notes). Nothing is duplicated: a record goes to the row that
 * already holds its id.
 *
 * Only the managed columns (those of the spec) are written, and only the ones where something
 * changed (or all of them when rows were appended), in row blocks (Workbook port). Every string
 * goes through `safeText`: API text never becomes a formula.
 */
import { uniqueSheetName } from "./names";
import type { CellValue, TableInfo, Workbook } from "./port";
import { safeText } from "./safe-text";
import type { OnProgress } from "../api/progress";

export interface SyncColumn<T> {
  header: string;
  value: (record: T) => CellValue;
  /** Excel number format of the data cells ("@" keeps digit strings as text). */
  numberFormat?: string;
  /** Width in points; without it the column is fitted to its data when it is created. */
  widthPoints?: number;
  /**
   * How a cell's text compares with the record's (default: as it reads). E.g. a situation shown
   * in the display language reads back as its API value, so a pull in the other language does
   * not count (or rewrite) a row as changed.
   */
  normalize?: (text: string) => string;
}

export interface TableSpec<T> {
  /** Table name (created with it when absent; Excel table names are case-insensitive). */
  table: string;
  /** Sheet name for a new table (made unique). */
  sheet: string;
  /** The record's id, as written in the `keyHeader` column. */
  key: (record: T) => string;
  keyHeader: string;
  columns: ReadonlyArray<SyncColumn<T>>;
}

export interface SyncResult {
  table: TableInfo;
  created: boolean;
  added: number;
  updated: number;
  unchanged: number;
  /** Worksheet rows whose id this pull did not return (left as they were). */
  missingRows: number[];
  /** Worksheet rows holding an id that an earlier row holds too (left as they were). */
  duplicateRows: number[];
}

export interface SyncOptions {
  signal?: AbortSignal;
  onProgress?: OnProgress;
}

/** A written value as it reads back: `safeText`'s apostrophe is Excel's text prefix, not content. */
const asRead = (written: CellValue): string => {
  const unprefixed = typeof written === "string" && written.startsWith("'") ? written.slice(1) : written;
  return String(unprefixed);
};
const cell = (v: CellValue): CellValue => (typeof v === "string" ? safeText(v) : v);

const widthOf = (c: Pick<SyncColumn<never>, "header" | "widthPoints">) => ({
  header: c.header,
  widthPoints: c.widthPoints,
});

/** Every data row of a table, in order. */
export async function readAllRows(
  workbook: Workbook,
  table: string,
  signal?: AbortSignal,
): Promise<CellValue[][]> {
  const rows: CellValue[][] = [];
  for await (const block of workbook.readTableRows(table, signal ? { signal } : {})) rows.push(...block.rows);
  return rows;
}

/** The index of `header` in a table header, matched as Excel does (case-insensitively). */
export function headerIndex(header: readonly string[], wanted: string): number {
  const lower = wanted.toLowerCase();
  return header.findIndex((h) => h.toLowerCase() === lower);
}

/** Each key's first row (0-based), and the sheet rows that repeat a key already seen. */
function rowsByKey(rows: readonly (readonly CellValue[])[], keyAt: number, headerRow: number) {
  const rowOf = new Map<string, number>();
  const duplicateRows: number[] = [];
  rows.forEach((row, rowIndex) => {
    const id = asRead(row[keyAt] ?? "").trim();
    if (id === "") return;
    if (rowOf.has(id)) duplicateRows.push(headerRow + 1 + rowIndex);
    else rowOf.set(id, rowIndex);
  });
  return { rowOf, duplicateRows };
}

/**
 * The records written over the column values (in place) where they differ from the row of their
 * key: which columns changed, the records with no row yet, the rows seen, and the counts.
 */
function mergeRecords<T>(
  spec: TableSpec<T>,
  records: readonly T[],
  rowOf: ReadonlyMap<string, number>,
  values: CellValue[][],
) {
  const changed = spec.columns.map(() => false);
  const fresh: T[] = [];
  const seen = new Set<number>();
  let updated = 0;
  let unchanged = 0;
  for (const record of records) {
    const rowIndex = rowOf.get(spec.key(record));
    if (rowIndex === undefined) {
      fresh.push(record);
      continue;
    }
    seen.add(rowIndex);
    let rowChanged = false;
    spec.columns.forEach((column, i) => {
      const next = cell(column.value(record));
      const same = column.normalize ?? ((text: string) => text);
      if (same(asRead(next)) !== same(asRead(values[i]![rowIndex]!))) {
        values[i]![rowIndex] = next;
        changed[i] = true;
        rowChanged = true;
      }
    });
    if (rowChanged) updated++;
    else unchanged++;
  }
  return { changed, fresh, seen, updated, unchanged };
}

export async function syncTable<T>(
  workbook: Workbook,
  spec: TableSpec<T>,
  listed: readonly T[],
  options: SyncOptions = {},
): Promise<SyncResult> {
  const { signal, onProgress } = options;
  // A record the API lists twice (a page boundary moving under us) is still one row.
  const byKey = new Map<string, T>();
  for (const record of listed) byKey.set(spec.key(record), record);
  const records = [...byKey.values()];
  if (!spec.columns.some((c) => c.header === spec.keyHeader))
    throw new Error(`syncTable: the key column "${spec.keyHeader}" is not among the columns`);
  const existing = await workbook.getTable(spec.table);
  if (!existing) return create(workbook, spec, records, options);

  // Managed columns the user deleted come back on the right.
  const absent = spec.columns.filter((c) => headerIndex(existing.header, c.header) < 0).map((c) => c.header);
  const info = absent.length > 0 ? await workbook.addColumns(existing.name, absent) : existing;
  onProgress?.({ phase: "read", done: 0, total: info.rowCount });
  const rows = await readAllRows(workbook, info.name, signal);
  onProgress?.({ phase: "read", done: rows.length, total: info.rowCount });
  const at = spec.columns.map((c) => headerIndex(info.header, c.header));
  const keyAt = headerIndex(info.header, spec.keyHeader);

  const { rowOf, duplicateRows } = rowsByKey(rows, keyAt, info.headerRow);

  // Column values as they are, then changed where a record says otherwise.
  const values: CellValue[][] = at.map((c) => rows.map((row) => cell(row[c] ?? "")));
  const { changed, fresh, seen, updated, unchanged } = mergeRecords(spec, records, rowOf, values);
  const missingRows = [...rowOf.values()].filter((r) => !seen.has(r)).map((r) => info.headerRow + 1 + r);

  let table = info;
  if (fresh.length > 0) {
    signal?.throwIfAborted();
    // Rows go in blank; the column write below fills them with their formats set first.
    table = await workbook.appendRows(
      info.name,
      fresh.map(() => info.header.map((): CellValue => "")),
      signal ? { signal } : {},
    );
    spec.columns.forEach((column, i) => {
      for (const record of fresh) values[i]!.push(cell(column.value(record)));
      changed[i] = true;
    });
  }
  const writes = spec.columns
    .map((c, i) => ({ c, i }))
    .filter(({ i }) => changed[i])
    .map(({ c, i }) => ({
      header: info.header[at[i]!]!,
      values: values[i]!,
      ...(c.numberFormat !== undefined ? { numberFormat: c.numberFormat } : {}),
    }));
  onProgress?.({ phase: "write", done: 0, total: writes.length > 0 ? table.rowCount : 0 });
  if (writes.length > 0) await workbook.writeColumns(table.name, writes, signal ? { signal } : {});
  onProgress?.({ phase: "write", done: table.rowCount, total: table.rowCount });
  // Managed columns that came back get their width (Excel's default would cut their contents).
  const returned = spec.columns.filter((c) => absent.includes(c.header));
  if (returned.length > 0) await workbook.setColumnWidths(table.name, returned.map(widthOf));
  return { table, created: false, added: fresh.length, updated, unchanged, missingRows, duplicateRows };
}

async function create<T>(
  workbook: Workbook,
  spec: TableSpec<T>,
  records: readonly T[],
  options: SyncOptions,
): Promise<SyncResult> {
  const sheets = await workbook.listSheets();
  const sheet = uniqueSheetName(
    spec.sheet,
    sheets.map((s) => s.name),
  );
  options.onProgress?.({ phase: "write", done: 0, total: records.length });
  const table = await workbook.createSheetWithTable({
    sheet,
    table: spec.table,
    columns: spec.columns.map((c) => ({
      header: c.header,
      ...(c.numberFormat !== undefined ? { numberFormat: c.numberFormat } : {}),
      ...(c.widthPoints !== undefined ? { widthPoints: c.widthPoints } : {}),
    })),
    rows: records.map((r) => spec.columns.map((c) => cell(c.value(r)))),
    freezeHeader: true,
  });
  // Columns without a set width fit their data, once it is written.
  const fitted = spec.columns.filter((c) => c.widthPoints === undefined);
  if (fitted.length > 0) await workbook.setColumnWidths(table.name, fitted.map(widthOf));
  options.onProgress?.({ phase: "write", done: records.length, total: records.length });
  return {
    table,
    created: true,
    added: records.length,
    updated: 0,
    unchanged: 0,
    missingRows: [],
    duplicateRows: [],
  };
}
