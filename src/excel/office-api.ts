/**
 * The subset of the Excel JavaScript API (`@types/office-js`) that the adapter uses, and no more.
 *
 * The adapter (./office-workbook.ts) is written against these interfaces, and runs over office.js's
 * `Excel.run`, in Excel and with the fake Excel as the library's host (./fake). The assertions at the bottom make the compiler
 * prove that Office.js's own classes satisfy every interface here: the adapter cannot call
 * anything the real API does not have, with the same name and arguments.
 *
 * Values follow `Range.values` ("Excel add-ins: blank and null values",
 * https://learn.microsoft.com/office/dev/add-ins/excel/excel-add-ins-blank-null-values):
 * reads give string | number | boolean ("" for an empty cell); writes take 2-D arrays of the
 * range's exact shape, where `null` leaves a cell unchanged and "" clears it.
 */
import type { CellValue } from "../workbook/port";

/** What a write may hold: `null` leaves the cell (or its format) unchanged. */
export type CellInput = CellValue | null;

interface LoadableApi {
  /** Office.js `ClientObject.isNullObject` (only for objects from `*OrNullObject`). */
  readonly isNullObject: boolean;
}

export interface RangeApi extends LoadableApi {
  get values(): CellValue[][];
  set values(v: CellInput[][]);
  get numberFormat(): string[][];
  set numberFormat(v: (string | null)[][]);
  get formulas(): CellValue[][];
  set formulas(v: CellInput[][]);
  /** Formulas and values in the user's language (the fake's culture rules: ./fake/culture.ts). */
  get formulasLocal(): CellValue[][];
  set formulasLocal(v: CellInput[][]);
  /** What each cell shows. */
  readonly text: string[][];
  readonly valueTypes: string[][];
  readonly address: string;
  readonly rowIndex: number;
  readonly columnIndex: number;
  readonly rowCount: number;
  readonly columnCount: number;
  load(propertyNames?: string | string[]): RangeApi;
  getCell(row: number, column: number): RangeApi;
  getRow(row: number): RangeApi;
  getIntersection(anotherRange: RangeApi | string): RangeApi;
  getLastRow(): RangeApi;
  getEntireRow(): RangeApi;
  getOffsetRange(rowOffset: number, columnOffset: number): RangeApi;
  getResizedRange(deltaRows: number, deltaColumns: number): RangeApi;
  select(): void;
  format: { columnWidth: number; autofitColumns(): void };
  dataValidation: { rule: Excel.DataValidationRule; clear(): void };
  conditionalFormats: ConditionalFormatCollectionApi;
}

interface ConditionalFormatCollectionApi {
  add(type: "Custom"): ConditionalFormatApi;
  clearAll(): void;
}

interface ConditionalFormatApi {
  custom: {
    rule: { formula: string };
    format: { fill: { color: string }; font: { color: string } };
  };
}

export interface WorksheetApi extends LoadableApi {
  readonly id: string;
  readonly name: string;
  visibility: Excel.Worksheet["visibility"];
  load(propertyNames?: string | string[]): WorksheetApi;
  getRange(address?: string): RangeApi;
  getRangeByIndexes(startRow: number, startColumn: number, rowCount: number, columnCount: number): RangeApi;
  getUsedRange(valuesOnly?: boolean): RangeApi;
  getUsedRangeOrNullObject(valuesOnly?: boolean): RangeApi;
  freezePanes: { freezeRows(count?: number): void };
  activate(): void;
  /** ExcelApi 1.1: the sheet's charts (the reconciliation sheet's chart). */
  readonly charts: ChartCollectionApi;
  /** ExcelApi 1.3 (adding, 1.8): the sheet's PivotTables (the books' pivot of the ledger). */
  readonly pivotTables: PivotTableCollectionApi;
}

/** The chart types the add-in draws ("Excel.ChartType"). */
type ChartTypeName = "ColumnClustered" | "BarClustered" | "Line" | "LineMarkers";

