/**
 * The rows a directory run could not take, grouped by what went wrong, in the worksheet's row
 * numbers: what the pane names ("Linhas 4 e 7: CPF inválido") so nobody has to scan the status
 * column to find them. Each row's full message stays in its own status cell.
 */
import type { Locale } from "../../money";
import type { RowStatus } from "../../workbook/row-status";
import { DIRECTORY_WORDS } from "./words";

export interface RowProblem {
  /** What went wrong: the first clause of the rows' message ("CPF inválido"). */
  what: string;
  /** Worksheet row numbers, as Excel shows them, in order. */
  rows: number[];
}

/** The first clause of a message: up to its first ": " or ". ", without the final stop. */
function firstClause(message: string): string {
  const clause = message.split(/[:.](?:\s|$)/, 1)[0]!.trim();
  return clause.length > 80 ? `${clause.slice(0, 79)}…` : clause;
}

/** Rows with an error or not sent, grouped by what went wrong, the largest group first. */
export function rowProblems(statuses: readonly RowStatus[], headerRow: number): RowProblem[] {
  const groups = new Map<string, number[]>();
  for (const status of statuses) {
    if (status.outcome !== "error" && status.outcome !== "not_sent") continue;
    const what = firstClause(status.message ?? "") || status.outcome;
    const rows = groups.get(what) ?? [];
    rows.push(headerRow + 1 + status.rowIndex);
    groups.set(what, rows);
  }
  return [...groups]
    .map(([what, rows]) => ({ what, rows: rows.sort((a, b) => a - b) }))
    .sort((a, b) => b.rows.length - a.rows.length);
}

const SHOWN_GROUPS = 3;
const SHOWN_ROWS = 5;

/** "Linhas 4 e 7: CPF inválido. Linha 9: Nome vazio." — at most 3 kinds and 5 rows each. */
export function rowProblemsText(problems: readonly RowProblem[], locale: Locale): string {
  const words = DIRECTORY_WORDS[locale];
  const list = new Intl.ListFormat(locale, { type: "conjunction" });
  const lines = problems.slice(0, SHOWN_GROUPS).map(({ what, rows }) => {
    const shown = rows.slice(0, SHOWN_ROWS).map(String);
    if (rows.length > SHOWN_ROWS)
      shown.splice(SHOWN_ROWS, 1, words.moreRows({ count: rows.length - SHOWN_ROWS }));
    return `${rows.length === 1 ? words.rowOne : words.rowMany} ${list.format(shown)}: ${what}.`;
  });
  if (problems.length > SHOWN_GROUPS)
    lines.push(words.otherProblems({ count: problems.length - SHOWN_GROUPS }));
  return lines.join(" ");
}
