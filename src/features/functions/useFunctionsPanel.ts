/**
 * The functions panel's actions: the live refresh switch (kept by the services), a refresh of
 * every VALEPIX cell now, and the reconciliation sheet built from the functions; each runs as one
 * task (progress, cancel, errors to the error centre) and its outcome is a notice. Nothing here
 * draws (./FunctionsPanel.tsx does).
 */
import { useState } from "react";
import { useReport } from "../../ui/errors/ErrorCenter";
import { formatCount, useMessages, useWords } from "../../ui/i18n";
import { useTask } from "../../ui/useTask";
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
    services.setLive(on).catch((error: unknown) => {
      // Not kept: the switch shows what the services still do.
      setLiveShown(services.liveEnabled());
      report.error(error);
    });
  };

  const refresh = () =>
    void task.run(async () => {
      const outcome = await services.refresh();
      if (outcome.questions === 0) return report.notice(words.nothingToRefresh, "info");
      report.notice(
        words.refreshed({ cells: count(outcome.cells), questions: count(outcome.questions) }) +
          (outcome.failed > 0 ? ` ${words.failed({ failed: count(outcome.failed) })}` : ""),
        outcome.failed > 0 ? "warning" : "success",
      );
    });

  const build = services.buildReconciliationSheet;
  const buildSheet = build
    ? () =>
        void task.run(async (run) => {
          const built = await build(run.signal);
          report.notice(
            (built.created ? words.built({ sheet: built.sheet }) : words.rebuilt({ sheet: built.sheet })) +
              (built.ledger ? words.withLedger({ count: count(built.distributions) }) : words.noLedger),
          );
        })
    : undefined;

  return { live, setLive, refresh, buildSheet, running: task.running };
}
