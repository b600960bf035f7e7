/** The contract suite's subject: the Office.js adapter over the fake Excel, and how to look at it. */
import { type FakeExcel, createFakeExcel } from "../fake";
import { OfficeWorkbook } from "../office-workbook";
import type { ContractInit, ContractSubject, Looker } from "./contract-subject";

function fakeLooker(excel: FakeExcel): Looker {
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
    // An event's handler may ask Excel where the table is: wait for its round trips.
    settle: () => excel.settle(),
  };
}

/** The adapter over a fake seeded with `init`. */
export const officeOverFake: ContractSubject = (init: ContractInit = {}) => {
  const excel = createFakeExcel(init);
  return { workbook: new OfficeWorkbook(excel.run), look: fakeLooker(excel) };
};
