/**
 * Validation of a distribution table: pure, synchronous per block, and fast (a 50,000-row sheet
 * validates in a fraction of a second; see bench/validation.bench.ts).
 *
 * Input: the rows (in the port's blocks), the mapping (./mapping.ts), the employee index
 * (./matching.ts) and the products. Output:
 * - `rows`: what the distribution workflow sends, one entry per valid row, with every mapped
 *   product's cents (zeros included: the sheet is the desired state, so a zero tells the planner
 *   that the employee should have nothing of that product);
 * - `issues`: per-cell and whole-table problems, each with the worksheet row number people see,
 *   the column header, a code, a severity and messages in pt-BR and en-US (./messages.ts);
 * - `summary`: employees, cents per product, grand total, and the shortfall against the available
 *   balance when it is known.
 *
 * Rules (choices are marked *):
 * - Blank amount cells are zero. A row whose identity, name and amount cells are all blank is
 *   skipped silently (empty rows in the middle are common); the add-in's own columns and the
 *   user's other columns do not count, so last run's status does not keep a cleared row alive.
 * - * A row with no identity is an error if it has amounts, and a warning (skipped) if not; a row
 *   without identity whose name cell says "Total" is a totals row: skipped with a warning.
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
import type { Product } from "../api/schemas";
import { type Locale, type ParseCentsResult, formatCents, parseCents } from "../money";
import { type TableMapping, headerKey, productCandidates } from "./mapping";
import type { EmployeeIndex, MatchProblem } from "./matching";
import { type Issue, type IssueCode, type IssueParams, makeIssue } from "./messages";
import type { CellValue, ReadRowsOptions, RowBlock, Workbook } from "./port";

export interface ValidationOptions {
  /** How amount text is read (only "1,234"-like text depends on it). Default "pt-BR". */
  moneyLocale?: Locale;
  /** Above this, an amount cell is an error. Default 100_000_000 (R$ 1.000.000,00). */
  maxCentsPerCell?: number;
  /** Above this, an amount cell gets a warning. Default 1_000_000 (R$ 10.000,00). */
  warnAboveCents?: number;
  /** The available balance in cents, when known: the summary then reports the shortfall. */
  availableBalanceCents?: number;
}

export interface ValidationContext {
  /** Header of the table, as read (used for column names in messages). */
  header: readonly string[];
  mapping: TableMapping;
  employees: EmployeeIndex;
  products: readonly Product[];
  options?: ValidationOptions;
}

/** One valid row, as the distribution workflow sends it. */
export interface SendRow {
  /** 0-based index among the table's data rows. */
  rowIndex: number;
  /** Worksheet row number as Excel shows it. */
  row: number;
  employee_id: string;
  /** Cents per product_id, for every mapped product (zeros included). */
  values: Map<string, number>;
  totalCents: number;
}

export interface ValidationSummary {
  rowsRead: number;
  /** Empty rows, totals rows and rows without identity or amounts. */
  rowsSkipped: number;
  rowsValid: number;
  rowsWithErrors: number;
  /** Valid rows with a positive total. */
  employees: number;
  /** Cents per product_id over valid rows (every mapped product present). */
  perProduct: Map<string, number>;
  grandTotalCents: number;
  errors: number;
  warnings: number;
  availableBalanceCents?: number;
  /** max(0, grand total − available balance), when the balance is known. */
  shortfallCents?: number;
}

export interface ValidationResult {
  /** True when there is no error: the rows can be sent as they are. */
  ok: boolean;
  rows: SendRow[];
  /** Whole-table issues first, then cell issues in row order. */
  issues: Issue[];
  summary: ValidationSummary;
}

export const DEFAULT_MAX_CENTS_PER_CELL = 100_000_000;
export const DEFAULT_WARN_ABOVE_CENTS = 1_000_000;
const MEMO_LIMIT = 20_000;
const TOTALS_LABELS = new Set(["total", "totais", "totalgeral", "soma", "subtotal", "grandtotal"]);

const isBlank = (v: CellValue | undefined): boolean =>
  v === undefined || v === "" || (typeof v === "string" && v.trim() === "");

