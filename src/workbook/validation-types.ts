/**
 * The types of validation (./validation.ts): its inputs (context, options) and its result. The
 * result is a union on `ok`: only a valid table (`ValidTable`) has `rows`, what the distribution
 * workflow sends, so a table with any error cannot be sent by mistake.
 */
import type { Product } from "../api/schemas";
import type { Locale } from "../money";
import type { Issue } from "./issues";
import type { TableMapping } from "./mapping";
import type { EmployeeIndex } from "./matching";

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

/** A row without errors of its own: where it is and its total (for the status column). */
export interface CheckedRow {
  /** 0-based index among the table's data rows. */
  rowIndex: number;
  /** Worksheet row number as Excel shows it. */
  row: number;
  employee_id: string;
  totalCents: number;
}

/** One row of a valid table, as the distribution workflow sends it. */
export interface SendRow extends CheckedRow {
  /** Cents per product_id, for every mapped product (zeros included). */
  values: Map<string, number>;
  /** The row's cost centre, when the table has that column and the cell is not blank (never sent). */
  costCentre?: string;
}

export interface ValidationSummary {
  rowsRead: number;
  /** Empty rows, totals rows and rows without identity or amounts. */
  rowsSkipped: number;
  /** Rows without errors of their own (`checkedRows`). */
  rowsValid: number;
  rowsWithErrors: number;
  /** Rows without errors whose total is positive. */
  employees: number;
  /** Cents per product_id over the rows without errors (every mapped product present). */
  perProduct: Map<string, number>;
  grandTotalCents: number;
  /** Employees paid on rows with a blank cost centre, when the table has a cost-centre column. */
  withoutCostCentre?: number;
  errors: number;
  warnings: number;
  availableBalanceCents?: number;
  /** max(0, grand total − available balance), when the balance is known. */
  shortfallCents?: number;
}

interface ValidationOutcome {
  /** Whole-table issues first, then cell issues in row order. */
  issues: Issue[];
  summary: ValidationSummary;
  /** Rows without errors of their own, in row order: not a send instruction (see `ValidTable`). */
  checkedRows: CheckedRow[];
}

/** No error anywhere: `rows` is what to send. */
interface ValidTable extends ValidationOutcome {
  ok: true;
  rows: SendRow[];
}

/** At least one error (in a cell, a row or the table): there is nothing to send. */
interface InvalidTable extends ValidationOutcome {
  ok: false;
}

export type ValidationResult = ValidTable | InvalidTable;

/** A matched row, for the duplicate check at the end. */
export interface TrackedRow {
  rowIndex: number;
  row: number;
  name: string;
  /** Index in the sendable rows when the row had no error of its own, else -1. */
  sendIndex: number;
}
