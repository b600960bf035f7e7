/**
 * The one place where the pane shows errors and notices (chat-copilot's `Alerts.tsx` is the
 * model): screens call `useReport()` and never render their own error bars. The bar sits under
 * the header, is announced to screen readers (role="alert" for errors, "status" otherwise), and
 * stays until dismissed or replaced.
 */
import {
  Button,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  tokens,
} from "@fluentui/react-components";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { useMessages } from "../i18n";
import { type MessageIntent, messageFor, type PaneMessage } from "./messageFor";

export interface Reporter {
  /** Shows `error` through `messageFor`. */
  error(error: unknown): void;
  /** Shows a notice (a success or an information). */
  notice(text: string, intent?: MessageIntent | "success"): void;
  clear(): void;
}

type Shown =
  (PaneMessage & { kind: "message" }) | { kind: "notice"; text: string; intent: MessageIntent | "success" };

const ReportContext = createContext<Reporter | undefined>(undefined);
const ShownContext = createContext<{ shown: Shown | undefined; clear: () => void }>({
  shown: undefined,
  clear: () => {},
});

export function ErrorCenter({ children }: { children: ReactNode }) {
  const { t, locale } = useMessages();
  const [shown, setShown] = useState<Shown | undefined>(undefined);
  const clear = useCallback(() => setShown(undefined), []);
  const reporter = useMemo<Reporter>(
    () => ({
      error: (error) => setShown({ kind: "message", ...messageFor(error, t, locale) }),
      notice: (text, intent = "success") => setShown({ kind: "notice", text, intent }),
      clear,
    }),
    [t, locale, clear],
  );
  return (
    <ReportContext.Provider value={reporter}>
      <ShownContext.Provider value={{ shown, clear }}>{children}</ShownContext.Provider>
    </ReportContext.Provider>
  );
}

/** The reporter of the nearest ErrorCenter. */
export function useReport(): Reporter {
  const r = useContext(ReportContext);
  if (!r) throw new Error("useReport() outside <ErrorCenter>");
  return r;
}

const useStyles = makeStyles({
  details: { display: "block", marginTop: tokens.spacingVerticalXS, color: tokens.colorNeutralForeground3 },
  next: { display: "block", marginTop: tokens.spacingVerticalXS, fontWeight: tokens.fontWeightSemibold },
  body: { whiteSpace: "normal", overflowWrap: "anywhere" },
});

/** Renders what the ErrorCenter holds; place it once, near the top of the pane. */
export function MessageArea() {
  const { t } = useMessages();
  const styles = useStyles();
  const { shown, clear } = useContext(ShownContext);
  if (!shown) return null;
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
      <MessageBar intent={shown.intent} layout="multiline" role="status" data-testid="pane-message">
        <MessageBarBody className={styles.body}>{shown.text}</MessageBarBody>
        {dismiss}
      </MessageBar>
    );
  }
  return (
    <MessageBar
      intent={shown.intent}
      layout="multiline"
      role={shown.intent === "error" ? "alert" : "status"}
      data-testid="pane-message"
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
    </MessageBar>
  );
}
