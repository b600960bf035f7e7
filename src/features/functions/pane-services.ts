import type { Locale } from "../../money";
import type { FormulaSheetPort } from "../../workbook/formula-sheet";
import type { Workbook } from "../../workbook/port";
import type { FunctionsRuntime } from "./adapter";
import { buildReconciliationSheet } from "./reconciliation-sheet";
import type { FunctionsServices } from "./services";

/** The pane's port over the page's runtime, and the reconciliation sheet where there is a workbook. */
export function functionsServices(
  runtime: Pick<FunctionsRuntime<unknown>, "liveEnabled" | "setLive" | "refresh">,
  locale: Locale,
  workbook?: { workbook: Workbook; sheets: FormulaSheetPort },
): FunctionsServices {
  return {
    liveEnabled: () => runtime.liveEnabled(),
    setLive: (on) => runtime.setLive(on),
    refresh: () => runtime.refresh(),
    ...(workbook
      ? {
          buildReconciliationSheet: (signal?: AbortSignal) =>
            buildReconciliationSheet(workbook.workbook, workbook.sheets, locale, signal),
        }
      : {}),
  };
}
