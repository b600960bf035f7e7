/**
 * Validation of a distribution table: pure, synchronous per block, and fast (a 50,000-row sheet
 * validates in a fraction of a second; see bench/validation.bench.ts).
 *
 * Input: the rows (in the port's blocks), the mapping (./mapping.ts), the employee index
 * (./matching.ts) and the products. Output:
 * - `rows`, on a valid table only (`ok: true`): what the distribution workflow sends, one entry
 *   per row, with every mapped product's cents (zeros included: the sheet is the desired state, so
 *   a zero tells the planner that the employee should have nothing of that product). A table with
 *   any error (a cell, a row, or the table itself, such as two columns for one product) has no
 *   `rows` at all: nothing of it can be sent by mistake;
 * - `checkedRows`: every row without an error of its own and its total, for the status column;
 * - `issues`: per-cell and whole-table problems, each with the worksheet row number people see,
 *   the column header, a code, a severity and messages in pt-BR and en-US (./messages.ts);
 * - `summary`: employees, cents per product, grand total, and the shortfall against the available
 *   balance when it is known.
 *
 * Rules (choices are marked *):
 * - Blank amount cells are zero. A row whose identity, name and amount cells are all blank is
 *   skipped silently (empty rows in the middle are common); the add-in's own columns and the
 *   user's other columns do not count, so last run's status does not keep a cleared row alive.
 * - * A row with no identity is an error if it has amounts, and a warning (skipped) if not.
 * - * A row without a valid identity whose identity cells, name or other text columns hold only a
 *   totals label ("TOTAL", "Total geral:", "Soma", in any of them, e.g. the CPF or Matrícula
 *   column) is a totals row: skipped with a warning (./row-checks.ts).
 * - * A matched row whose name shares no word with the name on record gets a warning naming both
 *   (a sort of one column or a paste one row off pays the wrong person; ./row-checks.ts).
 * - * A matched row whose amounts are all zero is kept with zeros; if its identity does not
 *   resolve, the identity problem is a warning (nothing would be sent to that row), and an
 *   inactive employee with nothing to receive is not reported at all (rosters keep them).
 * - The same employee on two rows is an error on every row involved; those rows are not sent.
 * - * A column that matches no product but holds amounts is a warning, not an error: HR sheets
 *   carry salaries and notes, and blocking on them would push people to delete useful columns.
 *   The warning says the amounts will NOT be sent, with their total, and disappears when the
 *   column is mapped or explicitly ignored. No product column at all is an error.
 * - * Amounts above `warnAboveCents` (default R$ 10.000,00) get a warning; above `maxCentsPerCell`
 *   (default R$ 1.000.000,00) an error.
 * - A shortfall against the balance is a warning: finalize can pay the difference by PIX or boleto.
 */
import { pushTo } from "./group";
import type { Issue } from "./issues";
import type { CellValue, ReadRowsOptions, RowBlock, Workbook } from "./port";
import { RowValidator } from "./row-validator";
import { tableIssues } from "./table-checks";
import type {
  SendRow,
  TrackedRow,
  ValidationContext,
  ValidationResult,
  ValidationSummary,
} from "./validation-types";

export type {
  ValidationOptions,
  ValidationContext,
  SendRow,
  ValidationSummary,
  ValidationResult,
  TrackedRow,
} from "./validation-types";
export { DEFAULT_MAX_CENTS_PER_CELL } from "./row-validator";

/**
 * Validates a table block by block: `add()` each block as it is read, then `finish()`.
 * Never throws on cell contents (any string, number, boolean, "").
 * Each row is checked on its own (./row-validator.ts); this folds the outcomes in row order.
 */
export class DistributionValidator {
  private readonly ctx: ValidationContext;
  private readonly checker: RowValidator;
  private readonly unmappedCols: Array<{ header: string; nonBlank: number; amounts: number; cents: number }>;
  private readonly cellIssues: Issue[] = [];
  private readonly rows: SendRow[] = [];
  private readonly byEmployee = new Map<string, TrackedRow[]>();
  private rowsRead = 0;
  private rowsSkipped = 0;
  private rowsWithErrors = 0;
  private finished = false;

