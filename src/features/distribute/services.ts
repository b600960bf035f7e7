/**
 * What the Distribute screen needs (its port), in the pane's own terms. ./adapter implements it
 * with the workflows of this feature, src/api and the Workbook port; the screen receives it as a
 * prop, so it renders and is tested without Office or a server. Money is integer cents.
 */
import type { Benefit, FinalizeBody, Product } from "../../api";
import type { Run } from "../../api/progress";
import type { PaidBefore } from "./paid-before";
import type {
  ColumnRole,
  Issue,
  MappingOverride,
  TableChange,
  TableInfo,
  ValidationSummary,
} from "../../workbook";
import type { CancelOutcome, Charge } from "../fund";

export interface MappingView {
  header: string[];
  columns: Array<{ index: number; header: string; role: ColumnRole }>;
  products: Product[];
}

export interface ValidationView {
  ok: boolean;
  issues: Issue[];
  summary: ValidationSummary;
}

export interface CellInspection {
  /** The cell as Excel holds it ("" when empty). */
  raw: string | number | boolean;
  cents?: number;
  /** Why the cell is not a valid amount (the issue validation reports for it). */
  problem?: Issue;
  /** The row or column is not in the table. */
  outside?: boolean;
}

export type DistributionMode = "selected" | "batch" | "group";

/** A mode the workflows do not offer yet was asked for: nothing was sent. */
export class ModeUnavailableError extends Error {
  override name = "ModeUnavailableError";
  constructor(readonly mode: DistributionMode) {
    super(`Mode ${mode} is not available yet; nothing was sent.`);
  }
}

export interface SendRequest {
  table: string;
  mode: DistributionMode;
  /** Mode group: the `benefit_id`s. */
  benefitIds?: string[];
  /** Modes batch and group: cents per product_id for every item (a product left out stays as it is). */
  values?: Record<string, number>;
  /** Modes batch and group: the table's rows set their employees' amounts (overrides). */
  overridesFromTable?: boolean;
  /**
   * The fingerprint a `DoublePaymentError` named: the person confirmed, on purpose, that this
   * table pays again what an earlier distribution paid (docs/architecture.md §2 "No double payment").
   */
  confirmRepeatOf?: string;
  /**
   * The count of unanswered draft creates an `UnansweredDraftsError` showed: the person asked, on
   * purpose, for one more draft ("Create another draft"; src/workbook/run-log.ts).
   */
  allowAnotherDraftAfter?: number;
}

export interface SendOutcome {
  distributionId: string;
  mode: DistributionMode;
  /** Modes batch and group: the table the draft's items were written into, for review. */
  reviewTable?: string;
  /** False when the draft the run log recorded for this table was continued. */
  created: boolean;
  /** Calls the plan made (equal to its lower bound). */
  calls: number;
  totalEmployees: number;
  totalCents: number;
  /**
   * Earlier attempts to create a draft for this table whose answer never came: each may have left
   * a draft at the server that the API cannot list (they pay nothing). 0 when none.
   */
  unansweredDrafts?: number;
  /** The review made right after sending (items read back). */
  review: ReviewView;
}

interface ReviewMismatch {
  /** The employee's name when known, else the employee_id. */
  employee: string;
  product: string;
  sheetCents: number;
  draftCents: number;
}

export interface ReviewView {
  matches: boolean;
  mismatches: ReviewMismatch[];
  sheetTotalCents: number;
  draftTotalCents: number;
  totalEmployees: number;
  availableCents?: number;
  /** The last finalized distribution of this table, when there is one. */
  sincePrevious?: {
    distributionId: string;
    newEmployees: number;
    droppedEmployees: number;
    changedAmounts: number;
    totalDeltaCents: number;
  };
  /** A run with the same fingerprint already reached processing or later: paying again needs a confirmation. */
  repeats?: PaidBefore | undefined;
}

export interface FinalizeRequest {
  table: string;
  distributionId: string;
  body: FinalizeBody;
  /** True only when the person ticked "pay again" for a repeated table. */
  confirmRepeat: boolean;
  /**
   * True only when the person, after a check that found the distribution still in `draft`,
   * ticked "finalize anyway" following a finalize whose outcome was unknown.
   */
  confirmAfterUnknownOutcome?: boolean;
}

