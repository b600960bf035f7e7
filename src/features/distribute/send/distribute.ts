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
 * The steps are the pipeline every mode shares (./pipeline.ts); this file says what mode
 * `selected` sends: the sheet's rows, into a draft that starts empty.
 */
import type { Locale, ValidationOptions, Workbook } from "../../../workbook";
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
import { assertNotPaidBefore, readRunLogEntries } from "../../../workbook/run-log";
import { type DraftApi, type DraftSent, type DraftSpec, sendDraft, sinceLastFinalized } from "./pipeline";
import { type DirectoryApi, readDistributionSheet } from "./sheet";
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

export interface SendSheetOptions {
  signal?: AbortSignal | undefined;
  onProgress?: OnProgress | undefined;
  /** Requests in flight at once (default 4). */
  concurrency?: number | undefined;
  locale?: Locale | undefined;
  validation?: ValidationOptions | undefined;
  /** Clock for the run log and the ETA (default Date.now). */
  now?: (() => number) | undefined;
  /**
   * Reads kept across the workflow (./reads.ts): the directory read once, and the review's items
   * kept for finalize's check.
   */
  reads?: WorkflowReads | undefined;
}

/**
 * What a send of the sheet gives (./pipeline.ts `DraftSent`): the review against the sheet, whose
 * fingerprint finalize checks the sheet still has. An unrecorded draft of mode `selected` has no
 * items: it pays nothing (finalize needs a positive value) and can be ignored.
 */
export type DraftReview = DraftSent;

export async function sendSheet(
  api: SelectedApi,
  input: SendSheetInput,
  options: SendSheetOptions = {},
): Promise<DraftReview> {
  const { workbook } = input;
  const locale = options.locale ?? "pt-BR";
  return sendDraft(
    api,
    workbook,
    async (): Promise<DraftSpec> => {
      const read = await readDistributionSheet(api, workbook, input.table, {
        validation: options.validation,
        locale,
        signal: options.signal,
        reads: options.reads,
      });
      return {
        mode: "selected",
        table: read.table.name,
        body: { type: "selected" },
        startsEmpty: true,
        products: read.products,
        beforeDraft: (entries, continued) =>
          assertNotPaidBefore(entries, read.fingerprint, {
            confirmRepeatOf: input.confirmRepeatOf,
            except: continued,
          }),
        draftEntry: () => ({
          totalEmployees: read.desired.length,
          totalCents: read.desired.reduce((s, d) => s + [...d.values.values()].reduce((a, b) => a + b, 0), 0),
          fingerprint: read.fingerprint,
        }),
        desired: () => Promise.resolve(read.desired),
        reviewed: () =>
          Promise.resolve({ fingerprint: read.fingerprint, items: read.desired, log: undefined }),
        writeResults: (distributionId, _readBack, details) =>
          writeRowResults(
            workbook,
            read.table,
            read.mapping,
            runRowResults(read, "draft", distributionId, locale, { mismatched: details }),
            locale,
          ),
      };
    },
    input,
    options,
  );
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
