/**
 * Deposits (charges a company pays to fund its balance), the balance, and the transactions
 * list: steps 2 to 4 of the document's flow, plus the cancel path it leaves "not shown".
 */
import { randomUUID } from "node:crypto";
import type { DepositCreate, PageQuery } from "../../src/api/schemas";
import { conflict, unprocessable } from "../errors";
import { type Charges, type DepositRecord, depositRecord } from "./charges";
import { type StoreContext, assertOwned, count, iso, pageInSeqOrder, pageMeta } from "./context";
import type { LedgerRow } from "./rows";
import type { Settlement } from "./settlement";

export class Deposits {
  constructor(
    private readonly ctx: StoreContext,
    private readonly charges: Charges,
    private readonly settlement: Settlement,
  ) {}

  /**
   * Creates a charge. The same `transaction_id` again answers the existing deposit (created
   * false) when the body is the same, and 409 when it differs: no second charge either way.
   */
  create(companyId: string, body: DepositCreate): { created: boolean; deposit: DepositRecord } {
    const fingerprint = JSON.stringify([body.amount, body.method, body.name.trim(), body.document]);
    return this.ctx.db.transaction(() => {
      const existing = body.transaction_id ? this.charges.row(body.transaction_id) : undefined;
      if (existing) {
        if (
          existing.company_id !== companyId ||
          existing.kind !== "DEPOSIT" ||
          existing.fingerprint !== fingerprint
        ) {
          throw conflict(
            "transaction_id_conflict",
            "This transaction_id was already used with a different body; no second charge was created",
          );
        }
        return { created: false, deposit: depositRecord(existing) };
      }
      const id = body.transaction_id ?? randomUUID();
      this.charges.insert(companyId, {
        id,
        kind: "DEPOSIT",
        method: body.method,
        amount: body.amount,
        name: body.name.trim(),
        document: body.document,
        fingerprint,
      });
      // The balance is a sum of credits: keep the sum of every credit exact, or refuse (rolled back).
      if (!Number.isSafeInteger(this.charges.credits(companyId))) {
        throw unprocessable(
          "balance_too_large",
          "This deposit would make the balance larger than can be represented exactly",
        );
      }
      return { created: true, deposit: depositRecord(this.charges.existing(id)) };
    })();
  }

  get(companyId: string, id: string): DepositRecord {
    assertOwned(this.ctx, "deposits", id, companyId, "deposit");
    return depositRecord(this.charges.existing(id));
  }

  /** PENDING → CANCELLED; already CANCELLED answers as is; paid → 409; FAILED/EXPIRED → 409. */
  cancel(companyId: string, id: string): DepositRecord {
    return this.ctx.db.transaction(() => {
      assertOwned(this.ctx, "deposits", id, companyId, "deposit");
      this.settlement.settle(companyId);
      const d = this.charges.existing(id);
      if (d.status === "COMPLETED")
        throw conflict("already_paid", "The charge is already paid and cannot be cancelled");
      if (d.status === "FAILED" || d.status === "EXPIRED") {
        throw conflict("already_final", `The charge is already ${d.status} and cannot be cancelled`);
      }
      if (d.status === "PENDING") {
        this.charges.setStatus(d, "CANCELLED", this.ctx.now());
        // A cancelled finalize charge fails its lot now, in this transaction.
        this.settlement.settle(companyId);
      }
      return depositRecord(this.charges.existing(id));
    })();
  }

  balance(companyId: string) {
    return { available_amount: this.charges.balance(companyId), currency: "BRL" };
  }

  /** Every money move as signed cents, oldest first (stable pages), optionally of one type. */
  transactions(companyId: string, q: PageQuery & { type?: LedgerRow["type"] | undefined }) {
    const where = q.type ? "company_id = ? AND type = ?" : "company_id = ?";
    const args: string[] = q.type ? [companyId, q.type] : [companyId];
    const total = count(this.ctx, `SELECT COUNT(*) AS n FROM ledger WHERE ${where}`, ...args);
    const rows = pageInSeqOrder<LedgerRow>(this.ctx, q, { table: "ledger", where, args });
    return {
      data: rows.map((r) => ({
        id: r.id,
        type: r.type,
        amount: r.amount,
        status: r.status,
        ...(r.transaction_id ? { transaction_id: r.transaction_id } : {}),
        ...(r.distribution_id ? { distribution_id: r.distribution_id } : {}),
        ...(r.description ? { description: r.description } : {}),
        created_at: iso(r.created_at),
      })),
      ...pageMeta(q, total),
    };
  }
}
