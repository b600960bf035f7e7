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
import { type Locale, type ParseCentsResult, isBlankCell, parseCents } from "../money";
import { amountIssue } from "./amount-issues";
import { pushTo } from "./group";
import { type Issue, makeIssue } from "./issues";
import type { TableMapping } from "./mapping";
import type { IdentityKind, MatchProblem } from "./matching";
import type { CellValue, ReadRowsOptions, RowBlock, Workbook } from "./port";
import { namesAgree, totalsLabel } from "./row-checks";
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
  CheckedRow,
  SendRow,
  ValidationSummary,
  ValidTable,
  InvalidTable,
  ValidationResult,
  TrackedRow,
} from "./validation-types";

export const DEFAULT_MAX_CENTS_PER_CELL = 100_000_000;
export const DEFAULT_WARN_ABOVE_CENTS = 1_000_000;
const MEMO_LIMIT = 20_000;

/**
 * Validates a table block by block: `add()` each block as it is read, then `finish()`.
 * Never throws on cell contents (any string, number, boolean, "").
 */
export class DistributionValidator {
  private readonly ctx: ValidationContext;
  private readonly warnAbove: number;
  private readonly productCols: TableMapping["products"];
  private readonly unmappedCols: Array<{
    index: number;
    header: string;
    nonBlank: number;
    amounts: number;
    cents: number;
  }>;
  /** Columns whose text may label a totals row: name, info and unmapped columns. */
  private readonly labelCols: number[];
  private readonly cellIssues: Issue[] = [];
  private readonly rows: SendRow[] = [];
  private readonly byEmployee = new Map<string, TrackedRow[]>();
  private readonly parseOptions: { locale: Locale; maxCents: number };
  private readonly singleColumnPerProduct: boolean;
  private readonly memoText = new Map<string, ParseCentsResult>();
  private rowsRead = 0;
  private rowsSkipped = 0;
  private rowsWithErrors = 0;
  private finished = false;

  constructor(ctx: ValidationContext) {
    this.ctx = ctx;
    const o = ctx.options ?? {};
    this.warnAbove = o.warnAboveCents ?? DEFAULT_WARN_ABOVE_CENTS;
    this.productCols = ctx.mapping.products;
    // The money locale reads amount text only; messages write amounts in their own language.
    this.parseOptions = {
      locale: o.moneyLocale ?? "pt-BR",
      maxCents: o.maxCentsPerCell ?? DEFAULT_MAX_CENTS_PER_CELL,
    };
    this.singleColumnPerProduct =
      new Set(this.productCols.map((p) => p.product_id)).size === this.productCols.length;
    this.unmappedCols = ctx.mapping.columns
      .filter((c) => c.role.role === "unmapped")
      .map((c) => ({ index: c.index, header: c.header, nonBlank: 0, amounts: 0, cents: 0 }));
    this.labelCols = ctx.mapping.columns
      .filter((c) => c.role.role === "name" || c.role.role === "info" || c.role.role === "unmapped")
      .map((c) => c.index);
  }

  add(block: RowBlock): void {
    this.addRows(block.rows, block.offset, block.firstSheetRow);
  }

  addRows(rows: readonly (readonly CellValue[])[], firstRowIndex: number, firstSheetRow: number): void {
    if (this.finished) throw new Error("DistributionValidator: add() after finish()");
    for (let i = 0; i < rows.length; i++) this.addRow(rows[i]!, firstRowIndex + i, firstSheetRow + i);
  }

  private parse(v: CellValue): ParseCentsResult {
    // Sheets repeat the same few amount texts ("R$ 600,00" for everyone): a bounded memo skips
    // re-parsing them. Numbers are not memoized: parsing them is cheaper than a Map keyed by doubles.
    if (typeof v === "string") {
      let r = this.memoText.get(v);
      if (r === undefined) {
        r = parseCents(v, this.parseOptions);
        if (this.memoText.size < MEMO_LIMIT) this.memoText.set(v, r);
      }
      return r;
    }
    return parseCents(v, this.parseOptions);
  }