  constructor(ctx: ValidationContext) {
    this.ctx = ctx;
    this.checker = new RowValidator(ctx);
    this.unmappedCols = this.checker.unmapped.map((u) => ({
      header: u.header,
      nonBlank: 0,
      amounts: 0,
      cents: 0,
    }));
  }

  add(block: RowBlock): void {
    this.addRows(block.rows, block.offset, block.firstSheetRow);
  }

  addRows(rows: readonly (readonly CellValue[])[], firstRowIndex: number, firstSheetRow: number): void {
    if (this.finished) throw new Error("DistributionValidator: add() after finish()");
    for (let i = 0; i < rows.length; i++) this.addRow(rows[i]!, firstRowIndex + i, firstSheetRow + i);
  }

  private addRow(cells: readonly CellValue[], rowIndex: number, row: number): void {
    const outcome = this.checker.check(cells, rowIndex, row);
    this.rowsRead++;
    if (outcome.skipped) this.rowsSkipped++;
    if (outcome.error) this.rowsWithErrors++;
    for (const issue of outcome.issues) this.cellIssues.push(issue);
    outcome.unmapped?.forEach(([nonBlank, amounts, cents], i) => {
      const column = this.unmappedCols[i]!;
      column.nonBlank += nonBlank;
      column.amounts += amounts;
      column.cents += cents;
    });
    if (!outcome.employee) return;
    let sendIndex = -1;
    if (outcome.send) {
      sendIndex = this.rows.length;
      this.rows.push(outcome.send);
    }
    pushTo(this.byEmployee, outcome.employee.employee_id, {
      rowIndex,
      row,
      name: outcome.employee.name,
      sendIndex,
    });
  }

  finish(): ValidationResult {
    this.finished = true;
    const checked = tableIssues({
      ctx: this.ctx,
      rows: this.rows,
      byEmployee: this.byEmployee,
      unmapped: this.unmappedCols,
      rowsWithErrors: this.rowsWithErrors,
    });
    this.rowsWithErrors = checked.rowsWithErrors;
    const cellIssues =
      checked.rowIssues.length === 0
        ? this.cellIssues
        : [...this.cellIssues, ...checked.rowIssues].sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
    const issues = [...checked.tableIssues, ...cellIssues];
    let errors = 0;
    for (const i of issues) if (i.severity === "error") errors++;
    const summary: ValidationSummary = {
      rowsRead: this.rowsRead,
      rowsSkipped: this.rowsSkipped,
      rowsValid: checked.rows.length,
      rowsWithErrors: this.rowsWithErrors,
      errors,
      warnings: issues.length - errors,
      ...checked.totals,
      ...withoutCostCentre(this.ctx, checked.rows),
    };
    const checkedRows = checked.rows.map(({ rowIndex, row, employee_id, totalCents }) => ({
      rowIndex,
      row,
      employee_id,
      totalCents,
    }));
    if (errors > 0) return { ok: false, issues, summary, checkedRows };
    return { ok: true, rows: checked.rows, issues, summary, checkedRows };
  }
}

/** Validates rows already in memory; `firstSheetRow` is the worksheet row of rows[0]. */
export function validateRows(
  ctx: ValidationContext,
  rows: readonly (readonly CellValue[])[],
  firstSheetRow = 2,
): ValidationResult {
  const validator = new DistributionValidator(ctx);
  validator.addRows(rows, 0, firstSheetRow);
  return validator.finish();
}

/** Reads a table through the port, block by block, and validates it. */
export async function validateTable(
  workbook: Workbook,
  table: string,
  ctx: ValidationContext,
  readOptions?: ReadRowsOptions,
): Promise<ValidationResult> {
  const validator = new DistributionValidator(ctx);
  for await (const block of workbook.readTableRows(table, readOptions)) validator.add(block);
  return validator.finish();
}

/** The summary's count of paid rows without a cost centre, when the table has that column. */
function withoutCostCentre(
  ctx: ValidationContext,
  rows: readonly SendRow[],
): Pick<ValidationSummary, "withoutCostCentre"> {
  if (ctx.mapping.costCentreColumn === undefined) return {};
  let count = 0;
  for (const row of rows) if (row.totalCents > 0 && row.costCentre === undefined) count++;
  return { withoutCostCentre: count };
}
