/**
 * The VALEPIX functions in the pane (the Data screen's last section): how to use them, the
 * minute-by-minute refresh the person can turn off, a refresh now, and the reconciliation sheet
 * built from them (./reconciliation-sheet.ts). Each outcome is a notice of the error centre.
 */
import { Button, Caption1, Subtitle2, Switch } from "@fluentui/react-components";
import { useId, useState } from "react";
import { useReport } from "../../taskpane/ui/errors/ErrorCenter";
import { formatCount, useMessages, useWords } from "../../taskpane/ui/i18n";
import { useLayoutStyles } from "../../taskpane/ui/layout";
import { useTask } from "../../taskpane/ui/useTask";
import { FUNCTIONS_PANEL_WORDS } from "./panel-words";
import type { FunctionsServices } from "./services";

export function FunctionsPanel({ services }: { services: FunctionsServices }) {
  const { locale } = useMessages();
  const words = useWords(FUNCTIONS_PANEL_WORDS);
  const layout = useLayoutStyles();
  const report = useReport();
  const task = useTask();
  const headingId = useId();
  const [live, setLive] = useState(() => services.liveEnabled());
  const count = (n: number) => formatCount(n, locale);

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
  const buildSheet = () =>
    void task.run(async (run) => {
      if (!build) return;
      const r = await build(run.signal);
      report.notice(
        (r.created ? words.built({ sheet: r.sheet }) : words.rebuilt({ sheet: r.sheet })) +
          (r.ledger ? words.withLedger({ count: count(r.distributions) }) : words.noLedger),
      );
    });

  return (
    <section className={layout.stack} aria-labelledby={headingId}>
      <Subtitle2 as="h3" id={headingId}>
        {words.title}
      </Subtitle2>
      <Caption1>{words.hint}</Caption1>
      <Switch
        checked={live}
        label={words.live}
        onChange={(_, d) => {
          setLive(d.checked);
          services.setLive(d.checked).catch((e: unknown) => report.error(e));
        }}
      />
      <div>
        <Button disabled={task.running} onClick={refresh}>
          {words.refresh}
        </Button>
      </div>
      {build && (
        <>
          <Subtitle2 as="h3">{words.sheet}</Subtitle2>
          <Caption1>{words.sheetHint}</Caption1>
          <div>
            <Button appearance="primary" disabled={task.running} onClick={buildSheet}>
              {words.sheetGo}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
