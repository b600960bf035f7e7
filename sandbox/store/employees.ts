/**
 * Employees and their situations ("Employee situation": entries with `value`; `active` lists
 * active employees). Creation and the batch upload are "not shown" in the document: the
 * choices are in docs/sandbox.md. CPF check digits are src/money's rule, the add-in's own.
 */
import { z } from "zod";
import { type EmployeeCreate, type PageQuery, SITUATION_ACTIVE } from "../../src/api/schemas";
import { isValidCpf, normalizeCpf } from "../../src/money";
import { parseCsv } from "../csv";
import { badRequest, conflict } from "../errors";
import type { Benefits } from "./benefits";
import { type StoreContext, count, groupBy, newId, pageInSeqOrder, pageMeta } from "./context";
import type { EmployeeRow } from "./rows";

const SITUATIONS = [
  { value: SITUATION_ACTIVE, label: "Ativo" },
  { value: "inactive", label: "Inativo" },
  { value: "on_leave", label: "Afastado" },
] as const;
const SITUATION_VALUES: readonly string[] = SITUATIONS.map((s) => s.value);

/** Rows a batch file may hold. */
const MAX_BATCH_ROWS = 10_000;

export interface BatchResult {
  created: number;
  updated: number;
  errors: { line: number; message: string }[];
}

export class Employees {
  constructor(
    private readonly ctx: StoreContext,
    private readonly benefits: Benefits,
  ) {}

  situations() {
    return { data: SITUATIONS.map((s) => ({ ...s })) };
  }

  /** The API's shape of an employee, its conventions given (each page reads them at once: `list`). */
  private record(row: EmployeeRow, conventions: readonly string[]) {
    return {
      employee_id: row.id,
      name: row.name,
      cpf: row.cpf,
      ...(row.email ? { email: row.email } : {}),
      situation: row.situation,
      benefit_convention_ids: [...conventions],
    };
  }

  /** The benefit conventions of the employees named, by employee, each list in `benefit_id` order. */
  private conventionsOf(employeeIds: readonly string[]): Map<string, string[]> {
    const links = this.ctx.db
      .prepare<[string], { employee_id: string; benefit_id: string }>(
        `SELECT employee_id, benefit_id FROM employee_conventions
         WHERE employee_id IN (SELECT value FROM json_each(?)) ORDER BY employee_id, benefit_id`,
      )
      .all(JSON.stringify(employeeIds));
    return groupBy(
      links,
      (link) => link.employee_id,
      (link) => link.benefit_id,
    );
  }

  list(companyId: string, q: PageQuery & { situation?: string | undefined }) {
    const where = q.situation ? "company_id = ? AND situation = ?" : "company_id = ?";
    const args: string[] = q.situation ? [companyId, q.situation] : [companyId];
    const total = count(this.ctx, `SELECT COUNT(*) AS n FROM employees WHERE ${where}`, ...args);
    const rows = pageInSeqOrder<EmployeeRow>(this.ctx, q, { table: "employees", where, args });
    const conventions = this.conventionsOf(rows.map((row) => row.id));
    return {
      data: rows.map((row) => this.record(row, conventions.get(row.id) ?? [])),
      ...pageMeta(q, total),
    };
  }

