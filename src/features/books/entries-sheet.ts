/**
 * The entries table (`ValePix_Lancamentos`, `ValePix_Entries` when created in English), on a sheet
 * of its own: dates as date cells, debits and credits as currency cells, the distribution and
 * transaction ids on each line, as an accounting system imports them.
 *
 * Booking again replaces: the lines of a distribution (by its id) or of a deposit (by its
 * transaction id) being booked take the places of that key's earlier lines, in place, so the
 * person's own columns beside them stay on their rows; lines beyond them go to free places
 * (rows left blank by an earlier booking that had more lines) and then to the end; places left
 * over are blanked. A key's lines are never doubled.
 */
import type { Locale } from "../../money";
import { DATE_TIME_FORMAT, excelSerial } from "../../workbook/dates";
import { findLocalTable, localColumns, uniqueSheetName, uniqueTableName } from "../../workbook/names";
import {
  type CellValue,
  type NewColumn,
  TEXT_FORMAT,
  type TableInfo,
  type Workbook,
} from "../../workbook/port";
import { safeText } from "../../workbook/safe-text";
import { readAllRows } from "../../workbook/table-sync";
import { CURRENCY_FORMAT } from "../../workbook/template";
import type { EntryLine } from "./entries";
import { BOOKS_WORDS } from "./words";

type EntryKey = keyof (typeof BOOKS_WORDS)["pt-BR"]["entryHeaders"];
const KEYS = Object.keys(BOOKS_WORDS["pt-BR"].entryHeaders) as EntryKey[];

const FORMAT: Partial<Record<EntryKey, string>> = {
  month: TEXT_FORMAT,
  account: TEXT_FORMAT,
  debit: CURRENCY_FORMAT,
  credit: CURRENCY_FORMAT,
  costCentre: TEXT_FORMAT,
  distributionId: TEXT_FORMAT,
  transactionId: TEXT_FORMAT,
};

const TABLES = { "pt-BR": BOOKS_WORDS["pt-BR"].entriesTable, "en-US": BOOKS_WORDS["en-US"].entriesTable };
const HEADERS = { "pt-BR": BOOKS_WORDS["pt-BR"].entryHeaders, "en-US": BOOKS_WORDS["en-US"].entryHeaders };

/** A line's cells by field. */
function lineCells(line: EntryLine, locale: Locale): Record<EntryKey, CellValue> {
  return {
    date: excelSerial(line.at),
    month: line.month,
    account: safeText(line.account),
    debit: line.debitCents === 0 ? "" : line.debitCents / 100,
    credit: line.creditCents === 0 ? "" : line.creditCents / 100,
    costCentre: safeText(line.costCentre),
    product: safeText(line.product),
    history: safeText(line.history),
    distributionId: safeText(line.distributionId),
    transactionId: safeText(line.transactionId),
    origin: BOOKS_WORDS[locale].origins[line.origin],
  };
}

/** The key a line is replaced by: its distribution, else its deposit's transaction. */
const keyOf = (distributionId: string, transactionId: string): string =>
  distributionId !== "" ? `d:${distributionId}` : transactionId !== "" ? `t:${transactionId}` : "";

export interface EntriesWrite {
  table: TableInfo;
  created: boolean;
  /** Earlier lines of the keys booked now, replaced. */
  replaced: number;
}

async function createEntries(workbook: Workbook, rows: CellValue[][], locale: Locale): Promise<EntriesWrite> {
  const words = BOOKS_WORDS[locale];
  const [sheets, tables] = await Promise.all([workbook.listSheets(), workbook.listTables()]);
  const columns: NewColumn[] = KEYS.map((key) => ({
    header: words.entryHeaders[key],
    numberFormat: key === "date" ? DATE_TIME_FORMAT[locale] : (FORMAT[key] ?? "General"),
    widthPoints: key === "history" ? 260 : key === "date" ? 110 : 100,
  }));
  const table = await workbook.createSheetWithTable({
    sheet: uniqueSheetName(
      words.entriesSheet,
      sheets.map((s) => s.name),
    ),
    table: uniqueTableName(
      words.entriesTable,
      tables.map((t) => t.name),
    ),
    columns,
    rows,
    freezeHeader: true,
    activate: true,
  });
  return { table, created: true, replaced: 0 };
}

/** Writes the lines, replacing the earlier lines of their distributions and deposits. */
export async function writeEntries(
  workbook: Workbook,
  lines: readonly EntryLine[],
  locale: Locale,
  signal?: AbortSignal,
): Promise<EntriesWrite> {
  const existing = await findLocalTable(workbook, TABLES);
  const fresh = lines.map((line) => lineCells(line, locale));
  if (!existing)
    return createEntries(
      workbook,
      fresh.map((c) => KEYS.map((k) => c[k])),
      locale,
    );

  const col = localColumns(existing.header, HEADERS);
  const managed = KEYS.filter((k) => col[k] >= 0);
  const cells = await readAllRows(workbook, existing.name, signal);
  const text = (row: readonly CellValue[], k: EntryKey) =>
    col[k] < 0 ? "" : String(row[col[k]] ?? "").trim();
  const booked = new Set(lines.map((l) => keyOf(l.distributionId, l.transactionId)));
  let replaced = 0;
  const places: number[] = [];
  cells.forEach((row, i) => {
    const key = keyOf(text(row, "distributionId"), text(row, "transactionId"));
    if (booked.has(key)) replaced++;
    if (booked.has(key) || managed.every((k) => text(row, k) === "")) places.push(i);
  });
  const values = managed.map((k) => cells.map((row) => row[col[k]] ?? ""));
  const blank = Object.fromEntries(KEYS.map((k) => [k, ""])) as Record<EntryKey, CellValue>;
  const rowsAfter = cells.length + Math.max(0, fresh.length - places.length);
  const slots = [...places, ...Array.from({ length: rowsAfter - cells.length }, (_, i) => cells.length + i)];
  slots.forEach((at, i) => managed.forEach((k, j) => (values[j]![at] = (fresh[i] ?? blank)[k])));
  let table = existing;
  if (rowsAfter > cells.length) {
    const extra = Array.from({ length: rowsAfter - cells.length }, () => existing.header.map(() => ""));
    table = await workbook.appendRows(existing.name, extra, signal ? { signal } : {});
  }
  await workbook.writeColumns(
    existing.name,
    managed.map((k, j) => ({
      header: existing.header[col[k]]!,
      values: values[j]!,
      ...(k === "date" ? {} : FORMAT[k] ? { numberFormat: FORMAT[k] } : {}),
    })),
    signal ? { signal } : {},
  );
  return { table, created: false, replaced };
}
