/**
 * Money coming in: deposits (PIX charges) and their states, the balance, and the
 * transactions list used for reconciliation. See ./index.ts for the conventions every schema follows.
 */
import { z } from "zod";
import {
  Cents,
  Id,
  pageOf,
  PageQuery,
  PositiveCents,
  stateFields,
  TaxDocument,
  Uuid,
  withOptionalStatus,
  withStatus,
} from "./common";

// Deposits (charges), balance, transactions

/** The final states; `PENDING` is our name for the non-final one (not shown). */
const DEPOSIT_FINAL_STATES = ["COMPLETED", "FAILED", "CANCELLED", "EXPIRED"] as const;
export const isFinalDepositStatus = (s: string): boolean =>
  (DEPOSIT_FINAL_STATES as readonly string[]).includes(s);

const DepositMethod = z.enum(["PIX"]);
export const DepositCreate = z.object({
  amount: PositiveCents,
  method: DepositMethod,
  name: z.string().trim().min(1).max(200),
  document: TaxDocument,
  transaction_id: Uuid.optional(),
});
export type DepositCreate = z.infer<typeof DepositCreate>;

const DepositFields = z.object({
  transaction_id: Id,
  /** Tolerant: the client only needs a string; unknown states are treated as non-final. */
  ...stateFields,
  amount: Cents.optional(),
  method: z.string().optional(),
  /** The payer, when the server echoes it (not shown): compared with what was sent. */
  name: z.string().optional(),
  document: z.string().optional(),
  created_at: z.string().optional(),
  pix_copy_paste: z.string().optional(),
  /** A boleto's digitable line ("linha digitável"), for a BOLETO charge (not shown: our name). */
  boleto_line: z.string().optional(),
  expires_at: z.string().optional(),
});
/** A deposit read back ("Deposit with its payment state"): the state is required. */
export const Deposit = withStatus(DepositFields, "the deposit");
export type Deposit = z.output<typeof Deposit>;
/**
 * What creating or cancelling a charge answers: the document promises only `transaction_id` on
 * creation, so the state may be missing.
 */
export const DepositResponse = withOptionalStatus(DepositFields);
export type DepositResponse = z.output<typeof DepositResponse>;

export const Balance = z.object({ available_amount: z.int(), currency: z.string().optional() });
export type Balance = z.infer<typeof Balance>;

export const TRANSACTION_TYPES = ["DEPOSIT", "DISTRIBUTION"] as const;
export const TransactionListQuery = PageQuery.extend({ type: z.enum(TRANSACTION_TYPES).optional() });
export type TransactionListQuery = z.input<typeof TransactionListQuery>;
/**
 * A transaction is identified by `id` or, on a server that names it so, `transaction_id`: `id`
 * holds whichever came (`transaction_id` stays as sent; for a deposit it names the charge).
 */
export const Transaction = z
  .object({
    id: Id.optional(),
    type: z.string(),
    /** Signed cents: credits positive, debits negative. */
    amount: z.int(),
    status: z.string().optional(),
    transaction_id: z.string().optional(),
    distribution_id: z.string().optional(),
    description: z.string().optional(),
    created_at: z.string().optional(),
  })
  .transform((raw, ctx) => {
    const id = raw.id ?? raw.transaction_id;
    if (id === undefined || id === "") {
      ctx.issues.push({
        code: "custom",
        message: "a transaction needs id or transaction_id",
        input: raw,
        path: ["id"],
      });
      return z.NEVER;
    }
    return { ...raw, id };
  });
export type Transaction = z.output<typeof Transaction>;
export const TransactionPage = pageOf(Transaction);
