/**
 * Activity: the workbook's run log, newest first; each entry links to its table (selects it in
 * Excel) and to its distribution (reads its current state from the API). The flow is
 * ./useActivity.ts over ./activity-state.ts; each entry is drawn by ./ActivityEntry.tsx.
 */
import { Body1, Button, Subtitle2 } from "@fluentui/react-components";
import { useId } from "react";
import { useMessages, useWords } from "../../ui/i18n";
import { useLayoutStyles } from "../../ui/layout";
import { ActivityEntry } from "./ActivityEntry";
import type { ActivityServices } from "./services";
import { useActivity } from "./useActivity";
import { ACTIVITY_WORDS } from "./words";

export function ActivityScreen({ services }: { services: ActivityServices }) {
  const { t } = useMessages();
  const words = useWords(ACTIVITY_WORDS);
  const layout = useLayoutStyles();
  const headingId = useId();
  const { state, load, check, goToTable } = useActivity(services);
  const { entries } = state;

  return (
    <section className={layout.screen} aria-labelledby={headingId} aria-busy={state.loading}>
      <Subtitle2 as="h2" id={headingId}>
        {words.title}
      </Subtitle2>
      <div className={layout.actions}>
        <Button disabled={state.loading} onClick={load}>
          {t.common.refresh}
        </Button>
      </div>
      {entries?.length === 0 && <Body1>{words.empty}</Body1>}
      <ol className={layout.list} aria-label={words.title}>
        {entries?.map((entry, i) => (
          <ActivityEntry
            key={`${entry.at}-${i}`}
            entry={entry}
            current={entry.distributionId ? state.current[entry.distributionId] : undefined}
            checking={entry.distributionId ? state.checking.includes(entry.distributionId) : false}
            onGoToTable={goToTable}
            onCheck={check}
          />
        ))}
      </ol>
    </section>
  );
}
