/**
 * A `SheetSource` over the neutral workbook model, in memory. Typing follows Excel's rules for
 * `Range.values` ("Range.values",
 * https://learn.microsoft.com/javascript/api/excel/excel.range#excel-excel-range-values-member):
 * "" clears, a leading "=" is a formula (kept as text here; only the fake Excel evaluates
 * formulas), a leading apostrophe keeps text, number-like text becomes a number unless the cell is
 * text-formatted ("@", which keeps a CPF's leading zeros).
 */
import type { CellValue } from "../workbook/port";
import type { CellModel, WorkbookModel } from "./model";
import type { CellSelection, SheetSource } from "./sheet-source";

const NUMERIC_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Called after a typed change, with what Excel's `onChanged` event carries. */
export type CellChangeListener = (change: {
  sheet: string;
  address: string;
  before: CellValue;
  after: CellValue;
}) => void;

export class ModelSheetSource implements SheetSource {
  private model: WorkbookModel;
  private selected: CellSelection | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly changeListeners = new Set<CellChangeListener>();

  constructor(model: WorkbookModel) {
    this.model = structuredClone(model);
  }

  snapshot(): WorkbookModel {
    return structuredClone(this.model);
  }

  selection(): CellSelection | null {
    return this.selected;
  }

  async typeCell(sheetName: string, address: string, text: string): Promise<void> {
    const sheet = this.model.sheets.find((s) => s.name === sheetName);
    if (!sheet) throw new Error(`no sheet named ${sheetName}`);
    const before = sheet.cells[address];
    const next: CellModel = typed(text, before?.format);
    if (before?.format) next.format = before.format;
    if (next.value === "" && next.formula === undefined && !next.format) delete sheet.cells[address];
    else sheet.cells[address] = next;
    for (const l of this.changeListeners)
      l({ sheet: sheetName, address, before: before?.value ?? "", after: next.value });
    this.emit();
    return Promise.resolve();
  }

  select(selection: CellSelection): void {
    this.selected = selection;
    this.model.activeSheet = selection.sheet;
    this.emit();
  }

  activate(sheet: string): void {
    if (!this.model.sheets.some((s) => s.name === sheet)) throw new Error(`no sheet named ${sheet}`);
    this.model.activeSheet = sheet;
    this.emit();
  }

  load(model: WorkbookModel): Promise<void> {
    this.model = structuredClone(model);
    this.selected = null;
    this.emit();
    return Promise.resolve();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Listens to typed changes, as `Worksheet.onChanged` does in Excel. */
  onChanged(listener: CellChangeListener): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  private emit(): void {
    for (const l of this.listeners) l();
  }
}

function typed(text: string, format: string | undefined): CellModel {
  if (text.startsWith("'")) return { value: text.slice(1) };
  if (text.startsWith("=") && text.length > 1) return { value: text, formula: text };
  const trimmed = text.trim();
  if (format !== "@") {
    if (NUMERIC_TEXT.test(trimmed)) return { value: Number(trimmed) || 0 };
    if (/^(true|false)$/i.test(trimmed)) return { value: trimmed.toLowerCase() === "true" };
  }
  return { value: text };
}
