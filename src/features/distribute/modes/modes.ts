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
 * The steps are the pipeline every mode shares (../send/pipeline.ts); this file says what these
 * modes send: values for all and overrides, into a draft the server fills.
 *
 * Between send and finalize, `reviewModeAgain` (./mode-recheck.ts) checks again without sending.
 *
 * Finalize is the separate step: `finalizeBatch` / `finalizeGroup` (./mode-finalize.ts).
 */
import type { Locale, ValidationOptions, Workbook } from "../../../workbook";
import { type ModeApi, prepareModeRun } from "./mode-input";
import {
  DEFAULT_REVIEW_TABLES,
  type ProductValues,
  asDesired,
  itemsTotal,
  modeDesired,
  writeReviewTable,
} from "./mode-review";
import type { OnProgress } from "../../../api/progress";
import { assertNotPaidBefore, sheetFingerprint } from "../../../workbook/run-log";
import { type DraftSent, type DraftSpec, sendDraft } from "../send/pipeline";

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

export interface SendModeOptions {
  signal?: AbortSignal | undefined;
  onProgress?: OnProgress | undefined;
  concurrency?: number | undefined;
  locale?: Locale | undefined;
  validation?: ValidationOptions | undefined;
  now?: (() => number) | undefined;
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

export const sendBatch = (api: ModeApi, input: SendModeInput, options: SendModeOptions = {}) =>
  sendMode(api, "batch", input, [], options);

export const sendGroup = (api: ModeApi, input: SendGroupInput, options: SendModeOptions = {}) =>
  sendMode(api, "group", input, input.benefitIds, options);

const conventionsNote = (ids: readonly string[]) => `benefits=${[...new Set(ids)].sort().join(",")}`;

function sendMode(
  api: ModeApi,
  mode: "batch" | "group",
  input: SendModeInput,
  benefitIds: readonly string[],
  options: SendModeOptions,
): Promise<ModeReview> {
  const { workbook } = input;
  const locale = options.locale ?? "pt-BR";
  const table = input.reviewTable ?? DEFAULT_REVIEW_TABLES[mode];
  let overrides = 0;
  const spec = async (): Promise<DraftSpec> => {
    const run = await prepareModeRun(api, mode, input, benefitIds, {
      locale,
      signal: options.signal,
      validation: options.validation,
    });
    overrides = run.overrides.length;
    const overridden = new Set(run.overrides.map((o) => o.employee_id));
    return {
      mode,
      table,
      note: mode === "group" ? conventionsNote(benefitIds) : undefined,
      body:
        mode === "group"
          ? { type: "group", benefit_convention_ids: [...new Set(benefitIds)] }
          : { type: "batch" },
      startsEmpty: false,
      products: run.products,
      draftEntry: (created) => ({
        totalEmployees: created.total_employees,
        totalCents: created.total_amount,
      }),
      desired: async (actual, distributionId, entries) => {
        const { desired, notInDraft } = modeDesired(actual, run.values, run.overrides);
        if (notInDraft.length > 0) await run.refuseNotInDraft(notInDraft, distributionId);
        assertNotPaidBefore(entries, await sheetFingerprint(desired), {
          confirmRepeatOf: input.confirmRepeatOf,
          except: distributionId,
        });
        return desired;
      },
      reviewed: async (readBack) => {
        const items = asDesired(readBack.items);
        return {
          fingerprint: await sheetFingerprint(items),
          items,
          log: { totalEmployees: readBack.items.length, totalCents: itemsTotal(readBack.items) },
        };
      },
      writeResults: async (distributionId, readBack, details) => {
        await writeReviewTable(
          workbook,
          readBack,
          { table, distributionId, stage: "draft", locale, run },
          (id) => ({ overridden: overridden.has(id), mismatch: details.get(id) }),
        );
        await run.writeOverrides(distributionId, details);
      },
    };
  };
  return sendDraft(api, workbook, spec, input, options).then((sent) => ({
    ...sent,
    mode,
    reviewTable: table,
    overrides,
  }));
}
