/**
 * Moves a workbook between the fake Excel (src/excel/fake, the one emulation of Excel) and a
 * plain snapshot (./snapshot.ts): `readSnapshot` for the spreadsheet view and for saving a file,
 * `fakeFromSnapshot` for opening one (or the demo workbook). Both go through the Excel
 * JavaScript API that the add-in's adapter uses (`Excel.run` batches, one sync per block of
 * rows, under Excel on the web's 5 MB payload limit), so the preview shows and stores what the
 * add-in wrote, by Excel's rules. What the API cannot read back (formulas Excel would evaluate,
 * column widths, frozen rows, conditional formats, settings) comes from the fake's inspectors.
 */
import { type FakeExcel, createFakeExcel } from "../excel/fake";
import type { ExcelRun, RequestContextApi } from "../excel";
import { parseTyped } from "../excel/fake/culture";
import type { CellValue, JsonValue } from "../workbook/port";
import {
  type CellSnapshot,
  type RangeRef,
  type SheetSnapshot,
  type WorkbookSnapshot,
  a1,
  emptySheet,
  formatRange,
  parseRange,
} from "./snapshot";

/** Rows per sync: far under 5 MB for any sheet the preview is used with. */
const ROWS_PER_SYNC = 1000;

const VISIBILITY = { Visible: "visible", Hidden: "hidden", VeryHidden: "veryHidden" } as const;
const EXCEL_VISIBILITY = { visible: "Visible", hidden: "Hidden", veryHidden: "VeryHidden" } as const;

/** "'Folha 1'!A1:C4" → "A1:C4" (Office.js addresses carry the sheet). */
function localAddress(address: string): string {
  return address.slice(address.lastIndexOf("!") + 1);
}

export async function readSnapshot(excel: FakeExcel): Promise<WorkbookSnapshot> {
  const run = excel.run;
  const { sheets, tables } = await run(async (context) => {
    const ws = context.workbook.worksheets.load("items/name,items/visibility");
    const ts = context.workbook.tables.load("items/name,items/showTotals");
    await context.sync();
    const used = ws.items.map((s) => s.getUsedRangeOrNullObject(true).load("address"));
    const parts = ts.items.map((t) => ({
      range: t.getRange().load("address"),
      header: t.getHeaderRowRange().load("values"),
      sheet: t.worksheet.load("name"),
    }));
    await context.sync();
    return {
      sheets: ws.items.map((s, i) => ({
        name: s.name,
        visibility: VISIBILITY[s.visibility],
        used: used[i]?.isNullObject ? null : localAddress(used[i]?.address ?? "A1"),
      })),
      tables: ts.items.map((t, i) => ({
        name: t.name,
        hasTotalsRow: t.showTotals,
        sheet: parts[i]?.sheet.name ?? "",
        ref: localAddress(parts[i]?.range.address ?? "A1"),
        columns: (parts[i]?.header.values[0] ?? []).map(String),
      })),
    };
  });

  const out: WorkbookSnapshot = { sheets: [], settings: excel.settings() as Record<string, JsonValue> };
  for (const listed of sheets) {
    const sheet = emptySheet(listed.name, listed.visibility);
    sheet.tables = tables
      .filter((t) => t.sheet === listed.name)
      .map(({ name, ref, columns, hasTotalsRow }) => ({ name, ref, columns, hasTotalsRow }));
    // Formats matter in a table's empty rows too (a text CPF column): read the tables' boxes.
    const boxes = [
      ...(listed.used ? [parseRange(listed.used)] : []),
      ...sheet.tables.map((t) => parseRange(t.ref)),
    ];
    const bottom = Math.max(-1, ...boxes.map((b) => b.bottom));
    const right = Math.max(-1, ...boxes.map((b) => b.right));
    for (let top = 0; top <= bottom; top += ROWS_PER_SYNC) {
      const rows = Math.min(ROWS_PER_SYNC, bottom - top + 1);
      await readBlock(run, excel, sheet, { top, left: 0, bottom: top + rows - 1, right });
    }
    const layout = excel.sheetLayout(listed.name);
    for (const [column, width] of Object.entries(layout.widths)) sheet.columnWidths[Number(column)] = width;
    sheet.frozenRows = layout.frozenRows;
    sheet.conditionalFormats = layout.conditionalFormats.map(({ address, formula, fill, font }) => ({
      ref: address.includes(":") ? address : `${address}:${address}`,
      formula,
      ...(fill ? { fill } : {}),
      ...(font ? { font } : {}),
    }));
    const charts = excel.charts(listed.name);
    if (charts.length > 0)
      sheet.charts = charts.map((c) => ({
        name: c.name,
        type: c.type,
        title: c.title,
        source: c.source,
        labels: c.plotted.labels,
        series: c.plotted.series,
      }));
    out.sheets.push(sheet);
  }
  const active = excel.activeSheet();
  if (active !== undefined) out.activeSheet = active;
  return out;
}

