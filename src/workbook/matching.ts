/**
 * Employee matching (docs/architecture.md §2 "Identity"): a row names its employee by, in order, an
 * `employee_id` cell, a CPF (leading zeros restored, check digits verified) or an e-mail
 * (trimmed, case-insensitive). The first identity present on the row decides; the others, when
 * present, are cross-checked, so a row whose employee_id and CPF name two different people is an
 * error instead of a silent choice.
 *
 * Choices:
 * - An employee_id that matches nobody is an error; it does not fall back to the CPF, because a
 *   wrong id in the sheet is a data problem the user should see (clearing the cell makes the CPF
 *   decide).
 * - Excel turns digit-only ids into numbers and drops their leading zeros, so a NUMBER cell
 *   never says which of "123" and "0123" was meant: it is looked up ignoring leading zeros on
 *   both sides and accepted only when exactly one employee fits (`employee_id_ambiguous`
 *   otherwise, never the exact-text holder by default). Excel keeps 15 significant digits
 *   (1234567890123456 is stored as 1234567890123450), so numbers >= 10^15, fractions, negatives
 *   and unsafe integers are refused (`employee_id_number_unsafe`): the digits may not be the
 *   ones typed. Both tell the user to format the column as text and retype the ids.
 * - A text id is matched exactly; a digit-only text that matches nobody is looked up again
 *   ignoring leading zeros, when that is unique.
 * - Two employees sharing a CPF or e-mail (a re-hire often gets a new employee_id): when exactly
 *   one of them is active, that one is matched; otherwise the row is ambiguous.
 * - A secondary identity that names other people contradicts the first one, whether it names
 *   one other person or several (`identity_conflict`); it is consistent when the matched employee
 *   is one of its holders.
 * - Any situation other than "active" (e.g. "inactive", "on_leave") is `employee_inactive`: the
 *   API distributes to active employees.
 * - The employee list is indexed once (O(n)); each row is O(1).
 */
import { type Employee, SITUATION_ACTIVE } from "../api/schemas";
import { isBlankCell, maskCpf, normalizeCpf } from "../money";
import { pushTo } from "./group";
import type { IdentityKind, IssueParamsByCode, Severity } from "./issue-codes";
import type { CellValue } from "./port";

type MatchProblemCode =
  | "employee_id_unknown"
  | "employee_id_ambiguous"
  | "employee_id_number_unsafe"
  | "cpf_unknown"
  | "email_unknown"
  | "cpf_invalid"
  | "cpf_ambiguous"
  | "email_ambiguous"
  | "identity_conflict"
  | "identity_mismatch"
  | "employee_inactive";

/**
 * A matching problem, keyed by `code`: its `params` are exactly those of the issue with the same
 * code (./issues.ts), so validation turns it into an issue as it is. `column` is the identity
 * column the problem is about; `input` is the cell as the user wrote it (a CPF masked).
 */
export type MatchProblem = {
  [C in MatchProblemCode]: {
    code: C;
    severity: Severity;
    column: IdentityKind;
    params: IssueParamsByCode[C];
  };
}[MatchProblemCode];

export interface IdentityCells {
  employee_id?: CellValue | undefined;
  cpf?: CellValue | undefined;
  email?: CellValue | undefined;
}

export type MatchResult =
  | { ok: true; employee: Employee; by: IdentityKind; warnings: MatchProblem[] }
  | { ok: false; problems: MatchProblem[] };

type Lookup =
  | { kind: "none" }
  | { kind: "one"; employee: Employee }
  | { kind: "many"; count: number; holders: readonly Employee[] };

/**
 * Excel stores numbers as doubles shown with 15 significant digits: an integer below 10^15 is
 * exactly what was typed, anything else may not be ("Excel specifications and limits": number
 * precision, 15 digits).
 */
const EXCEL_EXACT_INTEGER_LIMIT = 1e15;

const isActive = (e: Employee): boolean => e.situation === SITUATION_ACTIVE;

function normalizeEmail(cell: CellValue): string {
  return String(cell).trim().toLowerCase();
}

const withoutLeadingZeros = (id: string): string => id.replace(/^0+(?=\d)/, "");

