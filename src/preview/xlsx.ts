/**
 * The one module that reads and writes .xlsx files (with exceljs), converting to and from the
 * neutral workbook model (./snapshot.ts). Swapping the library means rewriting this file only.
 *
 * What travels in the file: values, formulas with their last value, number formats, tables
 * (header, totals row with SUM or a label, style), hidden and very hidden sheets, column widths,
 * frozen header rows, the status column's conditional format, the active sheet, and the
 * workbook's settings. Excel keeps an add-in's settings inside the file (Office.js
 * `Workbook.settings`, "Persist add-in state and settings",
 * https://learn.microsoft.com/office/dev/add-ins/develop/persisting-add-in-state-and-settings);
 * exceljs cannot write that part, so they travel in a very hidden sheet of key/JSON rows. The
 * API token is never among them (src/excel's token store keeps it outside the workbook).
 */
import ExcelJS from "exceljs";
import type { CellValue, JsonValue } from "../workbook/port";
import {
  type CellSnapshot,
  type ConditionalFormatSnapshot,
  type SheetSnapshot,
  type TableSnapshot,
  type WorkbookSnapshot,
  a1,
  emptySheet,
  parseRange,
} from "./snapshot";

/** The very hidden sheet that carries the workbook's settings in a saved file. */
export const SETTINGS_SHEET = "ValePix_Settings";

/**
 * Excel measures column widths in characters of the default font (Calibri 11: 7 px per digit,
 * 5.25 pt); Office.js `format.columnWidth` is in points.
 */
const POINTS_PER_CHARACTER = 5.25;

const TABLE_STYLE = { theme: "TableStyleMedium2" as const, showRowStripes: true };

export async function writeXlsx(model: WorkbookSnapshot): Promise<ArrayBuffer> {
  const wb = new ExcelJS.Workbook();
  for (const sheet of model.sheets) writeSheet(wb, sheet);
  const settings = Object.entries(model.settings);
  if (settings.length > 0) {
    const ws = wb.addWorksheet(SETTINGS_SHEET, { state: "veryHidden" });
    settings.forEach(([key, value], i) => {
      ws.getCell(i + 1, 1).value = key;
      ws.getCell(i + 1, 2).value = JSON.stringify(value);
    });
  }
  const active = model.sheets.findIndex((s) => s.name === model.activeSheet);
  if (active >= 0) wb.views = [{ activeTab: active } as ExcelJS.WorkbookView];
  const buffer = await wb.xlsx.writeBuffer();
  return buffer instanceof ArrayBuffer ? buffer : toArrayBuffer(buffer);
}

function toArrayBuffer(bytes: ArrayLike<number> & { byteLength: number }): ArrayBuffer {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return copy.buffer;
}

function writeSheet(wb: ExcelJS.Workbook, sheet: SheetSnapshot): void {
  const ws = wb.addWorksheet(sheet.name, { state: sheet.visibility });
  for (const table of sheet.tables) addTable(ws, sheet, table);
  // Every cell afterwards, tables' cells included: addTable wrote plain values, the model has
  // the formats and formulas.
  for (const [address, cell] of Object.entries(sheet.cells)) {
    // A spilled value belongs to its formula: Excel spills it again when it opens the file.
    if (cell.spilled) continue;
    const excelCell = ws.getCell(address);
    excelCell.value = cell.formula ? { formula: cell.formula.slice(1), result: cell.value } : cell.value;
    if (cell.format && cell.format !== "General") excelCell.numFmt = cell.format;
  }
  for (const [column, points] of Object.entries(sheet.columnWidths)) {
    ws.getColumn(Number(column) + 1).width = Math.round((points / POINTS_PER_CHARACTER) * 100) / 100;
  }
  if (sheet.frozenRows > 0) ws.views = [{ state: "frozen", ySplit: sheet.frozenRows }];
  for (const cf of sheet.conditionalFormats) {
    ws.addConditionalFormatting({
      ref: cf.ref,
      rules: [
        {
          type: "expression",
          priority: 1,
          formulae: [cf.formula.replace(/^=/, "")],
          style: {
            ...(cf.fill
              ? { fill: { type: "pattern", pattern: "solid", bgColor: { argb: argb(cf.fill) } } }
              : {}),
            ...(cf.font ? { font: { color: { argb: argb(cf.font) } } } : {}),
          },
        },
      ],
    });
  }
}

