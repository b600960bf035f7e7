/**
 * Charges written ahead (docs/architecture.md §2 "Write ahead, settle first"): a charge's
 * client-generated `transaction_id` is kept in per-user storage before its POST leaves, and
 * dropped once the charge is followed to a final state. A pane closed while a charge is created
 * or awaited leaves it here, so the next Fund screen follows that charge instead of the person
 * creating another one to pay. Kept per API address; ids, amounts and times only (no payer).
 */
import { z } from "zod";
import type { UserStorage } from "../../api";

const PENDING_CHARGES_KEY = "valepix.fund.pending.v1";

const Pending = z.object({ transactionId: z.string(), amountCents: z.int(), at: z.string() });
export type PendingCharge = z.infer<typeof Pending>;
const Stored = z.record(z.string(), z.array(Pending));

export interface PendingCharges {
  /** Kept before the charge is sent. */
  add(charge: PendingCharge): Promise<void>;
  /** Forgotten once the charge is final (paid, expired, cancelled). */
  settle(transactionId: string): Promise<void>;
  /** The newest charge of the active address that was never seen final. */
  newest(): Promise<PendingCharge | undefined>;
}

export function pendingCharges(storage: UserStorage, address: () => Promise<string>): PendingCharges {
  const read = async (): Promise<Record<string, PendingCharge[]>> => {
    const raw = await storage.getItem(PENDING_CHARGES_KEY);
    if (raw === null) return {};
    try {
      const parsed = Stored.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : {};
    } catch {
      return {}; // An unreadable entry: the charges stay readable by id in the API.
    }
  };
  const change = async (edit: (list: PendingCharge[]) => PendingCharge[]) => {
    const [stored, at] = await Promise.all([read(), address()]);
    stored[at] = edit(stored[at] ?? []);
    await storage.setItem(PENDING_CHARGES_KEY, JSON.stringify(stored));
  };
  return {
    add: (charge) =>
      change((list) => [...list.filter((c) => c.transactionId !== charge.transactionId), charge]),
    settle: (transactionId) => change((list) => list.filter((c) => c.transactionId !== transactionId)),
    newest: async () => {
      const [stored, at] = await Promise.all([read(), address()]);
      return stored[at]?.at(-1);
    },
  };
}
