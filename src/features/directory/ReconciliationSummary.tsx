/**
 * The reconciliation summary: deposits, distributions, the balance expected and the one the API
 * reports, their difference, whether it adds up, and the debits this workbook's log does not know.
 */
import { Body1, MessageBarBody } from "@fluentui/react-components";
import { LiveMessageBar } from "../../ui/LiveMessageBar";
import { formatBRL, formatCount, useMessages, useWords } from "../../ui/i18n";
import { useLayoutStyles } from "../../ui/layout";
import type { ReconciliationView } from "../reconciliation";
import { DIRECTORY_WORDS } from "./words";

export function ReconciliationSummary({ recon }: { recon: ReconciliationView }) {
  const { locale } = useMessages();
  const words = useWords(DIRECTORY_WORDS);
  const layout = useLayoutStyles();
  return (
    <>
      <dl className={layout.facts} data-testid="reconciliation">
        <dt>{words.deposits}</dt>
        <dd>{formatBRL(recon.depositsCents, locale)}</dd>
        <dt>{words.distributions}</dt>
        <dd>{formatBRL(-recon.distributionsCents, locale)}</dd>
        <dt>{words.expected}</dt>
        <dd>{formatBRL(recon.expectedCents, locale)}</dd>
        <dt>{words.actual}</dt>
        <dd>{formatBRL(recon.balanceCents, locale)}</dd>
        <dt>{words.difference}</dt>
        <dd>{formatBRL(recon.differenceCents, locale)}</dd>
      </dl>
      <LiveMessageBar intent={recon.differenceCents === 0 ? "success" : "warning"} layout="multiline">
        <MessageBarBody>{recon.differenceCents === 0 ? words.balanced : words.unbalanced}</MessageBarBody>
      </LiveMessageBar>
      {recon.unlinkedDebits !== undefined && recon.unlinkedDebits > 0 && (
        <Body1>{words.unlinked({ count: formatCount(recon.unlinkedDebits, locale) })}</Body1>
      )}
    </>
  );
}
