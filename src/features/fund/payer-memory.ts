/**
 * The payer of the last charge, remembered per connection (per API address) in the per-user
 * storage the saved connections use (`UserStorage`: OfficeRuntime.storage or partitioned
 * localStorage), never in the workbook: a workbook travels by e-mail, and a CPF is personal data
 * (API document, "Authentication" 5). The Fund screen fills the payer in with it next time.
 *
 * One entry per address: the sandbox's payer is not offered for production. An unreadable entry
 * is forgotten rather than blocking the screen: it holds nothing the person cannot type again.
 */
import { z } from "zod";
import type { UserStorage } from "../../api";
import type { Payer } from "./charges";

export const PAYERS_KEY = "valepix.fund.payers.v1";

const Stored = z.object({
  version: z.literal(1),
  byAddress: z.record(z.string(), z.object({ name: z.string(), document: z.string() })),
});
type Stored = z.infer<typeof Stored>;

export interface PayerMemory {
  /** The payer last used with the active connection's address, if any. */
  recall(): Promise<Payer | undefined>;
  /** Keeps `payer` for the active connection's address. */
  remember(payer: Payer): Promise<void>;
}

export function payerMemory(storage: UserStorage, address: () => Promise<string>): PayerMemory {
  const read = async (): Promise<Stored> => {
    const raw = await storage.getItem(PAYERS_KEY);
    if (raw === null) return { version: 1, byAddress: {} };
    try {
      const parsed = Stored.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : { version: 1, byAddress: {} };
    } catch {
      return { version: 1, byAddress: {} };
    }
  };
  return {
    recall: async () => {
      const [stored, at] = await Promise.all([read(), address()]);
      const payer = stored.byAddress[at];
      return payer && (payer.name !== "" || payer.document !== "")
        ? { name: payer.name, document: payer.document }
        : undefined;
    },
    remember: async (payer) => {
      const [stored, at] = await Promise.all([read(), address()]);
      stored.byAddress[at] = { name: payer.name.trim(), document: payer.document.trim() };
      await storage.setItem(PAYERS_KEY, JSON.stringify(stored));
    },
  };
}
