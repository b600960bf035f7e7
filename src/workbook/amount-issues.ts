/**
 * A cell's money problem (src/money's `CentsProblem`: a code and cents) as an issue, with its
 * amounts written as the user would type them in the sheet's money locale. One function per
 * direction of the mapping, total over the problem codes (the switch is exhaustive: a new code in
 * src/money is a type error here until it has its issue).
 */
import { type CentsProblem, type Locale, formatCents } from "../money";
import { type Issue, type IssueWhere, makeIssue } from "./issues";

/** "12,35" (pt-BR) / "12.35" (en-US): formatCents without the currency mark. */
export function plainAmount(cents: number, locale: Locale): string {
  return formatCents(cents, locale).replace(/^-?\s*R\$\s*/, "");
}

export function amountIssue(problem: CentsProblem, locale: Locale, where: IssueWhere): Issue {
  const { input } = problem;
  switch (problem.code) {
    case "not_a_number":
      return makeIssue("amount_not_a_number", { input }, where);
    case "negative":
      return makeIssue("amount_negative", { input }, where);
    case "sub_cent": {
      const n = problem.nearest;
      const nearest = n && { down: plainAmount(n.down, locale), up: plainAmount(n.up, locale) };
      return makeIssue("amount_sub_cent", nearest ? { input, nearest } : { input }, where);
    }
    case "too_large":
      return makeIssue("amount_too_large", { input, limit: formatCents(problem.maxCents, locale) }, where);
    case "ambiguous":
      return makeIssue(
        "amount_ambiguous",
        { input, whole: plainAmount(problem.asThousandsCents, locale) },
        where,
      );
  }
}
