/**
 * A cell's money problem (src/money's `CentsProblem`: a code and cents) as an issue. The issue
 * carries the cents; the catalogue (./messages.ts) writes them in each message's own language.
 * Total over the problem codes (the switch is exhaustive: a new code in src/money is a type
 * error here until it has its issue).
 */
import type { CentsProblem } from "../money";
import { type Issue, type IssueWhere, makeIssue } from "./issues";

export function amountIssue(problem: CentsProblem, where: IssueWhere): Issue {
  // A number cell's decimal is shown in each message's language ("12,345" in pt-BR).
  const input = problem.fromNumber
    ? { input: problem.input, number: true as const }
    : { input: problem.input };
  switch (problem.code) {
    case "not_a_number":
      return makeIssue("amount_not_a_number", input, where);
    case "formula_error":
      return makeIssue("amount_formula_error", input, where);
    case "negative":
      return makeIssue("amount_negative", input, where);
    case "sub_cent": {
      const nearestCents = problem.nearest;
      const nearest = nearestCents && { downCents: nearestCents.down, upCents: nearestCents.up };
      return makeIssue("amount_sub_cent", nearest ? { ...input, nearest } : input, where);
    }
    case "too_large":
      return makeIssue("amount_too_large", { ...input, limitCents: problem.maxCents }, where);
    case "ambiguous":
      return makeIssue("amount_ambiguous", { ...input, wholeCents: problem.asThousandsCents }, where);
  }
}