export interface ChartApi extends LoadableApi {
  readonly id: string;
  name: string;
  readonly chartType: string;
  readonly title: { text: string };
  readonly legend: { position: string };
  load(propertyNames?: string | string[]): ChartApi;
  setPosition(startCell: RangeApi | string, endCell?: RangeApi | string): void;
  /** Plots another range (a PivotTable's body once it has grown). */
  setData(sourceData: RangeApi, seriesBy?: "Auto" | "Columns" | "Rows"): void;
  delete(): void;
}

interface ChartCollectionApi {
  readonly items: ChartApi[];
  load(propertyNames?: string | string[]): ChartCollectionApi;
  add(type: ChartTypeName, sourceData: RangeApi, seriesBy?: "Auto" | "Columns" | "Rows"): ChartApi;
  getItem(name: string): ChartApi;
  getItemOrNullObject(name: string): ChartApi;
}

/** A column of a PivotTable's source ("Excel.PivotHierarchy"), placed on an axis by adding it there. */
interface PivotHierarchyApi {
  readonly name: string;
}

interface RowColumnPivotHierarchyCollectionApi {
  add(pivotHierarchy: PivotHierarchyApi): unknown;
}

interface FilterPivotHierarchyCollectionApi {
  add(pivotHierarchy: PivotHierarchyApi): unknown;
}

/** A summed column ("Excel.DataPivotHierarchy"): "Sum of Amount". */
interface DataPivotHierarchyApi {
  summarizeBy: Excel.DataPivotHierarchy["summarizeBy"];
  numberFormat: string;
}

interface DataPivotHierarchyCollectionApi {
  add(pivotHierarchy: PivotHierarchyApi): DataPivotHierarchyApi;
}

/** Where a PivotTable's parts are on the sheet ("Excel.PivotLayout"). */
interface PivotLayoutApi {
  getRange(): RangeApi;
  getDataBodyRange(): RangeApi;
  getRowLabelRange(): RangeApi;
  getColumnLabelRange(): RangeApi;
  getFilterAxisRange(): RangeApi;
}

export interface PivotTableApi extends LoadableApi {
  readonly name: string;
  readonly hierarchies: { getItem(name: string): PivotHierarchyApi };
  readonly rowHierarchies: RowColumnPivotHierarchyCollectionApi;
  readonly columnHierarchies: RowColumnPivotHierarchyCollectionApi;
  readonly dataHierarchies: DataPivotHierarchyCollectionApi;
  readonly filterHierarchies: FilterPivotHierarchyCollectionApi;
  readonly layout: PivotLayoutApi;
  load(propertyNames?: string | string[]): PivotTableApi;
  refresh(): void;
  delete(): void;
}

interface PivotTableCollectionApi {
  add(name: string, source: TableApi | RangeApi | string, destination: RangeApi | string): PivotTableApi;
  getItem(name: string): PivotTableApi;
  getItemOrNullObject(name: string): PivotTableApi;
}

interface WorksheetCollectionApi {
  readonly items: WorksheetApi[];
  load(propertyNames?: string | string[]): WorksheetCollectionApi;
  getItem(key: string): WorksheetApi;
  getItemOrNullObject(key: string): WorksheetApi;
  add(name?: string): WorksheetApi;
}

export interface TableChangedArgs {
  address: string;
  changeType: Excel.TableChangedEventArgs["changeType"];
  source: Excel.TableChangedEventArgs["source"];
  tableId: string;
  worksheetId: string;
}

interface EventHandlerResultApi {
  remove(): void;
}

interface TableColumnApi extends LoadableApi {
  readonly name: string;
  readonly index: number;
  load(propertyNames?: string | string[]): TableColumnApi;
  getDataBodyRange(): RangeApi;
  getRange(): RangeApi;
}

interface TableColumnCollectionApi {
  readonly items: TableColumnApi[];
  load(propertyNames?: string | string[]): TableColumnCollectionApi;
  getItem(key: string): TableColumnApi;
  add(index?: number, values?: CellValue[][] | CellValue, name?: string): TableColumnApi;
}

export interface TableApi extends LoadableApi {
  readonly id: string;
  name: string;
  showTotals: boolean;
  readonly worksheet: WorksheetApi;
  readonly columns: TableColumnCollectionApi;
  readonly rows: { add(index?: number, values?: CellValue[][], alwaysInsert?: boolean): unknown };
  load(propertyNames?: string | string[]): TableApi;
  getHeaderRowRange(): RangeApi;
  getDataBodyRange(): RangeApi;
  getTotalRowRange(): RangeApi;
  getRange(): RangeApi;
  onChanged: {
    add(handler: (args: TableChangedArgs) => Promise<unknown>): EventHandlerResultApi;
  };
}

