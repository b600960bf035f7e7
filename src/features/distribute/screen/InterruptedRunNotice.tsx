/**
 * A run that stopped before it ended, as the pane finds it when it opens: what the draft holds
 * against what the table asks for (as the API reports it), that nothing was paid, and one action
 * that continues the same draft. A status region, so a screen reader announces it when it appears.
 */
import { Button, MessageBarActions, MessageBarBody, MessageBarTitle } from "@fluentui/react-components";
import { Disclosure } from "../../../ui/Disclosure";
import { LiveMessageBar } from "../../../ui/LiveMessageBar";
import { formatBRL, formatCount, formatDateTime, useMessages, useWords } from "../../../ui/i18n";
import { useLayoutStyles } from "../../../ui/layout";
import type { InterruptedRun } from "../services";
import { DISTRIBUTE_WORDS } from "../words";

export interface InterruptedRunNoticeProps {
  run: InterruptedRun;
  busy: boolean;
  /** Sends the table again into the same draft (mode `selected`). */
  onContinue: () => void;
}

export function InterruptedRunNotice({ run, busy, onContinue }: InterruptedRunNoticeProps) {
  const { locale } = useMessages();
  const words = useWords(DISTRIBUTE_WORDS);
  const layout = useLayoutStyles();
  const count = (n: number) => formatCount(n, locale);
  const partial = run.sheetEmployees !== undefined && run.sheetCents !== undefined;
  const summary = partial
    ? words.interruptedPartial({
        employees: count(run.draftEmployees),
        sheetEmployees: count(run.sheetEmployees!),
        table: run.table,
        total: formatBRL(run.draftCents, locale),
        sheetTotal: formatBRL(run.sheetCents!, locale),
      })
    : words.interruptedDraft({
        employees: count(run.draftEmployees),
        table: run.table,
        total: formatBRL(run.draftCents, locale),
      });
  return (
    <LiveMessageBar titled intent="warning" layout="multiline" data-testid="interrupted-run">
      <MessageBarBody>
        <MessageBarTitle>{words.interruptedTitle}</MessageBarTitle> {summary}{" "}
        {run.state === "unknown" && `${words.interruptedUnknown} `}
        {words.interruptedSince({ date: formatDateTime(run.since, locale) })}{" "}
        {run.mode !== "selected" && words.interruptedOtherMode}
        <Disclosure title={words.details} size="small">
          <dl className={layout.facts}>
            <dt>{words.distributionId}</dt>
            <dd>{run.distributionId}</dd>
          </dl>
        </Disclosure>
      </MessageBarBody>
      {run.mode === "selected" && (
        <MessageBarActions>
          <Button appearance="primary" onClick={onContinue} disabled={busy}>
            {words.interruptedContinue}
          </Button>
        </MessageBarActions>
      )}
    </LiveMessageBar>
  );
}