  private addRow(cells: readonly CellValue[], rowIndex: number, row: number): void {
    this.rowsRead++;
    const m = this.ctx.mapping;
    const idCell = m.employeeIdColumn === undefined ? undefined : cells[m.employeeIdColumn];
    const cpfCell = m.cpfColumn === undefined ? undefined : cells[m.cpfColumn];
    const emailCell = m.emailColumn === undefined ? undefined : cells[m.emailColumn];
    const nameCell = m.nameColumn === undefined ? undefined : cells[m.nameColumn];
    const hasIdentity = !isBlankCell(idCell) || !isBlankCell(cpfCell) || !isBlankCell(emailCell);

    // Amounts first: they decide whether an identity problem matters.
    const pending: Issue[] = [];
    let amountError = false;
    let anyAmount = false;
    let total = 0;
    const values = new Map<string, number>();
    const single = this.singleColumnPerProduct;
    for (const col of this.productCols) {
      const v = cells[col.index];
      const r = v === undefined || v === "" ? undefined : this.parse(v);
      if (r === undefined || (r.ok && r.blank)) {
        if (single || !values.has(col.product_id)) values.set(col.product_id, 0);
        continue;
      }
      anyAmount = true;
      if (!r.ok) {
        amountError = true;
        pending.push(amountIssue(r.problem, { row, rowIndex, column: col.header }));
        continue;
      }
      if (r.cents > this.warnAbove) {
        pending.push(makeIssue("amount_large", { cents: r.cents }, { row, rowIndex, column: col.header }));
      }
      values.set(col.product_id, single ? r.cents : (values.get(col.product_id) ?? 0) + r.cents);
      total += r.cents;
    }

    if (!hasIdentity) {
      const label = this.labelIn(cells);
      if (!anyAmount && label === undefined && isBlankCell(nameCell)) {
        this.rowsSkipped++;
      } else if (label !== undefined) {
        this.skipTotalsRow(label, rowIndex, row);
      } else if (!anyAmount) {
        this.rowsSkipped++;
        this.cellIssues.push(makeIssue("incomplete_row", {}, { row, rowIndex }));
      } else {
        this.rowsWithErrors++;
        this.cellIssues.push(makeIssue("missing_identity", {}, { row, rowIndex }), ...pending);
      }
      return;
    }

    const match = this.ctx.employees.match({ employee_id: idCell, cpf: cpfCell, email: emailCell });
    if (!match.ok) {
      // "TOTAL" in the CPF or id column: a totals row, not an invalid identity.
      const label = this.identityLabel(idCell, cpfCell, emailCell);
      if (label !== undefined) {
        this.skipTotalsRow(label, rowIndex, row);
        return;
      }
    }
    const nothingToSend = !amountError && total === 0;
    let identityError = false;
    const problems = match.ok ? match.warnings : match.problems;
    for (const p of problems) {
      if (nothingToSend && p.code === "employee_inactive") continue;
      const severity = nothingToSend ? "warning" : p.severity;
      if (severity === "error") identityError = true;
      pending.unshift(this.matchIssue(p, severity, rowIndex, row));
    }
    if (match.ok && typeof nameCell === "string" && !namesAgree(nameCell, match.employee.name)) {
      const params = { by: match.by, employeeName: match.employee.name, rowName: nameCell.trim() };
      const column = m.nameColumn === undefined ? undefined : this.ctx.header[m.nameColumn];
      pending.push(makeIssue("name_mismatch", params, { row, rowIndex, ...(column ? { column } : {}) }));
    }
    const hasError = amountError || identityError;
    // Rows that were skipped above (empty, totals) do not count towards unmapped columns.
    for (const u of this.unmappedCols) this.observeUnmapped(u, cells[u.index]);
    if (hasError) this.rowsWithErrors++;
    this.cellIssues.push(...pending);

    if (!match.ok) {
      if (!hasError) this.rowsSkipped++;
      return;
    }
    const employee_id = match.employee.employee_id;
    let sendIndex = -1;
    if (!hasError) {
      sendIndex = this.rows.length;
      this.rows.push({ rowIndex, row, employee_id, values, totalCents: total });
    }
    const tracked: TrackedRow = { rowIndex, row, name: match.employee.name, sendIndex };
    pushTo(this.byEmployee, employee_id, tracked);
  }

