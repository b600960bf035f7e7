/**
 * Modes `batch` and `group`, between send and finalize: what changed since the last finalized
 * run of the same review table, and "check again".
 *
 * What changed: the items a draft holds against the previous finalized (or processing)
 * distribution the run log records for the same review table (../send/pipeline.ts
 * `sinceLastFinalized`): new and dropped employees, changed amounts, the difference of the totals.
 *
 * `reviewModeAgain`: what a resend would check, without sending anything: the input checked
 * again (values, overrides table, conventions: ./mode-input.ts), the draft's items read now and
 * compared with the desired state they give (an override for an employee the draft does not hold
 * is a mismatch, not an error), the fingerprint finalize will require, the distribution's state,
 * and the review table and the overrides' statuses written again. Only reads on the API.
 */
import type { ValePixClient } from "../../../api";
import type { Locale, ValidationOptions, Workbook } from "../../../workbook";
import { type ModeApi, prepareModeRun } from "./mode-input";
import { DEFAULT_REVIEW_TABLES, type ProductValues, writeReviewTable } from "./mode-review";
import { asDesired, modeDesired } from "../send/plan";
import { progressReporter, type OnProgress } from "../../../api/progress";
import {
  type ChangesSincePrevious,
  type ItemMismatch,
  type SheetReview,
  compareWithSheet,
  readDraftItems,
} from "../send/review";
import { sinceLastFinalized } from "../send/pipeline";
import { mismatchDetails, stageOf } from "../send/row-results";
import { readRunLogEntries, sheetFingerprint } from "../../../workbook/run-log";

export interface ReviewModeInput {
  workbook: Workbook;
  distributionId: string;
  values: ProductValues;
  overridesTable?: string | undefined;
  reviewTable?: string | undefined;
  /** Mode group: the conventions the draft was created with. */
  benefitIds?: readonly string[] | undefined;
}

export interface ModeRecheck {
  /** The items read now against the desired state of the input: `matches` before finalize. */
  review: SheetReview;
  /** The fingerprint of the items read now (what `finalizeBatch`/`finalizeGroup` will require). */
  fingerprint: string;
  sincePrevious: ChangesSincePrevious | undefined;
  /** The distribution's state as the item pages state it (`draft` until finalized). */
  status: string | undefined;
  reviewTable: string;
}

export async function reviewModeAgain(
  api: ModeApi & { distributions: Pick<ValePixClient["distributions"], "listItems"> },
  mode: "batch" | "group",
  input: ReviewModeInput,
  options: {
    signal?: AbortSignal | undefined;
    onProgress?: OnProgress | undefined;
    locale?: Locale | undefined;
    validation?: ValidationOptions | undefined;
  } = {},
): Promise<ModeRecheck> {
  const { workbook, distributionId } = input;
  const { signal } = options;
  const locale = options.locale ?? "pt-BR";
  const table = input.reviewTable ?? DEFAULT_REVIEW_TABLES[mode];
  const progress = progressReporter(options.onProgress);
  progress("review", 0, 1);
  const run = await prepareModeRun(api, mode, input, input.benefitIds ?? [], {
    locale,
    signal,
    validation: options.validation,
  });
  const items = await readDraftItems(api.distributions, distributionId, signal);
  const { desired, notInDraft } = modeDesired(items.items, run.values, run.overrides);
  const review = compareWithSheet(desired, items);
  const missing: ItemMismatch[] = notInDraft.map((o) => ({
    employee_id: o.employee_id,
    kind: "missing",
    sheetCents: [...o.values.values()].reduce((s, c) => s + c, 0),
    draftCents: 0,
  }));
  if (missing.length > 0) {
    review.mismatches.push(...missing);
    review.matches = false;
  }
  const entries = await readRunLogEntries(workbook);
  const sincePrevious = await sinceLastFinalized(
    api.distributions,
    entries,
    table,
    distributionId,
    asDesired(items.items),
    signal,
  );
  const names = new Map(run.products.map((p) => [p.id, p.name]));
  const details = mismatchDetails(review.mismatches, (id) => names.get(id) ?? id, locale);
  const overridden = new Set(run.overrides.map((o) => o.employee_id));
  const stage = stageOf(items.status ?? "draft");
  await writeReviewTable(workbook, items, { table, distributionId, stage, locale, run }, (id) => ({
    overridden: overridden.has(id),
    mismatch: details.get(id),
  }));
  await run.writeOverrides(distributionId, details);
  progress("review", 1, 1);
  return {
    review,
    fingerprint: await sheetFingerprint(asDesired(items.items)),
    sincePrevious,
    status: items.status,
    reviewTable: table,
  };
}
