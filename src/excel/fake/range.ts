/**
 * The fake `Excel.Range`: a rectangle of one worksheet, found when an action first needs it.
 * Reading and writing follow ./cells.ts; every write raises the tables' `onChanged` (./model.ts).
 * "Excel.Range class", https://learn.microsoft.com/javascript/api/excel/excel.range
 */
import type { CellValue } from "../../workbook/port";
import type { CellInput } from "../office-api";
import { type Box, MAX_COLUMNS, MAX_ROWS, checkInput, checkShape, invalidArgument } from "./cells";
import { formulaFromLocal, formulasToLocal, shownText } from "./culture";
import { type HostContext, HostObject, unknownProperty } from "./host-object";
import { boxAddress, intersect } from "./box";
import { type FakeSheet, notFound } from "./model";
import { refuseWriteInPivot } from "./pivot-cells";
import {
  FakeConditionalFormats,
  type FormattedRange,
  FakeDataValidation,
  FakeRangeFormat,
} from "./range-format";

export interface RangeTarget {
  sheet: FakeSheet;
  box: Box;
}

const SCALARS = [
  "address",
  "rowIndex",
  "columnIndex",
  "rowCount",
  "columnCount",
  "values",
  "numberFormat",
  "formulas",
  "formulasLocal",
  "text",
  "valueTypes",
];

function checkBox(box: Box): Box {
  if (
    box.rows < 1 ||
    box.cols < 1 ||
    box.top < 0 ||
    box.left < 0 ||
    box.top + box.rows > MAX_ROWS ||
    box.left + box.cols > MAX_COLUMNS
  ) {
    throw invalidArgument("The range is outside the worksheet grid or empty.");
  }
  return box;
}

export class FakeRange extends HostObject<RangeTarget> implements FormattedRange {
  protected readonly scalarNames = SCALARS;

  constructor(ctx: HostContext, locate: () => RangeTarget | null) {
    super(ctx, locate);
  }

  /** The cells, for the operations that take a range as an argument (`ChartCollection.add`). */
  rangeTarget(): RangeTarget {
    return this.target();
  }

  protected read(target: RangeTarget, name: string): unknown {
    const { sheet, box } = target;
    switch (name) {
      case "values":
        return sheet.cells.read(box);
      case "numberFormat":
        return sheet.cells.readFormats(box);
      case "formulas":
        return sheet.cells.readFormulas(box);
      case "formulasLocal": {
        // "Range.formulasLocal": the formulas in the user's language (./culture.ts).
        const { culture, calc } = this.ctx.model;
        const names = calc.customFunctions?.localNames(culture);
        return formulasToLocal(sheet.cells.readFormulas(box), culture, names);
      }
      case "text":
        // "Range.text": what each cell shows, through its number format in the workbook's culture.
        return sheet.cells
          .read(box)
          .map((row, i) =>
            row.map((v, c) =>
              shownText(v, sheet.cells.format(box.top + i, box.left + c), this.ctx.model.culture),
            ),
          );
      case "valueTypes":
        // "Range.valueTypes" ("Excel.RangeValueType"): Empty, String, Double, Boolean or Error.
        return sheet.cells.read(box).map((row, i) =>
          row.map((value, columnOffset) => {
            const sheetRow = box.top + i;
            const sheetColumn = box.left + columnOffset;
            if (
              sheet.cells.formula(sheetRow, sheetColumn) !== undefined &&
              this.ctx.model.calc.errorAt(sheet, sheetRow, sheetColumn)
            )
              return "Error";
            return value === ""
              ? "Empty"
              : typeof value === "number"
                ? "Double"
                : typeof value === "boolean"
                  ? "Boolean"
                  : "String";
          }),
        );
      case "address":
        return `${quoteSheet(sheet.name)}!${boxAddress(box)}`;
      case "rowIndex":
        return box.top;
      case "columnIndex":
        return box.left;
      case "rowCount":
        return box.rows;
      case "columnCount":
        return box.cols;
      default:
        throw unknownProperty(name);
    }
  }

  set values(input: CellInput[][]) {
    this.write("values", input, (sheet, r, c, v) => sheet.cells.typeInto(r, c, v));
  }

  set numberFormat(input: (string | null)[][]) {
    this.change(({ sheet, box }) => {
      const rows = checkShape(input, box, "numberFormat");
      rows.forEach((row, i) =>
        row.forEach((format, columnOffset) => {
          if (format === null) return;
          if (typeof format !== "string") throw invalidArgument("numberFormat takes strings");
          sheet.cells.setFormat(box.top + i, box.left + columnOffset, format);
        }),
      );
    });
  }

  /** "Range.formulasLocal": formulas and values as typed in the workbook's culture (./culture.ts). */
  set formulasLocal(input: CellInput[][]) {
    const { culture, calc } = this.ctx.model;
    this.write("formulasLocal", input, (sheet, row, column, value) => {
      const names = calc.customFunctions?.invariantNames();
      const typed =
        typeof value === "string" && value.startsWith("=") ? formulaFromLocal(value, culture, names) : value;
      sheet.cells.typeInto(row, column, typed, culture);
    });
  }

  set formulas(input: CellInput[][]) {
    this.write("formulas", input, (sheet, r, c, v) => sheet.cells.typeInto(r, c, v));
  }

