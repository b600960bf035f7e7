/**
 * What a paid charge leaves on screen: a receipt (amount, when the payment was confirmed, the
 * transaction id with a copy button) in place of the QR code and the PIX code, so that nothing
 * invites paying twice. The API shows no payment time ("Deposit states"): a payment seen arriving
 * is dated to within one poll; a charge already paid when first read says so.
 */
import { Body1, Button, makeStyles, tokens, typographyStyles } from "@fluentui/react-components";
import { useEffect, useId, useRef } from "react";
import { focusLost } from "../../ui/focus";
import { useReport } from "../../ui/errors/ErrorCenter";
import { formatBRL, formatDateTime, useMessages, useWords } from "../../ui/i18n";
import { useLayoutStyles } from "../../ui/layout";
import { StackedFacts } from "../../ui/StackedFacts";
import type { ChargeOutcome } from "./charges";
import { FUND_WORDS } from "./words";

const useStyles = makeStyles({
  heading: {
    ...typographyStyles.subtitle2,
    margin: 0,
    ":focus-visible": { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
});

export function ChargeReceipt({ outcome }: { outcome: ChargeOutcome }) {
  const { locale } = useMessages();
  const words = useWords(FUND_WORDS);
  const layout = useLayoutStyles();
  const styles = useStyles();
  const report = useReport();
  const headingId = useId();
  const { charge } = outcome;
  const heading = useRef<HTMLHeadingElement>(null);
  // The receipt replaces the charge and its progress: its heading takes the focus they held.
  useEffect(() => {
    if (focusLost()) heading.current?.focus();
  }, []);
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
      <h3 id={headingId} ref={heading} tabIndex={-1} className={styles.heading}>
        {words.receiptTitle}
      </h3>
      <Body1 role="status">{words.states.COMPLETED}</Body1>
      <StackedFacts
        facts={[
          ...(charge.amountCents !== undefined
            ? [{ label: words.receiptAmount, value: formatBRL(charge.amountCents, locale) }]
            : []),
          {
            label: outcome.sawItArrive ? words.receiptPaidAt : words.receiptFinalAt,
            value: formatDateTime(new Date(outcome.finalSeenAt), locale),
          },
          { label: words.receiptId, value: charge.transactionId, isId: true },
        ]}
      />
      <div className={layout.actions}>
        <Button onClick={() => void copy()}>{words.copyId}</Button>
      </div>
    </section>
  );
}
