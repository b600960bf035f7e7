/**
 * What a send did, in a finance person's words: how many employees and how much the draft holds
 * (and where a batch's items were written); the distribution's id and the API calls it took are
 * under "Detalhes", for whoever needs them (issue 20, item 6).
 */
import { Body1 } from "@fluentui/react-components";
import { Disclosure } from "../../../taskpane/ui/Disclosure";
import { formatBRL, formatCount, useMessages, useWords } from "../../../taskpane/ui/i18n";
import { useLayoutStyles } from "../../../taskpane/ui/layout";
import type { SendOutcome } from "../services";
import { DISTRIBUTE_WORDS } from "../words";

export function SentSummary({ sent }: { sent: SendOutcome }) {
  const { locale } = useMessages();
  const d = useWords(DISTRIBUTE_WORDS);
  const layout = useLayoutStyles();
  return (
    <div className={layout.stack}>
      <Body1 role="status">
        {d.sent({
          employees: formatCount(sent.totalEmployees, locale),
          total: formatBRL(sent.totalCents, locale),
        })}
        {!sent.created && ` ${d.sentContinued}`}
        {sent.reviewTable && ` ${d.reviewTableWritten({ table: sent.reviewTable })}`}
      </Body1>
      <Disclosure title={d.details} size="small">
        <dl className={layout.facts} data-testid="sent-details">
          <dt>{d.distributionId}</dt>
          <dd>{sent.distributionId}</dd>
          <dt>{d.apiCalls}</dt>
          <dd>{formatCount(sent.calls, locale)}</dd>
        </dl>
      </Disclosure>
    </div>
  );
}
