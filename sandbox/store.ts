/**
 * The sandbox's domain: companies, tokens, employees, products, benefits, deposits, balance,
 * transactions and distributions, on SQLite. HTTP-agnostic: server.ts validates requests with
 * the zod schemas of src/api and calls these methods with a company id taken from the token.
 *
 * Time never advances by itself here. Every request first calls `settle(company)`, which moves
 * due charges and lots to their final states as of `now()` (the injected clock). Final states
 * carry the time they were due, not the time they were observed, so results do not depend on
 * when somebody happened to read.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { z } from "zod";
import {
  type AddItems,
  type BenefitCreate,
  type DepositCreate,
  type DistributionCreate,
  type EmployeeCreate,
  type PageQuery,
  type SetValueForAll,
  PAYMENT_METHODS,
  type PaymentMethod,
  SITUATION_ACTIVE,
} from "../src/api/schemas";
import { isValidCpf } from "./cpf";
import { parseCsv } from "./csv";
import type { Db } from "./db";
import { SandboxError, badRequest, conflict, forbidden, notFound, unprocessable } from "./errors";
import { SEED_CONVENTION, SEED_PRODUCTS, seedEmployees } from "./seed";

export type Clock = () => number;

export interface StoreOptions {
  db: Db;
  now: Clock;
  /** Time a PIX/BOLETO charge takes to be paid (or to fail/expire). */
  pixDelayMs: number;
  /** Time a lot takes to complete once it is funded. */
  lotDelayMs: number;
  /** Employees seeded into each new company. */
  seedEmployees: number;
}

export const SITUATIONS = [
  { value: SITUATION_ACTIVE, label: "Ativo" },
  { value: "inactive", label: "Inativo" },
  { value: "on_leave", label: "Afastado" },
] as const;
const SITUATION_VALUES: readonly string[] = SITUATIONS.map((s) => s.value);

/** How long an unpaid charge stays payable (informational; `expires_at`). */
const PIX_VALIDITY_MS = 24 * 3600_000;
const BOLETO_VALIDITY_MS = 3 * 24 * 3600_000;
/** Payer document used on a finalize charge when `payer_document` is not sent. */
const SANDBOX_PAYER_DOCUMENT = "11222333000181";

/**
 * Deterministic outcomes (documented in docs/sandbox.md): a payer named exactly `FAIL` or
 * `EXPIRE` (any case) makes the charge end FAILED or EXPIRED instead of COMPLETED; on finalize
 * the same `payer_name` makes the lot end FAILED (and the debit is refunded).
 */
export function outcomeForPayer(name: string | undefined): "COMPLETED" | "FAILED" | "EXPIRED" {
  const n = (name ?? "").trim().toUpperCase();
  return n === "FAIL" ? "FAILED" : n === "EXPIRE" ? "EXPIRED" : "COMPLETED";
}

export const COMPANY_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

export const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");
/** What may be shown of a token: its first 6 characters. */
export const tokenHint = (token: string) => `${token.slice(0, 6)}…`;
export const newToken = () => `vpx_${randomBytes(24).toString("base64url")}`;