async function readBlock(
  run: ExcelRun,
  excel: FakeExcel,
  sheet: SheetSnapshot,
  box: RangeRef,
): Promise<void> {
  const block = await run(async (context) => {
    const range = context.workbook.worksheets
      .getItem(sheet.name)
      .getRange(formatRange(box))
      .load("values,formulas,formulasLocal,numberFormat");
    await context.sync();
    return {
      values: range.values,
      formulas: range.formulas,
      local: range.formulasLocal,
      formats: range.numberFormat,
    };
  });
  block.values.forEach((row, i) =>
    row.forEach((value, column) => {
      const address = a1(box.top + i, box.left + column);
      const format = block.formats[i]?.[column] ?? "General";
      const written = block.formulas[i]?.[column];
      // `Range.formulas` gives a text cell's text too: ask the fake whether "=…" is a formula.
      const formula =
        typeof written === "string" && written.startsWith("=")
          ? excel.formula(sheet.name, address)
          : undefined;
      if (value === "" && formula === undefined && format === "General") return;
      const cell: CellSnapshot = { value };
      // A value a formula spills is the formula's: shown, never stored (the formula spills it again).
      if (formula === undefined && value !== "" && excel.isSpilled(sheet.name, address)) cell.spilled = true;
      if (formula !== undefined) {
        cell.formula = formula;
        const local = block.local[i]?.[column];
        if (typeof local === "string" && local !== formula) cell.formulaLocal = local;
      }
      if (format !== "General") cell.format = format;
      sheet.cells[address] = cell;
    }),
  );
}

/** Text that Excel would not store as typed (a number, a date, a boolean, a formula) keeps it with "'". */
const converted = (text: string) => /^['=+\-@]/.test(text) || parseTyped(text, "en-US") !== undefined;

function input(cell: CellSnapshot | undefined): CellValue | null {
  if (!cell || cell.spilled) return null;
  if (cell.formula) return cell.formula;
  if (typeof cell.value === "string" && cell.value !== "" && converted(cell.value)) return `'${cell.value}`;
  return cell.value === "" ? null : cell.value;
}

/** A new fake Excel holding the snapshot's workbook. */
export async function fakeFromSnapshot(snapshot: WorkbookSnapshot): Promise<FakeExcel> {
  const names = snapshot.sheets.map((s) => s.name);
  const excel = createFakeExcel({
    ...(names.length > 0 ? { sheets: Object.fromEntries(names.map((n) => [n, []])) } : {}),
    settings: snapshot.settings,
  });
  for (const sheet of snapshot.sheets) await writeSheet(excel.run, sheet);
  await excel.run(async (context) => {
    for (const sheet of snapshot.sheets) {
      if (sheet.visibility !== "visible")
        context.workbook.worksheets.getItem(sheet.name).visibility = EXCEL_VISIBILITY[sheet.visibility];
    }
    const active = snapshot.sheets.find((s) => s.name === snapshot.activeSheet && s.visibility === "visible");
    if (active) context.workbook.worksheets.getItem(active.name).activate();
    await context.sync();
  });
  excel.resetStats();
  return excel;
}

async function writeSheet(run: ExcelRun, sheet: SheetSnapshot): Promise<void> {
  const boxes = Object.keys(sheet.cells).map((a) => parseRange(a));
  const bottom = Math.max(-1, ...boxes.map((b) => b.bottom));
  const right = Math.max(-1, ...boxes.map((b) => b.right));
  for (let top = 0; top <= bottom; top += ROWS_PER_SYNC)
    await writeBlock(run, sheet, top, Math.min(ROWS_PER_SYNC, bottom - top + 1), right + 1);
  await run(async (context) => {
    const ws = context.workbook.worksheets.getItem(sheet.name);
    for (const table of sheet.tables)
      addTable(context, sheet.name, table.ref, table.name, table.hasTotalsRow);
    for (const [column, points] of Object.entries(sheet.columnWidths))
      ws.getRangeByIndexes(0, Number(column), 1, 1).format.columnWidth = points;
    if (sheet.frozenRows > 0) ws.freezePanes.freezeRows(sheet.frozenRows);
    for (const cf of sheet.conditionalFormats) {
      const rule = ws.getRange(cf.ref).conditionalFormats.add("Custom");
      rule.custom.rule.formula = cf.formula;
      if (cf.fill) rule.custom.format.fill.color = cf.fill;
      if (cf.font) rule.custom.format.font.color = cf.font;
    }
    await context.sync();
  });
}

/** One sync: formats first (a text format "@" decides how a value is stored), then values. */
async function writeBlock(run: ExcelRun, sheet: SheetSnapshot, top: number, rows: number, cols: number) {
  const grid = <T>(at: (cell: CellSnapshot | undefined) => T): T[][] =>
    Array.from({ length: rows }, (_, i) =>
      Array.from({ length: cols }, (_, c) => at(sheet.cells[a1(top + i, c)])),
    );
  await run(async (context) => {
    const range = context.workbook.worksheets.getItem(sheet.name).getRangeByIndexes(top, 0, rows, cols);
    range.numberFormat = grid((cell) => cell?.format ?? null);
    range.values = grid(input);
    await context.sync();
  });
}

function addTable(
  context: RequestContextApi,
  sheet: string,
  ref: string,
  name: string,
  totals: boolean,
): void {
  const box = parseRange(ref);
  // The totals row is not part of the range a table is made from: Excel adds it below the data.
  const body = totals ? { ...box, bottom: box.bottom - 1 } : box;
  const table = context.workbook.tables.add(
    context.workbook.worksheets.getItem(sheet).getRange(formatRange(body)),
    true,
  );
  table.name = name;
  if (totals) table.showTotals = true;
}
