/**
 * Send by mode (docs/workflows.md): `selected` sends the table as the desired state
 * (`sendSheet`); `batch` and `group` let the server choose the employees, set the values for all
 * items from the pane's form and, when asked, take the chosen table's rows as per-employee
 * overrides (`sendBatch`/`sendGroup`; the items are written into a review table); review again
 * goes the same way (`reviewSheetAgain`, `reviewModeAgain`). Each answer is reduced to what the
 * pane's review needs. Finalize by mode is ../finalize/finalize-by-mode.ts.
 */
import type { ValePixClient } from "../../../api";
import type { Locale, Workbook } from "../../../workbook";
import { type ChangesSincePrevious, type SheetReview } from "../send/review";
import type { Reviewed } from "../finalize/finalize-by-mode";
import { sendBatch, sendGroup } from "../modes/modes";
import { reviewModeAgain } from "../modes/mode-recheck";
import { reviewSheetAgain, sendSheet } from "../send/distribute";
import type { SendRequest } from "../services";
import type { Run } from "../../../api/progress";
import type { WorkflowReads } from "../send/reads";
import type { DraftSent } from "../send/pipeline";

export interface Sent extends Reviewed {
  distributionId: string;
  created: boolean;
  calls: number;
  review: SheetReview;
  since: ChangesSincePrevious | undefined;
  /** Earlier create attempts with no answer (drafts that may exist and cannot be listed). */
  unansweredCreates: number;
}

export async function sendByMode(
  client: ValePixClient,
  workbook: Workbook,
  request: SendRequest,
  run: Run,
  locale: Locale,
  reads?: WorkflowReads,
): Promise<Sent> {
  const options = { signal: run.signal, onProgress: run.onProgress, locale };
  if (request.mode === "selected") {
    const sent = await sendSheet(
      client,
      {
        workbook,
        table: request.table,
        confirmRepeatOf: request.confirmRepeatOf,
        allowAnotherDraftAfter: request.allowAnotherDraftAfter,
      },
      { ...options, reads },
    );
    return { mode: "selected", ...sentFacts(sent) };
  }
  const input = {
    workbook,
    values: request.values ?? {},
    overridesTable: request.overridesFromTable ? request.table : undefined,
    confirmRepeatOf: request.confirmRepeatOf,
    allowAnotherDraftAfter: request.allowAnotherDraftAfter,
  };
  const sent =
    request.mode === "batch"
      ? await sendBatch(client, input, options)
      : await sendGroup(client, { ...input, benefitIds: request.benefitIds ?? [] }, options);
  return { mode: request.mode, reviewTable: sent.reviewTable, ...sentFacts(sent) };
}

/** What the pane is told of any mode's send (the pipeline's `DraftSent`, in the pane's names). */
function sentFacts(sent: DraftSent) {
  return {
    fingerprint: sent.fingerprint,
    distributionId: sent.distributionId,
    created: sent.created,
    calls: sent.plan.count,
    review: sent.review,
    since: sent.sincePrevious,
    unansweredCreates: sent.unansweredCreates,
  };
}

/**
 * Review again without sending: batch and group check the same input against the items read now
 * (`reviewModeAgain`); `selected` reads the sheet and the draft again (`reviewSheetAgain`).
 */
export async function reviewByMode(
  client: ValePixClient,
  workbook: Workbook,
  draft: { table: string; distributionId: string },
  asked: SendRequest | undefined,
  run: Run,
  locale: Locale,
  reads: WorkflowReads,
): Promise<Omit<Sent, "created" | "calls" | "unansweredCreates">> {
  const { signal } = run;
  const { distributionId } = draft;
  if (asked && asked.mode !== "selected") {
    const again = await reviewModeAgain(
      client,
      asked.mode,
      {
        workbook,
        distributionId,
        values: asked.values ?? {},
        overridesTable: asked.overridesFromTable ? asked.table : undefined,
        benefitIds: asked.benefitIds,
      },
      { signal, onProgress: run.onProgress, locale },
    );
    return { mode: asked.mode, distributionId, ...again, since: again.sincePrevious };
  }
  const again = await reviewSheetAgain(client, { workbook, ...draft }, { ...run, locale, reads });
  return { mode: "selected", distributionId, ...again, since: again.sincePrevious };
}
