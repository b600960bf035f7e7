/**
 * Facts with each label above its value (a `<dl>`), for values too wide for the layout's two
 * columns (`useLayoutStyles().facts`): a 36-character transaction id is wider than a 320 px pane's
 * second column. An id is set in a monospace font that breaks anywhere and stays selectable, to
 * be copied into a search or a message; other values keep tabular digits. Used by a charge's
 * receipt and by the ids under a "Detalhes" disclosure.
 */
import { makeStyles, tokens } from "@fluentui/react-components";
import type { ReactNode } from "react";

export interface StackedFact {
  label: string;
  value: ReactNode;
  /** An identifier: monospace, broken anywhere. */
  isId?: boolean;
}

const useStyles = makeStyles({
  facts: {
    margin: 0,
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalXXS,
    "& dt": { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
    "& dd": { margin: `0 0 ${tokens.spacingVerticalXS} 0`, fontVariantNumeric: "tabular-nums" },
  },
  id: { fontFamily: tokens.fontFamilyMonospace, wordBreak: "break-all" },
});

export function StackedFacts({ facts, testId }: { facts: readonly StackedFact[]; testId?: string }) {
  const styles = useStyles();
  return (
    <dl className={styles.facts} data-testid={testId}>
      {facts.map(({ label, value, isId }) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd className={isId ? styles.id : undefined}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
