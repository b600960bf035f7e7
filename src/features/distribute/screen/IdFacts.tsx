/**
 * The ids under a "Detalhes" disclosure (the distribution's, the charge's): each label above its
 * id, the id in a monospace font that breaks anywhere, since a 36-character transaction id is
 * wider than a 320 px pane's second column. Selectable, to be copied into a search or a message.
 */
import { makeStyles, tokens } from "@fluentui/react-components";

const useStyles = makeStyles({
  facts: {
    margin: 0,
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalXXS,
    "& dt": { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
    "& dd": {
      margin: `0 0 ${tokens.spacingVerticalXS} 0`,
      fontFamily: tokens.fontFamilyMonospace,
      wordBreak: "break-all",
    },
  },
});

export function IdFacts({
  facts,
  testId,
}: {
  facts: ReadonlyArray<readonly [string, string]>;
  testId: string;
}) {
  const styles = useStyles();
  return (
    <dl className={styles.facts} data-testid={testId}>
      {facts.map(([label, id]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{id}</dd>
        </div>
      ))}
    </dl>
  );
}
