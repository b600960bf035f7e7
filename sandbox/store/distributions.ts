/**
 * Distribution drafts and their items: steps 5 to 8 of the document's flow. Changes succeed
 * only while the state is `draft`, otherwise 422 (rule 1); every change answers the updated
 * totals. Reads (the distribution, its items) work in every state.
 */
import {
  type AddItems,
  type DistributionCreate,
  type PageQuery,
  type SetValueForAll,
  SITUATION_ACTIVE,
} from "../../src/api/schemas";
import { type ErrorDetail, SandboxError, unprocessable } from "../errors";
import type { Benefits } from "./benefits";
import { type StoreContext, assertOwned, groupBy, iso, newId, pageInSeqOrder, pageMeta } from "./context";
import type { DistributionRow, EmployeeRow, ItemValueRow } from "./rows";

export class Distributions {
  constructor(
    private readonly ctx: StoreContext,
    private readonly benefits: Benefits,
  ) {}

  /** The row of an id already checked with `assertOwned` (a miss is a bug, not a 404). */
  row(id: string): DistributionRow {
    const d = this.ctx.db
      .prepare<[string], DistributionRow>("SELECT * FROM distributions WHERE id = ?")
      .get(id);
    if (!d) throw new Error(`distribution ${id} vanished inside its transaction`);
    return d;
  }

  /** "Updated totals": the state, `total_employees` and `total_amount` (cents). */
  totals(id: string) {
    const d = this.row(id);
    // Kept by triggers on items and item_values (db.ts), in the same transaction as the change.
    const t = this.ctx.db
      .prepare<[string], { employees: number; amount: number }>(
        "SELECT employees, amount FROM distribution_totals WHERE distribution_id = ?",
      )
      .get(id);
    const employees = t?.employees ?? 0;
    const amount = t?.amount ?? 0;
    // Every item mutation answers with these totals from inside its transaction: throwing here
    // rolls the change back, so a total past what JSON numbers carry exactly is never stored.
    if (!Number.isSafeInteger(amount)) {
      throw unprocessable(
        "total_too_large",
        "This change would make the distribution's total larger than can be represented exactly",
      );
    }
    return { distribution_id: id, status: d.status, total_employees: employees, total_amount: amount };
  }

  /** What the distribution answers: its totals, mode, times and lot. */
  record(id: string) {
    const d = this.row(id);
    const lot = lotRecord(d);
    return {
      ...this.totals(id),
      type: d.type,
      benefit_convention_ids: JSON.parse(d.benefit_convention_ids) as string[],
      created_at: iso(d.created_at),
      ...(d.finalized_at != null ? { finalized_at: iso(d.finalized_at) } : {}),
      ...(d.description != null ? { description: d.description } : {}),
      ...(d.scheduled_for != null ? { scheduled_for: d.scheduled_for } : {}),
      ...(lot ? { lot } : {}),
    };
  }

  create(companyId: string, body: DistributionCreate) {
    const { db } = this.ctx;
    return db.transaction(() => {
      const conventions = body.type === "group" ? [...new Set(body.benefit_convention_ids ?? [])] : [];
      if (body.type === "group")
        this.benefits.checkConventions(companyId, conventions, "benefit_convention_ids");
      const id = newId("dst");
      db.prepare(
        "INSERT INTO distributions (id, company_id, type, status, benefit_convention_ids, created_at) VALUES (?, ?, ?, 'draft', ?, ?)",
      ).run(id, companyId, body.type, JSON.stringify(conventions), this.ctx.now());
      if (body.type === "batch") {
        db.prepare(
          "INSERT INTO items (distribution_id, employee_id) SELECT ?, id FROM employees WHERE company_id = ? AND situation = ? ORDER BY seq",
        ).run(id, companyId, SITUATION_ACTIVE);
      } else if (body.type === "group") {
        this.fillGroup(id, companyId, conventions);
      }
      return this.record(id);
    })();
  }

