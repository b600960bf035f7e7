/**
 * What a `Table.onChanged` event means for the table's data: its `TableChangedEventArgs.address`
 * read ("B3:D7", or a single cell, without the sheet; "Excel.TableChangedEventArgs",
 * https://learn.microsoft.com/javascript/api/excel/excel.tablechangedeventargs), and placed
 * among the table's data rows and columns as the adapter last saw the table (its place). The
 * adapter (./office-workbook.ts) subscribes and keeps the places.
 */
import type { TableChange, TableInfo } from "../workbook/port";
import type { TableApi, TableChangedArgs } from "./office-api";

/** 0-based first and last worksheet rows of an event's address. */
function parseAddressRows(address: string): { first: number; last: number } {
  const ref = address.slice(address.lastIndexOf("!") + 1);
  const rows = ref
    .split(":")
    .map((part) => /(\d+)$/.exec(part)?.[1])
    .filter((n): n is string => n !== undefined)
    .map((n) => Number(n) - 1);
  if (rows.length === 0) {
    // A whole-column address ("C:C") touches every row.
    return { first: 0, last: Number.MAX_SAFE_INTEGER };
  }
  return { first: Math.min(...rows), last: Math.max(...rows) };
}

/** 0-based first and last worksheet columns of an event's address ("3:5", whole rows: every column). */
function parseAddressColumns(address: string): { first: number; last: number } {
  const ref = address.slice(address.lastIndexOf("!") + 1);
  const cols = ref
    .split(":")
    .map((part) => /^\$?([A-Za-z]+)/.exec(part)?.[1])
    .filter((c): c is string => c !== undefined)
    .map((letters) => [...letters.toUpperCase()].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1);
  if (cols.length === 0) return { first: 0, last: Number.MAX_SAFE_INTEGER };
  return { first: Math.min(...cols), last: Math.max(...cols) };
}

/** A table's name and where it sits, in 0-based sheet rows and columns. */
export interface TablePlace {
  name: string;
  headerRow: number;
  left: number;
  width: number;
  rowCount: number;
}

/** Queues the loads of a table's place; call the returned function after the sync. */
export function queuePlace(table: TableApi): () => TablePlace {
  table.load("name");
  const header = table.getHeaderRowRange().load("rowIndex,columnIndex,columnCount");
  const body = table.getDataBodyRange().load("rowCount");
  return () => ({
    name: table.name,
    headerRow: header.rowIndex,
    left: header.columnIndex,
    width: header.columnCount,
    rowCount: body.rowCount,
  });
}

/** The place of a table read through the port. */
export const placeOf = (table: TableInfo): TablePlace => ({
  name: table.name,
  headerRow: table.headerRow - 1,
  left: table.firstColumn,
  width: table.header.length,
  rowCount: table.rowCount,
});

/**
 * Whether the event is an edit of cells inside the table's data as last seen (`known`): such an
 * edit is placed from that position, without a sync.
 */
export function isEditInside(args: TableChangedArgs, known: TablePlace | undefined): known is TablePlace {
  const rows = parseAddressRows(args.address);
  const cols = parseAddressColumns(args.address);
  return (
    known !== undefined &&
    args.changeType === "RangeEdited" &&
    rows.first > known.headerRow &&
    rows.last <= known.headerRow + known.rowCount &&
    cols.first >= known.left &&
    cols.last < known.left + known.width
  );
}

/**
 * The change the event makes to the table at `place`: the data rows and columns its address
 * touches, structural unless it is an edit below the header; an edit placed without a sync
 * (`inside`) carries the place it was placed on (`placedOn`), for the reader to verify.
 */
export function placeChange(args: TableChangedArgs, place: TablePlace, inside: boolean): TableChange {
  const rows = parseAddressRows(args.address);
  const cols = parseAddressColumns(args.address);
  const first = Math.max(rows.first, place.headerRow + 1);
  const last = Math.min(rows.last, place.headerRow + place.rowCount);
  const left = Math.max(cols.first, place.left);
  const right = Math.min(cols.last, place.left + place.width - 1);
  return {
    table: place.name,
    firstRow: last >= first ? first - place.headerRow - 1 : 0,
    rowCount: Math.max(0, last - first + 1),
    firstColumn: right >= left ? left - place.left : 0,
    columnCount: Math.max(0, right - left + 1),
    structural: args.changeType !== "RangeEdited" || rows.first <= place.headerRow,
    ...(inside
      ? {
          placedOn: {
            headerRow: place.headerRow + 1,
            firstColumn: place.left,
            columnCount: place.width,
            rowCount: place.rowCount,
          },
        }
      : {}),
  };
}
