/**
 * How the fake grows a table: a column on its right (`TableColumnCollection.add`) and rows at its
 * bottom (`TableRowCollection.add`), with the cells around it shifted as Excel shifts them, and
 * Excel's refusal when that would move another table or a PivotTable (./pivot-cells.ts). The workbook state they change is
 * ./model.ts; each rule cites the Office doc it follows.
 */
import type { CellValue } from "../../workbook/port";
import { MAX_COLUMNS, MAX_ROWS, checkInput, invalidArgument } from "./cells";
import { type FakeModel, type FakeTable, invalidOperation, uniqueHeaders } from "./model";
import { refuseMovingPivot } from "./pivot-cells";

/**
 * `TableColumnCollection.add(null, null, name)`: a column on the right; Excel shifts the cells
 * to the right of the table, in the table's rows, one column right, and refuses when that would
 * move another table.
 */
export function addTableColumn(model: FakeModel, table: FakeTable, name: string | undefined): void {
  const box = model.tableBox(table);
  const at = table.left + table.columns.length;
  const bottom = box.top + box.rows - 1;
  const blocked = model.tables.some((other) => {
    if (other === table || other.sheet !== table.sheet) return false;
    const otherBox = model.tableBox(other);
    return (
      otherBox.left + otherBox.cols > at &&
      otherBox.top <= bottom &&
      otherBox.top + otherBox.rows - 1 >= box.top
    );
  });
  if (blocked) throw invalidOperation("This operation would shift cells of another table.");
  refuseMovingPivot(table.sheet, { top: box.top, left: at, rows: box.rows, cols: MAX_COLUMNS - at });
  table.sheet.cells.shiftRight(box.top, bottom, at);
  const taken = table.columns.map((c) => c.name);
  const header = uniqueHeaders([...taken, name ?? ""]).at(-1) ?? `Column${taken.length + 1}`;
  table.columns.push({ id: Math.max(0, ...table.columns.map((c) => c.id)) + 1, name: header });
  table.sheet.cells.putRaw(table.headerRow, at, header);
  model.raise(table.sheet, { top: box.top, left: at, rows: box.rows, cols: 1 }, "ColumnInserted");
}

/**
 * `TableRowCollection.add(null, values)`: rows at the bottom of the data (above the totals
 * row); the cells under the table, in its columns, move down, and Excel refuses when that
 * would move another table. New cells take the formats of the last data row, as Excel extends
 * a table's formatting; values are typed as `Range.values` writes them.
 */
export function addTableRows(model: FakeModel, table: FakeTable, rows: CellValue[][]): void {
  const width = table.columns.length;
  if (rows.length === 0 || rows.some((r) => !Array.isArray(r) || r.length !== width)) {
    throw invalidArgument(`rows.add: every row needs exactly ${width} values`);
  }
  const at = table.headerRow + 1 + table.rowCount;
  const right = table.left + width - 1;
  const blocked = model.tables.some(
    (o) =>
      o !== table &&
      o.sheet === table.sheet &&
      o.headerRow >= at &&
      o.left <= right &&
      o.left + o.columns.length - 1 >= table.left,
  );
  if (blocked) throw invalidOperation("This operation would move cells of another table.");
  refuseMovingPivot(table.sheet, { top: at, left: table.left, rows: MAX_ROWS - at, cols: width });
  const cells = table.sheet.cells;
  cells.shiftDown(at, table.left, right, rows.length);
  rows.forEach((row, i) =>
    row.forEach((value, columnOffset) => {
      const format = cells.format(at - 1, table.left + columnOffset);
      if (format !== "General") cells.setFormat(at + i, table.left + columnOffset, format);
      cells.typeInto(at + i, table.left + columnOffset, checkInputValue(value));
    }),
  );
  table.rowCount += rows.length;
  model.raise(table.sheet, { top: at, left: table.left, rows: rows.length, cols: width }, "RowInserted");
}

function checkInputValue(value: unknown): CellValue {
  const checked = checkInput(value);
  if (checked === null) throw invalidArgument("rows.add takes values, not null");
  return checked;
}
