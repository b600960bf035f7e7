/**
 * The pane's shell: title and connection status, the one message area (errors and notices),
 * the screen tabs, and the current screen. Services, language and the sandbox address are
 * handed in at the edge (./index.tsx), so the same shell renders in Excel, in the browser
 * preview and in tests.
 */
import {
  Badge,
  Body1,
  Button,
  makeStyles,
  Spinner,
  Tab,
  TabList,
  Title3,
  tokens,
} from "@fluentui/react-components";
import { type ReactNode, Suspense, useCallback, useEffect, useState } from "react";
import { ErrorCenter, MessageArea } from "../ui/errors/ErrorCenter";
import { type Locale, LanguageProvider, messagesFor, useMessages } from "../ui/i18n";
import { ActivityScreen } from "../features/activity";
import { ConnectionScreen, type SavedConnection } from "../features/connection";
import { DataScreen } from "../features/directory";
import { DistributeScreen, type InterruptedRun } from "../features/distribute";
import { FundScreen } from "../features/fund";
import { FunctionsPanel } from "../features/functions";
import { FEATURE_ERROR_WORDS } from "./error-words";
import type { AvailableServices } from "./pane-services";

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
  connectFirst: {
    display: "flex",
    flexDirection: "column",
    alignItems: "flex-start",
    gap: tokens.spacingVerticalS,
  },
});

export type ScreenName = "connection" | "distribute" | "fund" | "data" | "activity";

export interface AppProps {
  locale: Locale;
  services: AvailableServices;
  sandboxUrl: string;
  /** The screen shown first (the connection screen when nothing is connected). */
  initialScreen?: ScreenName;
}

export function App(props: AppProps) {
  const value = { locale: props.locale, t: messagesFor(props.locale) };
  return (
    <LanguageProvider value={value}>
      <ErrorCenter words={FEATURE_ERROR_WORDS}>
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
  const [draftId, setDraftId] = useState<string | undefined>(undefined);
  // Distribute stays mounted once opened: going to Fund for a shortfall and back finds it as it was.
  const [distributeOpened, setDistributeOpened] = useState(initialScreen === "distribute");
  /** Set while Fund was opened from Distribute for a shortfall (its amount, in cents). */
  const [fromDistribute, setFromDistribute] = useState<number | undefined>(undefined);
  const go = (next: ScreenName) => {
    if (next === "distribute") setDistributeOpened(true);
    if (next !== "fund") setFromDistribute(undefined);
    setScreen(next);
  };
  const onActiveChange = useCallback((c: SavedConnection | undefined) => setActive(c), []);
  // A run that stopped before it ended (the pane or the workbook closed mid-send or before
  // finalize) opens Distribute on its table. Without a connection yet this finds nothing; every
  // validate, send and finalize settles the table again before it acts, so nothing depends on it.
  const [interrupted, setInterrupted] = useState<InterruptedRun | undefined>(undefined);
  const distribute = services.distribute;
  useEffect(() => {
    if (!distribute?.interruptedRun || !active) return;
    const stop = new AbortController();
    distribute.interruptedRun(stop.signal).then(
      (run) => {
        if (!run || stop.signal.aborted) return;
        setInterrupted(run);
        setDistributeOpened(true);
        setScreen("distribute");
      },
      () => {
        // No connection yet, or the API unreachable: the next action settles and reports.
      },
    );
    return () => stop.abort();
    // Asked again only when another connection becomes active.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [distribute, active?.id]);
  // The active connection is known from the start, whichever screen opens first.
  useEffect(() => {
    let live = true;
    services.connections.load().then(
      (s) => live && setActive(s.connections.find((c) => c.id === s.activeId)),
      () => {
        // The connection screen reports a failing store when it is opened.
      },
    );
    return () => {
      live = false;
    };
  }, [services.connections]);
  const needsConnection = (node: ReactNode) =>
    active ? (
      node
    ) : (
      <div className={styles.connectFirst}>
        <Body1>{t.common.connectFirst}</Body1>
        <Button appearance="primary" onClick={() => go("connection")}>
          {t.common.goToConnection}
        </Button>
      </div>
    );

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
          onTabSelect={(_, d) => go(d.value as ScreenName)}
        >
          <Tab value="connection">{t.app.tabConnection}</Tab>
          {services.distribute && <Tab value="distribute">{t.app.tabDistribute}</Tab>}
          {services.fund && <Tab value="fund">{t.app.tabFund}</Tab>}
          {services.data && <Tab value="data">{t.app.tabData}</Tab>}
          {services.activity && <Tab value="activity">{t.app.tabActivity}</Tab>}
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
      {services.distribute && (distributeOpened || screen === "distribute") && (
        <div hidden={screen !== "distribute"} data-testid="distribute-screen">
          {needsConnection(
            <DistributeScreen
              services={services.distribute}
              onDraft={setDraftId}
              active={screen === "distribute"}
              {...(interrupted ? { interrupted } : {})}
              {...(services.fund
                ? {
                    onFund: (shortfallCents: number) => {
                      setFromDistribute(shortfallCents);
                      setScreen("fund");
                    },
                  }
                : {})}
            />,
          )}
        </div>
      )}
      {screen === "fund" &&
        services.fund &&
        needsConnection(
          <FundScreen
            services={services.fund}
            {...(draftId ? { draftId } : {})}
            {...(fromDistribute !== undefined
              ? { onBack: () => go("distribute"), suggestedCents: fromDistribute }
              : {})}
          />,
        )}
      <Suspense fallback={<Spinner size="small" label={t.app.loadingScreen} />}>
        {screen === "data" &&
          services.data &&
          needsConnection(
            <>
              <DataScreen services={services.data} />
              {services.functions && <FunctionsPanel services={services.functions} />}
            </>,
          )}
        {screen === "activity" && services.activity && <ActivityScreen services={services.activity} />}
      </Suspense>
    </main>
  );
}
