/**
 * What a send did, in a finance person's words: how many employees and how much the draft holds
 * (and where a batch's items were written); the distribution's id and the API calls it took are
 * under "Detalhes", for whoever needs them.
 */
import { Body1 } from "@fluentui/react-components";
import { Disclosure } from "../../../ui/Disclosure";
import { formatBRL, formatCount, useMessages, useWords } from "../../../ui/i18n";
import { useLayoutStyles } from "../../../ui/layout";
import type { SendOutcome } from "../services";
import { DISTRIBUTE_WORDS } from "../words";

export function SentSummary({ sent }: { sent: SendOutcome }) {
  const { locale } = useMessages();
  const words = useWords(DISTRIBUTE_WORDS);
  const layout = useLayoutStyles();
  return (
    <div className={layout.stack}>
      <Body1 role="status">
        {words.sent({
          employees: formatCount(sent.totalEmployees, locale),
          total: formatBRL(sent.totalCents, locale),
        })}
        {!sent.created && ` ${words.sentContinued}`}
        {sent.reviewTable && ` ${words.reviewTableWritten({ table: sent.reviewTable })}`}
      </Body1>
      <Disclosure title={words.details} size="small">
        <dl className={layout.facts} data-testid="sent-details">
          <dt>{words.distributionId}</dt>
          <dd>{sent.distributionId}</dd>
          <dt>{words.apiCalls}</dt>
          <dd>{formatCount(sent.calls, locale)}</dd>
        </dl>
      </Disclosure>
    </div>
  );
}
