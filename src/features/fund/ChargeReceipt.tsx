/**
 * What a paid charge leaves on screen: a receipt (amount, when the payment was confirmed, the
 * transaction id with a copy button) in place of the QR code and the PIX code, so that nothing
 * invites paying twice. The API shows no payment time ("Deposit states"): a payment seen arriving
 * is dated to within one poll; a charge already paid when first read says so.
 */
import { Body1, Button, makeStyles, Subtitle2, tokens } from "@fluentui/react-components";
import { useId } from "react";
import { useReport } from "../../ui/errors/ErrorCenter";
import { formatBRL, formatDateTime, useMessages, useWords } from "../../ui/i18n";
import { useLayoutStyles } from "../../ui/layout";
import type { ChargeOutcome } from "./charges";
import { FUND_WORDS } from "./words";

// Each fact's label above its value: a transaction id is 36 characters, wider than a 320 px
// pane's second column.
const useStyles = makeStyles({
  facts: {
    margin: 0,
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalXXS,
    "& dt": { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
    "& dd": { margin: `0 0 ${tokens.spacingVerticalS} 0`, fontVariantNumeric: "tabular-nums" },
  },
  id: { fontFamily: tokens.fontFamilyMonospace, wordBreak: "break-all" },
});

export function ChargeReceipt({ outcome }: { outcome: ChargeOutcome }) {
  const { locale } = useMessages();
  const words = useWords(FUND_WORDS);
  const layout = useLayoutStyles();
  const styles = useStyles();
  const report = useReport();
  const headingId = useId();
  const { charge } = outcome;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(charge.transactionId);
      report.notice(words.idCopied, "success");
    } catch (e) {
      report.error(e);
    }
  };
  return (
    <section className={layout.stack} aria-labelledby={headingId} data-testid="receipt">
      <Subtitle2 as="h3" id={headingId}>
        {words.receiptTitle}
      </Subtitle2>
      <Body1 role="status">{words.states.COMPLETED}</Body1>
      <dl className={styles.facts}>
        {charge.amountCents !== undefined && (
          <>
            <dt>{words.receiptAmount}</dt>
            <dd>{formatBRL(charge.amountCents, locale)}</dd>
          </>
        )}
        <dt>{outcome.sawItArrive ? words.receiptPaidAt : words.receiptFinalAt}</dt>
        <dd>{formatDateTime(new Date(outcome.finalSeenAt), locale)}</dd>
        <dt>{words.receiptId}</dt>
        <dd>
          <span className={styles.id}>{charge.transactionId}</span>
        </dd>
      </dl>
      <div className={layout.actions}>
        <Button onClick={() => void copy()}>{words.copyId}</Button>
      </div>
    </section>
  );
}