/**
 * A CPF for messages: masked as in operational logs (API document, Authentication rule 5), after
 * restoring the leading zeros Excel drops; anything that is not 11 digits is masked whole.
 */
function cpfForMessage(cell: CellValue): string {
  const cpf = normalizeCpf(cell);
  if (cpf.ok) return maskCpf(cpf.digits);
  return maskCpf(typeof cell === "number" ? String(cell).padStart(11, "0") : String(cell));
}

function pick(list: Employee[] | undefined): Lookup {
  if (!list || list.length === 0) return { kind: "none" };
  if (list.length === 1) return { kind: "one", employee: list[0]! };
  const active = list.filter(isActive);
  if (active.length === 1) return { kind: "one", employee: active[0]! };
  return { kind: "many", count: list.length, holders: list };
}

export class EmployeeIndex {
  readonly size: number;
  private readonly byId = new Map<string, Employee>();
  private readonly byIdNoZeros = new Map<string, Employee[]>();
  private readonly byCpf = new Map<string, Employee[]>();
  private readonly byEmail = new Map<string, Employee[]>();

  constructor(employees: readonly Employee[]) {
    this.size = employees.length;
    for (const employee of employees) {
      this.byId.set(employee.employee_id, employee);
      pushTo(this.byIdNoZeros, withoutLeadingZeros(employee.employee_id), employee);
      if (employee.cpf !== undefined) {
        const cpf = normalizeCpf(employee.cpf);
        if (cpf.ok) pushTo(this.byCpf, cpf.digits, employee);
      }
      if (employee.email !== undefined && !isBlankCell(employee.email))
        pushTo(this.byEmail, normalizeEmail(employee.email), employee);
    }
  }

  /** The employee with this id, or undefined. */
  get(employeeId: string): Employee | undefined {
    return this.byId.get(employeeId);
  }

  /** `unsafe` for a number cell whose digits Excel may have changed. */
  private lookupId(cell: CellValue): Lookup | { kind: "unsafe" } {
    if (typeof cell === "number") {
      // A number says nothing about leading zeros: only a unique holder of its digits is it.
      if (!Number.isSafeInteger(cell) || cell < 0 || cell >= EXCEL_EXACT_INTEGER_LIMIT)
        return { kind: "unsafe" };
      const list = this.byIdNoZeros.get(String(cell));
      if (!list || list.length === 0) return { kind: "none" };
      if (list.length === 1) return { kind: "one", employee: list[0]! };
      return { kind: "many", count: list.length, holders: list };
    }
    const text = String(cell).trim();
    const employee = this.byId.get(text);
    if (employee) return { kind: "one", employee };
    if (/^\d+$/.test(text)) {
      const list = this.byIdNoZeros.get(withoutLeadingZeros(text));
      if (list?.length === 1) return { kind: "one", employee: list[0]! };
    }
    return { kind: "none" };
  }

  /** Matches one row's identity cells. */
  match(cells: IdentityCells): MatchResult {
    const present: IdentityKind[] = [];
    if (!isBlankCell(cells.employee_id)) present.push("employee_id");
    if (!isBlankCell(cells.cpf)) present.push("cpf");
    if (!isBlankCell(cells.email)) present.push("email");
    if (present.length === 0) return { ok: false, problems: [] };

    // Resolve every identity present; the first decides, the others cross-check.
    const resolved = present.map((kind) => ({ kind, ...this.resolve(kind, cells[kind] as CellValue) }));
    const first = resolved[0]!;
    if (first.problem) return { ok: false, problems: [first.problem] };
    const employee = first.employee!;
    const problems: MatchProblem[] = [];
    for (const secondary of resolved.slice(1)) {
      // Only the first identity present decides, and employee_id is always first when present.
      const kind = secondary.kind as "cpf" | "email";
      const cell = cells[kind] as CellValue;
      if (secondary.problem?.code === "cpf_invalid") {
        // A broken secondary CPF does not stop a row matched by employee_id, but is worth fixing.
        problems.push({ ...secondary.problem, severity: "warning" });
        continue;
      }
      const input = this.shown(kind, cell);
      if (
        secondary.employee?.employee_id === employee.employee_id ||
        this.sameAsRecorded(employee, kind, cell)
      )
        continue;
      if (secondary.employee) {
        problems.push({
          code: "identity_conflict",
          severity: "error",
          column: kind,
          params: { input, other: first.kind, employeeName: secondary.employee.name },
        });
      } else if (
        secondary.holders &&
        !secondary.holders.some((h) => h.employee_id === employee.employee_id)
      ) {
        // The secondary identity names several people, none of them the matched employee: it
        // contradicts the first identity as much as naming one other person would.
        problems.push({
          code: "identity_conflict",
          severity: "error",
          column: kind,
          params: { input, other: first.kind, count: secondary.holders.length },
        });
      } else if (this.hasRecorded(employee, kind)) {
        // The row's secondary identity names nobody else, but the employee has another on record.
        problems.push({
          code: "identity_mismatch",
          severity: "warning",
          column: kind,
          params: { input, other: first.kind, employeeName: employee.name },
        });
      }
    }
    if (!isActive(employee)) {
      problems.push({
        code: "employee_inactive",
        severity: "error",
        column: first.kind,
        params: {
          input: this.shown(first.kind, cells[first.kind] as CellValue),
          employeeName: employee.name,
          situation: employee.situation,
        },
      });
    }
    if (problems.some((p) => p.severity === "error")) return { ok: false, problems };
    return { ok: true, employee, by: first.kind, warnings: problems };
  }

