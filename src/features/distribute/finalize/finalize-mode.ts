/**
 * Modes `batch` and `group`, second step: finalize what was reviewed. The
 * items are read again and must still have the reviewed fingerprint (else `DraftChangedError`:
 * nothing is finalized); the draft must hold their count and total to the cent; then the shared
 * once-only, run-logged path (./finalize-draft.ts), and the review table's status column says
 * how it ended.
 */
import type { FinalizeBody, ValePixClient } from "../../../api";
import type { Locale, Workbook } from "../../../workbook";
import {
  DraftChangedError,
  type FinalizeDistributionsApi,
  type FinalizeDraftOptions,
  type FinalizeOutcome,
  finalizeDraft,
} from "./finalize-draft";
import { DEFAULT_REVIEW_TABLES, overriddenInTable, writeReviewTable } from "../modes/mode-review";
import { asDesired, itemsTotal } from "../send/plan";
import { progressReporter } from "../../../api/progress";
import { readDraftItems } from "../send/review";
import { ledgerLookups } from "./finalize";
import { readRunLogEntries, sheetFingerprint } from "../../../workbook/run-log";
import { type DirectoryApi, loadDirectory } from "../send/directory";

export interface FinalizeModeInput {
  workbook: Workbook;
  distributionId: string;
  /** `ModeReview.fingerprint`: the items that were reviewed. */
  fingerprint: string;
  body: FinalizeBody;
  reviewTable?: string | undefined;
  confirmRepeatOf?: string | undefined;
  confirmAfterUnknownOutcome?: boolean | undefined;
}

export type FinalizeModeApi = DirectoryApi &
  FinalizeDistributionsApi & {
    distributions: Pick<ValePixClient["distributions"], "listItems">;
  };

export interface FinalizeModeOptions extends FinalizeDraftOptions {
  locale?: Locale | undefined;
}

export const finalizeBatch = (
  api: FinalizeModeApi,
  input: FinalizeModeInput,
  options: FinalizeModeOptions = {},
) => finalizeMode(api, "batch", input, options);

export const finalizeGroup = (
  api: FinalizeModeApi,
  input: FinalizeModeInput,
  options: FinalizeModeOptions = {},
) => finalizeMode(api, "group", input, options);

async function finalizeMode(
  api: FinalizeModeApi,
  mode: "batch" | "group",
  input: FinalizeModeInput,
  options: FinalizeModeOptions,
): Promise<FinalizeOutcome> {
  const { workbook, distributionId } = input;
  const { signal } = options;
  const locale = options.locale ?? "pt-BR";
  const table = input.reviewTable ?? DEFAULT_REVIEW_TABLES[mode];
  progressReporter(options.onProgress)("check", 0, 1);
  const items = await readDraftItems(api.distributions, distributionId, signal);
  if ((await sheetFingerprint(asDesired(items.items))) !== input.fingerprint)
    throw new DraftChangedError(distributionId);
  const entries = await readRunLogEntries(workbook);
  const note = [...entries].reverse().find((e) => e.distributionId === distributionId)?.note;
  const { employees, products } = await loadDirectory(api, signal);
  const previous = await overriddenInTable(workbook, table, locale, signal);
  return finalizeDraft(
    api,
    {
      workbook,
      table,
      mode,
      distributionId,
      fingerprint: input.fingerprint,
      expected: { employees: items.items.length, totalCents: itemsTotal(items.items) },
      body: input.body,
      confirmRepeatOf: input.confirmRepeatOf,
      confirmAfterUnknownOutcome: input.confirmAfterUnknownOutcome,
      note,
      ledger: ledgerLookups(asDesired(items.items), employees, products),
      locale,
    },
    (stage) =>
      writeReviewTable(
        workbook,
        items,
        { table, distributionId, stage, locale, run: { employees, products } },
        (id) => ({ overridden: previous.has(id) }),
      ),
    options,
  );
}
