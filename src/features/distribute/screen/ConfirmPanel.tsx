/**
 * The last step before money moves: repeats the total, the number of employees, the payment
 * method and the balance; for a table already paid with the same content (docs/architecture.md §2 "No double
 * payment") it asks again, with a checkbox that must be ticked on purpose.
 */
import { Body1, Button, MessageBarActions, MessageBarBody } from "@fluentui/react-components";
import { LiveMessageBar } from "../../../ui/LiveMessageBar";
import { type Ref, useState } from "react";
import type { FinalizeBody } from "../../../api";
import { formatBRL, formatCount, useMessages, useWords } from "../../../ui/i18n";
import type { ReviewView } from "../services";
import { useLayoutStyles } from "../../../ui/layout";
import { DISTRIBUTE_WORDS } from "../words";
import { PaidBeforeQuestion } from "./PaidBeforeQuestion";
import { OutcomeHeading } from "./OutcomeHeading";

export interface ConfirmPanelProps {
  review: ReviewView;
  body: FinalizeBody;
  onConfirm: (confirmRepeat: boolean) => void;
  onBack: () => void;
  /** Opens Fund, when the balance does not cover a payment from the balance alone. */
  onFund?: () => void;
  /** Focused when the panel opens (WCAG 2.4.3). */
  headingRef?: Ref<HTMLHeadingElement>;
}

export function ConfirmPanel({ review, body, onConfirm, onBack, onFund, headingRef }: ConfirmPanelProps) {
  const { t, locale } = useMessages();
  const words = useWords(DISTRIBUTE_WORDS);
  const layout = useLayoutStyles();
  const [repeatOk, setRepeatOk] = useState(false);
  const shortfall =
    review.availableCents === undefined ? 0 : Math.max(0, review.draftTotalCents - review.availableCents);
  const coversAll = body.payment_method === "BALANCE";
  return (
    <section className={layout.stack} aria-label={words.confirmTitle}>
      <OutcomeHeading headingRef={headingRef}>{words.confirmTitle}</OutcomeHeading>
      <Body1 data-testid="confirm-total">
        <strong>
          {words.confirmTotal({
            total: formatBRL(review.draftTotalCents, locale),
            employees: formatCount(review.totalEmployees, locale),
          })}
        </strong>
      </Body1>
      <Body1>{words.confirmMethod({ method: words.methods[body.payment_method] })}</Body1>
      {review.availableCents !== undefined && (
        <Body1>{words.confirmBalance({ balance: formatBRL(review.availableCents, locale) })}</Body1>
      )}
      {shortfall > 0 && coversAll && (
        <LiveMessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            {words.confirmShortfall({ shortfall: formatBRL(shortfall, locale) })}
          </MessageBarBody>
          {onFund && (
            <MessageBarActions>
              <Button onClick={onFund}>{words.fundShortfall}</Button>
            </MessageBarActions>
          )}
        </LiveMessageBar>
      )}
      {review.repeats && (
        <PaidBeforeQuestion paid={review.repeats} checked={repeatOk} onChecked={setRepeatOk} />
      )}
      <div className={layout.actions}>
        <Button
          appearance="primary"
          disabled={review.repeats !== undefined && !repeatOk}
          onClick={() => onConfirm(repeatOk)}
        >
          {words.confirmPay}
        </Button>
        <Button onClick={onBack}>{t.common.back}</Button>
      </div>
    </section>
  );
}