  private hasRecorded(employee: Employee, kind: "cpf" | "email"): boolean {
    return !isBlankCell(kind === "cpf" ? employee.cpf : employee.email);
  }

  private sameAsRecorded(employee: Employee, kind: "cpf" | "email", cell: CellValue): boolean {
    if (kind === "cpf") {
      const row = normalizeCpf(cell);
      const recorded = employee.cpf === undefined ? undefined : normalizeCpf(employee.cpf);
      return row.ok && recorded?.ok === true && row.digits === recorded.digits;
    }
    return employee.email !== undefined && normalizeEmail(employee.email) === normalizeEmail(cell);
  }

  private shown(kind: IdentityKind, cell: CellValue): string {
    return kind === "cpf" ? cpfForMessage(cell) : String(cell).trim();
  }

  private resolve(
    kind: IdentityKind,
    cell: CellValue,
  ): { employee?: Employee; problem?: MatchProblem; holders?: readonly Employee[] } {
    // A function: the masked text is only computed for the rare rows that have a problem.
    const input = (): string => this.shown(kind, cell);
    const base = { severity: "error", column: kind } as const;
    if (kind === "employee_id") {
      const lookup = this.lookupId(cell);
      if (lookup.kind === "one") return { employee: lookup.employee };
      if (lookup.kind === "unsafe")
        return { problem: { ...base, code: "employee_id_number_unsafe", params: { input: input() } } };
      if (lookup.kind === "many") {
        return {
          problem: {
            ...base,
            code: "employee_id_ambiguous",
            params: { input: input(), count: lookup.count },
          },
        };
      }
      return { problem: { ...base, code: "employee_id_unknown", params: { input: input() } } };
    }
    if (kind === "cpf") {
      const cpf = normalizeCpf(cell);
      if (!cpf.ok)
        return { problem: { ...base, code: "cpf_invalid", params: { input: input(), reason: cpf.code } } };
      return outcome(pick(this.byCpf.get(cpf.digits)), "cpf_ambiguous", "cpf_unknown");
    }
    return outcome(pick(this.byEmail.get(normalizeEmail(cell))), "email_ambiguous", "email_unknown");

    /** One holder matches; several are ambiguous (holders kept for the cross-check); none is unknown. */
    function outcome(
      lookup: ReturnType<typeof pick>,
      ambiguous: "cpf_ambiguous" | "email_ambiguous",
      unknown: "cpf_unknown" | "email_unknown",
    ): { employee?: Employee; problem?: MatchProblem; holders?: readonly Employee[] } {
      if (lookup.kind === "one") return { employee: lookup.employee };
      if (lookup.kind === "many") {
        return {
          problem: { ...base, code: ambiguous, params: { input: input(), count: lookup.count } },
          holders: lookup.holders,
        };
      }
      return { problem: { ...base, code: unknown, params: { input: input() } } };
    }
  }
}
