/**
 * One row of a distribution table, checked on its own (./validation.ts has the rules): its
 * issues, whether it is skipped or has an error, what it would send, who it matched and what it
 * adds to the amount columns that map to no product. Nothing here depends on the other rows, so
 * full validation (./validation.ts) folds these outcomes in row order and live validation
 * (./live-validation.ts) swaps a changed row's outcome for a new one; the checks that span rows
 * (the same employee twice, totals) are made from the outcomes by both.
 */
import { type Locale, type ParseCentsResult, isBlankCell, parseCents } from "../money";
import { amountIssue } from "./amount-issues";
import { type Issue, makeIssue } from "./issues";
import type { TableMapping } from "./mapping";
import type { IdentityKind } from "./issue-codes";
import type { MatchProblem } from "./matching";
import type { CellValue } from "./port";
import { namesAgree, totalsLabel } from "./row-checks";
import type { SendRow, ValidationContext } from "./validation-types";

export const DEFAULT_MAX_CENTS_PER_CELL = 100_000_000;
const DEFAULT_WARN_ABOVE_CENTS = 1_000_000;
const MEMO_LIMIT = 20_000;

/** What one unmapped column holds on one row: [non-blank cells, amounts, cents]. */
export type UnmappedSeen = readonly [nonBlank: number, amounts: number, cents: number];

export interface RowOutcome {
  /** 0-based data row. */
  rowIndex: number;
  /** Worksheet row number. */
  row: number;
  /** The row's own issues, in the order a message lists them (not the duplicate-employee one). */
  issues: Issue[];
  /** Counts as skipped (empty, totals, nothing to send and no match). */
  skipped: boolean;
  /** Has an error of its own. */
  error: boolean;
  /** Matched and without an error of its own: what the row would send. */
  send?: SendRow;
  /** Matched (with or without an error): the employee, for the duplicate check across rows. */
  employee?: { employee_id: string; name: string };
  /** Per unmapped column (in `RowValidator.unmapped` order), when the row counts towards them. */
  unmapped?: UnmappedSeen[];
}

/** The checks of one row, with the context's settings worked out once. */
export class RowValidator {
  private readonly warnAbove: number;
  private readonly productCols: TableMapping["products"];
  /** The amount columns that map to no product, in header order. */
  readonly unmapped: ReadonlyArray<{ index: number; header: string }>;
  /** Columns whose text may label a totals row: name, info and unmapped columns. */
  private readonly labelCols: number[];
  private readonly parseOptions: { locale: Locale; maxCents: number };
  private readonly singleColumnPerProduct: boolean;
  private readonly memoText = new Map<string, ParseCentsResult>();

  constructor(readonly ctx: ValidationContext) {
    const options = ctx.options ?? {};
    this.warnAbove = options.warnAboveCents ?? DEFAULT_WARN_ABOVE_CENTS;
    this.productCols = ctx.mapping.products;
    // The money locale reads amount text only; messages write amounts in their own language.
    this.parseOptions = {
      locale: options.moneyLocale ?? "pt-BR",
      maxCents: options.maxCentsPerCell ?? DEFAULT_MAX_CENTS_PER_CELL,
    };
    this.singleColumnPerProduct =
      new Set(this.productCols.map((p) => p.product_id)).size === this.productCols.length;
    this.unmapped = ctx.mapping.columns
      .filter((c) => c.role.role === "unmapped")
      .map((c) => ({ index: c.index, header: c.header }));
    this.labelCols = ctx.mapping.columns
      .filter((c) => ["name", "info", "cost_centre", "unmapped"].includes(c.role.role))
      .map((c) => c.index);
  }

