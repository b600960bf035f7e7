/**
 * The VALEPIX functions' arguments read as Excel passes them, and their answers turned into cell
 * values: reais as numbers (the cell's format makes them currency), dates as Excel date serials,
 * codes as the API gives them (formulas compare them: `=VALEPIX.DEPOSITO(id; "estado")="COMPLETED"`
 * must not change meaning with the display language).
 * Dates follow src/workbook/dates.ts (Excel serials of the local wall clock).
 *
 * Excel passes an omitted optional argument as `null` ("Custom functions parameter options",
 * https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-parameter-options), an
 * empty cell as 0 to a number parameter and "" to a string one; both mean "not given" here.
 */
import type { Deposit, Distribution, Transaction } from "../../api";
import type { Locale } from "../../money";
import { isoToSerial } from "../../workbook/dates";
import type { TransactionType } from "./questions";
import { functionWords } from "./words";

/** The two error codes whose message Excel shows ("CustomFunctions.ErrorCode"). */
type FailureCode = "#N/A" | "#VALUE!";

/** What a cell shows instead of a value: an Excel error code and what to do. */
export interface Failure {
  code: FailureCode;
  message: string;
}

/** An argument Excel passed that the function cannot use: `#VALUE!` with its message. */
export class FunctionArgumentError extends Error {
  override name = "FunctionArgumentError";
}

export type CellScalar = string | number;

const given = (v: unknown): boolean => v !== null && v !== undefined && v !== "";

/** Upper case, no accents, no spaces around: "Depósito " → "DEPOSITO". */
function folded(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").trim().toUpperCase();
}

const TYPE_WORDS: Record<string, TransactionType> = {
  DEPOSIT: "DEPOSIT",
  DEPOSITS: "DEPOSIT",
  DEPOSITO: "DEPOSIT",
  DEPOSITOS: "DEPOSIT",
  DISTRIBUTION: "DISTRIBUTION",
  DISTRIBUTIONS: "DISTRIBUTION",
  DISTRIBUICAO: "DISTRIBUTION",
  DISTRIBUICOES: "DISTRIBUTION",
};

/** The `type` argument of TRANSACOES, in either language; undefined when not given. */
export function parseType(value: unknown, locale: Locale): TransactionType | undefined {
  if (!given(value)) return undefined;
  const type = TYPE_WORDS[folded(String(value))];
  if (!type) throw new FunctionArgumentError(functionWords(locale).badType(String(value)));
  return type;
}

/** The dates of TRANSACOES as a half-open range of serials [from, until). */
export interface DateRange {
  from: number | undefined;
  until: number | undefined;
}

/**
 * `from` is the first day (from its midnight), `to` the last day, whole (a date-time `to` is an
 * instant: up to and including it). A 0 is an empty cell: not given.
 */
export function parseDates(from: unknown, to: unknown, locale: Locale): DateRange {
  const serial = (value: unknown): number | undefined => {
    if (!given(value) || value === 0) return undefined;
    const days = typeof value === "number" ? value : Number(value);
    if (!Number.isFinite(days) || days < 0) throw new FunctionArgumentError(functionWords(locale).badDates);
    return days;
  };
  const start = serial(from);
  const end = serial(to);
  // An instant `to` is included: 1e-9 of a day (86 µs) past it, well above a serial's precision.
  const until = end === undefined ? undefined : Number.isInteger(end) ? end + 1 : end + 1e-9;
  if (start !== undefined && until !== undefined && until <= start)
    throw new FunctionArgumentError(functionWords(locale).badDates);
  return { from: start, until };
}

/** An id argument: text (or a number typed into a cell), trimmed; never empty. */
export function parseId(value: unknown, what: "distribution" | "deposit", locale: Locale): string {
  const id = given(value) ? String(value).trim() : "";
  if (id === "") throw new FunctionArgumentError(functionWords(locale).badId(what));
  return id;
}

export type DistributionField = "state" | "total" | "employees";
export type DepositField = "state" | "amount";

