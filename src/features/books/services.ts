/** What the Contabilização section needs (its adapter is ./adapter.ts). */
import type { Run } from "../../api/progress";
import type { BooksOutcome } from "./books";

export interface BooksServices {
  /** The months the ledger has payments in, newest first ("2026-11"). */
  months(signal?: AbortSignal): Promise<string[]>;
  /** The accounts table with a line for every product, shown (created when missing). */
  openAccounts(run: Run): Promise<{ table: string; created: boolean }>;
  /** Books the month: entries written, the PivotTable built or refreshed. */
  book(month: string, run: Run): Promise<BooksOutcome>;
}
