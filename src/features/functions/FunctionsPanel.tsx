/**
 * The VALEPIX functions in the pane (the Data screen's last section): how to use them, the
 * minute-by-minute refresh the person can turn off, a refresh now, and the reconciliation sheet
 * built from them (./reconciliation-sheet.ts). The actions are ./useFunctionsPanel.ts; each
 * outcome is a notice of the error centre.
 */
import { Button, Caption1, Subtitle2, Switch } from "@fluentui/react-components";
import { useId } from "react";
import { useWords } from "../../ui/i18n";
import { useLayoutStyles } from "../../ui/layout";
import { FUNCTIONS_PANEL_WORDS } from "./panel-words";
import type { FunctionsServices } from "./services";
import { useFunctionsPanel } from "./useFunctionsPanel";

export function FunctionsPanel({ services }: { services: FunctionsServices }) {
  const words = useWords(FUNCTIONS_PANEL_WORDS);
  const layout = useLayoutStyles();
  const headingId = useId();
  const { live, setLive, refresh, buildSheet, running } = useFunctionsPanel(services);

  return (
    <section className={layout.stack} aria-labelledby={headingId}>
      <Subtitle2 as="h3" id={headingId}>
        {words.title}
      </Subtitle2>
      <Caption1>{words.hint}</Caption1>
      <Switch checked={live} label={words.live} onChange={(_, d) => setLive(d.checked)} />
      <div>
        <Button disabled={running} onClick={refresh}>
          {words.refresh}
        </Button>
      </div>
      {buildSheet && (
        <>
          <Subtitle2 as="h3">{words.sheet}</Subtitle2>
          <Caption1>{words.sheetHint}</Caption1>
          <div>
            <Button appearance="primary" disabled={running} onClick={buildSheet}>
              {words.sheetGo}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
