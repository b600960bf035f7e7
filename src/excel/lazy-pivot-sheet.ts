/**
 * The PivotTable port (./pivot-sheet.ts) loaded on its first use, in a chunk of its own: the
 * pane's start carries only this shell, and a workbook that never books never loads it.
 */
import type { PivotSheetPort } from "../workbook/pivot-sheet";
import type { ExcelRun } from "./office-api";

export function lazyPivotSheet(run: ExcelRun): PivotSheetPort {
  let port: Promise<PivotSheetPort> | undefined;
  const loaded = () => (port ??= import("./pivot-sheet").then((m) => new m.OfficePivotSheet(run)));
  return {
    buildPivot: async (spec) => (await loaded()).buildPivot(spec),
    refreshPivot: async (target) => (await loaded()).refreshPivot(target),
  };
}
