/**
 * The Workbook wrapper that refreshes the ledger's PivotTable (./ledger-pivot.ts) whenever the
 * ledger grows, whoever writes the payment (the pane's finalize, a status check, the settle after
 * a pane was closed). It is in the pane's start, so it imports only names.
 */
import type { Locale } from "../../money";
import { LEDGER_TABLES } from "../../workbook/ledger-table";
import type { PivotSheetPort } from "../../workbook/pivot-sheet";
import type { Workbook } from "../../workbook/port";
import { BOOKS_NAMES } from "./names";

/** The pivot's place: the sheet, the pivot and the chart keep the names of the language that built them. */
export function pivotPlace(locale: Locale): { sheet: string; name: string; chart: string } {
  const names = BOOKS_NAMES[locale];
  return { sheet: names.pivotSheet, name: names.pivotName, chart: names.pivotChart };
}

const LEDGER_NAMES = new Set(Object.values(LEDGER_TABLES).map((n) => n.toLowerCase()));

/**
 * The workbook, with the ledger's pivot (in either language) refreshed after rows are appended
 * to the ledger. A refresh that fails leaves the payment recorded as it is: the pivot is a view,
 * refreshed again by the next booking.
 */
export function refreshingLedgerPivot(workbook: Workbook, port: PivotSheetPort): Workbook {
  const refresh = async (): Promise<void> => {
    for (const locale of ["pt-BR", "en-US"] as const) {
      const place = pivotPlace(locale);
      try {
        if (await port.refreshPivot(place)) return;
      } catch {
        return;
      }
    }
  };
  return new Proxy(workbook, {
    get(target, key, receiver) {
      if (key !== "appendRows") return Reflect.get(target, key, receiver) as unknown;
      const appendRows: Workbook["appendRows"] = async (table, rows, options) => {
        const grown = await target.appendRows(table, rows, options);
        if (LEDGER_NAMES.has(table.toLowerCase())) await refresh();
        return grown;
      };
      return appendRows;
    },
  });
}
