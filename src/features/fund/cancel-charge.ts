import {
  APIUserAbortError,
  ConflictError,
  type Deposit,
  isFinalDepositStatus,
  type ValePixClient,
} from "../../api";
import { type Charge, chargeOf } from "./charges";

export type CancelOutcome =
  | { outcome: "cancelled"; charge: Charge }
  /** HTTP 409: "An attempt to cancel an already paid charge is a conflict". */
  | { outcome: "already_paid"; charge?: Charge }
  /** The charge had already failed or expired: nothing to cancel, nothing was paid. */
  | { outcome: "already_final"; charge: Charge };

/**
 * Cancels a charge still waiting for payment (path: not shown, see docs/api-assumptions.md).
 * A 409 is read as "already paid", as the document says; the charge is read to tell a paid one
 * from one that failed or expired (a failed read keeps "already paid").
 */
export async function cancelCharge(
  deposits: Pick<ValePixClient["deposits"], "cancel" | "get">,
  transactionId: string,
  options: { signal?: AbortSignal } = {},
): Promise<CancelOutcome> {
  const { signal } = options;
  try {
    return { outcome: "cancelled", charge: chargeOf(await deposits.cancel(transactionId, { signal })) };
  } catch (err) {
    if (!(err instanceof ConflictError)) throw err;
    let deposit: Deposit;
    try {
      deposit = await deposits.get(transactionId, { signal });
    } catch (readErr) {
      if (readErr instanceof APIUserAbortError) throw readErr;
      return { outcome: "already_paid" };
    }
    const charge = chargeOf(deposit);
    if (deposit.status === "CANCELLED") return { outcome: "cancelled", charge };
    if (isFinalDepositStatus(deposit.status) && deposit.status !== "COMPLETED")
      return { outcome: "already_final", charge };
    return { outcome: "already_paid", charge };
  }
}
