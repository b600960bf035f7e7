/**
 * The result of finalize: the final state in words, the totals, the charge opened for the part
 * the balance did not cover, and, while the distribution is still processing,
 * "check again" (which follows it; finalize is never sent twice). The distribution's and the
 * charge's ids are under "Detalhes", for whoever needs them.
 */
import { Body1, Button, MessageBarBody } from "@fluentui/react-components";
import { LiveMessageBar } from "../../../ui/LiveMessageBar";
import type { Ref } from "react";
import type { Locale } from "../../../money";
import { Disclosure } from "../../../ui/Disclosure";
import { formatBRL, formatCount, useMessages, useWords } from "../../../ui/i18n";
import type { FinalizeOutcome } from "../services";
import { useLayoutStyles } from "../../../ui/layout";
import { StackedFacts } from "../../../ui/StackedFacts";
import { DISTRIBUTE_WORDS } from "../words";
import { OutcomeHeading } from "./OutcomeHeading";

export interface ResultPanelProps {
  result: FinalizeOutcome;
  busy: boolean;
  onCheckAgain: () => void;
  onAgain: () => void;
  /** Focused when the result arrives (WCAG 2.4.3). */
  headingRef?: Ref<HTMLHeadingElement>;
}

/** The charge in the words of the distribution's state: paid once completed, not paid once failed. */
function chargeLine(words: (typeof DISTRIBUTE_WORDS)[Locale], status: string) {
  if (status === "completed") return words.resultChargePaid;
  if (status === "failed") return words.resultChargeUnpaid;
  return words.resultCharge;
}

export function ResultPanel({ result, busy, onCheckAgain, onAgain, headingRef }: ResultPanelProps) {
  const { locale } = useMessages();
  const words = useWords(DISTRIBUTE_WORDS);
  const layout = useLayoutStyles();
  const status = words.statuses[result.status] ?? result.status;
  const intent = result.status === "completed" ? "success" : result.status === "failed" ? "error" : "warning";
  return (
    <section className={layout.stack} aria-label={words.result({ status })}>
      <OutcomeHeading headingRef={headingRef}>{words.resultTitle}</OutcomeHeading>
      {/* The result's sentence is its own status region: the bar around it is not another. */}
      <LiveMessageBar intent={intent} layout="multiline" role={undefined}>
        <MessageBarBody>
          <span role="status" data-testid="result">
            {words.result({ status })}{" "}
            {words.resultTotals({
              employees: formatCount(result.totalEmployees, locale),
              total: formatBRL(result.totalCents, locale),
            })}
          </span>
        </MessageBarBody>
      </LiveMessageBar>
      <Body1>{words.resultRows}</Body1>
      {!result.finalizedNow && <Body1>{words.resultFollowed}</Body1>}
      {result.localCheckOnly && <Body1>{words.localCheckOnly}</Body1>}
      {result.transactionId && <Body1>{chargeLine(words, result.status)}</Body1>}
      <Disclosure title={words.details} size="small">
        <StackedFacts
          testId="result-details"
          facts={[
            { label: words.distributionId, value: result.distributionId, isId: true },
            ...(result.transactionId
              ? [{ label: words.chargeId, value: result.transactionId, isId: true }]
              : []),
          ]}
        />
      </Disclosure>
      <div className={layout.actions}>
        {result.status === "processing" && (
          <Button appearance="primary" onClick={onCheckAgain} disabled={busy}>
            {words.checkAgain}
          </Button>
        )}
        <Button onClick={onAgain} disabled={busy}>
          {words.again}
        </Button>
      </div>
    </section>
  );
}
