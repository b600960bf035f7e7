/**
 * The Workbook port's contract (../../workbook/port.ts) as a jest suite any implementation runs
 * (today one: the Office.js adapter over the fake Excel).
 * Only port calls and what a person sees in the cells are checked here; sync counts belong to
 * each implementation's own tests.
 */
import type { ContractSubject } from "./contract-subject";
import { describeReadingContract } from "./contract-reading";
import { describeSheetContract } from "./contract-sheets";
import { describeWritingContract } from "./contract-writing";

export function describeWorkbookContract(label: string, make: ContractSubject): void {
  describe(`Workbook contract: ${label}`, () => {
    describeReadingContract(make);
    describeWritingContract(make);
    describeSheetContract(make);
  });
}