const CENTS_CODE: Record<string, IssueCode> = {
  not_a_number: "amount_not_a_number",
  negative: "amount_negative",
  sub_cent: "amount_sub_cent",
  too_large: "amount_too_large",
  ambiguous: "amount_ambiguous",
};

interface Tracked {
  rowIndex: number;
  row: number;
  name: string;
  /** Index in `rows` when the row was accepted, else -1. */
  sendIndex: number;
}

/**
 * Validates a table block by block: `add()` each block as it is read, then `finish()`.
 * Never throws on cell contents (any string, number, boolean, "").
 */
export class DistributionValidator {
  private readonly ctx: ValidationContext;
  private readonly locale: Locale;
  private readonly maxCents: number;
  private readonly warnAbove: number;
  private readonly productCols: Array<{ index: number; header: string; product_id: string }>;
  private readonly unmappedCols: Array<{
    index: number;
    header: string;
    nonBlank: number;
    amounts: number;
    cents: number;
  }>;
  private readonly cellIssues: Issue[] = [];
  private readonly rows: SendRow[] = [];
  private readonly byEmployee = new Map<string, Tracked[]>();
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
    this.locale = o.moneyLocale ?? "pt-BR";
    this.maxCents = o.maxCentsPerCell ?? DEFAULT_MAX_CENTS_PER_CELL;
    this.warnAbove = o.warnAboveCents ?? DEFAULT_WARN_ABOVE_CENTS;
    this.productCols = ctx.mapping.products;
    this.parseOptions = { locale: this.locale, maxCents: this.maxCents };
    this.singleColumnPerProduct =
      new Set(this.productCols.map((p) => p.product_id)).size === this.productCols.length;
    this.unmappedCols = ctx.mapping.columns
      .filter((c) => c.role.role === "unmapped")
      .map((c) => ({ index: c.index, header: c.header, nonBlank: 0, amounts: 0, cents: 0 }));
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
    const hasIdentity = !isBlank(idCell) || !isBlank(cpfCell) || !isBlank(emailCell);

    // Amounts first: they decide whether an identity problem matters.
    const pending: Issue[] = [];
    let amountError = false;
    let anyAmount = false;
    let total = 0;
    const values = new Map<string, number>();
    const single = this.singleColumnPerProduct;
    for (const col of this.productCols) {
      const v = cells[col.index];
      if (v === undefined || v === "") {
        if (single || !values.has(col.product_id)) values.set(col.product_id, 0);
        continue;
      }
      const r = this.parse(v);
      if (!r.ok) {
        anyAmount = true;
        amountError = true;
        pending.push(this.amountIssue(r.problem.code, r.problem.input, v, rowIndex, row, col.header));
        continue;
      }
      if (r.blank) {
        if (single || !values.has(col.product_id)) values.set(col.product_id, 0);
        continue;
      }
      anyAmount = true;
      if (r.cents > this.warnAbove) {
        pending.push(
          makeIssue({
            code: "amount_large",
            row,
            rowIndex,
            column: col.header,
            params: { amount: formatCents(r.cents, this.locale) },
          }),
        );
      }
      values.set(col.product_id, single ? r.cents : (values.get(col.product_id) ?? 0) + r.cents);
      total += r.cents;
    }

    if (!hasIdentity) {
      const nameBlank = isBlank(nameCell);
      if (!anyAmount && nameBlank) {
        this.rowsSkipped++;
        return;
      }
      if (!nameBlank && TOTALS_LABELS.has(headerKey(String(nameCell)))) {
        this.rowsSkipped++;
        this.cellIssues.push(makeIssue({ code: "totals_row_skipped", row, rowIndex }));
        return;
      }
      if (!anyAmount) {
        this.rowsSkipped++;
        this.cellIssues.push(makeIssue({ code: "incomplete_row", row, rowIndex }));
        return;
      }
      this.rowsWithErrors++;
      this.cellIssues.push(makeIssue({ code: "missing_identity", row, rowIndex }), ...pending);
      return;
    }

