/**
 * The contract suite's subjects: the Office.js adapter over the fake Excel, and MemoryWorkbook.
 * Test-only (the MemoryWorkbook import crosses into the model's own test double).
 */
import { columnLetters } from "../../workbook/names";
import { MemoryWorkbook } from "../../workbook/memory";
import { type FakeExcel, createFakeExcel } from "../fake";
import { OfficeWorkbook } from "../office-workbook";
import type { ContractInit, ContractSubject, Looker } from "./workbook-contract";

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 10));

export function fakeLooker(excel: FakeExcel): Looker {
  return {
    cell: (s, a1) => excel.cell(s, a1),
    numberFormat: (s, a1) => excel.numberFormat(s, a1),
    formula: (s, a1) => excel.formula(s, a1),
    formulaCount: () => excel.allFormulas().length,
    sheetValues: (s) => excel.sheetValues(s),
    totalsRow: (t) => excel.totalsRow(t),
    activeSheet: () => excel.activeSheet(),
    frozenRows: (s) => excel.sheetLayout(s).frozenRows,
    columnWidth: (s, c) => excel.sheetLayout(s).widths[c],
    selection: () => {
      const sel = excel.selection();
      return sel ? `${sel.sheet}!${sel.address}` : undefined;
    },
    typeCell: (s, a1, v) => excel.typeCell(s, a1, v),
    settle,
  };
}

/** The adapter over a fake seeded with `init`. */
export const officeOverFake: ContractSubject = (init: ContractInit = {}) => {
  const excel = createFakeExcel(init);
  return { workbook: new OfficeWorkbook(excel.run), look: fakeLooker(excel) };
};

export const memoryWorkbook: ContractSubject = (init: ContractInit = {}) => {
  const wb = new MemoryWorkbook(init);
  const look: Looker = {
    cell: (s, a1) => wb.cell(s, a1),
    numberFormat: (s, a1) => wb.numberFormat(s, a1),
    formula: (s, a1) => wb.formula(s, a1),
    formulaCount: () => wb.allFormulas().length,
    sheetValues: (s) => wb.sheetValues(s),
    totalsRow: (t) => wb.totalsRow(t),
    activeSheet: () => wb.activeSheet(),
    frozenRows: (s) => wb.sheetLayout(s).frozenRows,
    columnWidth: (s, c) => wb.sheetLayout(s).widths[c],
    selection: () => {
      const sel = wb.selection();
      return sel ? `${sel.sheet}!${columnLetters(sel.column)}${sel.row + 1}` : undefined;
    },
    typeCell: (s, a1, v) => wb.typeCell(s, a1, v),
    settle,
  };
  return { workbook: wb, look };
};
