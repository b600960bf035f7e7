/**
 * The Contabilização section's actions: the months to choose from (read from the ledger when the
 * section opens), opening the accounts table, and booking the chosen month, each through one task
 * (progress, cancel, errors to the error centre), its outcome told as a notice.
 */
import { useCallback, useEffect, useState } from "react";
import { useReport } from "../../ui/errors/ErrorCenter";
import { formatBRL, formatCount, useMessages, useWords } from "../../ui/i18n";
import { useTask } from "../../ui/useTask";
import type { BooksOutcome } from "./books";
import { monthLabel } from "./month-label";
import type { BooksServices } from "./services";
import { BOOKS_WORDS } from "./words";

export function useBooks(services: BooksServices) {
  const { locale } = useMessages();
  const words = useWords(BOOKS_WORDS);
  const report = useReport();
  const task = useTask();
  const [months, setMonths] = useState<string[] | undefined>(undefined);
  const [month, setMonth] = useState("");
  const [outcome, setOutcome] = useState<BooksOutcome | undefined>(undefined);

  const showMonths = useCallback((found: string[]) => {
    setMonths(found);
    setMonth((chosen) => (found.includes(chosen) ? chosen : (found[0] ?? "")));
  }, []);
  useEffect(() => {
    const controller = new AbortController();
    services.months(controller.signal).then(showMonths, (e: unknown) => {
      if (!controller.signal.aborted) report.error(e);
    });
    return () => controller.abort();
  }, [services, showMonths, report]);

  const openAccounts = () =>
    void task.run(async (run) => {
      const { table, created } = await services.openAccounts(run);
      report.notice(created ? words.accountsCreated({ table }) : words.accountsShown({ table }));
    });
  const book = () =>
    void task.run(async (run) => {
      const booked = await services.book(month, run);
      setOutcome(booked);
      report.notice(
        words.booked({
          month: monthLabel(booked.month, locale),
          lines: formatCount(booked.lines, locale),
          total: formatBRL(booked.debitCents, locale),
        }),
      );
      showMonths(await services.months(run.signal));
    });
  return { task, months, month, setMonth, outcome, openAccounts, book };
}
