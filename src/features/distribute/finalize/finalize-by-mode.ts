/**
 * Finalize by mode (docs/workflows.md): `selected` finalizes the table that was reviewed
 * (`finalizeSheet`, ./finalize.ts); `batch` and `group` the items the review table showed
 * (`finalizeBatch` / `finalizeGroup`, ./finalize-mode.ts). Both go through the once-only,
 * run-logged path (./finalize-draft.ts).
 */
import type { ValePixClient } from "../../../api";
import type { Locale, Workbook } from "../../../workbook";
import type { Run } from "../../../api/progress";
import type { WorkflowReads } from "../send/reads";
import type { DistributionMode, FinalizeRequest } from "../services";
import type { FinalizeDraftOptions, FinalizeOutcome } from "./finalize-draft";
import { finalizeSheet } from "./finalize";
import { finalizeBatch, finalizeGroup } from "./finalize-mode";

/** What finalize needs to remember of a send. */
export interface Reviewed {
  mode: DistributionMode;
  /** The fingerprint of what the review showed: finalize refuses anything else. */
  fingerprint: string;
  /** Modes batch and group: the table the items were written into. */
  reviewTable?: string | undefined;
}

export function finalizeByMode(
  client: ValePixClient,
  workbook: Workbook,
  request: FinalizeRequest,
  reviewed: Reviewed,
  run: Run & { onProcessing?: FinalizeDraftOptions["onProcessing"] },
  locale: Locale,
  reads?: WorkflowReads,
): Promise<FinalizeOutcome> {
  const options = { signal: run.signal, onProgress: run.onProgress, onProcessing: run.onProcessing, locale };
  const common = {
    workbook,
    distributionId: request.distributionId,
    fingerprint: reviewed.fingerprint,
    body: request.body,
    confirmRepeatOf: request.confirmRepeat ? reviewed.fingerprint : undefined,
    confirmAfterUnknownOutcome: request.confirmAfterUnknownOutcome === true,
  };
  if (reviewed.mode === "selected")
    return finalizeSheet(client, { ...common, table: request.table }, { ...options, reads });
  const input = { ...common, reviewTable: reviewed.reviewTable };
  return reviewed.mode === "batch"
    ? finalizeBatch(client, input, options)
    : finalizeGroup(client, input, options);
}
