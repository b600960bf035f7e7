/**
 * The rows of the tables of db.ts, as better-sqlite3 returns them (`db.prepare<Params, Row>()`),
 * so the store reads typed values instead of casting `Record<string, unknown>`. Times are epoch
 * milliseconds of the injected clock; money is integer cents.
 */

export interface TokenRow {
  hash: string;
  company_id: string;
  /** The first characters of the token, for operators; never the token. */
  hint: string;
  status: "active" | "revoked";
  created_at: number;
  expires_at: number | null;
  revoked_at: number | null;
}

export interface ProductRow {
  seq: number;
  id: string;
  company_id: string;
  name: string;
  code: string | null;
}

export interface BenefitRow {
  seq: number;
  id: string;
  company_id: string;
  name: string;
  description: string | null;
  created_at: number;
  updated_at: number;
}

export interface BenefitItemRow {
  benefit_id: string;
  position: number;
  product_id: string;
  monthly_amount: number;
}

export interface EmployeeRow {
  seq: number;
  id: string;
  company_id: string;
  name: string;
  cpf: string;
  email: string | null;
  situation: string;
  created_at: number;
}

export type ChargeStatus = "PENDING" | "COMPLETED" | "FAILED" | "CANCELLED" | "EXPIRED";
/** The final state a charge reaches at `completes_at` unless it is cancelled first. */
export type ChargeOutcome = "COMPLETED" | "FAILED" | "EXPIRED";

/** A deposit (kind DEPOSIT) or the charge finalize creates for a PIX/BOLETO part (kind CHARGE). */
export interface DepositRow {
  seq: number;
  id: string;
  company_id: string;
  kind: "DEPOSIT" | "CHARGE";
  method: string;
  amount: number;
  name: string;
  document: string;
  status: ChargeStatus;
  outcome: ChargeOutcome;
  created_at: number;
  completes_at: number;
  expires_at: number;
  final_at: number | null;
  distribution_id: string | null;
  /** Same body, same fingerprint: a repeated `transaction_id` answers the existing deposit. */
  fingerprint: string;
}

type DistributionStatus = "draft" | "processing" | "completed" | "failed";
type LotStatus = "PENDING" | "COMPLETED" | "FAILED";

export interface DistributionRow {
  seq: number;
  id: string;
  company_id: string;
  type: "selected" | "batch" | "group";
  status: DistributionStatus;
  /** JSON array of benefit ids (group mode). */
  benefit_convention_ids: string;
  created_at: number;
  finalized_at: number | null;
  description: string | null;
  scheduled_for: string | null;
  payer_name: string | null;
  payer_document: string | null;
  /** JSON object, stored as sent. */
  invoice_descriptions: string | null;
  lot_id: string | null;
  lot_status: LotStatus | null;
  /** The state a funded lot reaches at `lot_due_at` (FAILED for a payer named FAIL/EXPIRE). */
  lot_outcome: "COMPLETED" | "FAILED" | null;
  lot_payment_method: string | null;
  lot_amount: number | null;
  lot_balance_amount: number | null;
  lot_charge_amount: number | null;
  lot_transaction_id: string | null;
  /** When the lot reaches its outcome; null while its charge is unpaid. */
  lot_due_at: number | null;
  lot_final_at: number | null;
}

export interface ItemValueRow {
  distribution_id: string;
  employee_id: string;
  product_id: string;
  value: number;
}

/** A money move: signed cents, credits positive, debits negative. */
export interface LedgerRow {
  seq: number;
  id: string;
  company_id: string;
  type: "DEPOSIT" | "DISTRIBUTION";
  amount: number;
  status: string;
  transaction_id: string | null;
  distribution_id: string | null;
  description: string | null;
  created_at: number;
}

/** The answer of `SELECT COUNT(*) AS n`. */
export interface CountRow {
  n: number;
}