export interface FinalizeOutcome {
  distributionId: string;
  /** `completed` or `failed`, or `processing` when the wait ended first (check again later). */
  status: string;
  totalEmployees: number;
  totalCents: number;
  lotId?: string;
  /** The charge opened for the part the balance did not cover (PIX or boleto methods). */
  transactionId?: string;
  /** False when finalize had been applied before (it was only followed, never sent twice). */
  finalizedNow: boolean;
  /**
   * True when the API's transactions name no distribution, so the repeated-payment check before
   * finalize could only read this workbook's run log.
   */
  localCheckOnly?: boolean;
}

/**
 * What "check status" found after a finalize whose outcome was unknown: applied (followed to its
 * final state, as finalize would) or, as of `checkedAt`, still a draft (nothing was sent).
 */
export type FinalizeCheck =
  { applied: true; outcome: FinalizeOutcome } | { applied: false; checkedAt: string };

/**
 * A run of a table that stopped before it ended (the pane or the workbook closed mid-send, or
 * before finalize), as the API holds its draft now. The next send continues that draft.
 */
export interface InterruptedRun {
  table: string;
  mode: DistributionMode;
  distributionId: string;
  /** `draft`, or `unknown` when a finalize of it was sent and never answered. */
  state: string;
  /** What the draft holds, as the API reports it. */
  draftEmployees: number;
  draftCents: number;
  /** What the table asks for (mode `selected`, when the sheet reads without errors). */
  sheetEmployees?: number;
  sheetCents?: number;
  /** When the run began (its draft's first entry in the run log). */
  since: string;
}

export interface DistributeServices {
  /** The modes this host can send (any other is shown disabled, with the reason). */
  modes: readonly DistributionMode[];
  listTables(): Promise<TableInfo[]>;
  createTemplate(signal: AbortSignal): Promise<TableInfo>;
  mapping(table: string): Promise<MappingView>;
  saveMapping(table: string, override: MappingOverride): Promise<void>;
  /** Validates with a fresh read of employees, products and the balance; writes each row's status. */
  validate(table: string, run: Run): Promise<ValidationView>;
  /**
   * Validates again after people typed (live validation): the employees, products and balance of
   * the last `validate` are reused, so nothing is asked of the API. With `changes` (a burst of
   * `watchTable` reports), only the changed rows are read and re-checked, and their status cells
   * (and those of rows sharing an employee with them) rewritten; without, the whole table.
   */
  revalidate(table: string, signal: AbortSignal, changes?: readonly TableChange[]): Promise<ValidationView>;
  /** Calls `onChange` when people change the table's cells (the add-in's own writes are not reported). */
  watchTable(table: string, onChange: (change: TableChange) => void): Promise<() => void>;
  inspectCell(table: string, sheetRow: number, column: string): Promise<CellInspection>;
  /** Selects the cell of an issue in Excel (the whole row for row issues). */
  selectIssue(table: string, issue: Issue): Promise<void>;
  benefits(signal: AbortSignal): Promise<Benefit[]>;
  send(request: SendRequest, run: Run): Promise<SendOutcome>;
  review(table: string, distributionId: string, run: Run): Promise<ReviewView>;
  /**
   * Finalizes and waits for the final state. With a method that opens a charge for the part the
   * balance does not cover (PIX, BOLETO, BALANCE_WITH_*), `onCharge` gets it (its PIX code or
   * boleto line, expiry) while it is awaited, and again with its state when that changes.
   */
  finalize(request: FinalizeRequest, run: Run & { onCharge?: (c: Charge) => void }): Promise<FinalizeOutcome>;
  /** Cancels the charge a finalize opened (the distribution then fails: nothing is paid). */
  cancelCharge(transactionId: string): Promise<CancelOutcome>;
  /**
   * After a finalize whose outcome is unknown: reads the distribution; never sends finalize. An
   * applied one is followed to its final state (rows and run log written, as finalize does).
   */
  checkFinalize(request: FinalizeRequest, run: Run): Promise<FinalizeCheck>;
  /**
   * The newest run that stopped before it ended, settled first (what the API says happened is
   * recorded: a run found paid is not interrupted), or undefined.
   */
  interruptedRun?(signal: AbortSignal): Promise<InterruptedRun | undefined>;
}
