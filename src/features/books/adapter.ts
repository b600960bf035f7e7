/**
 * `BooksServices` over the books workflow (./books.ts), the workbook and, where the host has one,
 * its PivotTable port. The workflow loads on first use (its own chunk): the pane's start stays small.
 */
import type { ValePixClient } from "../../api";
import type { Locale } from "../../money";
import type { PivotSheetPort } from "../../workbook/pivot-sheet";
import type { Workbook } from "../../workbook/port";
import type { BooksServices } from "./services";

const workflow = () => import("./workflow");

export function booksServices(
  api: () => Promise<ValePixClient>,
  workbook: Workbook,
  locale: Locale,
  pivots?: PivotSheetPort,
): BooksServices {
  return {
    months: async (signal) => (await workflow()).bookableMonths(workbook, signal),
    openAccounts: async (run) => (await workflow()).openAccounts(await api(), workbook, locale, run),
    book: async (month, { signal, onProgress }) => {
      const { bookMonth, buildLedgerPivot } = await workflow();
      return bookMonth(await api(), workbook, month, {
        locale,
        signal,
        onProgress,
        ...(pivots ? { pivot: (ledger) => buildLedgerPivot(pivots, ledger, locale) } : {}),
      });
    },
  };
}
