/**
 * `FundServices` over src/features/fund/fund.ts and charges.ts (docs/workflows.md, "Funding"),
 * each charge written ahead in per-user storage before it is sent (./pending-charges.ts).
 */
import type { UserStorage, ValePixClient } from "../../api";
import { cancelCharge } from "./cancel-charge";
import { followCharge, startDeposit } from "./charges";
import { readShortfall } from "./fund";
import { payerMemory } from "./payer-memory";
import { pendingCharges } from "./pending-charges";
import type { FundServices } from "./services";

/**
 * `storage` is the per-user storage the saved connections live in (never the workbook); the
 * payer is kept there under the active connection's API address.
 */
export function fundServices(api: () => Promise<ValePixClient>, storage: UserStorage): FundServices {
  const pending = pendingCharges(storage, async () => (await api()).baseUrl);
  return {
    balance: async (signal) => (await (await api()).balances.get({ signal })).available_amount,
    shortfall: async (distributionId, signal) =>
      (await readShortfall(await api(), distributionId, { signal })).shortfallCents,
    createCharge: async (req, signal) =>
      startDeposit(
        (await api()).deposits,
        { amountCents: req.amountCents, payer: req.payer },
        {
          signal,
          beforeSend: (transactionId) =>
            pending.add({ transactionId, amountCents: req.amountCents, at: new Date().toISOString() }),
        },
      ),
    followCharge: async (transactionId, run) => {
      const outcome = await followCharge(await api(), transactionId, {
        signal: run.signal,
        onProgress: run.onProgress,
        onCharge: run.onCharge,
      });
      await pending.settle(transactionId);
      return outcome;
    },
    pendingCharge: () => pending.newest(),
    cancelCharge: async (transactionId) => cancelCharge((await api()).deposits, transactionId),
    payer: payerMemory(storage, async () => (await api()).baseUrl),
  };
}
