/**
 * Book the month, from the ribbon: the ledger's latest month through the pane's books services
 * (src/features/books): the entries written, checked with ValePix, the PivotTable refreshed. A
 * month that cannot be booked (an account to fill in) opens the pane with the reason.
 */
import { monthLabel } from "../features/books";
import type { Host } from "../taskpane/composition-root";
import { formatBRL, formatCount } from "../ui/i18n";
import type { Outcome } from "./actions";
import type { CommandMessages } from "./messages";

export async function bookMonthCommand(host: Host, words: CommandMessages): Promise<Outcome> {
  const books = host.services.books;
  if (!books) return { notice: { intent: "error", title: words.noWorkbookTitle, body: words.noWorkbook } };
  const controller = new AbortController();
  const run = { signal: controller.signal, onProgress: () => undefined };
  const [month] = await books.months(controller.signal);
  if (month === undefined)
    return { notice: { intent: "info", title: words.bookedTitle, body: words.nothingPaid } };
  const booked = await books.book(month, run);
  return {
    notice: {
      intent: "success",
      title: words.bookedTitle,
      body: words.booked({
        month: monthLabel(month, host.locale),
        lines: formatCount(booked.lines, host.locale),
        total: formatBRL(booked.debitCents, host.locale),
      }),
    },
  };
}
