/**
 * The pane's shell: title and connection status, the one message area (errors and notices),
 * the screen tabs, and the current screen. Services, language and the sandbox address are
 * handed in at the edge (./index.tsx), so the same shell renders in Excel, in the browser
 * preview and in tests.
 */
import { Badge, makeStyles, Tab, TabList, Title3, tokens } from "@fluentui/react-components";
import { useCallback, useState } from "react";
import { ErrorCenter, MessageArea } from "../errors/ErrorCenter";
import { type Locale, LanguageProvider, messagesFor, useMessages } from "../i18n";
import { ConnectionScreen } from "../screens/ConnectionScreen";
import type { PaneServices, SavedConnection } from "../services";

const useStyles = makeStyles({
  root: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalM,
    // Usable at 320 px: nothing may force a horizontal scroll.
    minWidth: 0,
    maxWidth: "100%",
    boxSizing: "border-box",
    overflowWrap: "anywhere",
  },
  header: {
    display: "flex",
    flexWrap: "wrap",
    alignItems: "center",
    justifyContent: "space-between",
    gap: tokens.spacingHorizontalS,
  },
  status: { flexShrink: 0, maxWidth: "100%" },
  tabs: { flexWrap: "wrap", rowGap: tokens.spacingVerticalXS },
});

export type ScreenName = "connection" | "distribute" | "fund" | "data" | "activity";

export interface AppProps {
  locale: Locale;
  services: Pick<PaneServices, "connections">;
  sandboxUrl: string;
  /** The screen shown first (the connection screen when nothing is connected). */
  initialScreen?: ScreenName;
}

export function App(props: AppProps) {
  const value = { locale: props.locale, t: messagesFor(props.locale) };
  return (
    <LanguageProvider value={value}>
      <ErrorCenter>
        <Shell {...props} />
      </ErrorCenter>
    </LanguageProvider>
  );
}

function Shell({ services, sandboxUrl, initialScreen }: AppProps) {
  const { t } = useMessages();
  const styles = useStyles();
  const [screen, setScreen] = useState<ScreenName>(initialScreen ?? "connection");
  const [active, setActive] = useState<SavedConnection | undefined>(undefined);
  const onActiveChange = useCallback((c: SavedConnection | undefined) => setActive(c), []);

  return (
    <main className={styles.root}>
      <header className={styles.header}>
        <Title3 as="h1">{t.app.title}</Title3>
        <Badge
          className={styles.status}
          appearance="tint"
          color={active ? "success" : "warning"}
          data-testid="connection-status"
        >
          {active ? t.app.connectedAs({ label: active.label }) : t.app.notConnected}
        </Badge>
      </header>
      <nav aria-label={t.app.nav}>
        <TabList
          className={styles.tabs}
          size="small"
          selectedValue={screen}
          onTabSelect={(_, d) => setScreen(d.value as ScreenName)}
        >
          <Tab value="connection">{t.app.tabConnection}</Tab>
        </TabList>
      </nav>
      <MessageArea />
      {screen === "connection" && (
        <ConnectionScreen
          services={services.connections}
          sandboxUrl={sandboxUrl}
          onActiveChange={onActiveChange}
        />
      )}
    </main>
  );
}
