/**
 * What the add-in's traffic with Excel cost, counted where the wire is: each request office.js
 * sends and the host's answer (./host.ts), by the UTF-8 bytes of their JSON text, as the
 * benchmarks report them (bench/measure.ts).
 */
import { HOST_ERROR_CODES } from "../errors";

/** What one request cost on the wire: its request and response JSON sizes, in UTF-8 bytes. */
interface SyncRecord {
  requestBytes: number;
  responseBytes: number;
  operations: number;
  /** Whether the request calls `suspendApiCalculationUntilNextSync`. */
  calculationSuspended: boolean;
  /** The request failed with this error code. */
  failed?: string;
}

export interface FakeStats {
  /** Requests of the add-in's syncs (`context.sync()` and the one `Excel.run` makes at its end). */
  syncs: number;
  /**
   * Requests office.js sends on its own after an `Excel.run` to release the ranges it kept
   * (`_RemoveReference` of its tracked objects, `ClientRequestContext._runCommon`): a round trip
   * each, counted apart from the syncs. Their bytes count in the totals.
   */
  cleanups: number;
  requestBytes: number;
  responseBytes: number;
  maxRequestBytes: number;
  maxResponseBytes: number;
  /** Syncs refused for a payload above the limit. */
  refused: number;
  /** One record per sync, oldest first (the last 10,000 only). */
  records: SyncRecord[];
}

export const emptyStats = (): FakeStats => ({
  syncs: 0,
  cleanups: 0,
  requestBytes: 0,
  responseBytes: 0,
  maxRequestBytes: 0,
  maxResponseBytes: 0,
  refused: 0,
  records: [],
});

/**
 * Counts one request of office.js as the host saw it on the wire: its JSON sizes, its actions,
 * whether it suspended calculation, and the error code it failed with.
 */
export function countRequest(
  stats: FakeStats,
  wire: { requestBytes: number; responseBytes: number; actions: number; failed?: string },
  requestText: string,
): void {
  const record: SyncRecord = {
    requestBytes: wire.requestBytes,
    responseBytes: wire.responseBytes,
    operations: wire.actions,
    calculationSuspended: requestText.includes('"Name":"SuspendApiCalculationUntilNextSync"'),
    ...(wire.failed !== undefined ? { failed: wire.failed } : {}),
  };
  if (isCleanup(requestText)) stats.cleanups++;
  else {
    stats.syncs++;
    stats.records.push(record);
    if (stats.records.length > 10_000) stats.records.shift();
  }
  stats.requestBytes += record.requestBytes;
  stats.responseBytes += record.responseBytes;
  stats.maxRequestBytes = Math.max(stats.maxRequestBytes, record.requestBytes);
  stats.maxResponseBytes = Math.max(stats.maxResponseBytes, record.responseBytes);
  if (
    wire.failed === HOST_ERROR_CODES.requestPayloadSizeLimitExceeded ||
    wire.failed === HOST_ERROR_CODES.responsePayloadSizeLimitExceeded
  )
    stats.refused++;
}

/** A request of `_RemoveReference` calls only (after every `Excel.run` that kept ranges). */
function isCleanup(requestText: string): boolean {
  const body = JSON.parse(requestText) as { Actions: Array<{ ActionType: number; Name: string }> };
  return (
    body.Actions.every(
      (a) => (a.ActionType === 1 && a.Name === "") || (a.ActionType === 3 && a.Name === "_RemoveReference"),
    ) && body.Actions.some((a) => a.Name === "_RemoveReference")
  );
}
