/**
 * Distribution in modes `batch` and `group` (API document, "Distribution
 * modes", "Distribution create body", Endpoints rule 6). Two explicit steps, as in mode
 * `selected`:
 *
 * `sendBatch` / `sendGroup`:
 * 1. check the input before anything is sent: values are whole non-negative cents of listed
 *    products, the overrides table is valid (../send/sheet.ts), group conventions are listed benefits;
 * 2. continue the draft the run log records for this review table and mode (and, for a group,
 *    the same conventions) while the server still says `draft`; else create one
 *    (`benefit_convention_ids` for a group) and log it at once;
 * 3. read its items, derive the desired state (./mode-review.ts), refuse an override for an
 *    employee the draft does not hold, and refuse content already paid (double payment);
 * 4. plan the fewest calls (../send/plan.ts: values for all, then per-employee values) and send them;
 * 5. read the items back, compare, log the fingerprint of what was read, write the items
 *    into the review table, and compare them with the previous finalized run of that table.
 *
 * The input is checked into a plan before the draft is touched; the steps after are the pipeline
 * every mode shares (../send/pipeline.ts), which takes the plan and returns what was sent. This
 * file says what these modes send (values for all and overrides, into a draft the server fills)
 * and writes the review table once the pipeline answers.
 *
 * Between send and finalize, `reviewModeAgain` (./mode-recheck.ts) checks again without sending.
 *
 * Finalize is the separate step: `finalizeBatch` / `finalizeGroup` (../finalize/finalize-mode.ts).
 */
import type { Workbook } from "../../../workbook";
import { type ModeApi, type ModeInput, prepareModeRun } from "./mode-input";
import { DEFAULT_REVIEW_TABLES, type ProductValues, writeReviewTable } from "./mode-review";
import { progressReporter } from "../../../api/progress";
import {
  type DraftApplied,
  type DraftPlan,
  type DraftSent,
  NotInDraftError,
  type SendOptions,
  sendDraft,
  sinceLastRun,
} from "../send/pipeline";

export interface SendModeInput {
  workbook: Workbook;
  /** Cents per product_id for every item ("set value for all items"), from a values row or a form. */
  values: ProductValues;
  /** A distribution table (identity and product columns) whose rows set one employee's amounts. */
  overridesTable?: string | undefined;
  /** The review table (created, or refreshed in place); also the run's name in the run log. */
  reviewTable?: string | undefined;
  /** The fingerprint a `DoublePaymentError` named, to send the same content again on purpose. */
  confirmRepeatOf?: string | undefined;
  /** The unanswered create count an `UnansweredDraftsError` showed, to create one more on purpose. */
  allowAnotherDraftAfter?: number | undefined;
}

export interface SendGroupInput extends SendModeInput {
  /** `benefit_id`s of the conventions (the benefits list's `id`; API document rule 6). */
  benefitIds: readonly string[];
}

/**
 * What a send of a batch or group gives (../send/pipeline.ts `DraftSent`; the fingerprint is the
 * items read back's, which finalize checks the draft still has), and where it was written. An
 * unrecorded group draft holds the conventions' amounts: it could be finalized elsewhere.
 */
export interface ModeReview extends DraftSent {
  mode: "batch" | "group";
  /** The review table's name. */
  reviewTable: string;
  /** Override rows applied. */
  overrides: number;
}

export const sendBatch = (api: ModeApi, input: SendModeInput, options: SendOptions = {}) =>
  sendMode(api, "batch", input, [], options);

export const sendGroup = (api: ModeApi, input: SendGroupInput, options: SendOptions = {}) =>
  sendMode(api, "group", input, input.benefitIds, options);

const conventionsNote = (ids: readonly string[]) => `benefits=${[...new Set(ids)].sort().join(",")}`;

/** The checked input as what the draft must hold: values and overrides over what the server puts in it. */
function modePlan(
  mode: "batch" | "group",
  table: string,
  run: ModeInput,
  input: SendModeInput,
  benefitIds: readonly string[],
): DraftPlan {
  return {
    mode,
    table,
    note: mode === "group" ? conventionsNote(benefitIds) : undefined,
    body:
      mode === "group"
        ? { type: "group", benefit_convention_ids: [...new Set(benefitIds)] }
        : { type: "batch" },
    products: run.products,
    wants: { kind: "overDraft", values: run.values, overrides: run.overrides },
    confirmRepeatOf: input.confirmRepeatOf,
    allowAnotherDraftAfter: input.allowAnotherDraftAfter,
  };
}

/**
 * Sends a batch or group: checks the input into a plan, brings the draft to it (../send/pipeline.ts),
 * writes the review table and the override rows' states, and compares with the previous run.
 */
async function sendMode(
  api: ModeApi,
  mode: "batch" | "group",
  input: SendModeInput,
  benefitIds: readonly string[],
  options: SendOptions,
): Promise<ModeReview> {
  const { workbook } = input;
  const locale = options.locale ?? "pt-BR";
  const table = input.reviewTable ?? DEFAULT_REVIEW_TABLES[mode];
  progressReporter(options.onProgress)("read", 0, 1);
  const run = await prepareModeRun(api, mode, input, benefitIds, {
    locale,
    signal: options.signal,
    validation: options.validation,
  });
  const plan = modePlan(mode, table, run, input, benefitIds);
  let applied: DraftApplied;
  try {
    applied = await sendDraft(api, workbook, plan, options);
  } catch (e) {
    if (e instanceof NotInDraftError) await run.refuseNotInDraft(e.notInDraft, e.distributionId);
    throw e;
  }
  const { distributionId } = applied.sent;
  const overridden = new Set(run.overrides.map((o) => o.employee_id));
  await writeReviewTable(
    workbook,
    applied.readBack,
    { table, distributionId, stage: "draft", locale, run },
    (id) => ({ overridden: overridden.has(id), mismatch: applied.details.get(id) }),
  );
  await run.writeOverrides(distributionId, applied.details);
  const sent = await sinceLastRun(api, applied, plan, options);
  return { ...sent, mode, reviewTable: table, overrides: run.overrides.length };
}
