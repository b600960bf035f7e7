/**
 * The pieces the issue catalogue is worded with, shared by its two halves: ./cell-messages.ts
 * (an amount or an identity cell) and ./messages.ts (a row, the whole table, and the catalogue
 * itself). The shape of an entry, a cell's input quoted, an amount in each language, and an
 * identity column as a sentence names it.
 */
import { defineWords, formatCents } from "../money";
import type { IdentityKind, IssueCode, IssueParamsByCode, Severity } from "./issue-codes";

/** One issue code's severity and its message in each language, from the code's parameters. */
interface Entry<P> {
  severity: Severity;
  "pt-BR": (params: P) => string;
  "en-US": (params: P) => string;
}

/** One entry per issue code, each typed with that code's parameters. */
export type Catalogue = { [C in IssueCode]: Entry<IssueParamsByCode[C]> };

export const quoted = (s: string): string => `'${s}'`;
/** An amount in cents as each language writes it: "R$ 1.234,56" (pt-BR), "R$ 1,234.56" (en-US). */
export const pt = (cents: number): string => formatCents(cents, "pt-BR");
export const en = (cents: number): string => formatCents(cents, "en-US");

/** An identity column as a sentence names it: "o CPF", "the employee ID". */
export const IDENTITY = defineWords<Record<IdentityKind, string>>(
  { employee_id: "o ID do colaborador", cpf: "o CPF", email: "o e-mail" },
  { employee_id: "the employee ID", cpf: "the CPF", email: "the e-mail" },
);
