/**
 * The fake workbook's calculation: the value of every formula cell, its spill, and what the
 * formula engine (./formulas.ts) asks of the workbook. Excel recalculates automatically after every
 * change ("Change formula recalculation, iteration, or precision in Excel": automatic is the
 * default); the fake computes a formula when it is read and keeps the result until the workbook
 * changes (a generation counter every change moves on), which reads the same.
 */
import type { CellValue } from "../../workbook/port";
import type { Box } from "./cells";
import {
  type Area,
  type CellAt,
  ERRORS,
  ExcelError,
  type FormulaHost,
  type FormulaValue,
  type Matrix,
  type Scalar,
  asCellValue,
} from "./formula-values";
import { evaluateFormula } from "./formulas";
import { mayGiveArray } from "./formula-tree";
import type { FakeCustomFunctions } from "./custom-functions";
import type { SheetCells } from "./cells";

/** What the calculation reads of a sheet and a table (./model.ts's `FakeSheet` and `FakeTable`). */
interface FakeSheet {
  id: string;
  name: string;
  cells: SheetCells;
}

interface FakeTable {
  name: string;
  sheet: FakeSheet;
  headerRow: number;
  left: number;
  columns: Array<{ name: string }>;
  rowCount: number;
  showTotals: boolean;
}

interface Workbook {
  findSheet(name: string): FakeSheet | undefined;
  findTable(name: string): FakeTable | undefined;
  readonly tables: FakeTable[];
}

interface Spills {
  generation: number;
  /** Spilled values by "row:column" (the anchors' own cells excluded). */
  cells: Map<string, Scalar>;
  /** The used area's last row and column, spills included. */
  bottom: number;
  right: number;
}

const key = (row: number, column: number) => `${row}:${column}`;

export class Calculation implements FormulaHost {
  private generation = 0;
  private readonly results = new Map<FakeSheet, Map<string, { generation: number; value: FormulaValue }>>();
  private readonly spills = new Map<FakeSheet, Spills>();
  /** The spills while formulas of the sheet (`underway`, their ids) are being computed. */
  private readonly partialSpills = new Map<FakeSheet, { underway: string; spills: Spills }>();
  /** The cells of formulas that can give an array, by sheet, for the generation listed. */
  private readonly arrayFormulaCells = new Map<FakeSheet, { generation: number; cells: string[] }>();
  private readonly evaluating = new Set<string>();
  /** Times a formula read a cell under evaluation (a circle, or the spills' detour). */
  private cycleHits = 0;
  /** Cells met again while being computed, outside the spills' detour. */
  private readonly circular = new Set<string>();
  /** Depth of `spillsOf` computing other formulas while one is under evaluation. */
  private detours = 0;
  /** The add-in's custom functions, once registered (./custom-functions.ts). */
  customFunctions: FakeCustomFunctions | undefined;

  constructor(private readonly workbook: Workbook) {}

  /**
   * Something in the workbook changed (a cell, when it is known): every formula is computed again
   * when next read, and a custom function's call in that cell stops.
   */
  touch(sheet?: FakeSheet, row?: number, column?: number): void {
    this.generation++;
    if (!sheet || !this.customFunctions) return;
    if (row === undefined || column === undefined) this.customFunctions.sheetChanged(sheet.name);
    else this.customFunctions.cellChanged(sheet.name, row, column);
  }

  /** A formula cell's value as `Range.values` reads it: its result, or its spill's first value. */
  formulaCellValue(sheet: FakeSheet, row: number, column: number): CellValue {
    const result = this.result(sheet, row, column);
    return asCellValue(Array.isArray(result) ? this.anchorValue(sheet, row, column, result) : result);
  }

  /** The value a spill puts in an empty cell, or undefined. */
  spilledValue(sheet: FakeSheet, row: number, column: number): CellValue | undefined {
    if (sheet.cells.formulas.size === 0) return undefined;
    const spilled = this.spillsOf(sheet).cells.get(key(row, column));
    return spilled === undefined ? undefined : asCellValue(spilled);
  }

  /** The error of a formula cell (an `ExcelError`), for `Range.valueTypes` and the preview. */
  errorAt(sheet: FakeSheet, row: number, column: number): ExcelError | undefined {
    const result = this.result(sheet, row, column);
    const top = Array.isArray(result) ? this.anchorValue(sheet, row, column, result) : result;
    return top instanceof ExcelError ? top : undefined;
  }

