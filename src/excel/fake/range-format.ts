/**
 * What a fake `Excel.Range` formats, each a helper object of the range that changes its cells: column widths ("Excel.RangeFormat", https://learn.microsoft.com/javascript/api/excel/excel.rangeformat),
 * data validation ("Excel.DataValidation", https://learn.microsoft.com/javascript/api/excel/excel.datavalidation)
 * and conditional formats ("Excel.ConditionalFormatCollection",
 * https://learn.microsoft.com/javascript/api/excel/excel.conditionalformatcollection).
 */
import type { CellValue } from "../../workbook/port";
import { type Box, invalidArgument } from "./cells";
import { unknownProperty } from "./host-object";
import { intersect } from "./box";
import type { FakeSheet } from "./model";

/** The range a helper object belongs to: whose cells its changes apply to. */
export interface FormattedRange {
  /** Applies a change to the range's cells now. */
  changeRange(apply: (target: { sheet: FakeSheet; box: Box }) => void): void;
  /** The sheet's used cells, spills included (for `RangeFormat.autofitColumns`). */
  usedBoxOf(sheet: FakeSheet): Box | null;
}

export class FakeRangeFormat {
  constructor(private readonly range: FormattedRange) {}
  /** Column width in points for every column of the range ("RangeFormat.columnWidth"). */
  set columnWidth(points: number) {
    this.range.changeRange(({ sheet, box }) => {
      if (!(points >= 0)) throw invalidArgument("columnWidth must be a non-negative number");
      for (let column = box.left; column < box.left + box.cols; column++) sheet.widths.set(column, points);
    });
  }
  /**
   * Best fit for the data of the range's columns ("RangeFormat.autofitColumns()": "Changes the
   * width of the columns of the current range to achieve the best fit, based on the current data
   * in the columns"). Excel measures the rendered text; the fake estimates it from the longest
   * value's characters (Calibri 11: about 5.5 points each, plus the cell's padding), an empty
   * column gets Excel's standard width (8.43 characters, 48 points), and no column goes past
   * Excel's maximum of 255 characters.
   */
  autofitColumns(): void {
    this.range.changeRange(({ sheet, box }) => {
      const used = this.range.usedBoxOf(sheet);
      const top = Math.max(box.top, used?.top ?? 0);
      const bottom = Math.min(box.top + box.rows, used ? used.top + used.rows : 0);
      fitColumns(sheet, { top, left: box.left, rows: Math.max(0, bottom - top), cols: box.cols });
    });
  }
}

/** Each column of `box` as wide as its longest value within the box (see `autofitColumns`). */
export function fitColumns(sheet: FakeSheet, box: Box): void {
  for (let column = box.left; column < box.left + box.cols; column++) {
    let chars = 0;
    for (let row = box.top; row < box.top + box.rows; row++)
      chars = Math.max(chars, displayChars(sheet.cells.value(row, column), sheet.cells.format(row, column)));
    sheet.widths.set(
      column,
      chars === 0
        ? STANDARD_WIDTH_POINTS
        : Math.min(MAX_WIDTH_POINTS, Math.ceil(chars * POINTS_PER_CHAR + CELL_PADDING_POINTS)),
    );
  }
}

/**
 * Length of formula contents: 8,192 characters ("Excel specifications and limits",
 * https://support.microsoft.com/office/excel-specifications-and-limits-1672b34d-7043-467e-8e27-269d656771c3).
 */
const MAX_FORMULA_CHARS = 8192;
const POINTS_PER_CHAR = 5.5;
const CELL_PADDING_POINTS = 6;
const STANDARD_WIDTH_POINTS = 48;
const MAX_WIDTH_POINTS = 255 * POINTS_PER_CHAR + CELL_PADDING_POINTS;

/** Characters a value shows: numbers as the currency and grouping of their format add them. */
function displayChars(value: CellValue, format: string): number {
  if (value === "" || value === null || value === undefined) return 0;
  if (typeof value !== "number") return String(value).length;
  const digits = Math.trunc(Math.abs(value)).toString().length;
  const decimals = /0\.(0+)/.exec(format)?.[1]?.length ?? 0;
  const grouped = format.includes(",") ? Math.floor((digits - 1) / 3) : 0;
  const currency = /R\$|\$/.test(format) ? 3 : 0;
  return digits + grouped + (decimals > 0 ? decimals + 1 : 0) + currency + (value < 0 ? 1 : 0);
}

export class FakeDataValidation {
  constructor(private readonly range: FormattedRange) {}
  /** Replaces the validation of the range's cells ("DataValidation.rule"). */
  set rule(rule: Excel.DataValidationRule) {
    this.range.changeRange(({ sheet, box }) => {
      sheet.validations = sheet.validations.filter((v) => !intersect(v.box, box));
      sheet.validations.push({ box, rule: structuredClone(rule) });
    });
  }
  clear(): void {
    this.range.changeRange(({ sheet, box }) => {
      sheet.validations = sheet.validations.filter((v) => !intersect(v.box, box));
    });
  }
}

export class FakeConditionalFormats {
  constructor(private readonly range: FormattedRange) {}

  /** A custom (formula) rule on the range ("ConditionalFormatCollection.add", type "Custom"). */
  add(type: "Custom"): object {
    const entry: FakeSheet["conditionalFormats"][number] = {
      box: { top: 0, left: 0, rows: 1, cols: 1 },
      formula: "",
    };
    this.range.changeRange(({ sheet, box }) => {
      if (type !== "Custom") throw unknownProperty(`conditional format ${String(type)}`);
      entry.box = box;
      sheet.conditionalFormats.push(entry);
    });
    const set = (apply: () => void) => this.range.changeRange(apply);
    return {
      custom: {
        rule: {
          set formula(formula: string) {
            set(() => {
              // "Excel specifications and limits": a formula holds at most 8,192 characters.
              if (formula.length > MAX_FORMULA_CHARS)
                throw invalidArgument(`A formula is limited to ${MAX_FORMULA_CHARS} characters.`);
              entry.formula = formula;
            });
          },
        },
        format: {
          fill: {
            set color(color: string) {
              set(() => void (entry.fill = color));
            },
          },
          font: {
            set color(color: string) {
              set(() => void (entry.font = color));
            },
          },
        },
      },
    };
  }

  /** Removes every conditional format that touches the range ("clearAll"). */
  clearAll(): void {
    this.range.changeRange(({ sheet, box }) => {
      sheet.conditionalFormats = sheet.conditionalFormats.filter((f) => !intersect(f.box, box));
    });
  }
}
