/**
 * The send pipeline, once for every mode (docs/architecture.md §2: the sheet or the form is the
 * desired state, the draft the actual state). It takes a `DraftPlan`, decided before the draft is
 * touched (./distribute.ts reads the sheet, ../modes/modes.ts checks the values and overrides),
 * and returns what was sent; it calls nothing back:
 *
 * 1. settle the table (../settle/settle.ts), then continue the draft the run log records for this
 *    run (table, mode and note) while the server still says `draft`, else create one
 *    (./create-draft.ts: logged before and after the POST); content paid before is refused here
 *    when the sheet says the items;
 * 2. read the draft's items unless it is a new empty one, derive the desired state (./plan.ts
 *    `modeDesired` when the server filled the draft), plan the fewest calls that close the
 *    difference (./plan.ts) and apply them (./send.ts);
 * 3. read the items back and compare them with the desired state (./review.ts), and log what was
 *    reviewed when it is the items read back.
 *
 * The caller writes each result where its rows are (the sheet, or the review table) and ends with
 * `sinceLastRun`, the comparison with the previous finalized run of the same table. Anything that
 * stops it half-way is safe to repeat: the next call re-reads the draft and sends only what is
 * still missing. Finalize is the separate step (../finalize/finalize-draft.ts).
 */
import type { DistributionCreate, DistributionCreated, Product, ValePixClient } from "../../../api";
import type { Locale, ValidationOptions, Workbook } from "../../../workbook";
import { type OnProgress, progressReporter } from "../../../api/progress";
import {
  type RunLogEntry,
  appendRunLogEntry,
  assertNotPaidBefore,
  previousFinalized,
  sheetFingerprint,
  unansweredCreates,
  unrecordedCreate,
} from "../../../workbook/run-log";
import { abandonDraft, settleTable } from "../settle/settle";
import type { DirectoryApi } from "./directory";
import { createDraftLogged } from "./create-draft";
import {
  type ActualItem,
  type DesiredItem,
  type ItemPlan,
  type Override,
  asDesired,
  itemsTotal,
  modeDesired,
  planItems,
} from "./plan";
import {
  type ChangesSincePrevious,
  type DraftItems,
  type ItemsReader,
  type SheetReview,
  compareWithPrevious,
  compareWithSheet,
  readDraftItems,
} from "./review";
import { mismatchDetails } from "./row-results";
import { applyPlan } from "./send";
import type { WorkflowReads } from "./reads";

export type DraftApi = DirectoryApi & {
  distributions: Pick<
    ValePixClient["distributions"],
    "create" | "get" | "listItems" | "addItems" | "removeItems" | "setValueForAll" | "setEmployeeValue"
  >;
};

/** The desired state as the sheet says it: the new draft starts empty and takes these items. */
interface SheetWants {
  kind: "items";
  items: readonly DesiredItem[];
  /** `sheetFingerprint` of `items`: what the review shows and finalize requires. */
  fingerprint: string;
}

/**
 * The desired state over what the server puts in the draft (batch, group): every item keeps what
 * it holds, then takes the values for all and the overrides (./plan.ts `modeDesired`).
 */
interface DraftWants {
  kind: "overDraft";
  values: ReadonlyMap<string, number>;
  overrides: readonly Override[];
}

/**
 * What one send asks of the draft, decided before the draft is touched: the sheet read and
 * validated (mode `selected`), or the values, overrides and conventions checked (batch, group).
 */
export interface DraftPlan {
  mode: RunLogEntry["mode"];
  /** The run's name in the run log (the distribution table, or the review table). */
  table: string;
  /** Kept in the run log with the draft; a logged draft is continued only with the same note. */
  note?: string | undefined;
  /** The create body (API document, "Distribution create body"). */
  body: DistributionCreate;
  /** Products' names, for the mismatch details. */
  products: readonly Product[];
  wants: SheetWants | DraftWants;
  /** The fingerprint a `DoublePaymentError` named, to send the same content again on purpose. */
  confirmRepeatOf?: string | undefined;
  /** The unanswered create count an `UnansweredDraftsError` showed, to create one more on purpose. */
  allowAnotherDraftAfter?: number | undefined;
}

/** One set of options for every mode's send. */
export interface SendOptions {
  signal?: AbortSignal | undefined;
  onProgress?: OnProgress | undefined;
  /** Requests in flight at once (default 4). */
  concurrency?: number | undefined;
  locale?: Locale | undefined;
  validation?: ValidationOptions | undefined;
  /** Clock for the run log and the ETA (default Date.now). */
  now?: (() => number) | undefined;
  /**
   * Reads kept across the workflow (./reads.ts): the directory read once, the review's items kept
   * for finalize's check (the directory is dropped when the send fails).
   */
  reads?: WorkflowReads | undefined;
}

/** Overrides name employees the draft does not hold: nothing was sent (the draft exists). */
export class NotInDraftError extends Error {
  override name = "NotInDraftError";
  constructor(
    readonly distributionId: string,
    readonly notInDraft: readonly Override[],
  ) {
    super(`${notInDraft.length} override(s) name employees distribution ${distributionId} does not hold.`);
  }
}