  /** Group mode: the active members of the conventions, with the conventions' amounts. */
  private fillGroup(id: string, companyId: string, conventions: readonly string[]): void {
    const { db } = this.ctx;
    const marks = conventions.map(() => "?").join(",");
    db.prepare(
      `INSERT INTO items (distribution_id, employee_id)
       SELECT ?, e.id FROM employees e WHERE e.company_id = ? AND e.situation = ? AND EXISTS (
         SELECT 1 FROM employee_conventions ec WHERE ec.employee_id = e.id AND ec.benefit_id IN (${marks}))
       ORDER BY e.seq`,
    ).run(id, companyId, SITUATION_ACTIVE, ...conventions);
    // Where two of the given conventions pay the same product, the larger amount (never the
    // sum: no double benefit).
    db.prepare(
      `INSERT INTO item_values (distribution_id, employee_id, product_id, value)
       SELECT i.distribution_id, i.employee_id, bi.product_id, MAX(bi.monthly_amount)
       FROM items i
       JOIN employee_conventions ec ON ec.employee_id = i.employee_id AND ec.benefit_id IN (${marks})
       JOIN benefit_items bi ON bi.benefit_id = ec.benefit_id
       WHERE i.distribution_id = ? AND bi.monthly_amount > 0
       GROUP BY i.employee_id, bi.product_id`,
    ).run(...conventions, id);
  }

  get(companyId: string, id: string) {
    assertOwned(this.ctx, "distributions", id, companyId, "distribution");
    return this.record(id);
  }

  /** Ownership, then rule 1: "succeed only while the distribution state is `draft`; otherwise 422". */
  draft(companyId: string, id: string): DistributionRow {
    assertOwned(this.ctx, "distributions", id, companyId, "distribution");
    const d = this.row(id);
    if (d.status !== "draft") {
      throw unprocessable(
        "distribution_not_draft",
        `The distribution is ${d.status}; it can change only in draft`,
      );
    }
    return d;
  }

  /**
   * Adds employees (one or many). The whole call is refused with 422 when any id is unknown
   * (or another company's) or not active; an employee already in the draft is a no-op.
   */
  addItems(companyId: string, id: string, body: AddItems) {
    const { db } = this.ctx;
    return db.transaction(() => {
      this.draft(companyId, id);
      const ids = [...new Set(body.employee_ids)];
      const marks = ids.map(() => "?").join(",");
      const found = new Map(
        db
          .prepare<string[], Pick<EmployeeRow, "id" | "company_id" | "situation">>(
            `SELECT id, company_id, situation FROM employees WHERE id IN (${marks})`,
          )
          .all(...ids)
          .map((r) => [r.id, r]),
      );
      const details: ErrorDetail[] = [];
      ids.forEach((eid, i) => {
        const e = found.get(eid);
        if (!e || e.company_id !== companyId)
          details.push({ path: `employee_ids.${i}`, message: `unknown employee ${eid}` });
        else if (e.situation !== SITUATION_ACTIVE)
          details.push({
            path: `employee_ids.${i}`,
            message: `employee ${eid} is ${e.situation}, not active`,
          });
      });
      if (details.length) {
        throw unprocessable(
          "invalid_employees",
          "Some employees are unknown or not active; nothing was added",
          details,
        );
      }
      const insert = db.prepare("INSERT OR IGNORE INTO items (distribution_id, employee_id) VALUES (?, ?)");
      for (const eid of ids) insert.run(id, eid);
      return this.totals(id);
    })();
  }

  /** Removes employees; an id that is not an item is a no-op. */
  removeItems(companyId: string, id: string, body: AddItems) {
    const { db } = this.ctx;
    return db.transaction(() => {
      this.draft(companyId, id);
      const delItem = db.prepare("DELETE FROM items WHERE distribution_id = ? AND employee_id = ?");
      const delValues = db.prepare("DELETE FROM item_values WHERE distribution_id = ? AND employee_id = ?");
      for (const eid of new Set(body.employee_ids)) {
        delItem.run(id, eid);
        delValues.run(id, eid);
      }
      return this.totals(id);
    })();
  }

  /** The same value of one product for every item; 0 clears that product. */
  setValueForAll(companyId: string, id: string, body: SetValueForAll) {
    const { db } = this.ctx;
    return db.transaction(() => {
      this.draft(companyId, id);
      this.benefits.checkProducts(companyId, [body.product_id], "product_id");
      if (body.value === 0) {
        db.prepare("DELETE FROM item_values WHERE distribution_id = ? AND product_id = ?").run(
          id,
          body.product_id,
        );
      } else {
        db.prepare(
          `INSERT INTO item_values (distribution_id, employee_id, product_id, value)
           SELECT distribution_id, employee_id, ?, ? FROM items WHERE distribution_id = ? AND true
           ON CONFLICT (distribution_id, employee_id, product_id) DO UPDATE SET value = excluded.value`,
        ).run(body.product_id, body.value, id);
      }
      return this.totals(id);
    })();
  }

