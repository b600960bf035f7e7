/**
 * Creating a draft, with the run log as its only witness. The API has no list
 * of distributions and a draft carries no identity the client chose, so a create whose answer is
 * lost leaves a draft nobody can find again. Hence:
 *
 * 1. refuse a create when the table and mode already have `MAX_UNANSWERED_CREATES` attempts that
 *    got no answer, unless the person asked for one more (`UnansweredDraftsError`);
 * 2. log the attempt (`creating`, a placeholder reference) BEFORE the POST is sent;
 * 3. log the answer under the draft's id, with the attempt's reference (`ref`), or a clean
 *    refusal as `not-created`; an unknown outcome (`DraftCreateOutcomeUnknownError`) leaves the
 *    attempt unanswered, and it counts until the run ends (a distribution of the table finalized).
 *
 * No money moves on any of these paths: a draft pays nothing until it is finalized, and the add-in
 * finalizes only the draft whose id it holds.
 */
import {
  ApiError,
  DraftCreateOutcomeUnknownError,
  type DistributionCreate,
  type DistributionCreated,
  type ValePixClient,
} from "../../../api";
import type { Workbook } from "../../../workbook";
import {
  type RunLogEntry,
  appendRunLogEntry,
  assertMayCreateDraft,
  creatingEntry,
} from "../../../workbook/run-log";

export interface CreateDraftInput {
  workbook: Pick<Workbook, "appendRunLog">;
  /** The run log as read at the start of this send. */
  entries: readonly RunLogEntry[];
  table: string;
  mode: RunLogEntry["mode"];
  note?: string | undefined;
  body: DistributionCreate;
  /** The unanswered count an `UnansweredDraftsError` showed, when the person asked for one more. */
  allowAnotherDraftAfter?: number | undefined;
  /** What the `draft` entry records besides the id (totals, fingerprint). */
  draftEntry?: ((d: DistributionCreated) => Partial<RunLogEntry>) | undefined;
  now: () => number;
  signal?: AbortSignal | undefined;
}

export async function createDraftLogged(
  api: Pick<ValePixClient["distributions"], "create">,
  input: CreateDraftInput,
): Promise<DistributionCreated> {
  const { workbook, table, mode, note, now } = input;
  const at = () => new Date(now()).toISOString();
  assertMayCreateDraft(input.entries, table, mode, { allowAnotherDraftAfter: input.allowAnotherDraftAfter });
  const attempt = creatingEntry(table, mode, at(), note);
  // Before the POST: a create whose answer is lost (or a crash) is then seen next time.
  await appendRunLogEntry(workbook, attempt);
  let created: DistributionCreated;
  try {
    created = await api.create(input.body, { signal: input.signal });
  } catch (e) {
    // A clean refusal (4xx, 429 given up, an abort before sending) created nothing.
    if (e instanceof ApiError && !(e instanceof DraftCreateOutcomeUnknownError))
      await appendRunLogEntry(workbook, {
        ...attempt,
        at: at(),
        state: "not-created",
        ref: attempt.distributionId,
      });
    throw e;
  }
  await appendRunLogEntry(workbook, {
    at: at(),
    table,
    mode,
    note,
    ...input.draftEntry?.(created),
    distributionId: created.distribution_id,
    state: "draft",
    ref: attempt.distributionId,
  });
  return created;
}
