/**
 * The one place where the pane shows errors and notices (chat-copilot's `Alerts.tsx` is the
 * model): screens call `useReport()` and never render their own error bars. The bar sits under
 * the header, is announced to screen readers (role="alert" for errors, "status" otherwise), and
 * stays until dismissed or replaced.
 *
 * The pane scrolls, and the person who pressed a button at the bottom of a long screen must see
 * what happened where they are: the area sticks to the top of the pane's scroll (CSS
 * `position: sticky`, within a height of its own so a long message never covers the screen), and
 * a new error takes the keyboard focus (the button pressed is usually gone while work runs), so a
 * screen reader reads it and Tab goes on from there.
 */
import {
  Button,
  makeStyles,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  tokens,
} from "@fluentui/react-components";
import { LiveMessageBar } from "../LiveMessageBar";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useMessages } from "../i18n";
import { type ErrorWords, type MessageIntent, messageFor, type PaneMessage } from "./messageFor";

export interface Reporter {
  /** Shows `error` through `messageFor`. */
  error(error: unknown): void;
  /** Shows a notice (a success or an information). */
  notice(text: string, intent?: MessageIntent | "success"): void;
  clear(): void;
}

/** `seq` tells a new message from the same one shown again (each is announced and focused anew). */
type Shown = { seq: number } & (
  (PaneMessage & { kind: "message" }) | { kind: "notice"; text: string; intent: MessageIntent | "success" }
);

const ReportContext = createContext<Reporter | undefined>(undefined);
const ShownContext = createContext<{ shown: Shown | undefined; clear: () => void }>({
  shown: undefined,
  clear: () => {},
});

/**
 * The one place errors and notices go. `words`: the features' words for their own errors (the
 * shell hands every feature's; the core's errors are always worded).
 */
export function ErrorCenter({
  children,
  words = [],
}: {
  children: ReactNode;
  words?: readonly ErrorWords[];
}) {
  const { t, locale } = useMessages();
  const [shown, setShown] = useState<Shown | undefined>(undefined);
  const seq = useRef(0);
  const clear = useCallback(() => setShown(undefined), []);
  const reporter = useMemo<Reporter>(
    () => ({
      error: (error) =>
        setShown({ seq: ++seq.current, kind: "message", ...messageFor(error, t, locale, words) }),
      notice: (text, intent = "success") => setShown({ seq: ++seq.current, kind: "notice", text, intent }),
      clear,
    }),
    [t, locale, clear, words],
  );
  return (
    <ReportContext.Provider value={reporter}>
      <ShownContext.Provider value={{ shown, clear }}>{children}</ShownContext.Provider>
    </ReportContext.Provider>
  );
}

/** The reporter of the nearest ErrorCenter. */
export function useReport(): Reporter {
  const reporter = useContext(ReportContext);
  if (!reporter) throw new Error("useReport() outside <ErrorCenter>");
  return reporter;
}

const useStyles = makeStyles({
  // Stays in view while the pane scrolls (the pane's own scroll: the task pane's document).
  area: {
    position: "sticky",
    top: 0,
    zIndex: 2,
    maxHeight: "40vh",
    overflowY: "auto",
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    borderRadius: tokens.borderRadiusMedium,
    ":focus-visible": { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  details: { display: "block", marginTop: tokens.spacingVerticalXS, color: tokens.colorNeutralForeground3 },
  next: { display: "block", marginTop: tokens.spacingVerticalXS, fontWeight: tokens.fontWeightSemibold },
  body: { whiteSpace: "normal", overflowWrap: "break-word", minWidth: 0 },
});

/** Renders what the ErrorCenter holds; place it once, near the top of the pane. */
export function MessageArea() {
  const styles = useStyles();
  const { shown, clear } = useContext(ShownContext);
  const area = useRef<HTMLDivElement>(null);
  const isError = shown?.kind === "message" && shown.intent === "error";
  // A new error takes the focus (and so comes into view, also where sticky is not supported).
  useEffect(() => {
    if (isError) area.current?.focus();
  }, [shown?.seq, isError]);
  if (!shown) return null;
  return (
    <div ref={area} className={styles.area} tabIndex={-1} data-testid="message-area" key={shown.seq}>
      <ShownBar shown={shown} clear={clear} />
    </div>
  );
}

function ShownBar({ shown, clear }: { shown: Shown; clear: () => void }) {
  const { t } = useMessages();
  const styles = useStyles();
  const dismiss = (
    <MessageBarActions
      containerAction={
        <Button appearance="transparent" aria-label={t.common.dismiss} onClick={clear}>
          ×
        </Button>
      }
    />
  );
  if (shown.kind === "notice") {
    return (
      <LiveMessageBar
        intent={shown.intent}
        layout="multiline"
        role="status"
        data-testid="pane-message"
        data-kind="notice"
      >
        <MessageBarBody className={styles.body}>{shown.text}</MessageBarBody>
        {dismiss}
      </LiveMessageBar>
    );
  }
  return (
    <LiveMessageBar
      titled
      intent={shown.intent}
      layout="multiline"
      data-testid="pane-message"
      data-kind="failure"
    >
      <MessageBarBody className={styles.body}>
        <MessageBarTitle>{shown.title}</MessageBarTitle> {shown.body}
        {shown.next && <span className={styles.next}>{shown.next}</span>}
        {shown.details.map((d) => (
          <span key={d} className={styles.details}>
            {d}
          </span>
        ))}
      </MessageBarBody>
      {dismiss}
    </LiveMessageBar>
  );
}