  /** The box of the used cells, spilled cells included ("Worksheet.getUsedRange" counts them, as Excel shows them). */
  usedBox(sheet: FakeSheet): Box | null {
    const used = sheet.cells.usedBox();
    if (!used || sheet.cells.formulas.size === 0) return used;
    const { bottom, right } = this.spillsOf(sheet);
    return {
      top: used.top,
      left: used.left,
      rows: Math.max(used.top + used.rows - 1, bottom) - used.top + 1,
      cols: Math.max(used.left + used.cols - 1, right) - used.left + 1,
    };
  }

  // FormulaHost ------------------------------------------------------------------------------

  cell(sheetName: string, row: number, column: number): Scalar | undefined {
    const sheet = this.workbook.findSheet(sheetName);
    if (!sheet) return undefined;
    if (sheet.cells.formula(row, column) !== undefined) {
      const result = this.result(sheet, row, column);
      return Array.isArray(result) ? this.anchorValue(sheet, row, column, result) : result;
    }
    const stored = sheet.cells.rawValue(row, column);
    if (stored !== "") return stored;
    return this.spilledValue(sheet, row, column) ?? null;
  }

  usedArea(sheetName: string): Area | undefined {
    const sheet = this.workbook.findSheet(sheetName);
    if (!sheet) return undefined;
    const { bottom, right } = this.spillsOf(sheet);
    return { sheet: sheet.name, top: 0, left: 0, bottom, right };
  }

  tableArea(name: string, columns: string[], sections: string[], at: CellAt): Area | undefined {
    const table = name === "" ? this.tableAt(at) : this.workbook.findTable(name);
    if (!table) return undefined;
    const index = (c: string) => table.columns.findIndex((col) => col.name.toLowerCase() === c.toLowerCase());
    const wanted = columns.map(index);
    if (wanted.some((i) => i < 0)) return undefined;
    const first = wanted.length ? Math.min(...wanted) : 0;
    const last = wanted.length ? Math.max(...wanted) : table.columns.length - 1;
    const dataTop = table.headerRow + 1;
    const dataBottom = table.headerRow + table.rowCount;
    const section = sections.map((s) => s.toLowerCase());
    let top = dataTop;
    let bottom = dataBottom;
    if (section.includes("this row")) {
      if (at.row < dataTop || at.row > dataBottom) return undefined;
      top = bottom = at.row;
    } else if (section.includes("all")) {
      top = table.headerRow;
      bottom = dataBottom + (table.showTotals ? 1 : 0);
    } else {
      if (section.includes("headers")) top = table.headerRow;
      if (section.includes("totals")) {
        if (!table.showTotals) return undefined;
        bottom = dataBottom + 1;
        if (!section.includes("data")) top = section.includes("headers") ? table.headerRow : bottom;
      } else if (section.includes("headers") && !section.includes("data")) bottom = table.headerRow;
    }
    return { sheet: table.sheet.name, top, left: table.left + first, bottom, right: table.left + last };
  }

  spillOf(sheetName: string, row: number, column: number): Matrix | undefined {
    const sheet = this.workbook.findSheet(sheetName);
    if (!sheet || sheet.cells.formula(row, column) === undefined) return undefined;
    const result = this.result(sheet, row, column);
    if (!Array.isArray(result)) return [[result]];
    return this.blocked(sheet, row, column, result) ? undefined : result;
  }

  customFunction(name: string, args: FormulaValue[], at: CellAt): FormulaValue | undefined {
    return this.customFunctions?.call(name, args, at);
  }

  // ------------------------------------------------------------------------------------------

  private result(sheet: FakeSheet, row: number, column: number): FormulaValue {
    const formula = sheet.cells.formula(row, column);
    if (formula === undefined) return null;
    let bySheet = this.results.get(sheet);
    if (!bySheet) {
      bySheet = new Map<string, { generation: number; value: FormulaValue }>();
      this.results.set(sheet, bySheet);
    }
    const cellKey = key(row, column);
    const cached = bySheet.get(cellKey);
    if (cached?.generation === this.generation) return cached.value;
    const id = `${sheet.id}|${cellKey}`;
    // A circular reference: Excel warns and the cell shows 0.
    if (this.evaluating.has(id)) {
      this.cycleHits++;
      // Met again outside the spills' detour: a true circle through this cell.
      if (this.detours === 0) this.circular.add(id);
      return 0;
    }
    this.evaluating.add(id);
    const generation = this.generation;
    const hits = this.cycleHits;
    let value: FormulaValue;
    try {
      value = evaluateFormula(formula, { sheet: sheet.name, row, column }, this);
    } finally {
      this.evaluating.delete(id);
    }
    // A cell of a circle shows 0, as Excel shows it (with its circular-reference warning).
    if (this.circular.delete(id)) value = 0;
    // Kept unless a custom function answered meanwhile (the generation moved on), or a cell on
    // the way read as 0 for being under evaluation: computing the spills a whole-column reference
    // reaches visits every formula of the sheet, those that depend on the one being computed too.
    if (generation === this.generation && hits === this.cycleHits)
      bySheet.set(cellKey, { generation, value });
    return value;
  }