/** The changes since the previous finalized run of `table`; undefined when there is none. */
export async function sinceLastFinalized(
  distributions: ItemsReader,
  entries: readonly RunLogEntry[],
  table: string,
  distributionId: string,
  desired: readonly DesiredItem[],
  signal?: AbortSignal,
): Promise<ChangesSincePrevious | undefined> {
  const previous = previousFinalized(entries, table, distributionId);
  if (!previous) return undefined;
  const { items } = await readDraftItems(distributions, previous.distributionId, signal);
  return compareWithPrevious({ ...previous, items }, desired);
}

/** What a send gives: the draft, the calls, the review against the desired state. */
export interface DraftSent {
  distributionId: string;
  /** True when this call created the draft (false: it continued the one the run log recorded). */
  created: boolean;
  /** The plan that was sent (`count` includes the create when `created`, and finalize; = `lowerBound`). */
  plan: ItemPlan;
  /** Against the desired state: `matches` must be true before finalize. */
  review: SheetReview;
  /** Against the previous finalized distribution of the same table, when the run log has one. */
  sincePrevious: ChangesSincePrevious | undefined;
  /** What was reviewed (the sheet's, or the items read back): finalize requires it. */
  fingerprint: string;
  /**
   * Set when an earlier send of this run stopped between creating a draft and logging it (the
   * time it started): a draft may exist on the server that this add-in never continues or
   * finalizes.
   */
  unrecordedDraftSince: string | undefined;
  /**
   * Earlier attempts to create a draft for this run whose answer never came: each may have left a
   * draft at the server that the API cannot list (no money moved).
   */
  unansweredCreates: number;
}

/** What `sendDraft` hands back for the mode to write where its rows are, then `sinceLastRun`. */
export interface DraftApplied {
  sent: Omit<DraftSent, "sincePrevious">;
  /** The draft's items read back after the send. */
  readBack: DraftItems;
  /** The mismatch with the desired state, in words, by employee id. */
  details: ReadonlyMap<string, string>;
  /** What was reviewed, compared with the previous finalized run. */
  reviewedItems: readonly DesiredItem[];
  /** The run log as read before the draft was touched. */
  runLog: readonly RunLogEntry[];
}

/**
 * Settles the table, then continues the run's open draft or creates one, and refuses content
 * paid before when the desired state is known before the draft is (mode `selected`).
 */
async function openDraft(
  api: DraftApi,
  workbook: Workbook,
  plan: DraftPlan,
  options: SendOptions & { locale: Locale; now: () => number },
) {
  const { table, mode, note } = plan;
  const { signal, locale, now } = options;
  // What the server says of every draft the log or the journal knows for this table comes first.
  const settled = await settleTable(api, { workbook, table }, { signal, locale, now });
  const { entries } = settled;
  const open = settled.open.find((o) => o.mode === mode);
  // The mode's open draft is continued (never replaced) while it is for the same run (its note).
  const continued = open !== undefined && open.note === note ? open : undefined;
  if (plan.wants.kind === "items")
    assertNotPaidBefore(entries, plan.wants.fingerprint, {
      confirmRepeatOf: plan.confirmRepeatOf,
      except: continued?.distributionId,
    });
  progressReporter(options.onProgress)("read", 1, 1);
  if (continued !== undefined) return { entries, distributionId: continued.distributionId, created: false };
  // Logged at once: a crash from here on continues this draft instead of creating another.
  const draft = await createDraftLogged(api.distributions, {
    workbook,
    entries,
    table,
    mode,
    note,
    body: plan.body,
    allowAnotherDraftAfter: plan.allowAnotherDraftAfter,
    draftEntry: (created) => draftEntryOf(plan.wants, created),
    now,
    signal,
  });
  // The draft it replaces (another run of the mode) must not keep money in it.
  if (open !== undefined) await abandonDraft(api, workbook, open.distributionId, { now, signal });
  return { entries, distributionId: draft.distribution_id, created: true };
}

/** What the `draft` entry of a created draft records besides its id: totals, and the sheet's fingerprint. */
function draftEntryOf(wants: DraftPlan["wants"], created: DistributionCreated): Partial<RunLogEntry> {
  if (wants.kind === "overDraft")
    return { totalEmployees: created.total_employees, totalCents: created.total_amount };
  return {
    totalEmployees: wants.items.length,
    totalCents: wants.items.reduce((s, d) => s + [...d.values.values()].reduce((a, b) => a + b, 0), 0),
    fingerprint: wants.fingerprint,
  };
}

/**
 * The items the draft must hold: the sheet's, or what the draft holds with the values and
 * overrides applied (refused when an override names an employee the draft does not hold, or when
 * that content was paid before).
 */
async function desiredOf(
  plan: DraftPlan,
  actual: readonly ActualItem[],
  distributionId: string,
  entries: readonly RunLogEntry[],
): Promise<readonly DesiredItem[]> {
  const { wants } = plan;
  if (wants.kind === "items") return wants.items;
  const { desired, notInDraft } = modeDesired(actual, wants.values, wants.overrides);
  if (notInDraft.length > 0) throw new NotInDraftError(distributionId, notInDraft);
  assertNotPaidBefore(entries, await sheetFingerprint(desired), {
    confirmRepeatOf: plan.confirmRepeatOf,
    except: distributionId,
  });
  return desired;
}