  /** One product's value for one employee who is an item (404 `item_not_found` otherwise); 0 clears it. */
  setEmployeeValue(companyId: string, id: string, employeeId: string, body: SetValueForAll) {
    const { db } = this.ctx;
    return db.transaction(() => {
      this.draft(companyId, id);
      assertOwned(this.ctx, "employees", employeeId, companyId, "employee");
      if (
        !db.prepare("SELECT 1 FROM items WHERE distribution_id = ? AND employee_id = ?").get(id, employeeId)
      ) {
        throw new SandboxError(
          404,
          "item_not_found",
          `Employee ${employeeId} is not an item of this distribution`,
        );
      }
      this.benefits.checkProducts(companyId, [body.product_id], "product_id");
      if (body.value === 0) {
        db.prepare(
          "DELETE FROM item_values WHERE distribution_id = ? AND employee_id = ? AND product_id = ?",
        ).run(id, employeeId, body.product_id);
      } else {
        db.prepare(
          `INSERT INTO item_values (distribution_id, employee_id, product_id, value) VALUES (?, ?, ?, ?)
           ON CONFLICT (distribution_id, employee_id, product_id) DO UPDATE SET value = excluded.value`,
        ).run(id, employeeId, body.product_id, body.value);
      }
      return this.totals(id);
    })();
  }

  /** "Page of items; state; `total_employees`; `total_amount`", in every state. */
  listItems(companyId: string, id: string, q: PageQuery) {
    const { db } = this.ctx;
    assertOwned(this.ctx, "distributions", id, companyId, "distribution");
    const totals = this.totals(id);
    const rows = pageInSeqOrder<{ employee_id: string; name: string }>(this.ctx, q, {
      table: "items",
      columns: "items.employee_id, employees.name",
      join: "JOIN employees ON employees.id = items.employee_id",
      where: "distribution_id = ?",
      args: [id],
    });
    // The page's values at once, then each item's put in product order (the products are few;
    // joining them in SQL and sorting there cost a fifth of the page).
    const values = db
      .prepare<[string, string], Pick<ItemValueRow, "employee_id" | "product_id" | "value">>(
        `SELECT employee_id, product_id, value FROM item_values
         WHERE distribution_id = ? AND employee_id IN (SELECT value FROM json_each(?))`,
      )
      .all(id, JSON.stringify(rows.map((row) => row.employee_id)));
    const productOrder = new Map(
      db
        .prepare<[string], { id: string; seq: number }>("SELECT id, seq FROM products WHERE company_id = ?")
        .all(companyId)
        .map((product) => [product.id, product.seq]),
    );
    const valuesOf = groupBy(
      values,
      (row) => row.employee_id,
      ({ product_id, value }) => ({ product_id, value }),
    );
    const inProductOrder = (
      left: Pick<ItemValueRow, "product_id">,
      right: Pick<ItemValueRow, "product_id">,
    ) => (productOrder.get(left.product_id) ?? 0) - (productOrder.get(right.product_id) ?? 0);
    for (const list of valuesOf.values()) list.sort(inProductOrder);
    return {
      data: rows.map((row) => {
        const paid = valuesOf.get(row.employee_id) ?? [];
        return {
          employee_id: row.employee_id,
          employee_name: row.name,
          values: paid,
          total_amount: paid.reduce((sum, value) => sum + value.value, 0),
        };
      }),
      ...pageMeta(q, totals.total_employees),
      status: totals.status,
      total_employees: totals.total_employees,
      total_amount: totals.total_amount,
    };
  }
}

/** The lot a finalize created, or undefined for a draft. */
export function lotRecord(d: DistributionRow) {
  if (!d.lot_id) return undefined;
  return {
    lot_id: d.lot_id,
    status: d.lot_status ?? "PENDING",
    amount: d.lot_amount ?? 0,
    payment_method: d.lot_payment_method ?? "",
    balance_amount: d.lot_balance_amount ?? 0,
    charge_amount: d.lot_charge_amount ?? 0,
    ...(d.lot_transaction_id ? { transaction_id: d.lot_transaction_id } : {}),
    ...(d.lot_final_at != null ? { finalized_at: iso(d.lot_final_at) } : {}),
  };
}
