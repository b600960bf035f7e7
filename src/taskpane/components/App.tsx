import {
  Badge,
  Body1,
  Caption1,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Subtitle2,
  Title3,
  tokens,
} from "@fluentui/react-components";
import { stringsFor, type UiLanguage } from "../i18n";

const useStyles = makeStyles({
  root: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
  },
  header: {
    display: "flex",
    alignItems: "center",
    justifyContent: "space-between",
    gap: tokens.spacingHorizontalS,
  },
  // A narrow pane wraps the title, never the status pill.
  status: { flexShrink: 0, whiteSpace: "nowrap" },
  steps: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalL,
    display: "grid",
    gap: tokens.spacingVerticalXS,
  },
});

export interface AppProps {
  language: UiLanguage;
}

/** First screen: what the add-in is, and that no connection is set up yet. */
export function App({ language }: AppProps) {
  const styles = useStyles();
  const t = stringsFor(language);
  return (
    <main className={styles.root}>
      <header className={styles.header}>
        <Title3 as="h1">{t.title}</Title3>
        <Badge className={styles.status} appearance="tint" color="warning" data-testid="connection-status">
          {t.notConnected}
        </Badge>
      </header>
      <Body1>{t.tagline}</Body1>
      <MessageBar intent="info">
        <MessageBarBody>{t.notConnectedDetail}</MessageBarBody>
      </MessageBar>
      <Subtitle2 as="h2">{t.steps}</Subtitle2>
      <ol className={styles.steps}>
        <li>
          <Caption1>{t.step1}</Caption1>
        </li>
        <li>
          <Caption1>{t.step2}</Caption1>
        </li>
        <li>
          <Caption1>{t.step3}</Caption1>
        </li>
      </ol>
    </main>
  );
}
