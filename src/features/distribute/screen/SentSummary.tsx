/**
 * What a send did, in a finance person's words: how many employees and how much the draft holds
 * (and where a batch's items were written); the distribution's id and the API calls it took are
 * under "Detalhes", for whoever needs them (issue 20, item 6).
 */
import { Accordion, AccordionHeader, AccordionItem, AccordionPanel, Body1 } from "@fluentui/react-components";
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
      <Accordion collapsible>
        <AccordionItem value="details">
          <AccordionHeader size="small">{d.details}</AccordionHeader>
          <AccordionPanel>
            <dl className={layout.facts} data-testid="sent-details">
              <dt>{d.distributionId}</dt>
              <dd>{sent.distributionId}</dd>
              <dt>{d.apiCalls}</dt>
              <dd>{formatCount(sent.calls, locale)}</dd>
            </dl>
          </AccordionPanel>
        </AccordionItem>
      </Accordion>
    </div>
  );
}