  /** The anchor's own value: the array's first, or #SPILL! when a value stands in the way. */
  private anchorValue(sheet: FakeSheet, row: number, column: number, array: Matrix): Scalar {
    return this.blocked(sheet, row, column, array) ? ERRORS.spill : (array[0]?.[0] ?? null);
  }

  private blocked(sheet: FakeSheet, row: number, column: number, array: Matrix): boolean {
    for (let rowOffset = 0; rowOffset < array.length; rowOffset++) {
      const width = array[rowOffset]?.length ?? 0;
      for (let columnOffset = 0; columnOffset < width; columnOffset++) {
        if (rowOffset === 0 && columnOffset === 0) continue;
        if (sheet.cells.rawValue(row + rowOffset, column + columnOffset) !== "") return true;
        if (sheet.cells.formula(row + rowOffset, column + columnOffset) !== undefined) return true;
      }
    }
    return false;
  }

  /**
   * The spills of the sheet's formulas. Complete (every formula's, kept until the workbook
   * changes) when no formula of the sheet is being computed; while one is, only the other
   * formulas that can give an array are computed (the others spill nothing, and may depend on the
   * one being computed), kept for as long as the same formulas are under evaluation in the same
   * generation: every empty cell a formula reads asks for them.
   */
  private spillsOf(sheet: FakeSheet): Spills {
    const cached = this.spills.get(sheet);
    if (cached?.generation === this.generation) return cached;
    // Built while a formula of this sheet is being computed, it lacks that formula's spill:
    // used for this evaluation, not kept as the sheet's.
    const prefix = `${sheet.id}|`;
    const underway = [...this.evaluating].filter((id) => id.startsWith(prefix)).join(",");
    const complete = underway === "";
    const partial = this.partialSpills.get(sheet);
    if (!complete && partial?.spills.generation === this.generation && partial.underway === underway)
      return partial.spills;
    const used = sheet.cells.usedBox();
    const spills: Spills = {
      generation: this.generation,
      cells: new Map(),
      bottom: used ? used.top + used.rows - 1 : 0,
      right: used ? used.left + used.cols - 1 : 0,
    };
    const candidates = complete ? sheet.cells.formulas.keys() : this.arrayFormulas(sheet);
    for (const cellKey of candidates) {
      const [row = 0, column = 0] = cellKey.split(":").map(Number);
      if (this.evaluating.has(`${prefix}${cellKey}`)) continue;
      this.detours++;
      let result: FormulaValue;
      try {
        result = this.result(sheet, row, column);
      } finally {
        this.detours--;
      }
      if (!Array.isArray(result) || this.blocked(sheet, row, column, result)) continue;
      result.forEach((cells, rowOffset) =>
        cells.forEach((spilled, columnOffset) => {
          if (rowOffset === 0 && columnOffset === 0) return;
          spills.cells.set(key(row + rowOffset, column + columnOffset), spilled ?? 0);
        }),
      );
      spills.bottom = Math.max(spills.bottom, row + result.length - 1);
      spills.right = Math.max(spills.right, column + (result[0]?.length ?? 1) - 1);
    }
    if (spills.generation === this.generation) {
      if (complete) this.spills.set(sheet, spills);
      else this.partialSpills.set(sheet, { underway, spills });
    }
    return spills;
  }

  /** The cells of the sheet's formulas that can give an array, listed once per generation. */
  private arrayFormulas(sheet: FakeSheet): string[] {
    const listed = this.arrayFormulaCells.get(sheet);
    if (listed?.generation === this.generation) return listed.cells;
    const cells = [...sheet.cells.formulas].filter(([, formula]) => mayGiveArray(formula)).map(([at]) => at);
    this.arrayFormulaCells.set(sheet, { generation: this.generation, cells });
    return cells;
  }

  private tableAt(at: CellAt): FakeTable | undefined {
    return this.workbook.tables.find(
      (t) =>
        t.sheet.name === at.sheet &&
        at.row > t.headerRow &&
        at.row <= t.headerRow + t.rowCount &&
        at.column >= t.left &&
        at.column < t.left + t.columns.length,
    );
  }
}
