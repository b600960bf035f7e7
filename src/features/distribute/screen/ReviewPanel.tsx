/** Review: sheet vs draft (every mismatch listed), and what changed since the table's last finalized run. */
import { Body1, makeStyles, MessageBarBody, Subtitle2, tokens } from "@fluentui/react-components";
import { LiveMessageBar } from "../../../ui/LiveMessageBar";
import type { Ref } from "react";
import { formatBRL, formatCount, useMessages, useWords } from "../../../ui/i18n";
import type { ReviewView } from "../services";
import { useLayoutStyles } from "../../../ui/layout";
import { DISTRIBUTE_WORDS } from "../words";
import { OutcomeHeading } from "./OutcomeHeading";

const useStyles = makeStyles({
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
});

export function ReviewPanel({
  review,
  productName,
  unansweredDrafts = 0,
  headingRef,
}: {
  review: ReviewView;
  productName: (id: string) => string;
  /** Earlier attempts to create this table's draft that got no answer (drafts that may exist). */
  unansweredDrafts?: number;
  /** Focused when the review arrives (WCAG 2.4.3). */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const { locale } = useMessages();
  const words = useWords(DISTRIBUTE_WORDS);
  const styles = useStyles();
  const layout = useLayoutStyles();
  const sincePrevious = review.sincePrevious;
  const signed = (cents: number) => (cents > 0 ? "+" : "") + formatBRL(cents, locale);
  return (
    <section className={layout.stack} aria-label={words.review}>
      <OutcomeHeading headingRef={headingRef}>{words.review}</OutcomeHeading>
      <LiveMessageBar intent={review.matches ? "success" : "error"} layout="multiline">
        <MessageBarBody>
          {review.matches
            ? words.reviewMatches
            : words.reviewMismatch({ count: formatCount(review.mismatches.length, locale) })}
        </MessageBarBody>
      </LiveMessageBar>
      {unansweredDrafts > 0 && (
        <LiveMessageBar intent="warning" layout="multiline" data-testid="unanswered-drafts">
          <MessageBarBody>
            {words.reviewUnanswered({ count: formatCount(unansweredDrafts, locale) })}
          </MessageBarBody>
        </LiveMessageBar>
      )}
      {review.mismatches.length > 0 && (
        <ul className={styles.list} data-testid="mismatches">
          {review.mismatches.slice(0, 100).map((m, i) => (
            <li key={i}>
              {words.mismatchLine({
                who: m.employee,
                product: productName(m.product),
                sheet: formatBRL(m.sheetCents, locale),
                draft: formatBRL(m.draftCents, locale),
              })}
            </li>
          ))}
        </ul>
      )}
      <Subtitle2 as="h4">{words.sinceLast}</Subtitle2>
      {sincePrevious ? (
        <dl className={layout.facts} data-testid="since-last">
          <dt>{words.newEmployees}</dt>
          <dd>{formatCount(sincePrevious.newEmployees, locale)}</dd>
          <dt>{words.droppedEmployees}</dt>
          <dd>{formatCount(sincePrevious.droppedEmployees, locale)}</dd>
          <dt>{words.changedAmounts}</dt>
          <dd>{formatCount(sincePrevious.changedAmounts, locale)}</dd>
          <dt>{words.totalDelta}</dt>
          <dd>{signed(sincePrevious.totalDeltaCents)}</dd>
        </dl>
      ) : (
        <Body1>{words.firstTime}</Body1>
      )}
    </section>
  );
}
