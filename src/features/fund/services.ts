/** What the Fund screen needs (its port); ./adapter.ts implements it with ./fund.ts and ./charges.ts. */
import type { Run } from "../../api/progress";
import type { CancelOutcome } from "./cancel-charge";
import type { Charge, ChargeOutcome } from "./charges";
import type { PayerMemory } from "./payer-memory";
import type { PendingCharge } from "./pending-charges";

export interface FundServices {
  balance(signal: AbortSignal): Promise<number>;
  /** What the draft lacks against the balance, in cents (0 when covered). */
  shortfall(distributionId: string, signal: AbortSignal): Promise<number>;
  /**
   * Creates the PIX charge. When the answer is lost, `DepositOutcomeUnknownError` carries the
   * charge's own id (made before anything was sent), so that the screen can follow it.
   */
  createCharge(
    request: { amountCents: number; payer: { name: string; document: string } },
    signal: AbortSignal,
  ): Promise<Charge>;
  /**
   * Follows the charge to a final state (`onCharge` gets its PIX code and expiry), then reads the
   * balance. A charge the server does not know is `ChargeNotFoundError`.
   */
  followCharge(transactionId: string, run: Run & { onCharge: (c: Charge) => void }): Promise<ChargeOutcome>;
  cancelCharge(transactionId: string): Promise<CancelOutcome>;
  /** The payer, remembered per connection outside the workbook. */
  payer: PayerMemory;
  /**
   * The newest charge created on this computer and never seen final (the pane closed while it
   * was created or awaited): the screen follows it rather than have another one created.
   */
  pendingCharge?(): Promise<PendingCharge | undefined>;
}
