/**
 * Funding the balance with a PIX deposit (API document "What the service does"
 * steps 2-4, "Deposit request body", "Deposit states"):
 *
 *   const target = await fundingTarget(api, { shortfallOf: distributionId }, { signal });
 *   const charge = await startDeposit(api.deposits, { amountCents: target.amountCents, payer }, opts);
 *   // show charge.pixCopyPaste and charge.expiresAt to the person who pays
 *   const outcome = await followCharge(api, charge.transactionId, opts);
 *
 * or all of it at once with `fund`. The charge a finalize opens with `BALANCE_WITH_PIX` /
 * `BALANCE_WITH_BOLETO` (or `PIX` / `BOLETO`) is followed the same way: `followFinalizeCharge`.
 *
 * The charge itself (create, follow, cancel, and what money-moving calls must never do) is in
 * ./charges.ts; this file decides how much (a given amount or a draft's shortfall) and runs it.
 */
import type { ValePixClient } from "../../api";
import {
  type ChargeOutcome,
  type FollowOptions,
  type Payer,
  followCharge,
  report,
  startDeposit,
} from "./charges";

export interface Shortfall {
  distributionId: string;
  /** The draft's `total_amount`. */
  totalCents: number;
  /** The available balance (a negative one counts as zero). */
  availableCents: number;
  /** What is missing for `BALANCE` to cover the draft: max(0, total − available). */
  shortfallCents: number;
}

function shortfallCents(totalCents: number, availableCents: number): number {
  return Math.max(0, totalCents - Math.max(0, availableCents));
}

/** Reads the draft's total and the balance, and what is missing between them. Two reads. */
export async function readShortfall(
  api: {
    distributions: Pick<ValePixClient["distributions"], "get">;
    balances: Pick<ValePixClient["balances"], "get">;
  },
  distributionId: string,
  options: { signal?: AbortSignal } = {},
): Promise<Shortfall> {
  const opts = { signal: options.signal };
  const [distribution, balance] = await Promise.all([
    api.distributions.get(distributionId, opts),
    api.balances.get(opts),
  ]);
  return {
    distributionId,
    totalCents: distribution.total_amount,
    availableCents: balance.available_amount,
    shortfallCents: shortfallCents(distribution.total_amount, balance.available_amount),
  };
}

export type FundingTarget = { amountCents: number } | { shortfallOf: string };

export interface FundingResult {
  amountCents: number;
  /** Present when the target was a draft's shortfall. */
  shortfall?: Shortfall;
  /** Null when nothing was missing (no charge was created). */
  outcome: ChargeOutcome | null;
}

/**
 * The funding workflow: the amount (given, or the shortfall of a draft), a PIX charge, the PIX
 * code handed to `onCharge`, the wait for a final state, the balance. A shortfall of zero
 * creates nothing.
 */
export async function fund(
  api: {
    deposits: Pick<ValePixClient["deposits"], "create" | "get" | "waitUntilFinal">;
    balances: Pick<ValePixClient["balances"], "get">;
    distributions: Pick<ValePixClient["distributions"], "get">;
  },
  request: { target: FundingTarget; payer: Payer; transactionId?: string },
  options: FollowOptions & { onTransactionId?: (transactionId: string) => void } = {},
): Promise<FundingResult> {
  const { target } = request;
  let shortfall: Shortfall | undefined;
  let amountCents: number;
  if ("shortfallOf" in target) {
    report(options.onProgress, "shortfall", 0, 1);
    shortfall = await readShortfall(api, target.shortfallOf, options);
    report(options.onProgress, "shortfall", 1, 1);
    amountCents = shortfall.shortfallCents;
    if (amountCents === 0) return { amountCents, shortfall, outcome: null };
  } else {
    amountCents = target.amountCents;
  }
  const charge = await startDeposit(
    api.deposits,
    {
      amountCents,
      payer: request.payer,
      ...(request.transactionId ? { transactionId: request.transactionId } : {}),
    },
    options,
  );
  options.onCharge?.(charge);
  const { onCharge: _handedOver, ...follow } = options;
  const outcome = await followCharge(api, charge.transactionId, follow);
  // The final read may drop the PIX code; keep what the creation answered.
  outcome.charge = { ...charge, ...outcome.charge };
  return { amountCents, ...(shortfall ? { shortfall } : {}), outcome };
}
