/** `FundServices` over src/features/fund/fund.ts and charges.ts (docs/workflows.md, "Funding"). */
import type { ValePixClient } from "../../api";
import { cancelCharge, followCharge, startDeposit } from "./charges";
import { readShortfall } from "./fund";
import type { FundServices } from "./services";

export function fundServices(api: () => Promise<ValePixClient>): FundServices {
  return {
    balance: async (signal) => (await (await api()).balances.get({ signal })).available_amount,
    shortfall: async (distributionId, signal) =>
      (await readShortfall(await api(), distributionId, { signal })).shortfallCents,
    createCharge: async (req, signal) =>
      startDeposit((await api()).deposits, { amountCents: req.amountCents, payer: req.payer }, { signal }),
    followCharge: async (transactionId, run) =>
      followCharge(await api(), transactionId, {
        signal: run.signal,
        onProgress: run.onProgress,
        onCharge: run.onCharge,
      }),
    cancelCharge: async (transactionId) => cancelCharge((await api()).deposits, transactionId),
  };
}