  private parse(cell: CellValue): ParseCentsResult {
    // Sheets repeat the same few amount texts ("R$ 600,00" for everyone): a bounded memo skips
    // re-parsing them. Numbers are not memoized: parsing them is cheaper than a Map keyed by doubles.
    if (typeof cell === "string") {
      let parsed = this.memoText.get(cell);
      if (parsed === undefined) {
        parsed = parseCents(cell, this.parseOptions);
        if (this.memoText.size < MEMO_LIMIT) this.memoText.set(cell, parsed);
      }
      return parsed;
    }
    return parseCents(cell, this.parseOptions);
  }

  check(cells: readonly CellValue[], rowIndex: number, row: number): RowOutcome {
    const mapping = this.ctx.mapping;
    const idCell = mapping.employeeIdColumn === undefined ? undefined : cells[mapping.employeeIdColumn];
    const cpfCell = mapping.cpfColumn === undefined ? undefined : cells[mapping.cpfColumn];
    const emailCell = mapping.emailColumn === undefined ? undefined : cells[mapping.emailColumn];
    const nameCell = mapping.nameColumn === undefined ? undefined : cells[mapping.nameColumn];
    const hasIdentity = !isBlankCell(idCell) || !isBlankCell(cpfCell) || !isBlankCell(emailCell);
    const out = (issues: Issue[], skipped: boolean, error: boolean): RowOutcome => ({
      rowIndex,
      row,
      issues,
      skipped,
      error,
    });

    // Amounts first: they decide whether an identity problem matters.
    const { pending, amountError, anyAmount, total, values } = this.readAmounts(cells, rowIndex, row);

    if (!hasIdentity) {
      const label = this.labelIn(cells);
      if (!anyAmount && label === undefined && isBlankCell(nameCell)) return out([], true, false);
      if (label !== undefined) return out([this.totalsRowIssue(label, rowIndex, row)], true, false);
      if (!anyAmount) return out([makeIssue("incomplete_row", {}, { row, rowIndex })], true, false);
      return out([makeIssue("missing_identity", {}, { row, rowIndex }), ...pending], false, true);
    }

    const match = this.ctx.employees.match({ employee_id: idCell, cpf: cpfCell, email: emailCell });
    if (!match.ok) {
      // "TOTAL" in the CPF or id column: a totals row, not an invalid identity.
      const label = this.identityLabel(idCell, cpfCell, emailCell);
      if (label !== undefined) return out([this.totalsRowIssue(label, rowIndex, row)], true, false);
    }
    const nothingToSend = !amountError && total === 0;
    let identityError = false;
    const problems = match.ok ? match.warnings : match.problems;
    for (const problem of problems) {
      if (nothingToSend && problem.code === "employee_inactive") continue;
      const severity = nothingToSend ? "warning" : problem.severity;
      if (severity === "error") identityError = true;
      pending.unshift(this.matchIssue(problem, severity, rowIndex, row));
    }
    if (match.ok && typeof nameCell === "string" && !namesAgree(nameCell, match.employee.name)) {
      const params = { by: match.by, employeeName: match.employee.name, rowName: nameCell.trim() };
      const column = mapping.nameColumn === undefined ? undefined : this.ctx.header[mapping.nameColumn];
      pending.push(makeIssue("name_mismatch", params, { row, rowIndex, ...(column ? { column } : {}) }));
    }
    const hasError = amountError || identityError;
    // Rows that were skipped above (empty, totals) do not count towards unmapped columns.
    const result = out(pending, !match.ok && !hasError, hasError);
    const unmapped = this.observeUnmapped(cells);
    if (unmapped) result.unmapped = unmapped;
    if (!match.ok) return result;
    const employee_id = match.employee.employee_id;
    result.employee = { employee_id, name: match.employee.name };
    if (!hasError)
      result.send = this.sendRow(cells, { rowIndex, row, employee_id, values, totalCents: total });
    return result;
  }

