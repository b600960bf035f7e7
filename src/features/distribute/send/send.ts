/**
 * Applies an item plan (./plan.ts) to a draft: stage by stage, each stage's calls through a pool of
 * `concurrency` workers (openai-node's vector-store upload pool), with progress and an ETA.
 *
 * The pace is the client's business: a client made by `createPacedClient` (src/api/pacer.ts) spaces
 * every request at the rate the server allows. Each call is as safe to repeat as the client makes
 * it (value PUTs are idempotent; adds and removes read the draft before repeating, API rule 4).
 *
 * Failure and cancel: no new call starts, the calls in flight are awaited (nothing is left
 * running behind the caller's back), and `SendIncompleteError` says how far it got. Sending again
 * converges: the caller reads the draft again and plans only the difference that is left.
 */
import type { DistributionTotals, ValePixClient } from "../../../api";
import type { ItemPlan, PlannedCall } from "./plan";
import { type OnProgress, progressReporter } from "../../../api/progress";

export type ItemsApi = Pick<
  ValePixClient["distributions"],
  "addItems" | "removeItems" | "setValueForAll" | "setEmployeeValue"
>;

export interface ApplyOptions {
  signal?: AbortSignal | undefined;
  onProgress?: OnProgress | undefined;
  /** Requests in flight at once (default 4; browsers open 6 connections per host). */
  concurrency?: number | undefined;
  /** Clock for the ETA (default Date.now). */
  now?: (() => number) | undefined;
}

export interface Applied {
  /** Calls made (all of the plan's item calls). */
  done: number;
  /** The totals the last call answered, if any call was made. */
  totals: DistributionTotals | undefined;
}

/** The send stopped before the end (a failure, or the caller cancelled). Sending again converges. */
export class SendIncompleteError extends Error {
  override name = "SendIncompleteError";
  constructor(
    readonly distributionId: string,
    readonly done: number,
    readonly total: number,
    readonly cancelled: boolean,
    cause: unknown,
  ) {
    super(
      `${cancelled ? "Cancelled" : "Stopped"} after ${done} of ${total} changes to distribution ${distributionId}` +
        (cancelled ? "" : ` (${cause instanceof Error ? cause.message : String(cause)})`) +
        ". Send again to finish: it reads the draft and sends only what is still missing.",
      { cause },
    );
  }
}

function callOf(api: ItemsApi, id: string, call: PlannedCall, signal: AbortSignal | undefined) {
  const opts = { signal };
  switch (call.kind) {
    case "remove":
      return api.removeItems(id, call.employee_ids, opts);
    case "add":
      return api.addItems(id, call.employee_ids, opts);
    case "valueForAll":
      return api.setValueForAll(id, { product_id: call.product_id, value: call.value }, opts);
    case "employeeValue":
      return api.setEmployeeValue(
        id,
        call.employee_id,
        { product_id: call.product_id, value: call.value },
        opts,
      );
  }
}

export async function applyPlan(
  api: ItemsApi,
  distributionId: string,
  plan: Pick<ItemPlan, "stages" | "itemCalls">,
  options: ApplyOptions = {},
): Promise<Applied> {
  const concurrency = options.concurrency ?? 4;
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new RangeError("concurrency must be an integer >= 1");
  const now = options.now ?? Date.now;
  const { signal } = options;
  const total = plan.itemCalls;
  const started = now();
  let done = 0;
  let totals: DistributionTotals | undefined;
  let failure: { error: unknown } | undefined;

  const progress = progressReporter(options.onProgress);
  const report = () => {
    const elapsed = now() - started;
    // Throughput so far predicts the rest (the pacer settles on the server's rate early on).
    const etaMs = done > 0 && elapsed > 0 ? Math.round(((total - done) * elapsed) / done) : undefined;
    progress("send", done, total, etaMs);
  };
  report();

  for (const stage of plan.stages) {
    let next = 0;
    const worker = async () => {
      while (failure === undefined && next < stage.length) {
        if (signal?.aborted) {
          failure = { error: signal.reason };
          return;
        }
        const call = stage[next++]!;
        try {
          totals = await callOf(api, distributionId, call, signal);
          done++;
          report();
        } catch (error) {
          failure ??= { error };
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, stage.length) }, worker));
    if (failure === undefined && signal?.aborted) failure = { error: signal.reason };
    if (failure !== undefined)
      throw new SendIncompleteError(distributionId, done, total, signal?.aborted === true, failure.error);
  }
  return { done, totals };
}
