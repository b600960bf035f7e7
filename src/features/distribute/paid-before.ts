/**
 * An earlier run that paid the same content, as finance staff are told of it:
 * when, and which distribution in their words (its table and how many employees it paid), never
 * its id alone. The id goes under the pane's "Detalhes", or at the end of a ribbon message.
 */
import type { Locale } from "../../money";
import { formatCount, formatDateTime } from "../../ui/i18n";
import type { RunLogEntry } from "../../workbook/run-log";
import { DISTRIBUTE_WORDS } from "./words";

/** What the run log says of the earlier run (its latest entry with the same fingerprint). */
export type PaidBefore = Pick<RunLogEntry, "distributionId" | "at" | "table" | "totalEmployees">;

/** The earlier run of `entry`, kept to what the words need. */
export function paidBeforeOf(entry: RunLogEntry): PaidBefore {
  const { distributionId, at, table, totalEmployees } = entry;
  return { distributionId, at, table, totalEmployees };
}

/** When it was paid, and the distribution described: "24/11/2026 14:03", "distribuição da tabela Novembro, 6 colaboradores". */
export function describePaidBefore(paid: PaidBefore, locale: Locale): { date: string; distribution: string } {
  const words = DISTRIBUTE_WORDS[locale];
  const employees = paid.totalEmployees;
  return {
    date: formatDateTime(paid.at, locale),
    distribution:
      employees === undefined
        ? words.paidBeforeTable({ table: paid.table })
        : words.paidBeforeEmployees({
            table: paid.table,
            count: employees,
            employees: formatCount(employees, locale),
          }),
  };
}
