/**
 * After a finalize whose outcome is unknown (the server did not answer, and the read that
 * followed showed the distribution still in `draft`, or could not be made): the payment may have
 * been applied, or may still be (a slow server). The person decides, in this order (docs/architecture.md §2
 * "Finalize moves money"; API document, Endpoints rule 3: read, never retry by itself):
 * 1. "Check status" reads the distribution. Applied: it is followed to its final state, and the
 *    result is shown (an applied payment is never reported as failed). Not applied: say so, with
 *    the time of the check.
 * 2. Only after a check that found it not applied: "Finalize anyway", behind a box ticked on
 *    purpose (`confirmAfterUnknownOutcome` of the workflows).
 */
import {
  Body1,
  Button,
  Checkbox,
  makeStyles,
  MessageBarBody,
  MessageBarTitle,
  tokens,
} from "@fluentui/react-components";
import { LiveMessageBar } from "../../../ui/LiveMessageBar";
import { type Ref, useState } from "react";
import { Disclosure } from "../../../ui/Disclosure";
import { useMessages, useWords } from "../../../ui/i18n";
import { DISTRIBUTE_WORDS } from "../words";
import { StackedFacts } from "../../../ui/StackedFacts";
import { OutcomeHeading } from "./OutcomeHeading";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  actions: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS },
});

export interface UnknownOutcome {
  distributionId: string;
  /** When a check found the distribution still in `draft` (ISO 8601); absent before any check. */
  notAppliedAt?: string;
}

export interface UnknownOutcomePanelProps {
  unknown: UnknownOutcome;
  busy: boolean;
  onCheck: () => void;
  onFinalizeAnyway: () => void;
  /** Focused when the panel opens (WCAG 2.4.3). */
  headingRef?: Ref<HTMLHeadingElement>;
}

export function UnknownOutcomePanel({
  unknown,
  busy,
  onCheck,
  onFinalizeAnyway,
  headingRef,
}: UnknownOutcomePanelProps) {
  const { locale } = useMessages();
  const words = useWords(DISTRIBUTE_WORDS);
  const styles = useStyles();
  const [sure, setSure] = useState(false);
  const checked = unknown.notAppliedAt;
  return (
    <section className={styles.root} aria-label={words.unknownTitle} data-testid="unknown-outcome">
      <OutcomeHeading headingRef={headingRef}>{words.unknownTitle}</OutcomeHeading>
      <LiveMessageBar titled intent="warning" layout="multiline" role="alert">
        <MessageBarBody>
          <MessageBarTitle>{words.unknownMayHaveApplied}</MessageBarTitle> {words.unknownExplain}
        </MessageBarBody>
      </LiveMessageBar>
      {checked && (
        <Body1 role="status" data-testid="unknown-checked">
          {words.unknownNotApplied({ time: new Date(checked).toLocaleTimeString(locale) })}
        </Body1>
      )}
      <Disclosure title={words.details} size="small">
        <StackedFacts
          testId="unknown-details"
          facts={[{ label: words.distributionId, value: unknown.distributionId, isId: true }]}
        />
      </Disclosure>
      <div className={styles.actions}>
        <Button appearance={checked ? "secondary" : "primary"} onClick={onCheck} disabled={busy}>
          {words.unknownCheck}
        </Button>
      </div>
      {checked && (
        <>
          <Checkbox
            checked={sure}
            onChange={(_, v) => setSure(v.checked === true)}
            label={words.unknownSure}
          />
          <div className={styles.actions}>
            <Button appearance="primary" disabled={!sure || busy} onClick={onFinalizeAnyway}>
              {words.unknownFinalizeAnyway}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