const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString("hex")}`;
const iso = (ms: number) => new Date(ms).toISOString();

type Row = Record<string, unknown>;
interface DepositRow {
  id: string;
  company_id: string;
  kind: "DEPOSIT" | "CHARGE";
  method: string;
  amount: number;
  name: string;
  document: string;
  status: string;
  outcome: string;
  created_at: number;
  completes_at: number;
  expires_at: number;
  final_at: number | null;
  distribution_id: string | null;
  fingerprint: string;
}
interface DistributionRow {
  id: string;
  company_id: string;
  type: string;
  status: "draft" | "processing" | "completed" | "failed";
  benefit_convention_ids: string;
  created_at: number;
  finalized_at: number | null;
  description: string | null;
  scheduled_for: string | null;
  lot_id: string | null;
  lot_status: string | null;
  lot_outcome: string | null;
  lot_payment_method: string | null;
  lot_amount: number | null;
  lot_balance_amount: number | null;
  lot_charge_amount: number | null;
  lot_transaction_id: string | null;
  lot_due_at: number | null;
  lot_final_at: number | null;
}

export interface TokenInfo {
  companyId: string;
  hash: string;
}

export interface IssueTokenOptions {
  /** Plain token to register; a random one is generated when absent. */
  token?: string;
  /** Epoch ms after which the token is refused (401); none = no expiry. */
  expiresAt?: number | null;
  revoked?: boolean;
}

const pageMeta = (q: PageQuery, total: number) => ({ page: q.page, limit: q.limit, total });
const offset = (q: PageQuery) => (q.page - 1) * q.limit;

export class Store {
  readonly db: Db;
  private readonly now: Clock;
  private readonly opts: StoreOptions;

  constructor(opts: StoreOptions) {
    this.db = opts.db;
    this.now = opts.now;
    this.opts = opts;
  }

  // -------------------------------------------------------------------------------------------
  // Companies and tokens

  hasCompany(companyId: string): boolean {
    return this.db.prepare("SELECT 1 FROM companies WHERE id = ?").get(companyId) !== undefined;
  }

  /** Creates the company with its seed data if it does not exist; true when created. */
  ensureCompany(companyId: string): boolean {
    if (!COMPANY_ID.test(companyId)) throw new Error(`Invalid company id ${JSON.stringify(companyId)}`);
    return this.db.transaction(() => {
      if (this.hasCompany(companyId)) return false;
      const now = this.now();
      this.db.prepare("INSERT INTO companies (id, created_at) VALUES (?, ?)").run(companyId, now);
      this.seedCompany(companyId, now);
      return true;
    })();
  }

  private seedCompany(companyId: string, now: number): void {
    const insertProduct = this.db.prepare(
      "INSERT INTO products (id, company_id, name, code) VALUES (?, ?, ?, ?)",
    );
    const productIds = new Map<string, string>();
    for (const p of SEED_PRODUCTS) {
      const id = newId("prd");
      productIds.set(p.code, id);
      insertProduct.run(id, companyId, p.name, p.code);
    }
    const benefitId = newId("ben");
    this.db
      .prepare(
        "INSERT INTO benefits (id, company_id, name, description, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
      )
      .run(benefitId, companyId, SEED_CONVENTION.name, SEED_CONVENTION.description, now, now);
    const insertItem = this.db.prepare(
      "INSERT INTO benefit_items (benefit_id, position, product_id, monthly_amount) VALUES (?, ?, ?, ?)",
    );
    SEED_PRODUCTS.filter((p) => p.conventionAmount > 0).forEach((p, i) =>
      insertItem.run(benefitId, i, productIds.get(p.code), p.conventionAmount),
    );
    const insertEmployee = this.db.prepare(
      "INSERT INTO employees (id, company_id, name, cpf, email, situation, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
    );
    const insertMembership = this.db.prepare(
      "INSERT INTO employee_conventions (employee_id, benefit_id) VALUES (?, ?)",
    );
    for (const e of seedEmployees(companyId, this.opts.seedEmployees)) {
      const id = newId("emp");
      insertEmployee.run(id, companyId, e.name, e.cpf, e.email, e.situation, now);
      if (e.inConvention) insertMembership.run(id, benefitId);
    }
  }

  /** Registers a token (stored as its sha256 hash) for a company, creating the company if new. */
  issueToken(companyId: string, options: IssueTokenOptions = {}): string {
    const token = options.token ?? newToken();
    this.ensureCompany(companyId);
    const now = this.now();
    const status = options.revoked ? "revoked" : "active";
    this.db
      .prepare(
        `INSERT INTO tokens (hash, company_id, hint, status, created_at, expires_at, revoked_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (hash) DO UPDATE SET company_id = excluded.company_id, status = excluded.status,
           expires_at = excluded.expires_at, revoked_at = excluded.revoked_at`,
      )
      .run(
        hashToken(token),
        companyId,
        tokenHint(token),
        status,
        now,
        options.expiresAt ?? null,
        options.revoked ? now : null,
      );
    return token;
  }

  /** Revokes a token; false when it was not known. */
  revokeToken(token: string): boolean {
    const r = this.db
      .prepare("UPDATE tokens SET status = 'revoked', revoked_at = ? WHERE hash = ?")
      .run(this.now(), hashToken(token));
    return r.changes > 0;
  }

  listTokens(): { hint: string; company_id: string; status: string; expires_at: number | null }[] {
    return this.db
      .prepare("SELECT hint, company_id, status, expires_at FROM tokens ORDER BY company_id, created_at")
      .all() as { hint: string; company_id: string; status: string; expires_at: number | null }[];
  }

  /** The company of an active, unexpired token; 401 otherwise ("Authentication" §3). */
  authenticate(token: string | undefined): TokenInfo {
    if (!token) throw new SandboxError(401, "unauthorized", "Missing bearer token");
    const hash = hashToken(token);
    const row = this.db
      .prepare("SELECT company_id, status, expires_at FROM tokens WHERE hash = ?")
      .get(hash) as { company_id: string; status: string; expires_at: number | null } | undefined;
    if (!row || row.status !== "active" || (row.expires_at != null && this.now() >= row.expires_at)) {
      throw new SandboxError(401, "unauthorized", "Invalid, expired or revoked token");
    }
    return { companyId: row.company_id, hash };
  }

  /** 404 when the id is unknown, 403 when it belongs to another company ("Authentication" §4). */
  private owned(table: string, id: string, companyId: string, what: string): void {
    const row = this.db.prepare(`SELECT company_id FROM ${table} WHERE id = ?`).get(id) as
      { company_id: string } | undefined;
    if (!row) throw notFound(what, id);
    if (row.company_id !== companyId) throw forbidden(what);
  }

  // -------------------------------------------------------------------------------------------
  // Employees

  situations() {
    return { data: SITUATIONS.map((s) => ({ ...s })) };
  }

  private employeeRecord(r: Row) {
    const conventions = this.db
      .prepare("SELECT benefit_id FROM employee_conventions WHERE employee_id = ? ORDER BY benefit_id")
      .all(r.id) as { benefit_id: string }[];
    return {
      employee_id: r.id as string,
      name: r.name as string,
      cpf: r.cpf as string,
      ...(r.email ? { email: r.email as string } : {}),
      situation: r.situation as string,
      benefit_convention_ids: conventions.map((c) => c.benefit_id),
    };
  }

  listEmployees(companyId: string, q: PageQuery & { situation?: string | undefined }) {
    const where = q.situation ? "company_id = ? AND situation = ?" : "company_id = ?";
    const args: unknown[] = q.situation ? [companyId, q.situation] : [companyId];
    const total = (
      this.db.prepare(`SELECT COUNT(*) AS n FROM employees WHERE ${where}`).get(...args) as { n: number }
    ).n;
    const rows = this.db
      .prepare(`SELECT * FROM employees WHERE ${where} ORDER BY seq LIMIT ? OFFSET ?`)
      .all(...args, q.limit, offset(q)) as Row[];
    return { data: rows.map((r) => this.employeeRecord(r)), ...pageMeta(q, total) };
  }

  private checkConventions(companyId: string, ids: readonly string[], field: string): void {
    const unknown = ids.filter(
      (id) =>
        (
          this.db.prepare("SELECT company_id FROM benefits WHERE id = ?").get(id) as
            { company_id: string } | undefined
        )?.company_id !== companyId,
    );
    if (unknown.length) {
      throw unprocessable(
        "unknown_benefit_convention",
        `Unknown benefit convention(s): ${unknown.join(", ")}`,
        unknown.map((id) => ({ path: field, message: `unknown benefit_id ${id}` })),
      );
    }
  }

  createEmployee(companyId: string, body: EmployeeCreate) {
    const situation = body.situation ?? SITUATION_ACTIVE;
    if (!SITUATION_VALUES.includes(situation)) {
      throw badRequest("Invalid situation", [
        { path: "situation", message: `one of ${SITUATION_VALUES.join(", ")}` },
      ]);
    }
    if (!isValidCpf(body.cpf))
      throw badRequest("Invalid CPF", [{ path: "cpf", message: "check digits do not match" }]);
    const conventions = [...new Set(body.benefit_convention_ids ?? [])];
    return this.db.transaction(() => {
      this.checkConventions(companyId, conventions, "benefit_convention_ids");
      if (
        this.db.prepare("SELECT 1 FROM employees WHERE company_id = ? AND cpf = ?").get(companyId, body.cpf)
      ) {
        throw conflict("employee_exists", "An employee with this CPF already exists");
      }
      const id = newId("emp");
      this.db
        .prepare(
          "INSERT INTO employees (id, company_id, name, cpf, email, situation, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        )
        .run(id, companyId, body.name, body.cpf, body.email ?? null, situation, this.now());
      const link = this.db.prepare(
        "INSERT INTO employee_conventions (employee_id, benefit_id) VALUES (?, ?)",
      );
      for (const b of conventions) link.run(id, b);
      return this.employeeRecord(this.db.prepare("SELECT * FROM employees WHERE id = ?").get(id) as Row);
    })();
  }

  /**
   * Batch registration from a CSV with header `name,cpf,email` (columns in any order, email
   * optional). A row whose CPF exists updates that employee's name and e-mail; bad rows are
   * reported with their line and do not stop the others.
   */
  uploadEmployees(companyId: string, csv: string) {
    const rows = parseCsv(csv);
    const header = rows.shift();
    if (!header) throw badRequest("The file is empty");
    const cols = header.fields.map((f) => f.trim().toLowerCase());
    const iName = cols.indexOf("name");
    const iCpf = cols.indexOf("cpf");
    const iEmail = cols.indexOf("email");
    if (iName < 0 || iCpf < 0)
      throw badRequest("The header must have the columns name,cpf (and optionally email)");
    if (rows.length > 10_000) throw badRequest("At most 10000 rows per file");
    const errors: { line: number; message: string }[] = [];
    let created = 0;
    let updated = 0;
    const seen = new Map<string, number>();
    const emailSchema = z.email();
    this.db.transaction(() => {
      const find = this.db.prepare("SELECT id FROM employees WHERE company_id = ? AND cpf = ?");
      const update = this.db.prepare(
        "UPDATE employees SET name = ?, email = COALESCE(?, email) WHERE id = ?",
      );
      const insert = this.db.prepare(
        "INSERT INTO employees (id, company_id, name, cpf, email, situation, created_at) VALUES (?, ?, ?, ?, ?, 'active', ?)",
      );
      for (const { line, fields } of rows) {
        const name = (fields[iName] ?? "").trim();
        const cpf = (fields[iCpf] ?? "").trim().replace(/[.\-\s]/g, "");
        const email = iEmail >= 0 ? (fields[iEmail] ?? "").trim() : "";
        if (!name) {
          errors.push({ line, message: "name is empty" });
          continue;
        }
        if (name.length > 200) {
          errors.push({ line, message: "name is longer than 200 characters" });
          continue;
        }
        if (!isValidCpf(cpf)) {
          errors.push({ line, message: "invalid CPF (11 digits with valid check digits expected)" });
          continue;
        }
        if (email && !emailSchema.safeParse(email).success) {
          errors.push({ line, message: "invalid e-mail" });
          continue;
        }
        const previous = seen.get(cpf);
        if (previous !== undefined) {
          errors.push({ line, message: `CPF repeated in the file (line ${previous})` });
          continue;
        }
        seen.set(cpf, line);
        const existing = find.get(companyId, cpf) as { id: string } | undefined;
        if (existing) {
          update.run(name, email || null, existing.id);
          updated++;
        } else {
          insert.run(newId("emp"), companyId, name, cpf, email || null, this.now());
          created++;
        }
      }
    })();
    return { created, updated, errors };
  }

  // -------------------------------------------------------------------------------------------
  // Products and benefits

  listProducts(companyId: string, q: PageQuery) {
    const total = (
      this.db.prepare("SELECT COUNT(*) AS n FROM products WHERE company_id = ?").get(companyId) as {
        n: number;
      }
    ).n;
    const rows = this.db
      .prepare("SELECT id, name, code FROM products WHERE company_id = ? ORDER BY seq LIMIT ? OFFSET ?")
      .all(companyId, q.limit, offset(q)) as { id: string; name: string; code: string | null }[];
    return {
      data: rows.map((r) => ({ id: r.id, name: r.name, ...(r.code ? { code: r.code } : {}) })),
      ...pageMeta(q, total),
    };
  }

  private checkProducts(companyId: string, productIds: readonly string[], field: string): void {
    const unknown = [...new Set(productIds)].filter(
      (id) =>
        (
          this.db.prepare("SELECT company_id FROM products WHERE id = ?").get(id) as
            { company_id: string } | undefined
        )?.company_id !== companyId,
    );
    if (unknown.length) {
      throw unprocessable(
        "unknown_product",
        `Unknown product(s): ${unknown.join(", ")}`,
        unknown.map((id) => ({ path: field, message: `unknown product_id ${id}` })),
      );
    }
  }

  private benefitRecord(id: string) {
    const b = this.db.prepare("SELECT id, name, description FROM benefits WHERE id = ?").get(id) as {
      id: string;
      name: string;
      description: string | null;
    };
    const items = this.db
      .prepare("SELECT product_id, monthly_amount FROM benefit_items WHERE benefit_id = ? ORDER BY position")
      .all(id) as { product_id: string; monthly_amount: number }[];
    return {
      id: b.id,
      name: b.name,
      ...(b.description != null ? { description: b.description } : {}),
      items,
    };
  }

  private writeBenefitItems(benefitId: string, items: BenefitCreate["items"]): void {
    this.db.prepare("DELETE FROM benefit_items WHERE benefit_id = ?").run(benefitId);
    const insert = this.db.prepare(
      "INSERT INTO benefit_items (benefit_id, position, product_id, monthly_amount) VALUES (?, ?, ?, ?)",
    );
    items.forEach((it, i) => insert.run(benefitId, i, it.product_id, it.monthly_amount));
  }

  private checkBenefitItems(companyId: string, items: BenefitCreate["items"]): void {
    const dup = items.map((i) => i.product_id).find((p, i, all) => all.indexOf(p) !== i);
    if (dup)
      throw badRequest("A product appears twice in items", [{ path: "items", message: `repeated ${dup}` }]);
    this.checkProducts(
      companyId,
      items.map((i) => i.product_id),
      "items.product_id",
    );
  }

  createBenefit(companyId: string, body: BenefitCreate) {
    return this.db.transaction(() => {
      this.checkBenefitItems(companyId, body.items);
      const id = newId("ben");
      const now = this.now();
      this.db
        .prepare(
          "INSERT INTO benefits (id, company_id, name, description, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
        )
        .run(id, companyId, body.name, body.description ?? null, now, now);
      this.writeBenefitItems(id, body.items);
      return { benefit_id: id, ...this.benefitRecord(id) };
    })();
  }

  updateBenefit(companyId: string, benefitId: string, body: BenefitCreate) {
    return this.db.transaction(() => {
      this.owned("benefits", benefitId, companyId, "benefit");
      this.checkBenefitItems(companyId, body.items);
      this.db
        .prepare("UPDATE benefits SET name = ?, description = ?, updated_at = ? WHERE id = ?")
        .run(body.name, body.description ?? null, this.now(), benefitId);
      this.writeBenefitItems(benefitId, body.items);
      return this.benefitRecord(benefitId);
    })();
  }

  listBenefits(companyId: string, q: PageQuery) {
    const total = (
      this.db.prepare("SELECT COUNT(*) AS n FROM benefits WHERE company_id = ?").get(companyId) as {
        n: number;
      }
    ).n;
    const rows = this.db
      .prepare("SELECT id FROM benefits WHERE company_id = ? ORDER BY seq LIMIT ? OFFSET ?")
      .all(companyId, q.limit, offset(q)) as { id: string }[];
    return { data: rows.map((r) => this.benefitRecord(r.id)), ...pageMeta(q, total) };
  }

  // -------------------------------------------------------------------------------------------
  // Deposits, balance, transactions

  private depositRecord(d: DepositRow) {
    return {
      transaction_id: d.id,
      status: d.status,
      amount: d.amount,
      method: d.method,
      kind: d.kind,
      created_at: iso(d.created_at),
      expires_at: iso(d.expires_at),
      ...(d.final_at != null ? { finalized_at: iso(d.final_at) } : {}),
      ...(d.method === "PIX" && d.status === "PENDING"
        ? { pix_copy_paste: pixCopyPaste(d.id, d.amount) }
        : {}),
      ...(d.distribution_id ? { distribution_id: d.distribution_id } : {}),
    };
  }

  private getDepositRow(id: string): DepositRow | undefined {
    return this.db.prepare("SELECT * FROM deposits WHERE id = ?").get(id) as DepositRow | undefined;
  }

  /** Inserts a charge and its mirrored ledger row (status PENDING, not yet in the balance). */
  private insertCharge(
    companyId: string,
    c: {
      id: string;
      kind: "DEPOSIT" | "CHARGE";
      method: string;
      amount: number;
      name: string;
      document: string;
      distributionId?: string;
      fingerprint: string;
    },
  ): void {
    const now = this.now();
    const validity = c.method === "BOLETO" ? BOLETO_VALIDITY_MS : PIX_VALIDITY_MS;
    const outcome = outcomeForPayer(c.name);
    const completesAt = now + this.opts.pixDelayMs;
    this.db
      .prepare(
        `INSERT INTO deposits (id, company_id, kind, method, amount, name, document, status, outcome, created_at,
           completes_at, expires_at, distribution_id, fingerprint)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'PENDING', ?, ?, ?, ?, ?, ?)`,
      )
      .run(
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
    this.db
      .prepare(
        `INSERT INTO ledger (id, company_id, type, amount, status, transaction_id, distribution_id, description, created_at)
         VALUES (?, ?, 'DEPOSIT', ?, 'PENDING', ?, ?, ?, ?)`,
      )
      .run(
        newId("txn"),
        companyId,
        c.amount,
        c.id,
        c.distributionId ?? null,
        c.kind === "CHARGE" ? `Cobrança ${c.method} da distribuição` : `Depósito ${c.method}`,
        now,
      );
  }

  /**
   * Creates a charge. The same `transaction_id` again answers the existing deposit (created
   * false) when the body is the same, and 409 when it differs: no second charge either way.
   */
  createDeposit(
    companyId: string,
    body: DepositCreate,
  ): { created: boolean; deposit: ReturnType<Store["depositRecord"]> } {
    const fingerprint = JSON.stringify([body.amount, body.method, body.name.trim(), body.document]);
    return this.db.transaction(() => {
      if (body.transaction_id) {
        const existing = this.getDepositRow(body.transaction_id);
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
          return { created: false, deposit: this.depositRecord(existing) };
        }
      }
      const id = body.transaction_id ?? randomUUID();
      this.insertCharge(companyId, {
        id,
        kind: "DEPOSIT",
        method: body.method,
        amount: body.amount,
        name: body.name.trim(),
        document: body.document,
        fingerprint,
      });
      // The balance is a sum of credits: keep the sum of every credit exact, or refuse (rolled back).
      const credits = this.db
        .prepare("SELECT COALESCE(SUM(amount), 0) AS s FROM ledger WHERE company_id = ? AND type = 'DEPOSIT'")
        .get(companyId) as { s: number };
      if (!Number.isSafeInteger(credits.s)) {
        throw unprocessable(
          "balance_too_large",
          "This deposit would make the balance larger than can be represented exactly",
        );
      }
      return { created: true, deposit: this.depositRecord(this.getDepositRow(id) as DepositRow) };
    })();
  }

  getDeposit(companyId: string, id: string) {
    this.owned("deposits", id, companyId, "deposit");
    return this.depositRecord(this.getDepositRow(id) as DepositRow);
  }

  private setDepositStatus(d: DepositRow, status: string, at: number): void {
    this.db.prepare("UPDATE deposits SET status = ?, final_at = ? WHERE id = ?").run(status, at, d.id);
    this.db
      .prepare("UPDATE ledger SET status = ? WHERE type = 'DEPOSIT' AND transaction_id = ?")
      .run(status, d.id);
  }

  /** PENDING → CANCELLED; already CANCELLED answers as is; paid → 409; FAILED/EXPIRED → 409. */
  cancelDeposit(companyId: string, id: string) {
    return this.db.transaction(() => {
      this.owned("deposits", id, companyId, "deposit");
      this.settle(companyId);
      const d = this.getDepositRow(id) as DepositRow;
      if (d.status === "COMPLETED")
        throw conflict("already_paid", "The charge is already paid and cannot be cancelled");
      if (d.status === "FAILED" || d.status === "EXPIRED") {
        throw conflict("already_final", `The charge is already ${d.status} and cannot be cancelled`);
      }
      if (d.status === "PENDING") {
        this.setDepositStatus(d, "CANCELLED", this.now());
        this.settle(companyId);
      }
      return this.depositRecord(this.getDepositRow(id) as DepositRow);
    })();
  }

  /** Completed credits minus what distributions took (PENDING debits are reserved). */
  balance(companyId: string): number {
    const r = this.db
      .prepare(
        `SELECT COALESCE(SUM(amount), 0) AS total FROM ledger WHERE company_id = ? AND (
           (type = 'DEPOSIT' AND status = 'COMPLETED') OR (type = 'DISTRIBUTION' AND status IN ('PENDING', 'COMPLETED')))`,
      )
      .get(companyId) as { total: number };
    return r.total;
  }

  getBalance(companyId: string) {
    return { available_amount: this.balance(companyId), currency: "BRL" };
  }

  listTransactions(companyId: string, q: PageQuery & { type?: "DEPOSIT" | "DISTRIBUTION" | undefined }) {
    const where = q.type ? "company_id = ? AND type = ?" : "company_id = ?";
    const args: unknown[] = q.type ? [companyId, q.type] : [companyId];
    const total = (
      this.db.prepare(`SELECT COUNT(*) AS n FROM ledger WHERE ${where}`).get(...args) as { n: number }
    ).n;
    const rows = this.db
      .prepare(`SELECT * FROM ledger WHERE ${where} ORDER BY seq LIMIT ? OFFSET ?`)
      .all(...args, q.limit, offset(q)) as Row[];
    return {
      data: rows.map((r) => ({
        id: r.id as string,
        type: r.type as string,
        amount: r.amount as number,
        status: r.status as string,
        ...(r.transaction_id ? { transaction_id: r.transaction_id as string } : {}),
        ...(r.distribution_id ? { distribution_id: r.distribution_id as string } : {}),
        ...(r.description ? { description: r.description as string } : {}),
        created_at: iso(r.created_at as number),
      })),
      ...pageMeta(q, total),
    };
  }

  // -------------------------------------------------------------------------------------------
  // Settling: charges and lots reach their final states as of now()

  settle(companyId: string): void {
    const now = this.now();
    this.db.transaction(() => {
      const due = this.db
        .prepare(
          "SELECT * FROM deposits WHERE company_id = ? AND status = 'PENDING' AND completes_at <= ? ORDER BY completes_at, seq",
        )
        .all(companyId, now) as DepositRow[];
      for (const d of due) {
        this.setDepositStatus(d, d.outcome, d.completes_at);
        if (d.kind === "CHARGE" && d.outcome === "COMPLETED" && d.distribution_id) {
          // The paid charge goes straight out to the lot: credit and debit cancel each other.
          this.db
            .prepare(
              `INSERT INTO ledger (id, company_id, type, amount, status, transaction_id, distribution_id, description, created_at)
               VALUES (?, ?, 'DISTRIBUTION', ?, 'PENDING', ?, ?, ?, ?)`,
            )
            .run(
              newId("txn"),
              companyId,
              -d.amount,
              d.id,
              d.distribution_id,
              "Distribuição (parte cobrada)",
              d.completes_at,
            );
          this.db
            .prepare("UPDATE distributions SET lot_due_at = ? WHERE id = ?")
            .run(d.completes_at + this.opts.lotDelayMs, d.distribution_id);
        }
      }
      const running = this.db
        .prepare("SELECT * FROM distributions WHERE company_id = ? AND status = 'processing'")
        .all(companyId) as DistributionRow[];
      for (const dist of running) {
        const charge = dist.lot_transaction_id ? this.getDepositRow(dist.lot_transaction_id) : undefined;
        if (charge && ["FAILED", "EXPIRED", "CANCELLED"].includes(charge.status)) {
          this.finishLot(dist, "FAILED", charge.final_at ?? now);
        } else if (dist.lot_due_at != null && now >= dist.lot_due_at) {
          this.finishLot(dist, dist.lot_outcome === "FAILED" ? "FAILED" : "COMPLETED", dist.lot_due_at);
        }
      }
    })();
  }

  private finishLot(dist: DistributionRow, lotStatus: "COMPLETED" | "FAILED", at: number): void {
    this.db
      .prepare("UPDATE distributions SET status = ?, lot_status = ?, lot_final_at = ? WHERE id = ?")
      .run(lotStatus === "COMPLETED" ? "completed" : "failed", lotStatus, at, dist.id);
    // A failed lot gives the debited balance back (its DISTRIBUTION rows stop counting).
    this.db
      .prepare("UPDATE ledger SET status = ? WHERE type = 'DISTRIBUTION' AND distribution_id = ?")
      .run(lotStatus, dist.id);
  }

  // -------------------------------------------------------------------------------------------
  // Distributions

  private distRow(id: string): DistributionRow {
    return this.db.prepare("SELECT * FROM distributions WHERE id = ?").get(id) as DistributionRow;
  }

  private totals(id: string) {
    const d = this.distRow(id);
    const employees = (
      this.db.prepare("SELECT COUNT(*) AS n FROM items WHERE distribution_id = ?").get(id) as {
        n: number;
      }
    ).n;
    const amount = (
      this.db
        .prepare("SELECT COALESCE(SUM(value), 0) AS s FROM item_values WHERE distribution_id = ?")
        .get(id) as { s: number }
    ).s;
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

  private lotRecord(d: DistributionRow) {
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

  private distributionRecord(id: string) {
    const d = this.distRow(id);
    const lot = this.lotRecord(d);
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

  createDistribution(companyId: string, body: DistributionCreate) {
    return this.db.transaction(() => {
      const conventions = body.type === "group" ? [...new Set(body.benefit_convention_ids ?? [])] : [];
      if (body.type === "group") this.checkConventions(companyId, conventions, "benefit_convention_ids");
      const id = newId("dst");
      this.db
        .prepare(
          "INSERT INTO distributions (id, company_id, type, status, benefit_convention_ids, created_at) VALUES (?, ?, ?, 'draft', ?, ?)",
        )
        .run(id, companyId, body.type, JSON.stringify(conventions), this.now());
      if (body.type === "batch") {
        this.db
          .prepare(
            "INSERT INTO items (distribution_id, employee_id) SELECT ?, id FROM employees WHERE company_id = ? AND situation = ? ORDER BY seq",
          )
          .run(id, companyId, SITUATION_ACTIVE);
      } else if (body.type === "group") {
        const marks = conventions.map(() => "?").join(",");
        this.db
          .prepare(
            `INSERT INTO items (distribution_id, employee_id)
             SELECT ?, e.id FROM employees e WHERE e.company_id = ? AND e.situation = ? AND EXISTS (
               SELECT 1 FROM employee_conventions ec WHERE ec.employee_id = e.id AND ec.benefit_id IN (${marks}))
             ORDER BY e.seq`,
          )
          .run(id, companyId, SITUATION_ACTIVE, ...conventions);
        // Initial values: the conventions' monthly amounts; where two of the given conventions
        // pay the same product, the larger amount (never the sum: no double benefit).
        this.db
          .prepare(
            `INSERT INTO item_values (distribution_id, employee_id, product_id, value)
             SELECT i.distribution_id, i.employee_id, bi.product_id, MAX(bi.monthly_amount)
             FROM items i
             JOIN employee_conventions ec ON ec.employee_id = i.employee_id AND ec.benefit_id IN (${marks})
             JOIN benefit_items bi ON bi.benefit_id = ec.benefit_id
             WHERE i.distribution_id = ? AND bi.monthly_amount > 0
             GROUP BY i.employee_id, bi.product_id`,
          )
          .run(...conventions, id);
      }
      return this.distributionRecord(id);
    })();
  }

  getDistribution(companyId: string, id: string) {
    this.owned("distributions", id, companyId, "distribution");
    return this.distributionRecord(id);
  }

  /** Ownership, then rule 1: "succeed only while the distribution state is `draft`; otherwise 422". */
  private draft(companyId: string, id: string): DistributionRow {
    this.owned("distributions", id, companyId, "distribution");
    const d = this.distRow(id);
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
    return this.db.transaction(() => {
      this.draft(companyId, id);
      const ids = [...new Set(body.employee_ids)];
      const marks = ids.map(() => "?").join(",");
      const found = new Map(
        (
          this.db
            .prepare(`SELECT id, company_id, situation FROM employees WHERE id IN (${marks})`)
            .all(...ids) as { id: string; company_id: string; situation: string }[]
        ).map((r) => [r.id, r]),
      );
      const details: { path: string; message: string }[] = [];
      ids.forEach((eid, i) => {
        const e = found.get(eid);
        if (!e || e.company_id !== companyId)
          details.push({ path: `employee_ids.${i}`, message: `unknown employee ${eid}` });
        else if (e.situation !== SITUATION_ACTIVE) {
          details.push({
            path: `employee_ids.${i}`,
            message: `employee ${eid} is ${e.situation}, not active`,
          });
        }
      });
      if (details.length) {
        throw unprocessable(
          "invalid_employees",
          "Some employees are unknown or not active; nothing was added",
          details,
        );
      }
      const insert = this.db.prepare(
        "INSERT OR IGNORE INTO items (distribution_id, employee_id) VALUES (?, ?)",
      );
      for (const eid of ids) insert.run(id, eid);
      return this.totals(id);
    })();
  }

  /** Removes employees; an id that is not an item is a no-op. */
  removeItems(companyId: string, id: string, body: AddItems) {
    return this.db.transaction(() => {
      this.draft(companyId, id);
      const delItem = this.db.prepare("DELETE FROM items WHERE distribution_id = ? AND employee_id = ?");
      const delValues = this.db.prepare(
        "DELETE FROM item_values WHERE distribution_id = ? AND employee_id = ?",
      );
      for (const eid of new Set(body.employee_ids)) {
        delItem.run(id, eid);
        delValues.run(id, eid);
      }
      return this.totals(id);
    })();
  }

  /** The same value of one product for every item; 0 clears that product. */
  setValueForAll(companyId: string, id: string, body: SetValueForAll) {
    return this.db.transaction(() => {
      this.draft(companyId, id);
      this.checkProducts(companyId, [body.product_id], "product_id");
      if (body.value === 0) {
        this.db
          .prepare("DELETE FROM item_values WHERE distribution_id = ? AND product_id = ?")
          .run(id, body.product_id);
      } else {
        this.db
          .prepare(
            `INSERT INTO item_values (distribution_id, employee_id, product_id, value)
             SELECT distribution_id, employee_id, ?, ? FROM items WHERE distribution_id = ? AND true
             ON CONFLICT (distribution_id, employee_id, product_id) DO UPDATE SET value = excluded.value`,
          )
          .run(body.product_id, body.value, id);
      }
      return this.totals(id);
    })();
  }

  setEmployeeValue(companyId: string, id: string, employeeId: string, body: SetValueForAll) {
    return this.db.transaction(() => {
      this.draft(companyId, id);
      this.owned("employees", employeeId, companyId, "employee");
      if (
        !this.db
          .prepare("SELECT 1 FROM items WHERE distribution_id = ? AND employee_id = ?")
          .get(id, employeeId)
      ) {
        throw new SandboxError(
          404,
          "item_not_found",
          `Employee ${employeeId} is not an item of this distribution`,
        );
      }
      this.checkProducts(companyId, [body.product_id], "product_id");
      if (body.value === 0) {
        this.db
          .prepare("DELETE FROM item_values WHERE distribution_id = ? AND employee_id = ? AND product_id = ?")
          .run(id, employeeId, body.product_id);
      } else {
        this.db
          .prepare(
            `INSERT INTO item_values (distribution_id, employee_id, product_id, value) VALUES (?, ?, ?, ?)
             ON CONFLICT (distribution_id, employee_id, product_id) DO UPDATE SET value = excluded.value`,
          )
          .run(id, employeeId, body.product_id, body.value);
      }
      return this.totals(id);
    })();
  }

  listItems(companyId: string, id: string, q: PageQuery) {
    this.owned("distributions", id, companyId, "distribution");
    const totals = this.totals(id);
    const rows = this.db
      .prepare(
        `SELECT i.employee_id, e.name FROM items i JOIN employees e ON e.id = i.employee_id
         WHERE i.distribution_id = ? ORDER BY i.seq LIMIT ? OFFSET ?`,
      )
      .all(id, q.limit, offset(q)) as { employee_id: string; name: string }[];
    const valuesOf = this.db.prepare(
      `SELECT v.product_id, v.value FROM item_values v JOIN products p ON p.id = v.product_id
       WHERE v.distribution_id = ? AND v.employee_id = ? ORDER BY p.seq`,
    );
    return {
      data: rows.map((r) => {
        const values = valuesOf.all(id, r.employee_id) as { product_id: string; value: number }[];
        return {
          employee_id: r.employee_id,
          employee_name: r.name,
          values,
          total_amount: values.reduce((s, v) => s + v.value, 0),
        };
      }),
      ...pageMeta(q, totals.total_employees),
      status: totals.status,
      total_employees: totals.total_employees,
      total_amount: totals.total_amount,
    };
  }

  /**
   * Finalize (the draft → processing row of "States and transitions"). Checks, in order:
   * draft (422), payment method among the five (422), a positive value somewhere (422), and
   * for BALANCE an available balance covering the total (422). BALANCE_WITH_* use the balance
   * first and charge the rest; PIX/BOLETO charge the whole.
   */
  finalize(
    companyId: string,
    id: string,
    body: {
      payment_method: string;
      description?: string | undefined;
      scheduled_for?: string | null | undefined;
      payer_name?: string | undefined;
      payer_document?: string | undefined;
      invoice_descriptions?: Record<string, string> | undefined;
    },
  ) {
    return this.db.transaction(() => {
      this.draft(companyId, id);
      const method = body.payment_method as PaymentMethod;
      if (!(PAYMENT_METHODS as readonly string[]).includes(method)) {
        throw unprocessable(
          "invalid_payment_method",
          `Unsupported payment_method ${JSON.stringify(body.payment_method)}; use one of ${PAYMENT_METHODS.join(", ")}`,
          [{ path: "payment_method", message: `one of ${PAYMENT_METHODS.join(", ")}` }],
        );
      }
      const total = this.totals(id).total_amount;
      if (total <= 0) throw unprocessable("no_positive_value", "At least one item needs a positive value");
      const available = Math.max(0, this.balance(companyId));
      let balancePart: number;
      switch (method) {
        case "BALANCE":
          if (available < total) {
            throw unprocessable(
              "insufficient_balance",
              `Available balance ${available} cents is less than the total ${total} cents`,
            );
          }
          balancePart = total;
          break;
        case "BALANCE_WITH_PIX":
        case "BALANCE_WITH_BOLETO":
          balancePart = Math.min(available, total);
          break;
        case "PIX":
        case "BOLETO":
          balancePart = 0;
          break;
      }
      const chargePart = total - balancePart;
      const chargeMethod = method.endsWith("BOLETO") ? "BOLETO" : "PIX";
      const now = this.now();
      const lotId = newId("lot");
      const chargeId = chargePart > 0 ? randomUUID() : null;
      if (balancePart > 0) {
        this.db
          .prepare(
            `INSERT INTO ledger (id, company_id, type, amount, status, distribution_id, description, created_at)
             VALUES (?, ?, 'DISTRIBUTION', ?, 'PENDING', ?, ?, ?)`,
          )
          .run(newId("txn"), companyId, -balancePart, id, body.description ?? "Distribuição (saldo)", now);
      }
      if (chargeId) {
        const payerName = body.payer_name?.trim() || `Empresa ${companyId}`;
        this.insertCharge(companyId, {
          id: chargeId,
          kind: "CHARGE",
          method: chargeMethod,
          amount: chargePart,
          name: payerName,
          document: body.payer_document ?? SANDBOX_PAYER_DOCUMENT,
          distributionId: id,
          fingerprint: JSON.stringify(["CHARGE", id]),
        });
      }
      this.db
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
          lotId,
          outcomeForPayer(body.payer_name) === "COMPLETED" ? "COMPLETED" : "FAILED",
          method,
          total,
          balancePart,
          chargePart,
          chargeId,
          chargeId ? null : now + this.opts.lotDelayMs,
          id,
        );
      const lot = this.lotRecord(this.distRow(id));
      return {
        distribution_id: id,
        status: "processing",
        lot,
        ...(chargeId ? { transaction_id: chargeId } : {}),
      };
    })();
  }
}

/** A simulated "PIX copia e cola" payload (not a payable code). */
function pixCopyPaste(id: string, amount: number): string {
  const value = `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, "0")}`;
  const txid = id.replace(/-/g, "").slice(0, 25);
  return `00020126360014br.gov.bcb.pix0114SANDBOXVALEPIX52040000530398654${String(value.length).padStart(2, "0")}${value}5802BR5914VALEPIX SANDBOX6009SAO PAULO62${String(txid.length + 4).padStart(2, "0")}05${String(txid.length).padStart(2, "0")}${txid}6304SBOX`;
}