/** Plans the fewest calls from what the draft holds to `desired` and applies them. */
async function applyDesired(
  api: DraftApi,
  draft: { distributionId: string; created: boolean; fresh: boolean },
  desired: readonly DesiredItem[],
  actual: readonly ActualItem[],
  options: SendOptions & { now: () => number },
): Promise<ItemPlan> {
  const { distributionId, created, fresh } = draft;
  const { reads } = options;
  const itemPlan = planItems(desired, actual, { fresh });
  // A draft the server filled: the plan did not count its create.
  const extra = created && !fresh ? 1 : 0;
  const plan = { ...itemPlan, count: itemPlan.count + extra, lowerBound: itemPlan.lowerBound + extra };
  progressReporter(options.onProgress)("plan", 1, 1);
  try {
    await applyPlan(api.distributions, distributionId, plan, {
      signal: options.signal,
      onProgress: options.onProgress,
      concurrency: options.concurrency,
      now: options.now,
    });
  } catch (e) {
    reads?.draftUncertain(distributionId);
    reads?.directory.refresh();
    throw e;
  }
  return plan;
}

/**
 * The pipeline: takes a plan decided before the draft is touched, brings the draft to it and
 * reads it back. Writing the results where the mode keeps its rows is the caller's, after.
 */
export async function sendDraft(
  api: DraftApi,
  workbook: Workbook,
  plan: DraftPlan,
  options: SendOptions = {},
): Promise<DraftApplied> {
  const { signal, reads } = options;
  const locale = options.locale ?? "pt-BR";
  const now = options.now ?? Date.now;
  const progress = progressReporter(options.onProgress);
  const { table, mode } = plan;

  const draft = await openDraft(api, workbook, plan, { ...options, locale, now });
  const { entries, distributionId, created } = draft;
  const unrecorded = unrecordedCreate(entries, table, mode);
  reads?.forgetDraft(distributionId);
  progress("plan", 0, 1);
  const fresh = created && plan.wants.kind === "items";
  const actual = fresh ? [] : (await readDraftItems(api.distributions, distributionId, signal)).items;
  const desired = await desiredOf(plan, actual, distributionId, entries);
  const sentPlan = await applyDesired(api, { distributionId, created, fresh }, desired, actual, {
    ...options,
    now,
  });

  progress("review", 0, 1);
  const readBack = await readDraftItems(api.distributions, distributionId, signal);
  const review = compareWithSheet(desired, readBack);
  reads?.keepDraft(distributionId, readBack);
  const reviewed = await reviewedOf(plan.wants, readBack, desired);
  if (reviewed.log)
    await appendRunLogEntry(workbook, {
      at: new Date(now()).toISOString(),
      table,
      mode,
      state: "draft",
      note: plan.note,
      ...reviewed.log,
      distributionId,
      fingerprint: reviewed.fingerprint,
    });
  const names = new Map(plan.products.map((p) => [p.id, p.name]));
  return {
    sent: {
      distributionId,
      created,
      plan: sentPlan,
      review,
      fingerprint: reviewed.fingerprint,
      unrecordedDraftSince: unrecorded?.at,
      // This send's own attempt was answered: the count is the run log's as it was read.
      unansweredCreates: unansweredCreates(entries, table, mode).length,
    },
    readBack,
    details: mismatchDetails(review.mismatches, (id) => names.get(id) ?? id, locale),
    reviewedItems: reviewed.items,
    runLog: entries,
  };
}

/**
 * What was reviewed once the items are read back: the sheet's items and fingerprint (mode
 * `selected`), or the items read back, their fingerprint and totals for the run log.
 */
async function reviewedOf(
  wants: DraftPlan["wants"],
  readBack: DraftItems,
  desired: readonly DesiredItem[],
): Promise<{ fingerprint: string; items: readonly DesiredItem[]; log: Partial<RunLogEntry> | undefined }> {
  if (wants.kind === "items") return { fingerprint: wants.fingerprint, items: desired, log: undefined };
  const items = asDesired(readBack.items);
  return {
    fingerprint: await sheetFingerprint(items),
    items,
    log: { totalEmployees: readBack.items.length, totalCents: itemsTotal(readBack.items) },
  };
}

/** The last step of a send, once its results are written: the comparison with the previous run. */
export async function sinceLastRun(
  api: DraftApi,
  applied: DraftApplied,
  plan: Pick<DraftPlan, "table">,
  options: Pick<SendOptions, "signal" | "onProgress"> = {},
): Promise<DraftSent> {
  const sincePrevious = await sinceLastFinalized(
    api.distributions,
    applied.runLog,
    plan.table,
    applied.sent.distributionId,
    applied.reviewedItems,
    options.signal,
  );
  progressReporter(options.onProgress)("review", 1, 1);
  return { ...applied.sent, sincePrevious };
}
