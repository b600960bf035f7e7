/** What the pane needs of the VALEPIX functions (the Data screen's panel); ./adapter.ts `functionsServices` implements it. */
import type { ReconciliationSheetResult } from "./reconciliation-sheet";

export interface FunctionsServices {
  /** Whether the functions refresh themselves every minute (the person's setting). */
  liveEnabled(): boolean;
  setLive(on: boolean): Promise<void>;
  /** Asks every distinct question of the workbook's VALEPIX cells again, now. */
  refresh(): Promise<RefreshOutcome>;
  /** Builds (or builds again) the reconciliation sheet; absent where there is no workbook. */
  buildReconciliationSheet?: (signal?: AbortSignal) => Promise<ReconciliationSheetResult>;
}

export interface RefreshOutcome {
  /** Distinct questions asked. */
  questions: number;
  /** Questions whose answer was an error. */
  failed: number;
  /** Cells given a new result. */
  cells: number;
}