  private skipTotalsRow(label: string, rowIndex: number, row: number): void {
    this.rowsSkipped++;
    this.cellIssues.push(makeIssue("totals_row_skipped", { label }, { row, rowIndex }));
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
      const l = totalsLabel(cell);
      if (l === undefined) return undefined;
      label ??= l;
    }
    return label;
  }

  private observeUnmapped(u: (typeof this.unmappedCols)[number], v: CellValue | undefined): void {
    if (isBlankCell(v) || v === undefined || typeof v === "boolean") return;
    u.nonBlank++;
    const r = this.parse(v);
    if (r.ok && !r.blank && (typeof v === "number" || /\d/.test(v))) {
      u.amounts++;
      u.cents += r.cents;
    }
  }

  private columnName(kind: IdentityKind): string {
    const m = this.ctx.mapping;
    const index = kind === "employee_id" ? m.employeeIdColumn : kind === "cpf" ? m.cpfColumn : m.emailColumn;
    return index === undefined ? kind : (this.ctx.header[index] ?? kind);
  }

  private matchIssue(p: MatchProblem, severity: "error" | "warning", rowIndex: number, row: number): Issue {
    // A match problem's params are its issue's params (./matching.ts), code for code.
    return makeIssue(p.code, p.params, { severity, row, rowIndex, column: this.columnName(p.column) });
  }

  finish(): ValidationResult {
    this.finished = true;
    const t = tableIssues({
      ctx: this.ctx,
      rows: this.rows,
      byEmployee: this.byEmployee,
      unmapped: this.unmappedCols,
      rowsWithErrors: this.rowsWithErrors,
    });
    this.rowsWithErrors = t.rowsWithErrors;
    const cellIssues =
      t.rowIssues.length === 0
        ? this.cellIssues
        : [...this.cellIssues, ...t.rowIssues].sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
    const issues = [...t.tableIssues, ...cellIssues];
    let errors = 0;
    for (const i of issues) if (i.severity === "error") errors++;
    const summary: ValidationSummary = {
      rowsRead: this.rowsRead,
      rowsSkipped: this.rowsSkipped,
      rowsValid: t.rows.length,
      rowsWithErrors: this.rowsWithErrors,
      errors,
      warnings: issues.length - errors,
      ...t.totals,
    };
    const checkedRows = t.rows.map(({ rowIndex, row, employee_id, totalCents }) => ({
      rowIndex,
      row,
      employee_id,
      totalCents,
    }));
    if (errors > 0) return { ok: false, issues, summary, checkedRows };
    return { ok: true, rows: t.rows, issues, summary, checkedRows };
  }
}

/** Validates rows already in memory; `firstSheetRow` is the worksheet row of rows[0]. */
export function validateRows(
  ctx: ValidationContext,
  rows: readonly (readonly CellValue[])[],
  firstSheetRow = 2,
): ValidationResult {
  const v = new DistributionValidator(ctx);
  v.addRows(rows, 0, firstSheetRow);
  return v.finish();
}

/** Reads a table through the port, block by block, and validates it. */
export async function validateTable(
  workbook: Workbook,
  table: string,
  ctx: ValidationContext,
  readOptions?: ReadRowsOptions,
): Promise<ValidationResult> {
  const v = new DistributionValidator(ctx);
  for await (const block of workbook.readTableRows(table, readOptions)) v.add(block);
  return v.finish();
}
