/**
 * Distribution in mode `selected`, first half: from the sheet to a reviewed draft.
 * The sheet is the desired state, the draft the actual state (docs/architecture.md §2):
 *
 * 1. read and validate the table (./sheet.ts): errors are written beside the rows, nothing is sent;
 * 2. refuse a sheet that pays what an earlier run already paid, unless confirmed (src/workbook/run-log.ts);
 * 3. continue the draft the run log records for this table while it is still `draft`, else create
 *    one (and log it at once, so a crash right after does not lose it);
 * 4. read the draft's items, plan the fewest calls that close the difference (./plan.ts), send
 *    them (./send.ts);
 * 5. review: read the items back and compare with the sheet, and with the previous finalized
 *    distribution of the same table (./review.ts); write each row's state beside it.
 *
 * Anything that stops it half-way is safe to repeat: the next call re-reads the draft and sends
 * only what is still missing. Finalize is the separate, explicit step (../finalize/finalize.ts).
 *
 * The sheet is read and validated into a plan before the draft is touched; the steps after are
 * the pipeline every mode shares (./pipeline.ts), which takes the plan and returns what was sent.
 * This file says what mode `selected` sends (the sheet's rows, into a draft that starts empty)
 * and writes each row's state once the pipeline answers.
 */
import type { Locale, Workbook } from "../../../workbook";
import { writeRowResults } from "../../../workbook";
import { type OnProgress, progressReporter } from "../../../api/progress";
import {
  type ChangesSincePrevious,
  type ItemsReader,
  type SheetReview,
  compareWithSheet,
  readDraftItems,
} from "./review";
import { runRowResults } from "./row-results";
import { readRunLogEntries } from "../../../workbook/run-log";
import {
  type DraftApi,
  type DraftPlan,
  type DraftSent,
  type SendOptions,
  sendDraft,
  sinceLastFinalized,
  sinceLastRun,
} from "./pipeline";
import type { DirectoryApi } from "./directory";
import { type SheetRead, readDistributionSheet } from "./sheet";
import type { WorkflowReads } from "./reads";

export type SelectedApi = DirectoryApi & DraftApi;

export interface SendSheetInput {
  workbook: Workbook;
  /** The distribution table's name. */
  table: string;
  /** The fingerprint a `DoublePaymentError` named, to send the same content again on purpose. */
  confirmRepeatOf?: string | undefined;
  /**
   * The unanswered create count an `UnansweredDraftsError` showed: the person asked, on purpose,
   * for one more draft (src/workbook/run-log.ts, `assertMayCreateDraft`).
   */
  allowAnotherDraftAfter?: number | undefined;
}

/**
 * What a send of the sheet gives (./pipeline.ts `DraftSent`): the review against the sheet, whose
 * fingerprint finalize checks the sheet still has. An unrecorded draft of mode `selected` has no
 * items: it pays nothing (finalize needs a positive value) and can be ignored.
 */
export type DraftReview = DraftSent;

/** The sheet as what the draft must hold: nothing in it depends on the draft. */
function sheetPlan(sheet: SheetRead, input: SendSheetInput): DraftPlan {
  return {
    mode: "selected",
    table: sheet.table.name,
    body: { type: "selected" },
    products: sheet.products,
    wants: { kind: "items", items: sheet.desired, fingerprint: sheet.fingerprint },
    confirmRepeatOf: input.confirmRepeatOf,
    allowAnotherDraftAfter: input.allowAnotherDraftAfter,
  };
}

/**
 * Sends the sheet: reads and validates it into a plan, brings the draft to it (./pipeline.ts),
 * writes each row's state beside it and compares with the previous finalized run.
 */
export async function sendSheet(
  api: SelectedApi,
  input: SendSheetInput,
  options: SendOptions = {},
): Promise<DraftReview> {
  const { workbook } = input;
  const locale = options.locale ?? "pt-BR";
  progressReporter(options.onProgress)("read", 0, 1);
  const directoryDone = options.reads?.directory.step();
  const sheet = await readDistributionSheet(api, workbook, input.table, {
    validation: options.validation,
    locale,
    signal: options.signal,
    reads: options.reads,
  });
  const plan = sheetPlan(sheet, input);
  const applied = await sendDraft(api, workbook, plan, options);
  directoryDone?.();
  const rows = runRowResults(sheet, "draft", applied.sent.distributionId, locale, {
    mismatched: applied.details,
  });
  await writeRowResults(workbook, sheet.table, sheet.mapping, rows, locale);
  return sinceLastRun(api, applied, plan, options);
}

/**
 * Mode `selected`, between send and finalize: the sheet read again and the draft's items read
 * now, compared, and against the previous finalized run of the table ("check again"). Only reads
 * on the API; the items read are kept for finalize's check (./reads.ts).
 */
export async function reviewSheetAgain(
  api: DirectoryApi & { distributions: ItemsReader },
  input: { workbook: Workbook; table: string; distributionId: string },
  options: { signal: AbortSignal; onProgress?: OnProgress | undefined; locale: Locale; reads: WorkflowReads },
): Promise<{ fingerprint: string; review: SheetReview; sincePrevious: ChangesSincePrevious | undefined }> {
  const { workbook, distributionId } = input;
  const { signal, locale, reads } = options;
  const progress = progressReporter(options.onProgress);
  progress("review", 0, 1);
  const sheet = await readDistributionSheet(api, workbook, input.table, { locale, signal, reads });
  reads.forgetDraft(distributionId);
  const held = await readDraftItems(api.distributions, distributionId, signal);
  const review = compareWithSheet(sheet.desired, held);
  reads.keepDraft(distributionId, held);
  const entries = await readRunLogEntries(workbook);
  const sincePrevious = await sinceLastFinalized(
    api.distributions,
    entries,
    sheet.table.name,
    distributionId,
    sheet.desired,
    signal,
  );
  progress("review", 1, 1);
  return { fingerprint: sheet.fingerprint, review, sincePrevious };
}
