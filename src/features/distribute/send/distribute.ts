/**
 * Distribution in mode `selected`, first half: from the sheet to a reviewed draft (issue 10
 * item 1). The sheet is the desired state, the draft the actual state (docs/architecture.md §2):
 *
 * 1. read and validate the table (./sheet.ts): errors are written beside the rows, nothing is sent;
 * 2. refuse a sheet that pays what an earlier run already paid, unless confirmed (./run-log.ts);
 * 3. continue the draft the run log records for this table while it is still `draft`, else create
 *    one (and log it at once, so a crash right after does not lose it);
 * 4. read the draft's items, plan the fewest calls that close the difference (./plan.ts), send
 *    them (./send.ts);
 * 5. review: read the items back and compare with the sheet, and with the previous finalized
 *    distribution of the same table (./review.ts); write each row's state beside it.
 *
 * Anything that stops it half-way is safe to repeat: the next call re-reads the draft and sends
 * only what is still missing. Finalize is the separate, explicit step (./finalize.ts).
 */
import type { ValePixClient } from "../../../api";
import type { Locale, ValidationOptions, Workbook } from "../../../workbook";
import { writeRowResults } from "../../../workbook";
import { type ItemPlan, planItems } from "./plan";
import { type OnProgress, progressReporter } from "../../../api/progress";
import {
  type ChangesSincePrevious,
  type SheetReview,
  compareWithPrevious,
  compareWithSheet,
  readDraftItems,
} from "./review";
import { mismatchDetails, runRowResults } from "./row-results";
import {
  assertNotPaidBefore,
  draftToContinue,
  previousFinalized,
  readRunLogEntries,
  unansweredCreates,
  unrecordedCreate,
} from "../../../workbook/run-log";
import { createDraftLogged } from "./create-draft";
import { sendPlan } from "./send";
import { type DirectoryApi, readDistributionSheet } from "./sheet";
import type { WorkflowReads } from "./reads";

export type SelectedApi = DirectoryApi & {
  distributions: Pick<
    ValePixClient["distributions"],
    "create" | "get" | "listItems" | "addItems" | "removeItems" | "setValueForAll" | "setEmployeeValue"
  >;
};

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

export interface DraftReview {
  distributionId: string;
  /** True when this call created the draft (false: it continued the one the run log recorded). */
  created: boolean;
  /** The plan that was sent (its `count` and `lowerBound` are equal). */
  plan: ItemPlan;
  /** Against the sheet: `matches` must be true before finalize. */
  review: SheetReview;
  /** Against the previous finalized distribution of the same table, when the run log has one. */
  sincePrevious: ChangesSincePrevious | undefined;
  /** The sheet's fingerprint: finalize checks the sheet still has it. */
  fingerprint: string;
  /**
   * Set when an earlier send of this table stopped between creating a draft and logging it (the
   * time it started): a draft with no items may exist on the server. It pays nothing (finalize
   * needs a positive value) and this add-in never finalizes it; it can be ignored.
   */
  unrecordedDraftSince: string | undefined;
  /**
   * Earlier attempts to create a draft for this table whose answer never came, in this run: each
   * may have left a draft at the server that the API cannot list (no money moved).
   */
  unansweredCreates: number;
}

export async function sendSheet(
  api: SelectedApi,
  input: SendSheetInput,
  options: SendSheetOptions = {},
): Promise<DraftReview> {
  const { workbook } = input;
  const { signal } = options;
  const locale = options.locale ?? "pt-BR";
  const now = options.now ?? Date.now;
  const progress = progressReporter(options.onProgress);

  progress("read", 0, 1);
  const sheet = await readDistributionSheet(api, workbook, input.table, {
    validation: options.validation,
    locale,
    signal,
    reads: options.reads,
  });
  const table = sheet.table.name;
  const entries = await readRunLogEntries(workbook);
  assertNotPaidBefore(entries, sheet.fingerprint, { confirmRepeatOf: input.confirmRepeatOf });
  progress("read", 1, 1);

  // Continue the logged draft while the server still says `draft`; anything else starts anew.
  let distributionId: string | undefined;
  const logged = draftToContinue(entries, table, "selected");
  if (logged) {
    const d = await api.distributions.get(logged.distributionId, { signal });
    if (d.status === "draft") distributionId = d.distribution_id;
  }
  const created = distributionId === undefined;
  const unrecorded = unrecordedCreate(entries, table, "selected");
  if (distributionId === undefined) {
    const d = await createDraftLogged(api.distributions, {
      workbook,
      entries,
      table,
      mode: "selected",
      body: { type: "selected" },
      allowAnotherDraftAfter: input.allowAnotherDraftAfter,
      draftEntry: () => ({
        totalEmployees: sheet.desired.length,
        totalCents: sheet.desired.reduce((s, d) => s + [...d.values.values()].reduce((a, b) => a + b, 0), 0),
        fingerprint: sheet.fingerprint,
      }),
      now,
      signal,
    });
    distributionId = d.distribution_id;
  }

  const { reads } = options;
  reads?.forgetDraft(distributionId);
  progress("plan", 0, 1);
  const actual = created ? [] : (await readDraftItems(api.distributions, distributionId, signal)).items;
  const plan = planItems(sheet.desired, actual, { fresh: created });
  progress("plan", 1, 1);

  try {
    await sendPlan(api.distributions, distributionId, plan, {
      signal,
      onProgress: options.onProgress,
      concurrency: options.concurrency,
      now,
    });
  } catch (e) {
    reads?.draftUncertain(distributionId);
    throw e;
  }

  progress("review", 0, 1);
  const held = await readDraftItems(api.distributions, distributionId, signal);
  const review = compareWithSheet(sheet.desired, held);
  reads?.keepDraft(distributionId, held);
  const previous = previousFinalized(entries, table, distributionId);
  const sincePrevious = previous
    ? compareWithPrevious(
        {
          ...previous,
          items: (await readDraftItems(api.distributions, previous.distributionId, signal)).items,
        },
        sheet.desired,
      )
    : undefined;
  const names = new Map(sheet.products.map((p) => [p.id, p.name]));
  const details = mismatchDetails(review.mismatches, (id) => names.get(id) ?? id, locale);
  await writeRowResults(
    workbook,
    sheet.table,
    sheet.mapping,
    runRowResults(sheet, "draft", distributionId, locale, { mismatched: details }),
    locale,
  );
  progress("review", 1, 1);
  return {
    distributionId,
    created,
    plan,
    review,
    sincePrevious,
    fingerprint: sheet.fingerprint,
    unrecordedDraftSince: unrecorded?.at,
    // This send's own attempt was answered: the count is the run log's as it was read.
    unansweredCreates: unansweredCreates(entries, table, "selected").length,
  };
}
