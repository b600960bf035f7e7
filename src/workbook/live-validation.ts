/**
 * Validation kept up to date as people type: the last validation of a table,
 * held as one outcome per row (./row-validator.ts) plus running totals, so that an edit of a few
 * rows re-checks those rows only. `apply()` takes the changed rows, subtracts what their old
 * outcomes contributed (totals per product, grand total, counts, issues), adds the new ones, and
 * re-judges every row that shares an employee with a changed row: removing a duplicate makes the
 * other, unchanged row valid again, and typing someone's CPF a second time makes the first row an
 * error. The result equals a full validation of the edited table (validation.property tests in
 * ./live-validation.test.ts prove it for random edits), at a cost that depends on the rows
 * changed, not on the table's size.
 *
 * What it cannot follow: rows inserted or deleted (indexes move), a changed header (the mapping
 * moves). Those need a full validation; the caller starts a new `LiveValidation` then.
 */
import { type Issue } from "./issues";
import type { RowBlock } from "./port";
import { type RowOutcome, RowValidator } from "./row-validator";
import { closingIssues, duplicateRowIssue, openingIssues } from "./table-checks";
import type {
  CheckedRow,
  SendRow,
  ValidationContext,
  ValidationResult,
  ValidationSummary,
} from "./validation-types";

/** What the pane shows: the issues in order and the summary (no per-row send list). */
export interface LiveView {
  ok: boolean;
  issues: Issue[];
  summary: ValidationSummary;
}

/** One row's current standing, for its status cells. */
export interface LiveRow {
  rowIndex: number;
  /** Its issues, own first, then the duplicate-employee one. */
  issues: Issue[];
  /** Its total when it counts towards the distribution (no error of its own, not duplicated). */
  totalCents?: number;
  /** The employee it matched, when it matched one. */
  employeeId?: string;
}

export class LiveValidation {
  private readonly checker: RowValidator;
  private readonly outcomes: RowOutcome[] = [];
  /** employee_id → the rows that matched them. */
  private readonly byEmployee = new Map<string, Set<number>>();
  /** Rows with at least one issue (their own or a duplicate). */
  private readonly issueRows = new Set<number>();
  private readonly unmapped: Array<{ header: string; nonBlank: number; amounts: number; cents: number }>;
  private readonly perProduct = new Map<string, number>();
  private rowsSkipped = 0;
  private ownErrorRows = 0;
  private ownErrors = 0;
  private ownWarnings = 0;
  /** Rows without an error of their own taken out as duplicates (they count as rows with errors). */
  private duplicateSendRows = 0;
  /** Rows of duplicated employees (one `employee_duplicate` error each). */
  private duplicateRows = 0;
  /** Employees on two rows or more. */
  private duplicated = 0;
  private rowsValid = 0;
  private employees = 0;
  /** Paid rows with a blank cost centre (`ValidationSummary.withoutCostCentre`). */
  private noCostCentre = 0;
  private grand = 0;

  constructor(readonly ctx: ValidationContext) {
    this.checker = new RowValidator(ctx);
    this.unmapped = this.checker.unmapped.map((u) => ({
      header: u.header,
      nonBlank: 0,
      amounts: 0,
      cents: 0,
    }));
    for (const product of ctx.mapping.products) this.perProduct.set(product.product_id, 0);
  }

  /** Number of data rows held. */
  get rowCount(): number {
    return this.outcomes.length;
  }

  /** Adds the next rows of a first, full read (blocks in order, from row 0). */
  add(block: RowBlock): void {
    if (block.offset !== this.outcomes.length)
      throw new RangeError(
        `LiveValidation.add: block at row ${block.offset}, expected ${this.outcomes.length}`,
      );
    this.apply([block]);
  }

  /**
   * Replaces the given rows (each within the rows held, or the next ones of a first read) and
   * re-judges the rows that share an employee with them. Returns the 0-based indexes of every
   * row whose standing may have changed, in order (their status cells need writing).
   */
  apply(blocks: readonly RowBlock[]): number[] {
    const fresh: RowOutcome[] = [];
    for (const block of blocks)
      block.rows.forEach((cells, i) => {
        const rowIndex = block.offset + i;
        if (rowIndex > this.outcomes.length + fresh.length)
          throw new RangeError(
            `LiveValidation.apply: row ${rowIndex} is past the table's ${this.outcomes.length} rows`,
          );
        fresh.push(this.checker.check(cells, rowIndex, block.firstSheetRow + i));
      });
    // The employees before and after: their rows may change standing (duplicates).
    const employees = new Set<string>();
    for (const outcome of fresh) {
      const old = this.outcomes[outcome.rowIndex];
      if (old?.employee) employees.add(old.employee.employee_id);
      if (outcome.employee) employees.add(outcome.employee.employee_id);
    }
    const affected = new Set<number>(fresh.map((o) => o.rowIndex));
    for (const id of employees) for (const rowIndex of this.byEmployee.get(id) ?? []) affected.add(rowIndex);

    for (const rowIndex of affected) if (this.outcomes[rowIndex]) this.removeDerived(rowIndex);
    for (const id of employees) if ((this.byEmployee.get(id)?.size ?? 0) >= 2) this.duplicated--;
    for (const outcome of fresh) {
      const old = this.outcomes[outcome.rowIndex];
      if (old) this.removeOwn(old);
      this.outcomes[outcome.rowIndex] = outcome;
      this.addOwn(outcome);
    }
    for (const id of employees) if ((this.byEmployee.get(id)?.size ?? 0) >= 2) this.duplicated++;
    for (const rowIndex of affected) this.addDerived(rowIndex);
    return [...affected].sort((a, b) => a - b);
  }