const DISTRIBUTION_FIELDS: Record<string, DistributionField> = {
  STATE: "state",
  STATUS: "state",
  ESTADO: "state",
  SITUACAO: "state",
  TOTAL: "total",
  AMOUNT: "total",
  VALOR: "total",
  EMPLOYEES: "employees",
  COLABORADORES: "employees",
};

const DEPOSIT_FIELDS: Record<string, DepositField> = {
  STATE: "state",
  STATUS: "state",
  ESTADO: "state",
  SITUACAO: "state",
  AMOUNT: "amount",
  VALOR: "amount",
};

const FIELD_LIST = {
  distribution: {
    "pt-BR": '"estado", "total" ou "colaboradores"',
    "en-US": '"state", "total" or "employees"',
  },
  deposit: { "pt-BR": '"estado" ou "valor"', "en-US": '"state" or "amount"' },
} as const;

/** The `field` argument (default: the state), in either language. */
export function parseField<K extends "distribution" | "deposit">(
  value: unknown,
  kind: K,
  locale: Locale,
): K extends "distribution" ? DistributionField : DepositField {
  type Out = K extends "distribution" ? DistributionField : DepositField;
  if (!given(value)) return "state";
  const table: Record<string, string> = kind === "distribution" ? DISTRIBUTION_FIELDS : DEPOSIT_FIELDS;
  const field = table[folded(String(value))];
  if (!field)
    throw new FunctionArgumentError(functionWords(locale).badField(String(value), FIELD_LIST[kind][locale]));
  return field as Out;
}

/** Cents as reais, the number a currency cell shows (integer cents / 100: exact to the cent). */
const reais = (cents: number): number => cents / 100;

/**
 * What a transaction refers to, as the other functions take it: a deposit's id (its
 * `transaction_id`, for DEPOSITO), else the distribution it paid or funded (for DISTRIBUICAO).
 */
function referenceOf(transaction: Transaction): string {
  if (transaction.type.toUpperCase() === "DEPOSIT")
    return transaction.transaction_id ?? transaction.distribution_id ?? "";
  return transaction.distribution_id ?? transaction.transaction_id ?? "";
}

/**
 * TRANSACOES' dynamic array: the header row, then one row per transaction in the API's order,
 * within the dates when given: date (an Excel date serial, the local wall clock as every date the
 * add-in writes: src/workbook/dates.ts), type, state, amount, description, id, and the reference
 * the other functions take (the join key of the reconciliation sheet's ledger block). A
 * transaction without a date is kept when no dates are given, and left out of a dated list (it
 * cannot be placed in it); its date cell is empty.
 */
export function transactionRows(
  transactions: readonly Transaction[],
  dates: DateRange,
  locale: Locale,
): CellScalar[][] {
  const rows: CellScalar[][] = [[...functionWords(locale).transactionHeader]];
  const dated = dates.from !== undefined || dates.until !== undefined;
  for (const transaction of transactions) {
    const serial = isoToSerial(transaction.created_at);
    if (dated) {
      if (serial === undefined) continue;
      if (dates.from !== undefined && serial < dates.from) continue;
      if (dates.until !== undefined && serial >= dates.until) continue;
    }
    rows.push([
      serial ?? "",
      transaction.type,
      transaction.status ?? "",
      reais(transaction.amount),
      transaction.description ?? "",
      transaction.id,
      referenceOf(transaction),
    ]);
  }
  return rows;
}

export function distributionValue(distribution: Distribution, field: DistributionField): CellScalar {
  if (field === "total") return reais(distribution.total_amount);
  if (field === "employees") return distribution.total_employees;
  return distribution.status;
}

/** A deposit's state, or its amount (a `#N/A` when the server did not give it: not shown). */
export function depositValue(deposit: Deposit, field: DepositField, locale: Locale): CellScalar | Failure {
  if (field === "state") return deposit.status;
  if (deposit.amount === undefined) return { code: "#N/A", message: functionWords(locale).noAmount };
  return reais(deposit.amount);
}
