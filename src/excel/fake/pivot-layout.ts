/**
 * What a PivotTable shows, computed from its source's rows as Excel lays out a new PivotTable: the
 * compact form ("Design the layout and format of a PivotTable", Microsoft Support: "Compact form
 * displays items from different row area fields in one column"; new PivotTables use it). With a
 * row field, a column field and a data field:
 *
 *   Mês            | (All)
 *                  |
 *   Sum of Valor   | Column Labels
 *   Row Labels     | Alimentação | Refeição | Grand Total
 *   CC Vendas      |         100 |      250 |         350
 *   (blank)        |             |       50 |          50
 *   Grand Total    |         100 |      300 |         400
 *
 * - the data field's caption is "Sum of <field>" ("Count of" for a count), the name Excel gives a
 *   `DataPivotHierarchy` ("Excel.DataPivotHierarchy.name");
 * - items are the field's distinct values, compared without case as Excel groups them, shown as
 *   first met, sorted ascending as Excel sorts a new field's items (numbers, then text in the
 *   culture's order, then logical values, blanks last: "Sort data in a PivotTable"); an empty cell
 *   is the item "(blank)";
 * - a cell with no source row is empty; grand totals close rows and columns ("Show or hide
 *   subtotals and totals in a PivotTable": both are shown by default);
 * - each report filter is a row above the body, the field's name and "(All)" (no item chosen),
 *   with an empty row between the filters and the body; a body placed too high for them moves
 *   down ("Office assumes that @ref specifies the range of the PivotTable excluding the page
 *   fields", [MS-OI29500] 2.1.770, so the filter area is outside the body's range);
 * - the words are the workbook's language: pt-BR Excel shows "Soma de Valor", "Rótulos de Linha",
 *   "Rótulos de Coluna", "Total Geral", "(Tudo)" and "(vazio)".
 * Sums are doubles added in the source's row order, as Excel adds them.
 */
import type { CellValue } from "../../workbook/port";
import type { Box } from "./cells";
import type { Culture } from "./culture";

const WORDS: Record<
  Culture,
  Record<"sum" | "count" | "rowLabels" | "columnLabels" | "total" | "all" | "blank", string>
> = {
  "en-US": {
    sum: "Sum of",
    count: "Count of",
    rowLabels: "Row Labels",
    columnLabels: "Column Labels",
    total: "Grand Total",
    all: "(All)",
    blank: "(blank)",
  },
  "pt-BR": {
    sum: "Soma de",
    count: "Contagem de",
    rowLabels: "Rótulos de Linha",
    columnLabels: "Rótulos de Coluna",
    total: "Total Geral",
    all: "(Tudo)",
    blank: "(vazio)",
  },
};

export type SummarizeBy = "Sum" | "Count";

/** What a PivotTable is made of: its source's rows by header, and its fields on each axis. */
export interface PivotShape {
  header: string[];
  rows: CellValue[][];
  rowField: string | undefined;
  columnField: string | undefined;
  filters: string[];
  data: { field: string; summarizeBy: SummarizeBy } | undefined;
}

/** The computed report: its cells from the body's top-left, and where each part is. */
export interface PivotCells {
  /** The body (the PivotTable's range without the filter area). */
  body: Box;
  cells: CellValue[][];
  /** The filter area, or null without filters. */
  filter: Box | null;
  filterCells: CellValue[][];
  dataBody: Box | null;
  rowLabels: Box | null;
  columnLabels: Box | null;
}

/** The caption of a data field ("Sum of Valor", "Soma de Valor"). */
export function dataCaption(field: string, summarizeBy: SummarizeBy, culture: Culture): string {
  const words = WORDS[culture];
  return `${summarizeBy === "Sum" ? words.sum : words.count} ${field}`;
}

interface Item {
  key: string;
  label: CellValue;
}

const keyOf = (value: CellValue): string =>
  value === "" ? "blank" : `${typeof value}:${String(value).toLowerCase()}`;

const RANK: Record<string, number> = { number: 0, string: 1, boolean: 2 };

/** The field's items, sorted as Excel sorts them (see the file comment). */
function itemsOf(values: CellValue[], culture: Culture): Item[] {
  const seen = new Map<string, Item>();
  for (const value of values)
    if (!seen.has(keyOf(value))) seen.set(keyOf(value), { key: keyOf(value), label: value });
  const rank = (item: Item) => (item.label === "" ? 3 : (RANK[typeof item.label] ?? 3));
  return [...seen.values()].sort((first, second) => {
    if (rank(first) !== rank(second)) return rank(first) - rank(second);
    if (typeof first.label === "number" && typeof second.label === "number")
      return first.label - second.label;
    return String(first.label).localeCompare(String(second.label), culture, { sensitivity: "base" });
  });
}