  private addOwn(outcome: RowOutcome, sign: 1 | -1 = 1): void {
    if (outcome.skipped) this.rowsSkipped += sign;
    if (outcome.error) this.ownErrorRows += sign;
    for (const i of outcome.issues) {
      if (i.severity === "error") this.ownErrors += sign;
      else this.ownWarnings += sign;
    }
    outcome.unmapped?.forEach(([nonBlank, amounts, cents], i) => {
      const column = this.unmapped[i]!;
      column.nonBlank += sign * nonBlank;
      column.amounts += sign * amounts;
      column.cents += sign * cents;
    });
    if (!outcome.employee) return;
    const id = outcome.employee.employee_id;
    let rows = this.byEmployee.get(id);
    if (sign === 1) {
      if (!rows) this.byEmployee.set(id, (rows = new Set()));
      rows.add(outcome.rowIndex);
    } else if (rows) {
      rows.delete(outcome.rowIndex);
      if (rows.size === 0) this.byEmployee.delete(id);
    }
  }

  private removeOwn(outcome: RowOutcome): void {
    this.addOwn(outcome, -1);
  }

  private isDuplicate(outcome: RowOutcome): boolean {
    return (
      outcome.employee !== undefined && (this.byEmployee.get(outcome.employee.employee_id)?.size ?? 0) >= 2
    );
  }

  /** What a row adds given the other rows: its totals when it counts, its duplicate error when not. */
  private addDerived(rowIndex: number, sign: 1 | -1 = 1): void {
    const outcome = this.outcomes[rowIndex]!;
    const duplicate = this.isDuplicate(outcome);
    if (duplicate) {
      this.duplicateRows += sign;
      if (outcome.send) this.duplicateSendRows += sign;
    } else if (outcome.send) {
      for (const [id, cents] of outcome.send.values)
        this.perProduct.set(id, (this.perProduct.get(id) ?? 0) + sign * cents);
      this.grand += sign * outcome.send.totalCents;
      if (outcome.send.totalCents > 0) this.employees += sign;
      if (outcome.send.totalCents > 0 && outcome.send.costCentre === undefined) this.noCostCentre += sign;
      this.rowsValid += sign;
    }
    if (sign === -1 || (!duplicate && outcome.issues.length === 0)) this.issueRows.delete(rowIndex);
    else this.issueRows.add(rowIndex);
  }

  private removeDerived(rowIndex: number): void {
    this.addDerived(rowIndex, -1);
  }

  /** A row's issues: its own, then `employee_duplicate` when its employee is on other rows too. */
  private rowIssues(outcome: RowOutcome): Issue[] {
    if (!this.isDuplicate(outcome)) return outcome.issues;
    const rows = [...this.byEmployee.get(outcome.employee!.employee_id)!]
      .filter((r) => r !== outcome.rowIndex)
      .sort((a, b) => a - b)
      .map((r) => this.outcomes[r]!.row);
    return [
      ...outcome.issues,
      duplicateRowIssue({ name: outcome.employee!.name, row: outcome.row, rowIndex: outcome.rowIndex }, rows),
    ];
  }

  /** One row's standing now. */
  row(rowIndex: number): LiveRow {
    const outcome = this.outcomes[rowIndex];
    if (!outcome) throw new RangeError(`LiveValidation.row: no row ${rowIndex}`);
    const counts = outcome.send !== undefined && !this.isDuplicate(outcome);
    return {
      rowIndex,
      issues: this.rowIssues(outcome),
      ...(counts ? { totalCents: outcome.send!.totalCents } : {}),
      ...(outcome.employee ? { employeeId: outcome.employee.employee_id } : {}),
    };
  }

  /** The issues and the summary, from the running totals (the cost grows with the issues, not the rows). */
  view(): LiveView {
    const rowsWithErrors = this.ownErrorRows + this.duplicateSendRows;
    const closing = closingIssues(this.ctx, {
      duplicated: this.duplicated,
      grandTotalCents: this.grand,
      rowsWithErrors,
    });
    const issues = [...openingIssues(this.ctx, this.unmapped), ...closing.issues];
    let tableErrors = 0;
    for (const i of issues) if (i.severity === "error") tableErrors++;
    const rows = [...this.issueRows].sort((a, b) => a - b);
    for (const rowIndex of rows) for (const i of this.rowIssues(this.outcomes[rowIndex]!)) issues.push(i);
    const errors = tableErrors + this.ownErrors + this.duplicateRows;
    const summary: ValidationSummary = {
      rowsRead: this.outcomes.length,
      rowsSkipped: this.rowsSkipped,
      rowsValid: this.rowsValid,
      rowsWithErrors,
      errors,
      warnings: issues.length - errors,
      employees: this.employees,
      perProduct: new Map(this.perProduct),
      grandTotalCents: this.grand,
      ...(this.ctx.mapping.costCentreColumn === undefined ? {} : { withoutCostCentre: this.noCostCentre }),
      ...closing.balance,
    };
    return { ok: errors === 0, issues, summary };
  }

  /** The same result a full validation of the table as it is now gives (every row: O(rows)). */
  result(): ValidationResult {
    const { ok, issues, summary } = this.view();
    const rows: SendRow[] = [];
    for (const outcome of this.outcomes)
      if (outcome.send && !this.isDuplicate(outcome)) rows.push(outcome.send);
    const checkedRows: CheckedRow[] = rows.map(({ rowIndex, row, employee_id, totalCents }) => ({
      rowIndex,
      row,
      employee_id,
      totalCents,
    }));
    if (!ok) return { ok, issues, summary, checkedRows };
    return { ok, rows, issues, summary, checkedRows };
  }
}
