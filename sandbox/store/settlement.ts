/**
 * Settling: nothing runs in the background. Every authenticated request first calls
 * `settle(company)`, which moves due charges and lots to their final states as of `now()` (the
 * injected clock). Final states carry the time they were due, not the time they were observed,
 * so results do not depend on when somebody happened to read.
 */
import type { Charges } from "./charges";
import { type StoreContext, newId } from "./context";
import type { DepositRow, DistributionRow } from "./rows";

const CHARGE_GAVE_UP: readonly string[] = ["FAILED", "EXPIRED", "CANCELLED"];

export class Settlement {
  constructor(
    private readonly ctx: StoreContext,
    private readonly charges: Charges,
  ) {}

  settle(companyId: string): void {
    const { db } = this.ctx;
    const now = this.ctx.now();
    db.transaction(() => {
      const due = db
        .prepare<[string, number], DepositRow>(
          "SELECT * FROM deposits WHERE company_id = ? AND status = 'PENDING' AND completes_at <= ? ORDER BY completes_at, seq",
        )
        .all(companyId, now);
      for (const d of due) this.chargeDue(companyId, d);
      const running = db
        .prepare<[string], DistributionRow>(
          "SELECT * FROM distributions WHERE company_id = ? AND status = 'processing'",
        )
        .all(companyId);
      for (const dist of running) {
        const charge = dist.lot_transaction_id ? this.charges.row(dist.lot_transaction_id) : undefined;
        if (charge && CHARGE_GAVE_UP.includes(charge.status)) {
          this.finishLot(dist, "FAILED", charge.final_at ?? now);
        } else if (dist.lot_due_at != null && now >= dist.lot_due_at) {
          this.finishLot(dist, dist.lot_outcome === "FAILED" ? "FAILED" : "COMPLETED", dist.lot_due_at);
        }
      }
    })();
  }

  /** A charge reaches its outcome; a paid finalize charge funds its lot. */
  private chargeDue(companyId: string, d: DepositRow): void {
    this.charges.setStatus(d, d.outcome, d.completes_at);
    if (d.kind !== "CHARGE" || d.outcome !== "COMPLETED" || !d.distribution_id) return;
    const { db } = this.ctx;
    // The paid charge goes straight out to the lot: credit and debit cancel each other.
    db.prepare(
      `INSERT INTO ledger (id, company_id, type, amount, status, transaction_id, distribution_id, description, created_at)
       VALUES (?, ?, 'DISTRIBUTION', ?, 'PENDING', ?, ?, ?, ?)`,
    ).run(
      newId("txn"),
      companyId,
      -d.amount,
      d.id,
      d.distribution_id,
      "Distribuição (parte cobrada)",
      d.completes_at,
    );
    db.prepare("UPDATE distributions SET lot_due_at = ? WHERE id = ?").run(
      d.completes_at + this.ctx.lotDelayMs,
      d.distribution_id,
    );
  }

  private finishLot(dist: DistributionRow, lotStatus: "COMPLETED" | "FAILED", at: number): void {
    const { db } = this.ctx;
    db.prepare("UPDATE distributions SET status = ?, lot_status = ?, lot_final_at = ? WHERE id = ?").run(
      lotStatus === "COMPLETED" ? "completed" : "failed",
      lotStatus,
      at,
      dist.id,
    );
    // A failed lot gives the debited balance back (its DISTRIBUTION rows stop counting).
    db.prepare("UPDATE ledger SET status = ? WHERE type = 'DISTRIBUTION' AND distribution_id = ?").run(
      lotStatus,
      dist.id,
    );
  }
}
