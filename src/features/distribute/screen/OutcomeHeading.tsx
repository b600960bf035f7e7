/**
 * The heading of an action's outcome (the problems, the review, the confirmation, the result):
 * Subtitle2's look on a real <h3> that takes focus from code only (tabIndex -1), so focus can be
 * moved to it once the action ends (WCAG 2.4.3) without adding a Tab stop.
 */
import { makeStyles, mergeClasses, tokens, typographyStyles } from "@fluentui/react-components";
import type { ReactNode, Ref } from "react";

const useStyles = makeStyles({
  heading: {
    ...typographyStyles.subtitle2,
    margin: 0,
    overflowWrap: "break-word",
    ":focus-visible": { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
});

export function OutcomeHeading({
  headingRef,
  className,
  live = false,
  children,
}: {
  headingRef?: Ref<HTMLHeadingElement> | undefined;
  className?: string;
  /** Its text is announced when it changes (a count that a new run of the action updates). */
  live?: boolean;
  children: ReactNode;
}) {
  const styles = useStyles();
  return (
    <h3
      ref={headingRef}
      tabIndex={-1}
      className={mergeClasses(styles.heading, className)}
      {...(live ? { "aria-live": "polite" as const } : {})}
    >
      {children}
    </h3>
  );
}
