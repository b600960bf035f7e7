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