  private write(
    property: string,
    input: CellInput[][],
    put: (sheet: FakeSheet, row: number, column: number, v: CellValue) => void,
  ): void {
    this.change(({ sheet, box }) => {
      const rows = checkShape(input, box, property);
      refuseWriteInPivot(sheet, box);
      // Every value is checked before any is written: a bad array changes nothing.
      const checked = rows.map((row) => row.map(checkInput));
      checked.forEach((row, i) =>
        row.forEach((value, columnOffset) => {
          if (value !== null) put(sheet, box.top + i, box.left + columnOffset, value);
        }),
      );
      this.ctx.model.syncHeaderNames(sheet, box);
      this.ctx.model.raise(sheet, box, "RangeEdited");
    });
  }

  private derive(reshape: (b: Box) => Box): FakeRange {
    return new FakeRange(this.ctx, () => {
      const source = this.target();
      return { sheet: source.sheet, box: checkBox(reshape(source.box)) };
    });
  }

  /** The cell may lie outside this range, within the grid ("Range.getCell"). */
  getCell(row: number, column: number): FakeRange {
    return this.derive((b) => ({ top: b.top + row, left: b.left + column, rows: 1, cols: 1 }));
  }
  getRow(row: number): FakeRange {
    return this.derive((box) => {
      if (row < 0 || row >= box.rows) throw invalidArgument(`Row ${row} is outside the range.`);
      return { ...box, top: box.top + row, rows: 1 };
    });
  }
  /**
   * The rectangle both ranges cover, found when first used; none fails with ItemNotFound
   * ("Range.getIntersection": "If no intersection is found, an ItemNotFound error will be thrown",
   * https://learn.microsoft.com/javascript/api/excel/excel.range#excel-excel-range-getintersection-member(1)).
   */
  getIntersection(other: unknown): FakeRange {
    if (!(other instanceof FakeRange))
      throw invalidArgument("getIntersection: the fake takes a range, not an address");
    return new FakeRange(this.ctx, () => {
      const thisTarget = this.target();
      const otherTarget = other.target();
      const box = thisTarget.sheet === otherTarget.sheet ? intersect(thisTarget.box, otherTarget.box) : null;
      if (!box) throw notFound("the intersection of the ranges");
      return { sheet: thisTarget.sheet, box };
    });
  }
  /**
   * The smallest range that holds both ("Range.getBoundingRect", ExcelApi 1.1): office.js calls it
   * to split a large `values` write into blocks of rows (`setRangePropertiesInBulk`).
   */
  getBoundingRect(other: unknown): FakeRange {
    if (!(other instanceof FakeRange))
      throw invalidArgument("getBoundingRect: the fake takes a range, not an address");
    return new FakeRange(this.ctx, () => {
      const first = this.target();
      const second = other.target();
      if (first.sheet !== second.sheet) throw invalidArgument("The ranges are on different worksheets.");
      const [one, two] = [first.box, second.box];
      const top = Math.min(one.top, two.top);
      const left = Math.min(one.left, two.left);
      const bottom = Math.max(one.top + one.rows, two.top + two.rows);
      const right = Math.max(one.left + one.cols, two.left + two.cols);
      return { sheet: first.sheet, box: { top, left, rows: bottom - top, cols: right - left } };
    });
  }

  /**
   * `Range._ValidateArraySize(rows, columns)`: office.js sends it before the blocks of a large
   * `values` write (`setRangePropertiesInBulk`), so that an array of the wrong shape fails before
   * any block is written, with the `InvalidArgument` a whole write would give.
   */
  _ValidateArraySize(rows: number, columns: number): void {
    this.change(({ box }) => {
      if (box.rows !== rows || box.cols !== columns)
        throw invalidArgument(
          `The number of rows or columns in the input array doesn't match the size or dimensions of the range.`,
        );
    });
  }

  getLastRow(): FakeRange {
    return this.derive((b) => ({ ...b, top: b.top + b.rows - 1, rows: 1 }));
  }
  getEntireRow(): FakeRange {
    return this.derive((b) => ({ top: b.top, rows: b.rows, left: 0, cols: MAX_COLUMNS }));
  }
  getOffsetRange(rowOffset: number, columnOffset: number): FakeRange {
    return this.derive((b) => ({ ...b, top: b.top + rowOffset, left: b.left + columnOffset }));
  }
  getResizedRange(deltaRows: number, deltaColumns: number): FakeRange {
    return this.derive((b) => ({ ...b, rows: b.rows + deltaRows, cols: b.cols + deltaColumns }));
  }

  /** Selects the range and activates its sheet ("Range.select"). */
  select(): void {
    this.change(({ sheet, box }) => {
      if (sheet.visibility !== "Visible") throw invalidArgument("A hidden sheet's cells cannot be selected.");
      this.ctx.model.active = sheet;
      this.ctx.model.selection = { sheet: sheet.name, areas: [box] };
    });
  }

  readonly format = new FakeRangeFormat(this);
  readonly dataValidation = new FakeDataValidation(this);
  readonly conditionalFormats = new FakeConditionalFormats(this);

  /** The sheet's used cells, spills included (for `RangeFormat.autofitColumns`). */
  usedBoxOf(sheet: FakeSheet): Box | null {
    return this.ctx.model.calc.usedBox(sheet);
  }

  /** For the helper objects (./range-format.ts): a change to this range's cells. */
  changeRange(apply: (t: RangeTarget) => void): void {
    this.change(apply);
  }
}

/** A sheet name as an address writes it: quoted when it is not a plain word. */
export function quoteSheet(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.]*$/.test(name) ? name : `'${name.replace(/'/g, "''")}'`;
}
