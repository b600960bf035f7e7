/**
 * Reading a `TableChangedEventArgs.address` ("B3:D7", or a single cell, without the sheet;
 * "Excel.TableChangedEventArgs", https://learn.microsoft.com/javascript/api/excel/excel.tablechangedeventargs).
 */

/** 0-based first and last worksheet rows of an event's address. */
export function parseAddressRows(address: string): { first: number; last: number } {
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
export function parseAddressColumns(address: string): { first: number; last: number } {
  const ref = address.slice(address.lastIndexOf("!") + 1);
  const cols = ref
    .split(":")
    .map((part) => /^\$?([A-Za-z]+)/.exec(part)?.[1])
    .filter((c): c is string => c !== undefined)
    .map((letters) => [...letters.toUpperCase()].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1);
  if (cols.length === 0) return { first: 0, last: Number.MAX_SAFE_INTEGER };
  return { first: Math.min(...cols), last: Math.max(...cols) };
}