interface TableCollectionApi {
  readonly items: TableApi[];
  load(propertyNames?: string | string[]): TableCollectionApi;
  getItem(key: string): TableApi;
  getItemOrNullObject(key: string): TableApi;
  add(address: RangeApi | string, hasHeaders: boolean): TableApi;
}

interface SettingApi extends LoadableApi {
  readonly key: string;
  // Office.js types a setting's value as `any`: it is any JSON value.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  value: any;
  load(propertyNames?: string | string[]): SettingApi;
  delete(): void;
}

interface SettingCollectionApi {
  getItemOrNullObject(key: string): SettingApi;
  getItem(key: string): SettingApi;
  add(key: string, value: unknown): SettingApi;
}

interface WorkbookApi {
  readonly worksheets: WorksheetCollectionApi;
  readonly tables: TableCollectionApi;
  readonly settings: SettingCollectionApi;
  /** ExcelApi 1.3: the PivotTables of every sheet, found by name. */
  readonly pivotTables: PivotTableCollectionApi;
  readonly application: { suspendApiCalculationUntilNextSync(): void };
  /** The selected range (ExcelApi 1.1); the ribbon's commands act on the table it is in. */
  getSelectedRange(): RangeApi;
}

export interface RequestContextApi {
  readonly workbook: WorkbookApi;
  /** `Excel.Runtime` (ExcelApi 1.8): `enableEvents` turns this runtime's events off and on. */
  readonly runtime: { enableEvents: boolean };
  sync(): Promise<void>;
}

/** `Excel.run` reduced to the form the adapter uses. */
export type ExcelRun = <T>(batch: (context: RequestContextApi) => Promise<T>) => Promise<T>;

// ---------------------------------------------------------------------------------------------
// Compile-time proof that Office.js's classes satisfy the subset (no runtime code).

type Assert<T extends true> = T;
type Satisfies<Real, Subset> = Real extends Subset ? true : false;
// Never used: the compiler checks it.
type _OfficeSatisfiesSubset = [
  Assert<Satisfies<Excel.Range, RangeApi>>,
  Assert<Satisfies<Excel.Worksheet, WorksheetApi>>,
  Assert<Satisfies<Excel.Chart, ChartApi>>,
  Assert<Satisfies<Excel.ChartCollection, ChartCollectionApi>>,
  Assert<Satisfies<Excel.WorksheetCollection, WorksheetCollectionApi>>,
  Assert<Satisfies<Excel.PivotTableCollection, PivotTableCollectionApi>>,
  Assert<Satisfies<Excel.PivotTable, PivotTableApi>>,
  Assert<Satisfies<Excel.PivotLayout, PivotLayoutApi>>,
  Assert<Satisfies<Excel.PivotHierarchy, PivotHierarchyApi>>,
  Assert<Satisfies<Excel.RowColumnPivotHierarchyCollection, RowColumnPivotHierarchyCollectionApi>>,
  Assert<Satisfies<Excel.FilterPivotHierarchyCollection, FilterPivotHierarchyCollectionApi>>,
  Assert<Satisfies<Excel.DataPivotHierarchyCollection, DataPivotHierarchyCollectionApi>>,
  Assert<Satisfies<Excel.DataPivotHierarchy, DataPivotHierarchyApi>>,
  Assert<Satisfies<Excel.Table, TableApi>>,
  Assert<Satisfies<Excel.TableCollection, TableCollectionApi>>,
  Assert<Satisfies<Excel.TableColumnCollection, TableColumnCollectionApi>>,
  Assert<Satisfies<Excel.SettingCollection, SettingCollectionApi>>,
  Assert<Satisfies<Excel.Workbook, WorkbookApi>>,
  Assert<Satisfies<Excel.RequestContext, RequestContextApi>>,
  Assert<Satisfies<Excel.TableChangedEventArgs, TableChangedArgs>>,
];
