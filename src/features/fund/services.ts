/** What the Fund screen needs (its port); ./adapter.ts implements it with ./fund.ts and ./charges.ts. */
import type { Run } from "../../api/progress";
import type { CancelOutcome, Charge, ChargeOutcome, Payer } from "./charges";

export interface FundServices {
  balance(signal: AbortSignal): Promise<number>;
  /** What the draft lacks against the balance, in cents (0 when covered). */
  shortfall(distributionId: string, signal: AbortSignal): Promise<number>;
  createCharge(request: { amountCents: number; payer: Payer }, signal: AbortSignal): Promise<Charge>;
  /** Follows the charge to a final state (`onCharge` gets its PIX code and expiry), then reads the balance. */
  followCharge(transactionId: string, run: Run & { onCharge: (c: Charge) => void }): Promise<ChargeOutcome>;
  cancelCharge(transactionId: string): Promise<CancelOutcome>;
}
