/**
 * The issue codes and the parameters each one carries (./issues.ts builds issues from them,
 * ./messages.ts words them, ./matching.ts reports identity problems with them): types only, so
 * the three need not import each other.
 */
import type { DocumentProblemCode } from "../money";

/** Which identity column a row was matched by, or a problem is about. */
export type IdentityKind = "employee_id" | "cpf" | "email";

export type Severity = "error" | "warning";

/** No parameters: `{}` and nothing else. */
type NoParams = Record<string, never>;

/** The cell as the user wrote it (a CPF masked). */
interface Input {
  input: string;
  /** The cell holds a number: `input` is its decimal ("12.345"), shown in each message's language. */
  number?: true;
}

/**
 * The parameters of each issue code: data, not text. Amounts are integer cents (`...Cents`); the
 * catalogue (./messages.ts) formats them in the language each message is worded in, so an en-US
 * message reads "R$ 1,234.56" and a pt-BR one "R$ 1.234,56" for the same issue, whatever locale
 * the sheet's amount text was read in (`ValidationOptions.moneyLocale`).
 */
export interface IssueParamsByCode {
  // ---- Amount cells (from src/money's CentsProblem)
  amount_not_a_number: Input;
  /** A formula whose result is an error value (`input` is the error's code). */
  amount_formula_error: Input;
  amount_negative: Input;
  /** `nearest`: the amounts on either side, when there are any to suggest. */
  amount_sub_cent: Input & { nearest?: { downCents: number; upCents: number } };
  amount_too_large: Input & { limitCents: number };
  /** `wholeCents`: the amount read as whole reais ("1,234" -> 123400). */
  amount_ambiguous: Input & { wholeCents: number };
  amount_large: { cents: number };

  // ---- Identity cells (from matching.ts's MatchProblem)
  employee_id_unknown: Input;
  employee_id_ambiguous: Input & { count: number };
  employee_id_number_unsafe: Input;
  cpf_unknown: Input;
  email_unknown: Input;
  cpf_invalid: Input & { reason: DocumentProblemCode };
  cpf_ambiguous: Input & { count: number };
  email_ambiguous: Input & { count: number };
  /** The identity in `column` names someone else than the row's `other` identity does. */
  identity_conflict: Input & { other: IdentityKind } & ({ employeeName: string } | { count: number });
  identity_mismatch: Input & { other: IdentityKind; employeeName: string };
  employee_inactive: Input & { employeeName: string; situation: string };

  // ---- Rows
  employee_duplicate: { employeeName: string; rows: number[] };
  /** The row's identity (`by`) resolved to `employeeName`, whose name shares no word with `rowName`. */
  name_mismatch: { by: IdentityKind; employeeName: string; rowName: string };
  missing_identity: NoParams;
  incomplete_row: NoParams;
  /** `label`: the cell that says so ("TOTAL", "Total geral:", "Soma"). */
  totals_row_skipped: { label: string };

  // ---- Whole table
  no_identity_column: NoParams;
  no_product_column: NoParams;
  duplicate_column: { headers: string[]; product?: string };
  unmapped_amount_column: { totalCents: number; candidates: string[] };
  product_loose_match: { product: string };
  mapping_stale: { headers: string[] };
  mapping_unknown_product: { product: string };
  mapping_invalid: NoParams;
  duplicate_employees: { count: number };
  nothing_to_send: NoParams;
  insufficient_balance: { totalCents: number; availableCents: number; shortfallCents: number };
}

export type IssueCode = keyof IssueParamsByCode;