  /**
   * The row's product amounts: the cents per product (blank cells as 0), their total, whether any
   * cell holds an amount, and the amount issues (unreadable, or above the warning threshold).
   */
  private readAmounts(cells: readonly CellValue[], rowIndex: number, row: number) {
    const pending: Issue[] = [];
    let amountError = false;
    let anyAmount = false;
    let total = 0;
    const values = new Map<string, number>();
    const single = this.singleColumnPerProduct;
    for (const col of this.productCols) {
      const cell = cells[col.index];
      const parsed = cell === undefined || cell === "" ? undefined : this.parse(cell);
      if (parsed === undefined || (parsed.ok && parsed.blank)) {
        if (single || !values.has(col.product_id)) values.set(col.product_id, 0);
        continue;
      }
      anyAmount = true;
      if (!parsed.ok) {
        amountError = true;
        pending.push(amountIssue(parsed.problem, { row, rowIndex, column: col.header }));
        continue;
      }
      if (parsed.cents > this.warnAbove) {
        pending.push(
          makeIssue("amount_large", { cents: parsed.cents }, { row, rowIndex, column: col.header }),
        );
      }
      values.set(col.product_id, single ? parsed.cents : (values.get(col.product_id) ?? 0) + parsed.cents);
      total += parsed.cents;
    }
    return { pending, amountError, anyAmount, total, values };
  }

  /** What the row sends, with its cost-centre cell as text ("1010", "Vendas") when not blank. */
  private sendRow(cells: readonly CellValue[], send: SendRow): SendRow {
    const at = this.ctx.mapping.costCentreColumn;
    const cell = at === undefined ? undefined : cells[at];
    if (cell !== undefined && !isBlankCell(cell)) send.costCentre = String(cell).trim();
    return send;
  }

  private totalsRowIssue(label: string, rowIndex: number, row: number): Issue {
    return makeIssue("totals_row_skipped", { label }, { row, rowIndex });
  }

  /** A totals label in the row's name, info or unmapped columns (for rows without identity). */
  private labelIn(cells: readonly CellValue[]): string | undefined {
    for (const i of this.labelCols) {
      const label = totalsLabel(cells[i]);
      if (label !== undefined) return label;
    }
    return undefined;
  }

  /** The label when every non-blank identity cell is a totals label ("TOTAL" in the CPF column). */
  private identityLabel(...identity: (CellValue | undefined)[]): string | undefined {
    let label: string | undefined;
    for (const cell of identity) {
      if (isBlankCell(cell)) continue;
      const cellLabel = totalsLabel(cell);
      if (cellLabel === undefined) return undefined;
      label ??= cellLabel;
    }
    return label;
  }

  /** What the row adds to each unmapped column, or undefined when it adds nothing. */
  private observeUnmapped(cells: readonly CellValue[]): UnmappedSeen[] | undefined {
    let seen: UnmappedSeen[] | undefined;
    this.unmapped.forEach((column, i) => {
      const cell = cells[column.index];
      if (isBlankCell(cell) || cell === undefined || typeof cell === "boolean") return;
      const parsed = this.parse(cell);
      const amount = parsed.ok && !parsed.blank && (typeof cell === "number" || /\d/.test(cell));
      seen ??= this.unmapped.map(() => [0, 0, 0] as const);
      seen[i] = [1, amount ? 1 : 0, amount && parsed.ok ? parsed.cents : 0];
    });
    return seen;
  }

  private columnName(kind: IdentityKind): string {
    const mapping = this.ctx.mapping;
    const index =
      kind === "employee_id"
        ? mapping.employeeIdColumn
        : kind === "cpf"
          ? mapping.cpfColumn
          : mapping.emailColumn;
    return index === undefined ? kind : (this.ctx.header[index] ?? kind);
  }

  private matchIssue(
    problem: MatchProblem,
    severity: "error" | "warning",
    rowIndex: number,
    row: number,
  ): Issue {
    // A match problem's params are its issue's params (./matching.ts), code for code.
    return makeIssue(problem.code, problem.params, {
      severity,
      row,
      rowIndex,
      column: this.columnName(problem.column),
    });
  }
}
