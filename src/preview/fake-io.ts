/**
 * Moves a workbook between the fake Excel (src/excel/fake, the one emulation of Excel) and a
 * plain snapshot (./snapshot.ts): `readSnapshot` for the spreadsheet view and for saving a file,
 * `fakeFromSnapshot` for opening one (or the demo workbook). Reading is Excel's own window
 * looking at its workbook: straight from the fake's model, no request. Opening writes through
 * the Excel JavaScript API the add-in's adapter uses (`Excel.run` batches, one sync per block of
 * rows, under Excel on the web's 5 MB payload limit), so a file lands by Excel's rules; its
 * settings go in with the new workbook (`createFakeExcel`). */
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

/**
 * The workbook as Excel's own window shows it, read from the fake's model (its view,
 * src/excel/fake/view.ts): the grid, the tabs and a saved file are Excel's, not an add-in's,
 * so reading them sends no request through office.js and never queues behind the add-in's.
 */
export function readSnapshot(excel: FakeExcel): Promise<WorkbookSnapshot> {
  return Promise.resolve(snapshotOf(excel));
}

function snapshotOf(excel: FakeExcel): WorkbookSnapshot {
  const tables = excel.allTables();
  const out: WorkbookSnapshot = { sheets: [], settings: excel.settings() as Record<string, JsonValue> };
  for (const name of excel.sheetNames()) {
    const layout = excel.sheetLayout(name);
    const sheet = emptySheet(name, VISIBILITY[layout.visibility]);
    sheet.tables = tables
      .filter((t) => t.sheet === name)
      .map((t) => ({ name: t.name, ref: t.address, columns: t.header, hasTotalsRow: t.showTotals }));
    // Formats matter in a table's empty rows too (a text CPF column): read the tables' boxes.
    const used = excel.usedAddress(name);
    const boxes = [...(used ? [parseRange(used)] : []), ...sheet.tables.map((t) => parseRange(t.ref))];
    const bottom = Math.max(-1, ...boxes.map((b) => b.bottom));
    const right = Math.max(-1, ...boxes.map((b) => b.right));
    if (bottom >= 0) readBox(excel, sheet, { top: 0, left: 0, bottom, right });
    for (const [column, width] of Object.entries(layout.widths)) sheet.columnWidths[Number(column)] = width;
    sheet.frozenRows = layout.frozenRows;
    sheet.conditionalFormats = layout.conditionalFormats.map(({ address, formula, fill, font }) => ({
      ref: address.includes(":") ? address : `${address}:${address}`,
      formula,
      ...(fill ? { fill } : {}),
      ...(font ? { font } : {}),
    }));
    const charts = excel.charts(name);
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

function readBox(excel: FakeExcel, sheet: SheetSnapshot, box: RangeRef): void {
  const block = excel.cellArrays(sheet.name, {
    top: box.top,
    left: box.left,
    rows: box.bottom - box.top + 1,
    cols: box.right - box.left + 1,
  });
  block.values.forEach((row, i) =>
    row.forEach((value, column) => {
      const address = a1(box.top + i, box.left + column);
      const format = block.numberFormat[i]?.[column] ?? "General";
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
        const local = block.formulasLocal[i]?.[column];
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
