/**
 * The send pipeline, once for every mode: a mode is a `DraftSpec`, data and a
 * few small functions; the steps are the same (docs/architecture.md §2, the sheet or the form is
 * the desired state, the draft the actual state):
 *
 * 1. read the input (the mode's `prepare`: the distribution table, or the values, overrides and
 *    conventions) and the run log; refuse what the mode refuses before a draft exists;
 * 2. continue the draft the run log records for this run (table, mode and note) while the server
 *    still says `draft`, else create one (./create-draft.ts: logged before and after the POST);
 * 3. read the draft's items unless it is a new empty one, derive the desired state (the mode's
 *    `desired`), plan the fewest calls that close the difference (./plan.ts) and send them
 *    (./send.ts);
 * 4. read the items back, compare them with the desired state (./review.ts), log what was
 *    reviewed when the mode asks, write each result back (rows of the sheet, or the review
 *    table), and compare with the previous finalized run of the same table.
 *
 * Anything that stops it half-way is safe to repeat: the next call re-reads the draft and sends
 * only what is still missing. Finalize is the separate step (../finalize/finalize-draft.ts).
 */
import type { DistributionCreate, DistributionCreated, Product, ValePixClient } from "../../../api";
import type { Locale, Workbook } from "../../../workbook";
import { type OnProgress, progressReporter } from "../../../api/progress";
import {
  type RunLogEntry,
  appendRunLogEntry,
  previousFinalized,
  unansweredCreates,
  unrecordedCreate,
} from "../../../workbook/run-log";
import { abandonDraft, settleTable } from "../settle/settle";
import type { DirectoryApi } from "./sheet";
import { createDraftLogged } from "./create-draft";
import { type ActualItem, type DesiredItem, type ItemPlan, planItems } from "./plan";
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
import { sendPlan } from "./send";
import type { WorkflowReads } from "./reads";

export type DraftApi = DirectoryApi & {
  distributions: Pick<
    ValePixClient["distributions"],
    "create" | "get" | "listItems" | "addItems" | "removeItems" | "setValueForAll" | "setEmployeeValue"
  >;
};

/** What a mode sends: the same pipeline, told what differs. */
export interface DraftSpec {
  mode: RunLogEntry["mode"];
  /** The run's name in the run log (the distribution table, or the review table). */
  table: string;
  /** Kept in the run log with the draft; a logged draft is continued only with the same note. */
  note?: string | undefined;
  /** The create body (API document, "Distribution create body"). */
  body: DistributionCreate;
  /**
   * True when a new draft starts empty (mode `selected`: its items are not read, and the plan
   * counts the create); false when the server fills it (batch, group: its items are read).
   */
  startsEmpty: boolean;
  /** Products' names, for the mismatch details. */
  products: readonly Product[];
  /**
   * Checks against the run log before any draft is touched (e.g. content paid before); `continued`
   * is the draft this send continues, whose own entries do not count against it.
   */
  beforeDraft?: ((entries: readonly RunLogEntry[], continued: string | undefined) => void) | undefined;
  /** What the `draft` entry of a created draft records besides its id (totals, fingerprint). */
  draftEntry: (created: DistributionCreated) => Partial<RunLogEntry>;
  /** The desired state, given the draft's items as read; may refuse (nothing sent yet). */
  desired: (
    actual: readonly ActualItem[],
    distributionId: string,
    entries: readonly RunLogEntry[],
  ) => Promise<readonly DesiredItem[]>;
  /**
   * What was reviewed once the items are read back: its fingerprint (finalize requires it), the
   * items compared with the previous finalized run, and whether it goes into the run log.
   */
  reviewed: (
    readBack: DraftItems,
    desired: readonly DesiredItem[],
  ) => Promise<{ fingerprint: string; items: readonly DesiredItem[]; log: Partial<RunLogEntry> | undefined }>;
  /** Writes each result back (the sheet's rows, or the review table), mismatch details by employee. */
  writeResults: (
    distributionId: string,
    readBack: DraftItems,
    details: ReadonlyMap<string, string>,
  ) => Promise<unknown>;
}

