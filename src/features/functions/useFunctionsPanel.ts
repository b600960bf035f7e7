/**
 * The functions panel's actions: the live refresh switch (kept by the services), a refresh of
 * every VALEPIX cell now, and the reconciliation sheet built from the functions; each runs as one
 * task (progress, cancel, errors to the error centre) and its outcome is a notice. Nothing here
 * draws (./FunctionsPanel.tsx does).
 */
import { useState } from "react";
import { useReport } from "../../taskpane/ui/errors/ErrorCenter";
import { formatCount, useMessages, useWords } from "../../taskpane/ui/i18n";
import { useTask } from "../../taskpane/ui/useTask";
import { FUNCTIONS_PANEL_WORDS } from "./panel-words";
import type { FunctionsServices } from "./services";

export function useFunctionsPanel(services: FunctionsServices) {
  const { locale } = useMessages();
  const words = useWords(FUNCTIONS_PANEL_WORDS);
  const report = useReport();
  const task = useTask();
  const [live, setLiveShown] = useState(() => services.liveEnabled());
  const count = (n: number) => formatCount(n, locale);

  const setLive = (on: boolean) => {
    setLiveShown(on);
    services.setLive(on).catch((e: unknown) => {
      // Not kept: the switch shows what the services still do.
      setLiveShown(services.liveEnabled());
      report.error(e);
    });
  };

  const refresh = () =>
    void task.run(async () => {
      const r = await services.refresh();
      if (r.questions === 0) return report.notice(words.nothingToRefresh, "info");
      report.notice(
        words.refreshed({ cells: count(r.cells), questions: count(r.questions) }) +
          (r.failed > 0 ? ` ${words.failed({ failed: count(r.failed) })}` : ""),
        r.failed > 0 ? "warning" : "success",
      );
    });

  const build = services.buildReconciliationSheet;
  const buildSheet = build
    ? () =>
        void task.run(async (run) => {
          const r = await build(run.signal);
          report.notice(
            (r.created ? words.built({ sheet: r.sheet }) : words.rebuilt({ sheet: r.sheet })) +
              (r.ledger ? words.withLedger({ count: count(r.distributions) }) : words.noLedger),
          );
        })
    : undefined;

  return { live, setLive, refresh, buildSheet, running: task.running };
}
