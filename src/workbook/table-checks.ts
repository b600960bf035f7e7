/**
 * The checks validation can only make once every row is read: the same employee on several
 * rows, amount columns that map to no product, the identity and product columns, nothing to
 * send, and the total against the available balance. Whole-table issues come first in a result;
 * the duplicate-row issues go with the cell issues, in row order.
 */
import { type Issue, makeIssue } from "./issues";
import { productCandidates } from "./mapping";
import type { SendRow, TrackedRow, ValidationContext, ValidationSummary } from "./validation-types";

export interface TableCheckInput {
  ctx: ValidationContext;
  /** Rows without errors of their own, in row order. */
  rows: readonly SendRow[];
  byEmployee: ReadonlyMap<string, readonly TrackedRow[]>;
  unmapped: ReadonlyArray<{ header: string; nonBlank: number; amounts: number; cents: number }>;
  rowsWithErrors: number;
}

export interface TableCheckOutput {
  tableIssues: Issue[];
  /** `employee_duplicate` on every row of a duplicated employee. */
  rowIssues: Issue[];
  /** The rows left once duplicated employees are taken out. */
  rows: SendRow[];
  rowsWithErrors: number;
  totals: Pick<
    ValidationSummary,
    "employees" | "perProduct" | "grandTotalCents" | "availableBalanceCents" | "shortfallCents"
  >;
}

/**
 * The whole-table issues that come before any row is judged: the mapping's own, a missing identity
 * or product column, and amount columns that map to no product.
 */
export function openingIssues(ctx: ValidationContext, unmapped: TableCheckInput["unmapped"]): Issue[] {
  const mapping = ctx.mapping;
  const tableIssues: Issue[] = [...mapping.issues];
  if (
    mapping.employeeIdColumn === undefined &&
    mapping.cpfColumn === undefined &&
    mapping.emailColumn === undefined
  ) {
    tableIssues.push(makeIssue("no_identity_column", {}));
  }
  if (mapping.products.length === 0) tableIssues.push(makeIssue("no_product_column", {}));
  for (const column of unmapped) {
    if (column.amounts === 0 || column.amounts * 2 < column.nonBlank) continue;
    const params = { totalCents: column.cents, candidates: productCandidates(column.header, ctx.products) };
    tableIssues.push(makeIssue("unmapped_amount_column", params, { column: column.header }));
  }
  return tableIssues;
}

/** `employee_duplicate` on one row of a duplicated employee; `others`: the other rows, in order. */
export function duplicateRowIssue(
  duplicate: { name: string; row: number; rowIndex: number },
  others: number[],
): Issue {
  return makeIssue(
    "employee_duplicate",
    { employeeName: duplicate.name, rows: others },
    { row: duplicate.row, rowIndex: duplicate.rowIndex },
  );
}

/**
 * The whole-table issues that come once every row is judged, from the table's totals: duplicated
 * employees, nothing to send, and the total against the available balance.
 */
export function closingIssues(
  ctx: ValidationContext,
  facts: { duplicated: number; grandTotalCents: number; rowsWithErrors: number },
): { issues: Issue[]; balance: Pick<ValidationSummary, "availableBalanceCents" | "shortfallCents"> } {
  const issues: Issue[] = [];
  const grand = facts.grandTotalCents;
  if (facts.duplicated > 0) issues.push(makeIssue("duplicate_employees", { count: facts.duplicated }));
  // When rows have errors, those are the reason nothing is left: no extra "nothing to send".
  if (grand === 0 && ctx.mapping.products.length > 0 && facts.rowsWithErrors === 0) {
    issues.push(makeIssue("nothing_to_send", {}));
  }
  const balance: Pick<ValidationSummary, "availableBalanceCents" | "shortfallCents"> = {};
  const available = ctx.options?.availableBalanceCents;
  if (available !== undefined) {
    const shortfall = Math.max(0, grand - available);
    balance.availableBalanceCents = available;
    balance.shortfallCents = shortfall;
    if (shortfall > 0) {
      const params = { totalCents: grand, availableCents: available, shortfallCents: shortfall };
      issues.push(makeIssue("insufficient_balance", params));
    }
  }
  return { issues, balance };
}

export function tableIssues(input: TableCheckInput): TableCheckOutput {
  const { ctx } = input;
  const mapping = ctx.mapping;
  const tableIssues = openingIssues(ctx, input.unmapped);

  // The same employee on several rows: every row involved is an error and is not sent.
  const dropped = new Set<number>();
  const rowIssues: Issue[] = [];
  let rowsWithErrors = input.rowsWithErrors;
  let duplicated = 0;
  for (const list of input.byEmployee.values()) {
    if (list.length < 2) continue;
    duplicated++;
    for (const duplicate of list) {
      if (duplicate.sendIndex >= 0) {
        dropped.add(duplicate.sendIndex);
        rowsWithErrors++;
      }
      rowIssues.push(
        duplicateRowIssue(
          duplicate,
          list.filter((o) => o !== duplicate).map((o) => o.row),
        ),
      );
    }
  }
  const rows = dropped.size === 0 ? [...input.rows] : input.rows.filter((_, i) => !dropped.has(i));

  const perProduct = new Map<string, number>();
  for (const product of mapping.products) perProduct.set(product.product_id, 0);
  let grand = 0;
  let employees = 0;
  for (const row of rows) {
    for (const [id, cents] of row.values) perProduct.set(id, (perProduct.get(id) ?? 0) + cents);
    grand += row.totalCents;
    if (row.totalCents > 0) employees++;
  }
  const closing = closingIssues(ctx, { duplicated, grandTotalCents: grand, rowsWithErrors });
  tableIssues.push(...closing.issues);
  const totals: TableCheckOutput["totals"] = {
    employees,
    perProduct,
    grandTotalCents: grand,
    ...closing.balance,
  };
  return { tableIssues, rowIssues, rows, rowsWithErrors, totals };
}
