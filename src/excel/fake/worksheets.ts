/**
 * The fake's `Worksheet` and `WorksheetCollection` ("Excel JavaScript API reference",
 * https://learn.microsoft.com/javascript/api/excel), for the members the add-in calls only.
 */
import { type Box, MAX_COLUMNS, MAX_ROWS, invalidArgument } from "./cells";
import { HostObject, unknownProperty } from "./host-object";
import { type FakeSheet, type Visibility, invalidOperation } from "./model";
import { FakeRange, quoteSheet } from "./range";
import { HostCollection, parseAddress } from "./collection";
import { FakeChartCollection } from "./charts";
import { FakePivotTableCollection } from "./pivots";
import { boxAddress } from "./box";

const SHEET_SCALARS = ["id", "name", "visibility"];

export class FakeWorksheet extends HostObject<FakeSheet> {
  protected readonly scalarNames = SHEET_SCALARS;
  protected read(sheet: FakeSheet, name: string): unknown {
    if (name === "id") return sheet.id;
    if (name === "name") return sheet.name;
    if (name === "visibility") return sheet.visibility;
    throw unknownProperty(name);
  }
  /** A workbook keeps at least one visible sheet ("Worksheet.visibility"). */
  set visibility(visibility: Visibility) {
    this.change((sheet) => {
      if (visibility !== "Visible" && visibility !== "Hidden" && visibility !== "VeryHidden")
        throw invalidArgument(`visibility ${String(visibility)}`);
      const others = this.ctx.model.sheets.filter((o) => o !== sheet && o.visibility === "Visible");
      if (visibility !== "Visible" && others.length === 0)
        throw invalidOperation("A workbook must keep one visible sheet.");
      sheet.visibility = visibility;
      if (visibility !== "Visible" && this.ctx.model.active === sheet) this.ctx.model.active = others[0];
    });
  }

  private range(box: (s: FakeSheet) => Box | null): FakeRange {
    return new FakeRange(this.ctx, () => {
      const sheet = this.target();
      const area = box(sheet);
      return area ? { sheet, box: area } : null;
    });
  }

  getRange(address?: string): FakeRange {
    return this.range(() =>
      address === undefined
        ? { top: 0, left: 0, rows: MAX_ROWS, cols: MAX_COLUMNS }
        : parseAddress(address).box,
    );
  }
  getRangeByIndexes(startRow: number, startColumn: number, rowCount: number, columnCount: number): FakeRange {
    return this.range(() => {
      if (startRow < 0 || startColumn < 0 || rowCount < 1 || columnCount < 1) {
        throw invalidArgument("getRangeByIndexes: invalid indexes");
      }
      return { top: startRow, left: startColumn, rows: rowCount, cols: columnCount };
    });
  }
  /** "Worksheet.getUsedRange": the top-left cell when the sheet is blank. */
  getUsedRange(valuesOnly?: boolean): FakeRange {
    void valuesOnly; // The fake's used range is always by values (formats never extend it).
    return this.range((s) => this.ctx.model.calc.usedBox(s) ?? { top: 0, left: 0, rows: 1, cols: 1 });
  }
  /** A null object when the sheet is blank ("getUsedRangeOrNullObject"). */
  getUsedRangeOrNullObject(valuesOnly?: boolean): FakeRange {
    void valuesOnly;
    return this.range((s) => this.ctx.model.calc.usedBox(s));
  }
  /**
   * "Worksheet.getRanges(address)" (ExcelApi 1.9): several areas of the sheet ("A1:B2, D4"), a
   * `RangeAreas`.
   */
  getRanges(address: string): FakeRangeAreas {
    return new FakeRangeAreas(this.ctx, () => {
      const sheet = this.target();
      const areas = address.split(",").map((part) => parseAddress(part.trim()).box);
      return { sheet, areas };
    });
  }
  readonly freezePanes = {
    freezeRows: (count = 1): void =>
      this.change((sheet) => {
        sheet.frozenRows = count;
      }),
  };
  private charts_: FakeChartCollection | undefined;
  /** "Worksheet.charts" (./charts.ts): one collection object per worksheet object, as Office.js. */
  get charts(): FakeChartCollection {
    this.charts_ ??= new FakeChartCollection(this.ctx, () => this.target());
    return this.charts_;
  }
  private pivotTables_: FakePivotTableCollection | undefined;
  /** "Worksheet.pivotTables" (./pivots.ts). */
  get pivotTables(): FakePivotTableCollection {
    this.pivotTables_ ??= new FakePivotTableCollection(this.ctx, () => this.target());
    return this.pivotTables_;
  }
  activate(): void {
    this.change((sheet) => {
      if (sheet.visibility !== "Visible") throw invalidOperation("A hidden sheet cannot be activated.");
      this.ctx.model.active = sheet;
    });
  }
}

/**
 * "Excel.RangeAreas" (ExcelApi 1.9): areas of one sheet, for `address` and `areaCount`. It has no
 * `select` in office.js: several areas are selected by a person (Ctrl+click, `selectAreas`).
 */
export class FakeRangeAreas extends HostObject<{ sheet: FakeSheet; areas: Box[] }> {
  protected readonly scalarNames = ["address", "areaCount"];
  protected read(target: { sheet: FakeSheet; areas: Box[] }, name: string): unknown {
    if (name === "areaCount") return target.areas.length;
    if (name === "address")
      return target.areas.map((box) => `${quoteSheet(target.sheet.name)}!${boxAddress(box)}`).join(",");
    throw unknownProperty(name);
  }
}

export class FakeWorksheetCollection extends HostCollection<FakeSheet, FakeWorksheet> {
  protected readonly itemScalars = SHEET_SCALARS;
  protected list(): FakeSheet[] {
    return this.ctx.model.sheets;
  }
  protected item(sheet: FakeSheet): FakeWorksheet {
    return new FakeWorksheet(this.ctx, () => sheet);
  }
  getItem(key: string): FakeWorksheet {
    return new FakeWorksheet(this.ctx, () => this.ctx.model.requireSheet(key));
  }
  getItemOrNullObject(key: string): FakeWorksheet {
    return new FakeWorksheet(this.ctx, () => this.ctx.model.findSheet(key) ?? null);
  }
  add(name?: string): FakeWorksheet {
    const created = this.ctx.model.addSheet(name);
    return new FakeWorksheet(this.ctx, () => created);
  }
}
