/**
 * Employee matching (DESIGN §2 "Identity"): a row names its employee by, in order, an
 * `employee_id` cell, a CPF (leading zeros restored, check digits verified) or an e-mail
 * (trimmed, case-insensitive). The first identity present on the row decides; the others, when
 * present, are cross-checked, so a row whose employee_id and CPF name two different people is an
 * error instead of a silent choice.
 *
 * Choices:
 * - An employee_id that matches nobody is an error; it does not fall back to the CPF, because a
 *   wrong id in the sheet is a data problem the user should see (clearing the cell makes the CPF
 *   decide).
 * - Excel turns digit-only ids into numbers and drops their leading zeros; a number id that
 *   matches nobody is looked up again ignoring leading zeros, when that is unique.
 * - Two employees sharing a CPF or e-mail (a re-hire often gets a new employee_id): when exactly
 *   one of them is active, that one is matched; otherwise the row is ambiguous.
 * - Any situation other than "active" (e.g. "inactive", "on_leave") is `employee_inactive`: the
 *   API distributes to active employees.
 * - The employee list is indexed once (O(n)); each row is O(1).
 */
import { type Employee, SITUATION_ACTIVE } from "../api/schemas";
import { normalizeCpf } from "../money";
import type { CellValue } from "./port";

export type IdentityKind = "employee_id" | "cpf" | "email";

export type MatchProblemCode =
  | "employee_id_unknown"
  | "cpf_unknown"
  | "email_unknown"
  | "cpf_invalid"
  | "cpf_ambiguous"
  | "email_ambiguous"
  | "identity_conflict"
  | "identity_mismatch"
  | "employee_inactive";

export interface MatchProblem {
  code: MatchProblemCode;
  severity: "error" | "warning";
  /** The identity column the problem is about. */
  column: IdentityKind;
  /** The cell as the user wrote it (never a full CPF: masked). */
  input: string;
  /** normalizeCpf's reason for `cpf_invalid`. */
  reason?: string;
  /** For conflicts: what the other identity column says. */
  other?: IdentityKind;
  /** Name of the employee found (for conflicts and inactive). */
  employeeName?: string;
  /** The situation, for `employee_inactive`. */
  situation?: string;
  /** How many employees share the CPF or e-mail, for ambiguity. */
  count?: number;
}

export interface IdentityCells {
  employee_id?: CellValue | undefined;
  cpf?: CellValue | undefined;
  email?: CellValue | undefined;
}

export type MatchResult =
  | { ok: true; employee: Employee; by: IdentityKind; warnings: MatchProblem[] }
  | { ok: false; problems: MatchProblem[] };

type Lookup = { kind: "none" } | { kind: "one"; employee: Employee } | { kind: "many"; count: number };

const isBlank = (v: CellValue | undefined): boolean =>
  v === undefined || v === "" || (typeof v === "string" && v.trim() === "");

const isActive = (e: Employee): boolean => e.situation === SITUATION_ACTIVE;

export function normalizeEmail(v: CellValue): string {
  return String(v).trim().toLowerCase();
}

/** The id as text: Excel gives digit-only ids back as numbers. */
function idText(v: CellValue): string {
  if (typeof v === "number" && Number.isSafeInteger(v)) return String(v);
  return String(v).trim();
}

/** A CPF for messages: masked as in operational logs (API document, Authentication rule 5). */
function cpfForMessage(v: CellValue): string {
  const digits = String(v).replace(/\D/g, "");
  if (digits.length < 6) return String(v).trim();
  return `***${digits.slice(3, Math.min(9, digits.length))}**`;
}

function pick(list: Employee[] | undefined): Lookup {
  if (!list || list.length === 0) return { kind: "none" };
  if (list.length === 1) return { kind: "one", employee: list[0]! };
  const active = list.filter(isActive);
  if (active.length === 1) return { kind: "one", employee: active[0]! };
  return { kind: "many", count: list.length };
}

export class EmployeeIndex {
  readonly size: number;
  private readonly byId = new Map<string, Employee>();
  private readonly byIdNoZeros = new Map<string, Employee[]>();
  private readonly byCpf = new Map<string, Employee[]>();
  private readonly byEmail = new Map<string, Employee[]>();

  constructor(employees: readonly Employee[]) {
    this.size = employees.length;
    const push = (m: Map<string, Employee[]>, k: string, e: Employee): void => {
      const l = m.get(k);
      if (l) l.push(e);
      else m.set(k, [e]);
    };
    for (const e of employees) {
      this.byId.set(e.employee_id, e);
      push(this.byIdNoZeros, e.employee_id.replace(/^0+(?=\d)/, ""), e);
      if (e.cpf !== undefined) {
        const n = normalizeCpf(e.cpf);
        if (n.ok) push(this.byCpf, n.digits, e);
      }
      if (e.email !== undefined && e.email.trim() !== "") push(this.byEmail, normalizeEmail(e.email), e);
    }
  }

  /** The employee with this id, or undefined. */
  get(employeeId: string): Employee | undefined {
    return this.byId.get(employeeId);
  }