  create(companyId: string, body: EmployeeCreate) {
    const { db } = this.ctx;
    const situation = body.situation ?? SITUATION_ACTIVE;
    if (!SITUATION_VALUES.includes(situation)) {
      throw badRequest("Invalid situation", [
        { path: "situation", message: `one of ${SITUATION_VALUES.join(", ")}` },
      ]);
    }
    if (!isValidCpf(body.cpf))
      throw badRequest("Invalid CPF", [{ path: "cpf", message: "check digits do not match" }]);
    const conventions = [...new Set(body.benefit_convention_ids ?? [])];
    return db.transaction(() => {
      this.benefits.checkConventions(companyId, conventions, "benefit_convention_ids");
      if (db.prepare("SELECT 1 FROM employees WHERE company_id = ? AND cpf = ?").get(companyId, body.cpf)) {
        throw conflict("employee_exists", "An employee with this CPF already exists");
      }
      const id = newId("emp");
      db.prepare(
        "INSERT INTO employees (id, company_id, name, cpf, email, situation, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      ).run(id, companyId, body.name, body.cpf, body.email ?? null, situation, this.ctx.now());
      const link = db.prepare("INSERT INTO employee_conventions (employee_id, benefit_id) VALUES (?, ?)");
      for (const b of conventions) link.run(id, b);
      const row = db.prepare<[string], EmployeeRow>("SELECT * FROM employees WHERE id = ?").get(id);
      if (!row) throw new Error(`employee ${id} vanished inside its transaction`);
      return this.record(row, this.conventionsOf([id]).get(id) ?? []);
    })();
  }

  /**
   * Batch registration from a CSV with header `name,cpf,email` (columns in any order, email
   * optional). A row whose CPF exists updates that employee's name and e-mail; bad rows are
   * reported with their line and do not stop the others. A CPF is read as src/money reads a
   * cell: punctuation dropped, leading zeros restored when the file held digits alone (a CSV
   * saved from Excel loses them).
   */
  upload(companyId: string, csv: string): BatchResult {
    const rows = parseCsv(csv);
    const header = rows.shift();
    if (!header) throw badRequest("The file is empty");
    const cols = header.fields.map((f) => f.trim().toLowerCase());
    const iName = cols.indexOf("name");
    const iCpf = cols.indexOf("cpf");
    const iEmail = cols.indexOf("email");
    if (iName < 0 || iCpf < 0)
      throw badRequest("The header must have the columns name,cpf (and optionally email)");
    if (rows.length > MAX_BATCH_ROWS) throw badRequest(`At most ${MAX_BATCH_ROWS} rows per file`);
    const result: BatchResult = { created: 0, updated: 0, errors: [] };
    const seen = new Map<string, number>();
    const { db } = this.ctx;
    db.transaction(() => {
      const find = db.prepare<[string, string], { id: string }>(
        "SELECT id FROM employees WHERE company_id = ? AND cpf = ?",
      );
      const update = db.prepare("UPDATE employees SET name = ?, email = COALESCE(?, email) WHERE id = ?");
      const insert = db.prepare(
        "INSERT INTO employees (id, company_id, name, cpf, email, situation, created_at) VALUES (?, ?, ?, ?, ?, 'active', ?)",
      );
      for (const { line, fields } of rows) {
        const row = readRow(fields, { name: iName, cpf: iCpf, email: iEmail });
        if ("problem" in row) {
          result.errors.push({ line, message: row.problem });
          continue;
        }
        const { name, cpf, email } = row;
        const previous = seen.get(cpf);
        if (previous !== undefined) {
          result.errors.push({ line, message: `CPF repeated in the file (line ${previous})` });
          continue;
        }
        seen.set(cpf, line);
        const existing = find.get(companyId, cpf);
        if (existing) {
          update.run(name, email || null, existing.id);
          result.updated++;
        } else {
          insert.run(newId("emp"), companyId, name, cpf, email || null, this.ctx.now());
          result.created++;
        }
      }
    })();
    return result;
  }
}

const EMAIL = z.email();

/** One CSV row's fields, checked; `problem` says what is wrong with it. */
function readRow(
  fields: readonly string[],
  at: { name: number; cpf: number; email: number },
): { name: string; cpf: string; email: string } | { problem: string } {
  const name = (fields[at.name] ?? "").trim();
  if (!name) return { problem: "name is empty" };
  if (name.length > 200) return { problem: "name is longer than 200 characters" };
  const cpf = normalizeCpf(fields[at.cpf] ?? "");
  if (!cpf.ok) {
    return {
      problem:
        cpf.code === "empty" ? "CPF is empty" : "invalid CPF (11 digits with valid check digits expected)",
    };
  }
  const email = at.email >= 0 ? (fields[at.email] ?? "").trim() : "";
  if (email && !EMAIL.safeParse(email).success) return { problem: "invalid e-mail" };
  return { name, cpf: cpf.digits, email };
}
