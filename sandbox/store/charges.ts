/**
 * Charges: a deposit (kind DEPOSIT) or the PIX/BOLETO part of a finalize (kind CHARGE), each
 * mirrored by a `DEPOSIT` row of the ledger; and the available balance the ledger adds up to.
 * Deposits, finalize and settlement all move charges through this one module.
 */
import { type StoreContext, iso, newId } from "./context";
import type { ChargeOutcome, ChargeStatus, DepositRow } from "./rows";

/** How long an unpaid charge stays payable (informational; `expires_at`). */
const PIX_VALIDITY_MS = 24 * 3600_000;
const BOLETO_VALIDITY_MS = 3 * 24 * 3600_000;

/**
 * Deterministic outcomes (documented in docs/sandbox.md): a payer named exactly `FAIL` or
 * `EXPIRE` (any case) makes the charge end FAILED or EXPIRED instead of COMPLETED; on finalize
 * the same `payer_name` makes the lot end FAILED (and the debit is refunded).
 */
export function outcomeForPayer(name: string | undefined): ChargeOutcome {
  const n = (name ?? "").trim().toUpperCase();
  return n === "FAIL" ? "FAILED" : n === "EXPIRE" ? "EXPIRED" : "COMPLETED";
}

export interface NewCharge {
  id: string;
  kind: DepositRow["kind"];
  method: string;
  amount: number;
  name: string;
  document: string;
  distributionId?: string;
  fingerprint: string;
}

export class Charges {
  constructor(private readonly ctx: StoreContext) {}

  row(id: string): DepositRow | undefined {
    return this.ctx.db.prepare<[string], DepositRow>("SELECT * FROM deposits WHERE id = ?").get(id);
  }

  /** The row of an id the caller has just checked or written (a miss is a bug, not a 404). */
  existing(id: string): DepositRow {
    const row = this.row(id);
    if (!row) throw new Error(`charge ${id} vanished inside its transaction`);
    return row;
  }

  /** Inserts a charge and its mirrored ledger row (status PENDING, not yet in the balance). */
  insert(companyId: string, c: NewCharge): void {
    const { db } = this.ctx;
    const now = this.ctx.now();
    const validity = c.method === "BOLETO" ? BOLETO_VALIDITY_MS : PIX_VALIDITY_MS;
    const outcome = outcomeForPayer(c.name);
    const completesAt = now + this.ctx.pixDelayMs;
    db.prepare(
      `INSERT INTO deposits (id, company_id, kind, method, amount, name, document, status, outcome, created_at,
         completes_at, expires_at, distribution_id, fingerprint)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'PENDING', ?, ?, ?, ?, ?, ?)`,
    ).run(
      c.id,
      companyId,
      c.kind,
      c.method,
      c.amount,
      c.name,
      c.document,
      outcome,
      now,
      completesAt,
      outcome === "EXPIRED" ? completesAt : now + validity,
      c.distributionId ?? null,
      c.fingerprint,
    );
    db.prepare(
      `INSERT INTO ledger (id, company_id, type, amount, status, transaction_id, distribution_id, description, created_at)
       VALUES (?, ?, 'DEPOSIT', ?, 'PENDING', ?, ?, ?, ?)`,
    ).run(
      newId("txn"),
      companyId,
      c.amount,
      c.id,
      c.distributionId ?? null,
      c.kind === "CHARGE" ? `Cobrança ${c.method} da distribuição` : `Depósito ${c.method}`,
      now,
    );
  }

  /** Moves a charge and its ledger row to `status`, stamped `at`. */
  setStatus(d: DepositRow, status: ChargeStatus, at: number): void {
    const { db } = this.ctx;
    db.prepare("UPDATE deposits SET status = ?, final_at = ? WHERE id = ?").run(status, at, d.id);
    db.prepare("UPDATE ledger SET status = ? WHERE type = 'DEPOSIT' AND transaction_id = ?").run(
      status,
      d.id,
    );
  }

  /** Completed credits minus what distributions took (PENDING debits are reserved). */
  balance(companyId: string): number {
    const r = this.ctx.db
      .prepare<[string], { total: number }>(
        `SELECT COALESCE(SUM(amount), 0) AS total FROM ledger WHERE company_id = ? AND (
           (type = 'DEPOSIT' AND status = 'COMPLETED') OR (type = 'DISTRIBUTION' AND status IN ('PENDING', 'COMPLETED')))`,
      )
      .get(companyId);
    return r?.total ?? 0;
  }

  /** The sum of every credit ever requested (the balance can never exceed it). */
  credits(companyId: string): number {
    return (
      this.ctx.db
        .prepare<[string], { s: number }>(
          "SELECT COALESCE(SUM(amount), 0) AS s FROM ledger WHERE company_id = ? AND type = 'DEPOSIT'",
        )
        .get(companyId)?.s ?? 0
    );
  }
}

/** What `GET /deposits/{transaction_id}` answers for a charge. */
export function depositRecord(d: DepositRow) {
  return {
    transaction_id: d.id,
    status: d.status,
    amount: d.amount,
    method: d.method,
    kind: d.kind,
    created_at: iso(d.created_at),
    expires_at: iso(d.expires_at),
    ...(d.final_at != null ? { finalized_at: iso(d.final_at) } : {}),
    ...(d.method === "PIX" && d.status === "PENDING" ? { pix_copy_paste: pixCopyPaste(d.id, d.amount) } : {}),
    ...(d.method === "BOLETO" && d.status === "PENDING" ? { boleto_line: boletoLine(d.id, d.amount) } : {}),
    ...(d.distribution_id ? { distribution_id: d.distribution_id } : {}),
  };
}
export type DepositRecord = ReturnType<typeof depositRecord>;

/**
 * A simulated boleto digitable line (47 digits in the 5.5.5.6.5.6.1.14 groups of a real one; not
 * payable): a bank code of zeros, digits from the id, and the amount in its last 10 digits.
 */
function boletoLine(id: string, amount: number): string {
  const digits = [...id.replace(/[^0-9a-f]/gi, "")]
    .map((c) => parseInt(c, 16) % 10)
    .join("")
    .padEnd(22, "0");
  const d = `00090${digits.slice(0, 22)}9${"0".repeat(9)}${String(amount).padStart(10, "0")}`;
  const g = [
    d.slice(0, 5),
    d.slice(5, 10),
    d.slice(10, 15),
    d.slice(15, 21),
    d.slice(21, 26),
    d.slice(26, 32),
    d.slice(32, 33),
    d.slice(33, 47),
  ];
  return `${g[0]}.${g[1]} ${g[2]}.${g[3]} ${g[4]}.${g[5]} ${g[6]} ${g[7]}`;
}

/** A simulated "PIX copia e cola" payload (not a payable code). */
function pixCopyPaste(id: string, amount: number): string {
  const value = `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, "0")}`;
  const txid = id.replace(/-/g, "").slice(0, 25);
  return `00020126360014br.gov.bcb.pix0114SANDBOXVALEPIX52040000530398654${String(value.length).padStart(2, "0")}${value}5802BR5914VALEPIX SANDBOX6009SAO PAULO62${String(txid.length + 4).padStart(2, "0")}05${String(txid.length).padStart(2, "0")}${txid}6304SBOX`;
}