  private lookupId(v: CellValue): Lookup {
    const text = idText(v);
    const e = this.byId.get(text);
    if (e) return { kind: "one", employee: e };
    if (typeof v === "number" || /^\d+$/.test(text)) {
      const list = this.byIdNoZeros.get(text.replace(/^0+(?=\d)/, ""));
      if (list?.length === 1) return { kind: "one", employee: list[0]! };
    }
    return { kind: "none" };
  }

  /** Matches one row's identity cells. */
  match(cells: IdentityCells): MatchResult {
    const present: IdentityKind[] = [];
    if (!isBlank(cells.employee_id)) present.push("employee_id");
    if (!isBlank(cells.cpf)) present.push("cpf");
    if (!isBlank(cells.email)) present.push("email");
    if (present.length === 0) return { ok: false, problems: [] };

    // Resolve every identity present; the first decides, the others cross-check.
    const resolved = present.map((kind) => ({ kind, ...this.resolve(kind, cells[kind] as CellValue) }));
    const first = resolved[0]!;
    if (first.problem) return { ok: false, problems: [first.problem] };
    const employee = first.employee!;
    const problems: MatchProblem[] = [];
    for (const r of resolved.slice(1)) {
      const cell = cells[r.kind] as CellValue;
      if (r.problem?.code === "cpf_invalid") {
        // A broken secondary CPF does not stop a row matched by employee_id, but is worth fixing.
        problems.push({ ...r.problem, severity: "warning" });
        continue;
      }
      if (r.employee?.employee_id === employee.employee_id || this.sameAsRecorded(employee, r.kind, cell))
        continue;
      if (r.employee) {
        problems.push({
          code: "identity_conflict",
          severity: "error",
          column: r.kind,
          input: this.shown(r.kind, cell),
          other: first.kind,
          employeeName: r.employee.name,
        });
      } else if (this.hasRecorded(employee, r.kind)) {
        // The row's secondary identity names nobody else, but the employee has another on record.
        problems.push({
          code: "identity_mismatch",
          severity: "warning",
          column: r.kind,
          input: this.shown(r.kind, cell),
          other: first.kind,
          employeeName: employee.name,
        });
      }
    }
    if (!isActive(employee)) {
      problems.push({
        code: "employee_inactive",
        severity: "error",
        column: first.kind,
        input: this.shown(first.kind, cells[first.kind] as CellValue),
        employeeName: employee.name,
        situation: employee.situation,
      });
    }
    if (problems.some((p) => p.severity === "error")) return { ok: false, problems };
    return { ok: true, employee, by: first.kind, warnings: problems };
  }

  private hasRecorded(e: Employee, kind: IdentityKind): boolean {
    if (kind === "cpf") return e.cpf !== undefined && e.cpf !== "";
    if (kind === "email") return e.email !== undefined && e.email.trim() !== "";
    return true;
  }

  private sameAsRecorded(e: Employee, kind: IdentityKind, v: CellValue): boolean {
    if (kind === "cpf") {
      const row = normalizeCpf(v);
      const recorded = e.cpf === undefined ? undefined : normalizeCpf(e.cpf);
      return row.ok && recorded?.ok === true && row.digits === recorded.digits;
    }
    if (kind === "email") return e.email !== undefined && normalizeEmail(e.email) === normalizeEmail(v);
    const l = this.lookupId(v);
    return l.kind === "one" && l.employee.employee_id === e.employee_id;
  }

  private shown(kind: IdentityKind, v: CellValue): string {
    return kind === "cpf" ? cpfForMessage(v) : String(v).trim();
  }

  private resolve(kind: IdentityKind, v: CellValue): { employee?: Employee; problem?: MatchProblem } {
    // Getters: the masked text is only computed for the rare rows that have a problem.
    const shown = (): string => this.shown(kind, v);
    if (kind === "employee_id") {
      const l = this.lookupId(v);
      if (l.kind === "one") return { employee: l.employee };
      return { problem: { code: "employee_id_unknown", severity: "error", column: kind, input: shown() } };
    }
    if (kind === "cpf") {
      const n = normalizeCpf(v);
      if (!n.ok)
        return {
          problem: { code: "cpf_invalid", severity: "error", column: kind, input: shown(), reason: n.code },
        };
      const l = pick(this.byCpf.get(n.digits));
      if (l.kind === "one") return { employee: l.employee };
      if (l.kind === "many") {
        return {
          problem: { code: "cpf_ambiguous", severity: "error", column: kind, input: shown(), count: l.count },
        };
      }
      return { problem: { code: "cpf_unknown", severity: "error", column: kind, input: shown() } };
    }
    const l = pick(this.byEmail.get(normalizeEmail(v)));
    if (l.kind === "one") return { employee: l.employee };
    if (l.kind === "many") {
      return {
        problem: { code: "email_ambiguous", severity: "error", column: kind, input: shown(), count: l.count },
      };
    }
    return { problem: { code: "email_unknown", severity: "error", column: kind, input: shown() } };
  }
}