    const match = this.ctx.employees.match({ employee_id: idCell, cpf: cpfCell, email: emailCell });
    const nothingToSend = !amountError && total === 0;
    let identityError = false;
    const problems = match.ok ? match.warnings : match.problems;
    for (const p of problems) {
      if (nothingToSend && p.code === "employee_inactive") continue;
      const severity = nothingToSend ? "warning" : p.severity;
      if (severity === "error") identityError = true;
      pending.unshift(this.matchIssue(p, severity, rowIndex, row));
    }
    const hasError = amountError || identityError;
    // Rows that were skipped above (empty, totals) do not count towards unmapped columns.
    for (const u of this.unmappedCols) this.observeUnmapped(u, cells[u.index]);
    if (hasError) this.rowsWithErrors++;
    this.cellIssues.push(...pending);

    const employee = match.ok ? match.employee : undefined;
    if (employee === undefined) {
      if (!hasError) this.rowsSkipped++;
      return;
    }
    let sendIndex = -1;
    if (!hasError) {
      sendIndex = this.rows.length;
      this.rows.push({ rowIndex, row, employee_id: employee.employee_id, values, totalCents: total });
    }
    const tracked: Tracked = { rowIndex, row, name: employee.name, sendIndex };
    const seen = this.byEmployee.get(employee.employee_id);
    if (seen) seen.push(tracked);
    else this.byEmployee.set(employee.employee_id, [tracked]);
  }

  private observeUnmapped(u: (typeof this.unmappedCols)[number], v: CellValue | undefined): void {
    if (v === undefined || isBlank(v) || typeof v === "boolean") return;
    u.nonBlank++;
    const r = this.parse(v);
    if (r.ok && !r.blank && (typeof v === "number" || /\d/.test(v))) {
      u.amounts++;
      u.cents += r.cents;
    }
  }

  private columnName(kind: "employee_id" | "cpf" | "email"): string {
    const m = this.ctx.mapping;
    const index = kind === "employee_id" ? m.employeeIdColumn : kind === "cpf" ? m.cpfColumn : m.emailColumn;
    return index === undefined ? kind : (this.ctx.header[index] ?? kind);
  }

  private matchIssue(p: MatchProblem, severity: "error" | "warning", rowIndex: number, row: number): Issue {
    const params: IssueParams = { input: p.input };
    if (p.reason !== undefined) params.reason = p.reason;
    if (p.other !== undefined) params.other = this.columnName(p.other);
    if (p.employeeName !== undefined) params.employeeName = p.employeeName;
    if (p.situation !== undefined) params.situation = p.situation;
    if (p.count !== undefined) params.count = p.count;
    return makeIssue({ code: p.code, severity, row, rowIndex, column: this.columnName(p.column), params });
  }

  private amountIssue(
    code: string,
    input: string,
    cell: CellValue,
    rowIndex: number,
    row: number,
    column: string,
  ): Issue {
    const issueCode = CENTS_CODE[code] ?? "amount_not_a_number";
    const params: IssueParams = { input };
    if (issueCode === "amount_sub_cent") Object.assign(params, this.subCentSuggestions(cell));
    if (issueCode === "amount_ambiguous") {
      // "1,234" read as whole reais: the digits without the separator, with explicit cents.
      const digits = input.replace(/[^\d]/g, "");
      if (digits !== "" && digits.length <= 15) params.whole = this.plain(Number(digits) * 100);
    }
    if (issueCode === "amount_too_large") params.limit = formatCents(this.maxCents, this.locale);
    return makeIssue({ code: issueCode, row, rowIndex, column, params });
  }

  /** The two nearest amounts in cents, written as the user would type them. Only for messages. */
  private subCentSuggestions(cell: CellValue): { down?: string; up?: string } {
    let down: number | undefined;
    if (typeof cell === "number" && Number.isFinite(cell) && cell >= 0 && cell < 1e13) {
      down = Math.floor(cell * 100);
    } else if (typeof cell === "string") {
      // Keep two digits after the last separator and let the parser read that.
      const m = /^(.*[.,]\d{2})\d+(\D*)$/.exec(cell.trim());
      if (m?.[1] !== undefined) {
        const r = parseCents(`${m[1]}${m[2] ?? ""}`, { locale: this.locale });
        if (r.ok && !r.blank) down = r.cents;
      }
    }
    if (down === undefined || !Number.isSafeInteger(down + 1)) return {};
    return { down: this.plain(down), up: this.plain(down + 1) };
  }

  /** "12,35" (pt-BR) / "12.35" (en-US): formatCents without the currency mark. */
  private plain(cents: number): string {
    return formatCents(cents, this.locale).replace(/^-?\s*R\$\s*/, "");
  }

  finish(): ValidationResult {
    this.finished = true;
    const tableIssues: Issue[] = [...this.ctx.mapping.issues];
    const m = this.ctx.mapping;
    if (m.employeeIdColumn === undefined && m.cpfColumn === undefined && m.emailColumn === undefined) {
      tableIssues.push(makeIssue({ code: "no_identity_column" }));
    }
    if (m.products.length === 0) tableIssues.push(makeIssue({ code: "no_product_column" }));
    for (const u of this.unmappedCols) {
      if (u.amounts === 0 || u.amounts * 2 < u.nonBlank) continue;
      tableIssues.push(
        makeIssue({
          code: "unmapped_amount_column",
          column: u.header,
          params: {
            total: formatCents(u.cents, this.locale),
            candidates: productCandidates(u.header, this.ctx.products),
          },
        }),
      );
    }

    // The same employee on several rows: every row involved is an error and is not sent.
    const dropped = new Set<number>();
    const duplicateIssues: Issue[] = [];
    let duplicated = 0;
    for (const list of this.byEmployee.values()) {
      if (list.length < 2) continue;
      duplicated++;
      for (const t of list) {
        if (t.sendIndex >= 0) {
          dropped.add(t.sendIndex);
          this.rowsWithErrors++;
        }
        duplicateIssues.push(
          makeIssue({
            code: "employee_duplicate",
            row: t.row,
            rowIndex: t.rowIndex,
            params: { employeeName: t.name, rows: list.filter((o) => o !== t).map((o) => o.row) },
          }),
        );
      }
    }
    if (duplicated > 0)
      tableIssues.push(makeIssue({ code: "duplicate_employees", params: { count: duplicated } }));
    const rows = dropped.size === 0 ? this.rows : this.rows.filter((_, i) => !dropped.has(i));

    const perProduct = new Map<string, number>();
    for (const p of m.products) perProduct.set(p.product_id, 0);
    let grand = 0;
    let employees = 0;
    for (const r of rows) {
      for (const [id, cents] of r.values) perProduct.set(id, (perProduct.get(id) ?? 0) + cents);
      grand += r.totalCents;
      if (r.totalCents > 0) employees++;
    }
    // When rows have errors, those are the reason nothing is left: no extra "nothing to send".
    if (grand === 0 && m.products.length > 0 && this.rowsWithErrors === 0) {
      tableIssues.push(makeIssue({ code: "nothing_to_send" }));
    }

    const available = this.ctx.options?.availableBalanceCents;
    const summaryBalance: Partial<ValidationSummary> = {};
    if (available !== undefined) {
      const shortfall = Math.max(0, grand - available);
      summaryBalance.availableBalanceCents = available;
      summaryBalance.shortfallCents = shortfall;
      if (shortfall > 0) {
        tableIssues.push(
          makeIssue({
            code: "insufficient_balance",
            params: {
              total: formatCents(grand, this.locale),
              available: formatCents(available, this.locale),
              shortfall: formatCents(shortfall, this.locale),
            },
          }),
        );
      }
    }

    const cellIssues =
      duplicateIssues.length === 0
        ? this.cellIssues
        : [...this.cellIssues, ...duplicateIssues].sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
    const issues = [...tableIssues, ...cellIssues];
    let errors = 0;
    for (const i of issues) if (i.severity === "error") errors++;
    return {
      ok: errors === 0,
      rows,
      issues,
      summary: {
        rowsRead: this.rowsRead,
        rowsSkipped: this.rowsSkipped,
        rowsValid: rows.length,
        rowsWithErrors: this.rowsWithErrors,
        employees,
        perProduct,
        grandTotalCents: grand,
        errors,
        warnings: issues.length - errors,
        ...summaryBalance,
      },
    };
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
