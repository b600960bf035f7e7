/**
 * What a burst of table changes (`Workbook.onTableChanged`) asks of live validation: nothing (the
 * add-in's own status cells), the changed rows as a few row ranges, or a full validation.
 *
 * A full validation is chosen when the rows cannot be followed (rows or columns inserted or
 * deleted, the header edited: `structural`; the table's row count moved) or when more than
 * `LIVE_MAX_ROWS` rows changed. Why 2,000: the changed rows are read in ONE sync, and Excel on
 * the web refuses a sync above 5 MB ("Resource limits and performance optimization for Office
 * Add-ins"); 2,000 rows of a wide payroll table (30 columns of up to ~60 bytes of JSON) stay near
 * 3.6 MB, and their three status columns well under it. A larger paste is read in blocks sized
 * under the limit instead, which costs a few syncs more and nothing else: at that size, checking
 * the rows (not the syncs) is most of the time, and both paths check every changed row.
 */
import type { TableMapping } from "./mapping";
import type { RowRange, TableChange } from "./port";

export const LIVE_MAX_ROWS = 2_000;

export type LivePlan = { kind: "none" } | { kind: "rows"; ranges: RowRange[] } | { kind: "full" };

/** The add-in's own columns (status, message, row total) of a mapping, as table column indexes. */
export function addinColumns(mapping: TableMapping): Set<number> {
  return new Set(
    [mapping.statusColumn, mapping.messageColumn, mapping.totalColumn].filter(
      (i): i is number => i !== undefined,
    ),
  );
}

/** True when a change touches only the add-in's own columns: its own write, reported or not by the host. */
export function onlyAddinColumns(change: TableChange, own: ReadonlySet<number>): boolean {
  if (change.structural || change.columnCount === 0) return false;
  for (let column = change.firstColumn; column < change.firstColumn + change.columnCount; column++)
    if (!own.has(column)) return false;
  return true;
}

/** Sorted, merged row ranges (overlapping or adjacent ones joined), cut to `rowCount` rows. */
export function mergeRowRanges(ranges: readonly RowRange[], rowCount: number): RowRange[] {
  const sorted = ranges
    .map((r) => ({ first: Math.max(0, r.firstRow), end: Math.min(rowCount, r.firstRow + r.rowCount) }))
    .filter((r) => r.end > r.first)
    .sort((a, b) => a.first - b.first);
  const out: RowRange[] = [];
  for (const range of sorted) {
    const last = out.at(-1);
    if (last && range.first <= last.firstRow + last.rowCount)
      last.rowCount = Math.max(last.rowCount, range.end - last.firstRow);
    else out.push({ firstRow: range.first, rowCount: range.end - range.first });
  }
  return out;
}

/** The plan for a burst of changes to a table of `rowCount` rows whose own columns are `own`. */
export function planLiveRevalidation(
  changes: readonly TableChange[],
  rowCount: number,
  own: ReadonlySet<number>,
): LivePlan {
  const relevant = changes.filter((c) => !onlyAddinColumns(c, own));
  if (relevant.length === 0) return { kind: "none" };
  if (relevant.some((c) => c.structural)) return { kind: "full" };
  const ranges = mergeRowRanges(
    relevant.map((c) => ({ firstRow: c.firstRow, rowCount: c.rowCount })),
    rowCount,
  );
  const rows = ranges.reduce((n, r) => n + r.rowCount, 0);
  if (rows > LIVE_MAX_ROWS) return { kind: "full" };
  return rows === 0 ? { kind: "none" } : { kind: "rows", ranges };
}
