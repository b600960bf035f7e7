/**
 * The pane's shell: title and connection status, the one message area (errors and notices),
 * the screen tabs, and the current screen. Services, language and the sandbox address are
 * handed in at the edge (./index.tsx), so the same shell renders in Excel, in the browser
 * preview and in tests.
 */
import { Badge, Body1, Button, makeStyles, Spinner, Title3, tokens } from "@fluentui/react-components";
import { type ReactNode, Suspense, useCallback, useEffect, useState } from "react";
import { ErrorCenter, MessageArea } from "../ui/errors/ErrorCenter";
import { NARROW } from "../ui/layout";
import { TabBar, type TabBarItem } from "../ui/TabBar";
import { type Locale, LanguageProvider, type Messages, messagesFor, useMessages } from "../ui/i18n";
import { ActivityScreen } from "../features/activity";
import { BooksSection } from "../features/books";
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
    // Reflow down to 160 CSS px (a 320 px pane at 200% zoom, WCAG 1.4.10): nothing may force a
    // horizontal scroll. A word longer than the line breaks (break-word), but unlike "anywhere"
    // it does not count as breakable when a grid or flex row sizes its columns, so a label
    // beside a figure keeps its words whole. Fluent's inputs and selects have a minimum width of
    // their own: here they shrink to the pane. The panes' layouts ask this box's width
    // (container queries) to stack a label above its value when there is no room beside it.
    minWidth: 0,
    maxWidth: "100%",
    boxSizing: "border-box",
    overflowWrap: "break-word",
    containerType: "inline-size",
    "& .fui-Input, & .fui-Select, & .fui-Textarea, & input, & select": { minWidth: 0, maxWidth: "100%" },
    // A button's text wraps inside it rather than being cut by its edge (a button is a flex
    // box: its text shrinks to it only when any point may break, and breaks a word only when
    // the word alone is wider than the button); where the pane is narrow, its padding gives a
    // long word the room it needs.
    "& .fui-Button": { whiteSpace: "normal", maxWidth: "100%", overflowWrap: "anywhere" },
    [NARROW]: {
      "& .fui-Button": { paddingLeft: tokens.spacingHorizontalXS, paddingRight: tokens.spacingHorizontalXS },
      // A disclosure's toggle (src/ui/Disclosure.tsx) is borderless: its text may reach its edges.
      "& .fui-Button[aria-expanded]": { paddingLeft: 0, paddingRight: 0 },
    },
  },
  header: {
    display: "flex",
    flexWrap: "wrap",
    alignItems: "center",
    justifyContent: "space-between",
    gap: tokens.spacingHorizontalS,
  },
  // The connection's name wraps inside the badge instead of spilling over its border; where the
  // pane is narrow it takes lines, in a box with corners that leave its text inside.
  status: {
    maxWidth: "100%",
    height: "auto",
    whiteSpace: "normal",
    textAlign: "start",
    [NARROW]: {
      borderRadius: tokens.borderRadiusMedium,
      paddingTop: tokens.spacingVerticalXXS,
      paddingBottom: tokens.spacingVerticalXXS,
    },
  },
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

/** A tab for each screen the services allow, Connection always. */
function screenTabs(services: AvailableServices, words: Messages): TabBarItem<ScreenName>[] {
  const tab = (value: ScreenName, label: string, shown: unknown) => (shown ? [{ value, label }] : []);
  return [
    ...tab("connection", words.app.tabConnection, true),
    ...tab("distribute", words.app.tabDistribute, services.distribute),
    ...tab("fund", words.app.tabFund, services.fund),
    ...tab("data", words.app.tabData, services.data),
    ...tab("activity", words.app.tabActivity, services.activity),
  ];
}

/** The active connection, known from the start whichever screen opens first, and its setter. */
function useActiveConnection(
  connections: AvailableServices["connections"],
): [SavedConnection | undefined, (c: SavedConnection | undefined) => void] {
  const [active, setActive] = useState<SavedConnection | undefined>(undefined);
  const onActiveChange = useCallback((c: SavedConnection | undefined) => setActive(c), []);
  useEffect(() => {
    let live = true;
    connections.load().then(
      (s) => live && setActive(s.connections.find((c) => c.id === s.activeId)),
      () => {
        // The connection screen reports a failing store when it is opened.
      },
    );
    return () => {
      live = false;
    };
  }, [connections]);
  return [active, onActiveChange];
}