export interface DraftRunOptions {
  signal?: AbortSignal | undefined;
  onProgress?: OnProgress | undefined;
  /** Requests in flight at once (default 4). */
  concurrency?: number | undefined;
  locale?: Locale | undefined;
  /** Clock for the run log and the ETA (default Date.now). */
  now?: (() => number) | undefined;
  /**
   * Reads kept across the workflow (./reads.ts): the review's items kept for finalize's check, the
   * directory used until the review (dropped when the send fails).
   */
  reads?: WorkflowReads | undefined;
}

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

export async function sendDraft(
  api: DraftApi,
  workbook: Workbook,
  prepare: () => Promise<DraftSpec>,
  input: { allowAnotherDraftAfter?: number | undefined },
  options: DraftRunOptions = {},
): Promise<DraftSent> {
  const { signal, reads } = options;
  const locale = options.locale ?? "pt-BR";
  const now = options.now ?? Date.now;
  const progress = progressReporter(options.onProgress);

  progress("read", 0, 1);
  const directoryDone = reads?.directoryStep();
  const spec = await prepare();
  const { table, mode, note } = spec;
  // What the server says of every draft the log or the journal knows for this table comes first.
  const settled = await settleTable(api, { workbook, table }, { signal, locale, now });
  const { entries } = settled;
  const open = settled.open.find((o) => o.mode === mode);
  // The mode's open draft is continued (never replaced) while it is for the same run (its note).
  const continued = open !== undefined && open.note === note ? open : undefined;
  spec.beforeDraft?.(entries, continued?.distributionId);
  progress("read", 1, 1);

  let distributionId = continued?.distributionId;
  const created = distributionId === undefined;
  const unrecorded = unrecordedCreate(entries, table, mode);
  if (distributionId === undefined) {
    // Logged at once: a crash from here on continues this draft instead of creating another.
    const draft = await createDraftLogged(api.distributions, {
      workbook,
      entries,
      table,
      mode,
      note,
      body: spec.body,
      allowAnotherDraftAfter: input.allowAnotherDraftAfter,
      draftEntry: spec.draftEntry,
      now,
      signal,
    });
    distributionId = draft.distribution_id;
    // The draft it replaces (another run of the mode) must not keep money in it.
    if (open !== undefined) await abandonDraft(api, workbook, open.distributionId, { now, signal });
  }

  reads?.forgetDraft(distributionId);
  progress("plan", 0, 1);
  const fresh = created && spec.startsEmpty;
  const actual = fresh ? [] : (await readDraftItems(api.distributions, distributionId, signal)).items;
  const desired = await spec.desired(actual, distributionId, entries);
  const itemPlan = planItems(desired, actual, { fresh });
  // A draft the server filled: the plan did not count its create.
  const extra = created && !fresh ? 1 : 0;
  const plan = { ...itemPlan, count: itemPlan.count + extra, lowerBound: itemPlan.lowerBound + extra };
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
    reads?.refreshDirectory();
    throw e;
  }

  progress("review", 0, 1);
  const readBack = await readDraftItems(api.distributions, distributionId, signal);
  const review = compareWithSheet(desired, readBack);
  reads?.keepDraft(distributionId, readBack);
  directoryDone?.();
  const reviewed = await spec.reviewed(readBack, desired);
  if (reviewed.log)
    await appendRunLogEntry(workbook, {
      at: new Date(now()).toISOString(),
      table,
      mode,
      state: "draft",
      note,
      ...reviewed.log,
      distributionId,
      fingerprint: reviewed.fingerprint,
    });
  const names = new Map(spec.products.map((p) => [p.id, p.name]));
  const details = mismatchDetails(review.mismatches, (id) => names.get(id) ?? id, locale);
  await spec.writeResults(distributionId, readBack, details);
  const sincePrevious = await sinceLastFinalized(
    api.distributions,
    entries,
    table,
    distributionId,
    reviewed.items,
    signal,
  );
  progress("review", 1, 1);
  return {
    distributionId,
    created,
    plan,
    review,
    sincePrevious,
    fingerprint: reviewed.fingerprint,
    unrecordedDraftSince: unrecorded?.at,
    // This send's own attempt was answered: the count is the run log's as it was read.
    unansweredCreates: unansweredCreates(entries, table, mode).length,
  };
}
