/**
 * A finalize on its way, as every settle sees it (./settle.ts): one in flight in this runtime
 * (the pane and the ribbon's commands share one), or another pane's `finalizing` entry still
 * recent. Kept apart from the settle itself, which finalize's own path also imports.
 */
import { PANE_ID, type RunLogEntry } from "../../../workbook/run-log";

/**
 * Longest time a finalize is taken to be on its way: the client's longest wait for an answer
 * to a change (src/api `timeoutMs`, 30 s) with room for the pane to write the answer down.
 */
const FINALIZE_IN_FLIGHT_MS = 120_000;

/** Finalizes in flight in this runtime (the pane and the ribbon's commands share one). */
const finalizingHere = new Set<string>();

/** Runs `finalize` with `distributionId` known as in flight to every settle of this runtime. */
export async function whileFinalizing<T>(distributionId: string, finalize: () => Promise<T>): Promise<T> {
  finalizingHere.add(distributionId);
  try {
    return await finalize();
  } finally {
    finalizingHere.delete(distributionId);
  }
}

/**
 * Throws `FinalizeInFlightError` when the `finalizing` entry's request may still be on its way:
 * it is in flight in this runtime, or another pane sent it less than `inFlightMs` ago.
 */
export function assertNotInFlight(
  entry: RunLogEntry,
  now: number,
  inFlightMs: number = FINALIZE_IN_FLIGHT_MS,
): void {
  const sentAt = Date.parse(entry.at);
  const recent = Number.isFinite(sentAt) && now - sentAt < inFlightMs;
  const mine = entry.by === PANE_ID;
  if (finalizingHere.has(entry.distributionId) || (recent && !mine))
    throw new FinalizeInFlightError(
      entry.table,
      entry.distributionId,
      entry.at,
      mine ? "this-pane" : "another-pane",
    );
}

/** A finalize of this table is on its way (this pane's, or another's): nothing is sent meanwhile. */
export class FinalizeInFlightError extends Error {
  override name = "FinalizeInFlightError";
  constructor(
    readonly table: string,
    readonly distributionId: string,
    /** When the finalize was sent (ISO 8601). */
    readonly since: string,
    /** Whose: this pane (or the ribbon beside it), or another pane or person on the same workbook. */
    readonly by: "this-pane" | "another-pane",
  ) {
    super(
      `A finalize of distribution ${distributionId} (table ${table}) was sent at ${since} by ` +
        `${by === "this-pane" ? "this pane" : "another pane"} and has not been answered yet. ` +
        "Nothing was sent: wait for it, then check again.",
    );
  }
}