function addTable(ws: ExcelJS.Worksheet, sheet: SheetSnapshot, table: TableSnapshot): void {
  const box = parseRange(table.ref);
  const dataBottom = table.hasTotalsRow ? box.bottom - 1 : box.bottom;
  const at = (row: number, column: number): CellSnapshot | undefined => sheet.cells[a1(row, column)];
  const rows: CellValue[][] = [];
  for (let row = box.top + 1; row <= dataBottom; row++) {
    rows.push(table.columns.map((_, i) => at(row, box.left + i)?.value ?? ""));
  }
  ws.addTable({
    name: table.name,
    ref: table.ref.split(":")[0] ?? "A1",
    headerRow: true,
    totalsRow: table.hasTotalsRow,
    style: TABLE_STYLE,
    columns: table.columns.map((name, i) => {
      const total = table.hasTotalsRow ? at(box.bottom, box.left + i) : undefined;
      if (total?.formula && /^=SUBTOTAL\(109,/i.test(total.formula))
        return { name, totalsRowFunction: "sum" };
      if (typeof total?.value === "string" && total.value !== "")
        return { name, totalsRowLabel: total.value };
      return { name };
    }),
    // An empty table still has one (blank) data row in Excel.
    rows: rows.length > 0 ? rows : [table.columns.map(() => "")],
  });
}

export async function readXlsx(data: ArrayBuffer): Promise<WorkbookSnapshot> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data);
  const model: WorkbookSnapshot = { sheets: [], settings: {} };
  for (const ws of wb.worksheets) {
    if (ws.name === SETTINGS_SHEET) {
      ws.eachRow((row) => {
        const key = row.getCell(1).value;
        const json = row.getCell(2).value;
        if (typeof key === "string" && typeof json === "string") model.settings[key] = parseJson(json);
      });
      continue;
    }
    model.sheets.push(readSheet(ws));
  }
  const activeTab = wb.views?.[0]?.activeTab;
  const active = typeof activeTab === "number" ? wb.worksheets[activeTab] : undefined;
  if (active && active.name !== SETTINGS_SHEET) model.activeSheet = active.name;
  return model;
}

function parseJson(text: string): JsonValue {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return text;
  }
}

function readSheet(ws: ExcelJS.Worksheet): SheetSnapshot {
  const sheet = emptySheet(ws.name, ws.state ?? "visible");
  ws.eachRow({ includeEmpty: false }, (row) =>
    row.eachCell({ includeEmpty: false }, (excelCell) => {
      const cell = readCell(excelCell);
      if (cell) sheet.cells[excelCell.address] = cell;
    }),
  );
  for (const entry of Object.values(
    (ws as unknown as { tables: Record<string, { table: LoadedTable }> }).tables,
  )) {
    const table = entry.table;
    sheet.tables.push({
      name: table.name,
      ref: table.tableRef ?? table.ref,
      columns: table.columns.map((c) => c.name),
      hasTotalsRow: table.totalsRow === true,
    });
  }
  for (let column = 1; column <= ws.columnCount; column++) {
    const width = ws.getColumn(column).width;
    if (width !== undefined)
      sheet.columnWidths[column - 1] = Math.round(width * POINTS_PER_CHARACTER * 100) / 100;
  }
  const view = ws.views?.[0];
  if (view?.state === "frozen" && typeof view.ySplit === "number") sheet.frozenRows = view.ySplit;
  for (const cf of (ws as unknown as { conditionalFormattings?: LoadedConditionalFormat[] })
    .conditionalFormattings ?? []) {
    for (const rule of cf.rules) {
      if (rule.type !== "expression" || !rule.formulae?.[0]) continue;
      const fill = rule.style?.fill?.bgColor?.argb;
      const font = rule.style?.font?.color?.argb;
      const model: ConditionalFormatSnapshot = { ref: cf.ref, formula: `=${rule.formulae[0]}` };
      if (fill) model.fill = hex(fill);
      if (font) model.font = hex(font);
      sheet.conditionalFormats.push(model);
    }
  }
  return sheet;
}

interface LoadedTable {
  name: string;
  ref: string;
  tableRef?: string;
  totalsRow?: boolean;
  columns: { name: string }[];
}

interface LoadedConditionalFormat {
  ref: string;
  rules: {
    type: string;
    formulae?: string[];
    style?: { fill?: { bgColor?: { argb?: string } }; font?: { color?: { argb?: string } } };
  }[];
}

function readCell(excelCell: ExcelJS.Cell): CellSnapshot | null {
  const format = excelCell.numFmt && excelCell.numFmt !== "General" ? { format: excelCell.numFmt } : {};
  const value = excelCell.value;
  if (value === null || value === undefined || value === "")
    return Object.keys(format).length ? { value: "", ...format } : null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
    return { value: value, ...format };
  if (value instanceof Date) return { value: excelSerial(value), ...format };
  if ("formula" in value || "sharedFormula" in value) {
    const formula = "formula" in value ? value.formula : excelCell.formula;
    return { value: plain((value as { result?: unknown }).result), formula: `=${formula}`, ...format };
  }
  if ("richText" in value) return { value: value.richText.map((r) => r.text).join(""), ...format };
  if ("text" in value) return { value: String(value.text), ...format };
  if ("error" in value) return { value: String(value.error), ...format };
  return { value: String(excelCell.text), ...format };
}

function plain(result: unknown): CellValue {
  if (typeof result === "string" || typeof result === "number" || typeof result === "boolean") return result;
  if (result instanceof Date) return excelSerial(result);
  if (result && typeof result === "object" && "error" in result) return String(result.error);
  return "";
}

/** Days since 1899-12-30, as Excel stores dates (1900 date system). */
function excelSerial(date: Date): number {
  return date.getTime() / 86_400_000 + 25_569;
}

function argb(hexColour: string): string {
  return `FF${hexColour.replace(/^#/, "").toUpperCase()}`;
}

function hex(argbColour: string): string {
  return `#${argbColour.slice(-6).toUpperCase()}`;
}