/** Sums (or counts) of the data field by row item and column item key, and their totals. */
function aggregate(shape: PivotShape, rowAt: number, columnAt: number, dataAt: number) {
  const cells = new Map<string, number>();
  const add = (key: string, value: CellValue) => {
    const data = shape.data;
    if (!data) return;
    const amount =
      data.summarizeBy === "Count" ? (value === "" ? 0 : 1) : typeof value === "number" ? value : 0;
    cells.set(key, (cells.get(key) ?? 0) + amount);
  };
  for (const row of shape.rows) {
    const rowKey = rowAt >= 0 ? keyOf(row[rowAt] ?? "") : "*";
    const columnKey = columnAt >= 0 ? keyOf(row[columnAt] ?? "") : "*";
    const value = dataAt >= 0 ? (row[dataAt] ?? "") : "";
    for (const key of [`${rowKey}|${columnKey}`, `${rowKey}|total`, `total|${columnKey}`, "total|total"])
      add(key, value);
  }
  return (row: string, column: string): CellValue => cells.get(`${row}|${column}`) ?? "";
}

/** Where a header is in the source (case-insensitively, as Excel matches field names). */
function columnIndex(header: string[], field: string | undefined): number {
  if (field === undefined) return -1;
  return header.findIndex((h) => h.toLowerCase() === field.toLowerCase());
}

/** The report's body cells (see the file comment's example). */
function bodyCells(shape: PivotShape, culture: Culture): { cells: CellValue[][]; headerRows: number } {
  const words = WORDS[culture];
  const rowAt = columnIndex(shape.header, shape.rowField);
  const columnAt = columnIndex(shape.header, shape.columnField);
  const value = aggregate(shape, rowAt, columnAt, columnIndex(shape.header, shape.data?.field));
  const label = (item: Item): CellValue => (item.label === "" ? words.blank : item.label);
  const rowItems =
    rowAt >= 0
      ? itemsOf(
          shape.rows.map((r) => r[rowAt] ?? ""),
          culture,
        )
      : [];
  const columnItems =
    columnAt >= 0
      ? itemsOf(
          shape.rows.map((r) => r[columnAt] ?? ""),
          culture,
        )
      : [];
  const caption = shape.data ? dataCaption(shape.data.field, shape.data.summarizeBy, culture) : "";
  const rowHead = rowAt >= 0 ? words.rowLabels : "";
  const lines: Array<{ key: string; label: CellValue }> =
    rowAt >= 0
      ? [
          ...rowItems.map((item) => ({ key: item.key, label: label(item) })),
          { key: "total", label: words.total },
        ]
      : shape.data
        ? [{ key: "*", label: "" }]
        : [];
  if (columnAt >= 0) {
    const keys = [...columnItems.map((item) => item.key), "total"];
    const head = [
      [caption, words.columnLabels, ...columnItems.map(() => "")],
      [rowHead, ...columnItems.map(label), words.total],
    ];
    const rows = lines.map((line) => [
      line.label,
      ...keys.map((k) => (shape.data ? value(line.key, k) : "")),
    ]);
    return { cells: [...head, ...rows], headerRows: 2 };
  }
  const head = shape.data ? [rowHead, caption] : [rowHead];
  const rows = lines.map((line) => (shape.data ? [line.label, value(line.key, "*")] : [line.label]));
  const cells = [head, ...rows];
  // A data field alone: its caption over its total, without a label column.
  if (rowAt < 0 && shape.data) return { cells: cells.map((row) => row.slice(1)), headerRows: 1 };
  return { cells, headerRows: 1 };
}

/**
 * The report laid out from `anchor` (the body's top-left as asked): the body moves down when the
 * filter area does not fit above it. An empty PivotTable covers its top-left cell.
 */
export function layoutPivot(
  shape: PivotShape,
  anchor: { row: number; column: number },
  culture: Culture,
): PivotCells {
  const filters = shape.filters.length;
  const top = filters > 0 ? Math.max(anchor.row, filters + 1) : anchor.row;
  const left = anchor.column;
  const { cells, headerRows } = bodyCells(shape, culture);
  const rows = Math.max(1, cells.length);
  const cols = Math.max(1, ...cells.map((r) => r.length));
  const body: Box = { top, left, rows, cols };
  const hasRows = shape.rowField !== undefined;
  const hasColumns = shape.columnField !== undefined;
  const firstValueColumn = hasRows || hasColumns ? 1 : 0;
  const dataBody: Box | null =
    shape.data && rows > headerRows
      ? {
          top: top + headerRows,
          left: left + firstValueColumn,
          rows: rows - headerRows,
          cols: cols - firstValueColumn,
        }
      : null;
  return {
    body,
    cells: cells.length > 0 ? cells : [[""]],
    filter: filters > 0 ? { top: top - 1 - filters, left, rows: filters, cols: 2 } : null,
    filterCells: shape.filters.map((field) => [field, WORDS[culture].all]),
    dataBody,
    rowLabels: hasRows ? { top: top + headerRows - 1, left, rows: rows - headerRows + 1, cols: 1 } : null,
    columnLabels: hasColumns ? { top, left: left + 1, rows: 2, cols: cols - 1 } : null,
  };
}
