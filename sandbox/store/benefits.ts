/**
 * Products and benefits (conventions): "A benefit is a named configuration of products with
 * monthly amounts. Its identifier is used as `benefit_convention_ids` in group mode."
 */
import type { BenefitCreate, PageQuery } from "../../src/api/schemas";
import { badRequest, unprocessable } from "../errors";
import { type StoreContext, assertOwned, count, newId, offset, pageMeta } from "./context";
import type { BenefitItemRow, BenefitRow, ProductRow } from "./rows";

export class Benefits {
  constructor(private readonly ctx: StoreContext) {}

  listProducts(companyId: string, q: PageQuery) {
    const total = count(this.ctx, "SELECT COUNT(*) AS n FROM products WHERE company_id = ?", companyId);
    const rows = this.ctx.db
      .prepare<[string, number, number], ProductRow>(
        "SELECT * FROM products WHERE company_id = ? ORDER BY seq LIMIT ? OFFSET ?",
      )
      .all(companyId, q.limit, offset(q));
    return {
      data: rows.map((r) => ({ id: r.id, name: r.name, ...(r.code ? { code: r.code } : {}) })),
      ...pageMeta(q, total),
    };
  }

  /** 422 `unknown_product` when any id is unknown or another company's (a body never leaks it). */
  checkProducts(companyId: string, productIds: readonly string[], field: string): void {
    const unknown = [...new Set(productIds)].filter((id) => this.companyOf("products", id) !== companyId);
    if (unknown.length) {
      throw unprocessable(
        "unknown_product",
        `Unknown product(s): ${unknown.join(", ")}`,
        unknown.map((id) => ({ path: field, message: `unknown product_id ${id}` })),
      );
    }
  }

  /** 422 `unknown_benefit_convention` when any id is unknown or another company's. */
  checkConventions(companyId: string, ids: readonly string[], field: string): void {
    const unknown = ids.filter((id) => this.companyOf("benefits", id) !== companyId);
    if (unknown.length) {
      throw unprocessable(
        "unknown_benefit_convention",
        `Unknown benefit convention(s): ${unknown.join(", ")}`,
        unknown.map((id) => ({ path: field, message: `unknown benefit_id ${id}` })),
      );
    }
  }

  private companyOf(table: "products" | "benefits", id: string): string | undefined {
    return this.ctx.db
      .prepare<[string], { company_id: string }>(`SELECT company_id FROM ${table} WHERE id = ?`)
      .get(id)?.company_id;
  }

  private record(id: string) {
    const { db } = this.ctx;
    const b = db.prepare<[string], BenefitRow>("SELECT * FROM benefits WHERE id = ?").get(id);
    if (!b) throw new Error(`benefit ${id} vanished inside its transaction`);
    const items = db
      .prepare<[string], Pick<BenefitItemRow, "product_id" | "monthly_amount">>(
        "SELECT product_id, monthly_amount FROM benefit_items WHERE benefit_id = ? ORDER BY position",
      )
      .all(id);
    return {
      id: b.id,
      name: b.name,
      ...(b.description != null ? { description: b.description } : {}),
      items,
    };
  }

  private writeItems(benefitId: string, items: BenefitCreate["items"]): void {
    const { db } = this.ctx;
    db.prepare("DELETE FROM benefit_items WHERE benefit_id = ?").run(benefitId);
    const insert = db.prepare(
      "INSERT INTO benefit_items (benefit_id, position, product_id, monthly_amount) VALUES (?, ?, ?, ?)",
    );
    items.forEach((it, i) => insert.run(benefitId, i, it.product_id, it.monthly_amount));
  }

  private checkItems(companyId: string, items: BenefitCreate["items"]): void {
    const dup = items.map((i) => i.product_id).find((p, i, all) => all.indexOf(p) !== i);
    if (dup)
      throw badRequest("A product appears twice in items", [{ path: "items", message: `repeated ${dup}` }]);
    this.checkProducts(
      companyId,
      items.map((i) => i.product_id),
      "items.product_id",
    );
  }

  create(companyId: string, body: BenefitCreate) {
    const { db } = this.ctx;
    return db.transaction(() => {
      this.checkItems(companyId, body.items);
      const id = newId("ben");
      const now = this.ctx.now();
      db.prepare(
        "INSERT INTO benefits (id, company_id, name, description, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
      ).run(id, companyId, body.name, body.description ?? null, now, now);
      this.writeItems(id, body.items);
      return { benefit_id: id, ...this.record(id) };
    })();
  }

  /** Replaces a benefit whole (the update path is not shown in the document; our choice). */
  update(companyId: string, benefitId: string, body: BenefitCreate) {
    const { db } = this.ctx;
    return db.transaction(() => {
      assertOwned(this.ctx, "benefits", benefitId, companyId, "benefit");
      this.checkItems(companyId, body.items);
      db.prepare("UPDATE benefits SET name = ?, description = ?, updated_at = ? WHERE id = ?").run(
        body.name,
        body.description ?? null,
        this.ctx.now(),
        benefitId,
      );
      this.writeItems(benefitId, body.items);
      return this.record(benefitId);
    })();
  }

  list(companyId: string, q: PageQuery) {
    const total = count(this.ctx, "SELECT COUNT(*) AS n FROM benefits WHERE company_id = ?", companyId);
    const rows = this.ctx.db
      .prepare<[string, number, number], Pick<BenefitRow, "id">>(
        "SELECT id FROM benefits WHERE company_id = ? ORDER BY seq LIMIT ? OFFSET ?",
      )
      .all(companyId, q.limit, offset(q));
    return { data: rows.map((r) => this.record(r.id)), ...pageMeta(q, total) };
  }
}
