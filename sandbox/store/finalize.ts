/**
 * Finalize: the draft → processing row of "States and transitions". The lot starts PENDING;
 * settlement.ts moves it to its final state. Checks, in order: draft (422), payment method
 * among the five (422: "Any other value returns HTTP 422", a missing, null or non-string value
 * included), a positive value somewhere (422), and for BALANCE an available balance covering
 * the total (422). BALANCE_WITH_* use the balance first and charge the rest; PIX/BOLETO charge
 * the whole.
 */
import { randomUUID } from "node:crypto";
import { type FinalizeBody, PAYMENT_METHODS, type PaymentMethod } from "../../src/api/schemas";
import { unprocessable } from "../errors";
import { type Charges, outcomeForPayer } from "./charges";
import { type StoreContext, newId } from "./context";
import { type Distributions, lotRecord } from "./distributions";

/** The finalize body with `payment_method` as sent: its value is a business rule (422), not a shape. */
export type FinalizeRequest = Omit<FinalizeBody, "payment_method"> & { payment_method?: unknown };

/** Payer document used on a finalize charge when `payer_document` is not sent. */
const SANDBOX_PAYER_DOCUMENT = "11222333000181";

const isPaymentMethod = (v: unknown): v is PaymentMethod =>
  typeof v === "string" && (PAYMENT_METHODS as readonly string[]).includes(v);

export class Finalize {
  constructor(
    private readonly ctx: StoreContext,
    private readonly distributions: Distributions,
    private readonly charges: Charges,
  ) {}

  run(companyId: string, id: string, body: FinalizeRequest) {
    return this.ctx.db.transaction(() => {
      this.distributions.draft(companyId, id);
      const method = body.payment_method;
      if (!isPaymentMethod(method)) {
        const sent = method === undefined ? "no payment_method" : `payment_method ${JSON.stringify(method)}`;
        throw unprocessable(
          "invalid_payment_method",
          `Unsupported ${sent}; use one of ${PAYMENT_METHODS.join(", ")}`,
          [{ path: "payment_method", message: `one of ${PAYMENT_METHODS.join(", ")}` }],
        );
      }
      const total = this.distributions.totals(id).total_amount;
      if (total <= 0) throw unprocessable("no_positive_value", "At least one item needs a positive value");
      const balancePart = this.balancePart(companyId, method, total);
      const chargePart = total - balancePart;
      const now = this.ctx.now();
      const chargeId = chargePart > 0 ? randomUUID() : null;
      if (balancePart > 0) {
        this.ctx.db
          .prepare(
            `INSERT INTO ledger (id, company_id, type, amount, status, distribution_id, description, created_at)
             VALUES (?, ?, 'DISTRIBUTION', ?, 'PENDING', ?, ?, ?)`,
          )
          .run(newId("txn"), companyId, -balancePart, id, body.description ?? "Distribuição (saldo)", now);
      }
      if (chargeId) {
        this.charges.insert(companyId, {
          id: chargeId,
          kind: "CHARGE",
          method: method.endsWith("BOLETO") ? "BOLETO" : "PIX",
          amount: chargePart,
          name: body.payer_name?.trim() || `Empresa ${companyId}`,
          document: body.payer_document ?? SANDBOX_PAYER_DOCUMENT,
          distributionId: id,
          fingerprint: JSON.stringify(["CHARGE", id]),
        });
      }
      this.ctx.db
        .prepare(
          `UPDATE distributions SET status = 'processing', finalized_at = ?, description = ?, scheduled_for = ?,
             payer_name = ?, payer_document = ?, invoice_descriptions = ?, lot_id = ?, lot_status = 'PENDING',
             lot_outcome = ?, lot_payment_method = ?, lot_amount = ?, lot_balance_amount = ?, lot_charge_amount = ?,
             lot_transaction_id = ?, lot_due_at = ?
           WHERE id = ?`,
        )
        .run(
          now,
          body.description ?? null,
          body.scheduled_for ?? null,
          body.payer_name ?? null,
          body.payer_document ?? null,
          body.invoice_descriptions ? JSON.stringify(body.invoice_descriptions) : null,
          newId("lot"),
          outcomeForPayer(body.payer_name) === "COMPLETED" ? "COMPLETED" : "FAILED",
          method,
          total,
          balancePart,
          chargePart,
          chargeId,
          // A lot without a charge is funded now; one with a charge when the charge is paid.
          chargeId ? null : now + this.ctx.lotDelayMs,
          id,
        );
      return {
        distribution_id: id,
        status: "processing",
        lot: lotRecord(this.distributions.row(id)),
        ...(chargeId ? { transaction_id: chargeId } : {}),
      };
    })();
  }

  /** The part paid from the balance: all of it (BALANCE), as much as there is, or none. */
  private balancePart(companyId: string, method: PaymentMethod, total: number): number {
    const available = Math.max(0, this.charges.balance(companyId));
    switch (method) {
      case "BALANCE":
        if (available < total) {
          throw unprocessable(
            "insufficient_balance",
            `Available balance ${available} cents is less than the total ${total} cents`,
          );
        }
        return total;
      case "BALANCE_WITH_PIX":
      case "BALANCE_WITH_BOLETO":
        return Math.min(available, total);
      case "PIX":
      case "BOLETO":
        return 0;
    }
  }
}
