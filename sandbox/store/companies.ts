/**
 * Companies (tenants). A new company gets the seed data of seed.ts: the products, one benefit
 * convention and a deterministic set of employees, so every token opens a usable sandbox.
 */
import { SEED_CONVENTION, SEED_PRODUCTS, seedEmployees } from "../seed";
import { type StoreContext, newId } from "./context";

export const COMPANY_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

export class Companies {
  constructor(private readonly ctx: StoreContext) {}

  has(companyId: string): boolean {
    return this.ctx.db.prepare<[string]>("SELECT 1 FROM companies WHERE id = ?").get(companyId) !== undefined;
  }

  /** Creates the company with its seed data if it does not exist; true when created. */
  ensure(companyId: string): boolean {
    if (!COMPANY_ID.test(companyId)) throw new Error(`Invalid company id ${JSON.stringify(companyId)}`);
    const { db } = this.ctx;
    return db.transaction(() => {
      if (this.has(companyId)) return false;
      const now = this.ctx.now();
      db.prepare("INSERT INTO companies (id, created_at) VALUES (?, ?)").run(companyId, now);
      this.seed(companyId, now);
      return true;
    })();
  }

  private seed(companyId: string, now: number): void {
    const { db } = this.ctx;
    const insertProduct = db.prepare("INSERT INTO products (id, company_id, name, code) VALUES (?, ?, ?, ?)");
    const productIds = new Map<string, string>();
    for (const p of SEED_PRODUCTS) {
      const id = newId("prd");
      productIds.set(p.code, id);
      insertProduct.run(id, companyId, p.name, p.code);
    }
    const benefitId = newId("ben");
    db.prepare(
      "INSERT INTO benefits (id, company_id, name, description, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
    ).run(benefitId, companyId, SEED_CONVENTION.name, SEED_CONVENTION.description, now, now);
    const insertItem = db.prepare(
      "INSERT INTO benefit_items (benefit_id, position, product_id, monthly_amount) VALUES (?, ?, ?, ?)",
    );
    SEED_PRODUCTS.filter((p) => p.conventionAmount > 0).forEach((p, i) =>
      insertItem.run(benefitId, i, productIds.get(p.code), p.conventionAmount),
    );
    const insertEmployee = db.prepare(
      "INSERT INTO employees (id, company_id, name, cpf, email, situation, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
    );
    const insertMembership = db.prepare(
      "INSERT INTO employee_conventions (employee_id, benefit_id) VALUES (?, ?)",
    );
    for (const e of seedEmployees(companyId, this.ctx.seedEmployees)) {
      const id = newId("emp");
      insertEmployee.run(id, companyId, e.name, e.cpf, e.email, e.situation, now);
      if (e.inConvention) insertMembership.run(id, benefitId);
    }
  }
}
