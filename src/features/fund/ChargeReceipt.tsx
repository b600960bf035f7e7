/**
 * What a paid charge leaves on screen: a receipt (amount, when the payment was confirmed, the
 * transaction id with a copy button) in place of the QR code and the PIX code, so that nothing
 * invites paying twice. The API shows no payment time ("Deposit states"): a payment seen arriving
 * is dated to within one poll; a charge already paid when first read says so.
 */
import { Body1, Button, Subtitle2 } from "@fluentui/react-components";
import { useId } from "react";
import { useReport } from "../../ui/errors/ErrorCenter";
import { formatBRL, formatDateTime, useMessages, useWords } from "../../ui/i18n";
import { useLayoutStyles } from "../../ui/layout";
import { StackedFacts } from "../../ui/StackedFacts";
import type { ChargeOutcome } from "./charges";
import { FUND_WORDS } from "./words";

export function ChargeReceipt({ outcome }: { outcome: ChargeOutcome }) {
  const { locale } = useMessages();
  const words = useWords(FUND_WORDS);
  const layout = useLayoutStyles();
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
