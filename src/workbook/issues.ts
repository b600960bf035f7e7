/**
 * Issues: what validation and mapping report, one type per code. As zod's issues, each code
 * carries exactly its own parameters (`IssueParamsByCode`), so `makeIssue("amount_too_large",
 * { input })` without its `limit` is a type error instead of an empty string in a message, and a
 * consumer that switches on `issue.code` gets that code's parameters. The text of every code, in
 * every locale, lives in the message catalogue (./messages.ts).
 *
 * Personal data: CPFs reach these parameters masked (see matching.ts), because issue lists end up
 * in the run log and in screenshots.
 */
import { type Locale, LOCALES } from "../money";
import type { IssueCode, IssueParamsByCode, Severity } from "./issue-codes";
import { MESSAGES, locationPrefix } from "./messages";

/** Where an issue is, and its severity when it differs from the code's default. */
export interface IssueWhere {
  /** Worksheet row number as Excel shows it; absent for whole-table issues. */
  row?: number;
  /** 0-based index among the data rows; absent for whole-table issues. */
  rowIndex?: number;
  /** Header of the column, when the issue is about one. */
  column?: string;
  severity?: Severity;
}

interface IssueBase {
  severity: Severity;
  row?: number;
  rowIndex?: number;
  column?: string;
  /** The full text, location prefix included ("Linha 12, coluna Refeição: ..."), per locale. */
  message: Record<Locale, string>;
}

/** An issue of code C (by default: any code, as a union keyed by `code`). */
export type Issue<C extends IssueCode = IssueCode> = {
  [K in C]: IssueBase & { code: K; params: IssueParamsByCode[K] };
}[C];

/** Builds an issue with its messages in every locale. */
export function makeIssue<C extends IssueCode>(
  code: C,
  params: IssueParamsByCode[C],
  where: IssueWhere = {},
): Issue<C> {
  const entry = MESSAGES[code];
  const message = {} as Record<Locale, string>;
  for (const locale of LOCALES) {
    message[locale] = locationPrefix(locale, where.row, where.column) + entry[locale](params);
  }
  return {
    code,
    severity: where.severity ?? entry.severity,
    ...(where.row !== undefined ? { row: where.row } : {}),
    ...(where.rowIndex !== undefined ? { rowIndex: where.rowIndex } : {}),
    ...(where.column !== undefined ? { column: where.column } : {}),
    params,
    message,
  };
}