/**
 * A run that stopped before it ended (the pane or the workbook closed mid-send or before
 * finalize): found, `onFound` opens Distribute on its table. Without a connection yet this finds
 * nothing; every validate, send and finalize settles the table again before it acts, so nothing
 * depends on it.
 */
function useInterruptedRun(
  distribute: AvailableServices["distribute"],
  active: SavedConnection | undefined,
  onFound: () => void,
): InterruptedRun | undefined {
  const [interrupted, setInterrupted] = useState<InterruptedRun | undefined>(undefined);
  useEffect(() => {
    if (!distribute?.interruptedRun || !active) return;
    const stop = new AbortController();
    distribute.interruptedRun(stop.signal).then(
      (run) => {
        if (!run || stop.signal.aborted) return;
        setInterrupted(run);
        onFound();
      },
      () => {
        // No connection yet, or the API unreachable: the next action settles and reports.
      },
    );
    return () => stop.abort();
    // Asked again only when another connection becomes active.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [distribute, active?.id]);
  return interrupted;
}

/**
 * Which screen shows. Distribute stays mounted once opened: going to Fund for a shortfall and
 * back finds it as it was; `fromDistribute` is set while Fund was opened from Distribute for a
 * shortfall (its amount, in cents).
 */
function useNavigation(initialScreen: ScreenName | undefined) {
  const [screen, setScreen] = useState<ScreenName>(initialScreen ?? "connection");
  const [distributeOpened, setDistributeOpened] = useState(initialScreen === "distribute");
  const [fromDistribute, setFromDistribute] = useState<number | undefined>(undefined);
  const go = (next: ScreenName) => {
    if (next === "distribute") setDistributeOpened(true);
    if (next !== "fund") setFromDistribute(undefined);
    setScreen(next);
  };
  const fundShortfall = (shortfallCents: number) => {
    setFromDistribute(shortfallCents);
    setScreen("fund");
  };
  return { screen, distributeOpened, fromDistribute, go, fundShortfall };
}

/** In place of a screen that needs a connection, while there is none. */
function ConnectFirst({ onConnect }: { onConnect: () => void }) {
  const { t } = useMessages();
  const styles = useStyles();
  return (
    <div className={styles.connectFirst}>
      <Body1>{t.common.connectFirst}</Body1>
      <Button appearance="primary" onClick={onConnect}>
        {t.common.goToConnection}
      </Button>
    </div>
  );
}

/** The pane's title and its connection badge. */
function ShellHeader({ active }: { active: SavedConnection | undefined }) {
  const { t } = useMessages();
  const styles = useStyles();
  return (
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
  );
}

function Shell({ services, sandboxUrl, initialScreen }: AppProps) {
  const { t } = useMessages();
  const styles = useStyles();
  const { screen, distributeOpened, fromDistribute, go, fundShortfall } = useNavigation(initialScreen);
  const [draftId, setDraftId] = useState<string | undefined>(undefined);
  const [active, onActiveChange] = useActiveConnection(services.connections);
  const interrupted = useInterruptedRun(services.distribute, active, () => go("distribute"));
  const needsConnection = (node: ReactNode) =>
    active ? node : <ConnectFirst onConnect={() => go("connection")} />;

  return (
    <main className={styles.root}>
      <ShellHeader active={active} />
      <nav aria-label={t.app.nav}>
        <TabBar
          className={styles.tabs}
          label={t.app.nav}
          items={screenTabs(services, t)}
          selected={screen}
          onSelect={go}
        />
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
                    onFund: fundShortfall,
                  }
                : {})}
            />,
          )}
        </div>
      )}
      <Suspense fallback={<Spinner size="small" label={t.app.loadingScreen} />}>
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
        {screen === "data" &&
          services.data &&
          needsConnection(
            <>
              <DataScreen services={services.data} />
              {services.books && <BooksSection services={services.books} />}
              {services.functions && <FunctionsPanel services={services.functions} />}
            </>,
          )}
        {screen === "activity" && services.activity && <ActivityScreen services={services.activity} />}
      </Suspense>
    </main>
  );
}
