/**
 * "Check status" after a finalize whose outcome is unknown (docs/architecture.md §2 "Finalize moves money";
 * API document, Endpoints rule 3: after a timeout, read the distribution; never retry finalize by
 * itself). One read of the distribution, then:
 * - still `draft`: not applied, as of now. Nothing is sent; the run log keeps `unknown`, so a new
 *   finalize still needs the person's confirmation (`confirmAfterUnknownOutcome`).
 * - past `draft`: applied. It is followed to its final state through the same finalize path,
 *   which never sends finalize for a distribution past `draft`, and writes each row's outcome and
 *   the run log. That path refuses to write when the table or the draft changed since the review;
 *   then the outcome is the distribution as read and the run log is brought up to date by
 *   `refreshStatus`: an applied payment is never reported as failed.
 */
import { type Distribution, PollTimeoutError, type ValePixClient } from "../../../api";
import type { Locale, Workbook } from "../../../workbook";
import { DraftChangedError } from "./finalize-draft";
import { refreshStatus } from "./refresh-status";
import { SheetChangedError } from "./finalize";
import type { FinalizeCheck, FinalizeOutcome, FinalizeRequest } from "../services";
import type { Run } from "../../../api/progress";
import { finalizeByMode, type Reviewed } from "./finalize-by-mode";

/** The pane's view of a distribution's outcome. */
export function outcomeView(
  distributionId: string,
  distribution: Distribution,
  finalizedNow: boolean,
  transactionId = distribution.lot?.transaction_id ?? undefined,
): FinalizeOutcome {
  return {
    distributionId,
    status: distribution.status,
    totalEmployees: distribution.total_employees,
    totalCents: distribution.total_amount,
    ...(distribution.lot?.lot_id ? { lotId: distribution.lot.lot_id } : {}),
    ...(transactionId ? { transactionId } : {}),
    finalizedNow,
  };
}

export async function checkFinalize(
  client: ValePixClient,
  workbook: Workbook,
  request: FinalizeRequest,
  reviewed: Reviewed,
  run: Run,
  locale: Locale,
): Promise<FinalizeCheck> {
  const { signal } = run;
  run.onProgress({ phase: "check", done: 0, total: 1 });
  const read = await client.distributions.get(request.distributionId, { signal });
  run.onProgress({ phase: "check", done: 1, total: 1 });
  if (read.status === "draft") return { applied: false, checkedAt: new Date().toISOString() };

  try {
    // Past draft, this path only follows (finalizeDraft sends finalize for a draft only).
    const out = await finalizeByMode(
      client,
      workbook,
      { ...request, confirmAfterUnknownOutcome: false },
      reviewed,
      run,
      locale,
    );
    return {
      applied: true,
      outcome: outcomeView(request.distributionId, out.distribution, out.finalizedNow, out.transactionId),
    };
  } catch (e) {
    if (!(e instanceof SheetChangedError || e instanceof DraftChangedError)) throw e;
  }
  let final: Distribution = read;
  if (final.status === "processing") {
    try {
      final = await client.distributions.waitWhileProcessing(request.distributionId, { signal });
    } catch (e) {
      if (!(e instanceof PollTimeoutError)) throw e;
      final = e.lastValue as Distribution;
    }
  }
  await refreshStatus(client, { workbook, table: reviewed.reviewTable ?? request.table }, { signal, locale });
  return { applied: true, outcome: outcomeView(request.distributionId, final, false) };
}
