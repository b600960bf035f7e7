/**
 * Distributions: the draft, its finalization and its state (document, "Distribution create
 * body", "Finalize body", "States and transitions"; rules 1 to 3). The item changes are in
 * `distribution-items.ts`.
 *
 * Creating a draft carries no identity the client could read back (there is no list of
 * distributions), so after an ambiguous failure it is not repeated: `DraftCreateOutcomeUnknownError`
 * says a draft may exist (the run log counts such attempts). Finalize is never
 * repeated (rule 3): see `finalizeOnce`.
 */
import {
  ApiError,
  APIUserAbortError,
  AppliedUnreadableError,
  DraftCreateOutcomeUnknownError,
  RedirectRefusedError,
} from "../errors";
import { pollUntil, type WaitOptions } from "../polling";
import { finalizeOnce } from "../recovery";
import { isAmbiguousFailure } from "../retry";
import { paths } from "../routes";
import {
  Distribution,
  type DistributionCreate,
  DistributionCreated,
  type DistributionTotals,
  type FinalizeBody,
  FinalizeResult,
} from "../schemas";
import { type Context, definedOnly, type RequestOptions } from "./context";

export type DistributionWaitOptions = WaitOptions<Distribution>;

/** A distribution read by id: the id is known even when the server's record omits it. */
export type DistributionRecord = Distribution & { distribution_id: string };

const DISTRIBUTION_WAIT_DEFAULTS = {
  maxWaitMs: 10 * 60_000,
  initialIntervalMs: 1_000,
  maxIntervalMs: 10_000,
};

/** The "Updated totals" of a distribution read in place of a change's own answer. */
export const totalsOf = (d: DistributionRecord): DistributionTotals => ({
  distribution_id: d.distribution_id,
  status: d.status,
  total_employees: d.total_employees,
  total_amount: d.total_amount,
});

export type GetDistribution = (id: string, opts?: RequestOptions) => Promise<DistributionRecord>;

export function distributionsResource(ctx: Context) {
  const get: GetDistribution = async (id, opts) => {
    const distribution = await ctx.read(paths.distribution(id), Distribution, opts);
    return { ...distribution, distribution_id: distribution.distribution_id ?? id };
  };
  return {
    /**
     * Creates a draft: repeated after a 429 only (not applied). Any failure after which the
     * draft may exist (an ambiguous failure, a redirect, an unreadable 2xx, an abort once sent)
     * is `DraftCreateOutcomeUnknownError`, never repeated; a clean refusal is thrown as is.
     */
    create: async (body: DistributionCreate, opts?: RequestOptions): Promise<DistributionCreated> => {
      const abortedBeforeSending = opts?.signal?.aborted === true;
      try {
        return await ctx.change("POST", paths.distributions(), DistributionCreated, opts, { json: body });
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        const ambiguous: boolean = isAmbiguousFailure(e);
        const unknown =
          ambiguous ||
          e instanceof AppliedUnreadableError ||
          e instanceof RedirectRefusedError ||
          (e instanceof APIUserAbortError && !abortedBeforeSending);
        if (!unknown) throw e;
        throw new DraftCreateOutcomeUnknownError({ cause: e, applied: e instanceof AppliedUnreadableError });
      }
    },
    get,
    /**
     * Finalize (rule 3: never repeated, not even after 429). When the outcome is unknown, throws
     * `FinalizeOutcomeUnknownError` with the distribution read once afterwards.
     */
    finalize: async (id: string, body: FinalizeBody, opts?: RequestOptions): Promise<FinalizeResult> => {
      const path = paths.finalize(id);
      return finalizeOnce(ctx.edge, {
        distributionId: id,
        send: () => ctx.change("POST", path, FinalizeResult, opts, { json: body }, "never"),
        read: () => ctx.read(paths.distribution(id), Distribution, opts, undefined, "never"),
        signal: opts?.signal,
      });
    },
    /** Reads until the state is not `processing` ("Poll the distribution for its final state"). */
    waitWhileProcessing: (id: string, opts: DistributionWaitOptions = {}): Promise<DistributionRecord> =>
      pollUntil(
        (signal) => get(id, { signal }),
        (d) => d.status !== "processing",
        {
          ...DISTRIBUTION_WAIT_DEFAULTS,
          ...definedOnly(opts),
          sleep: ctx.sleep,
          now: ctx.now,
          what: `distribution ${id}`,
          describe: (d) => d.status,
        },
      ),
  };
}
