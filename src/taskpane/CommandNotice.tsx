/**
 * Shows what the last ribbon command reported (./notices.ts) above the pane's screens, until it
 * is dismissed or replaced: the pane's answer to "Excel has no notification for add-ins".
 * Announced to screen readers (role="alert" for errors, "status" otherwise).
 */
import {
  Button,
  makeStyles,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  tokens,
} from "@fluentui/react-components";
import { LiveMessageBar } from "../ui/LiveMessageBar";
import { useSyncExternalStore } from "react";
import { messagesFor, type Locale } from "../ui/i18n";
import type { NoticeChannel } from "./notices";

const useStyles = makeStyles({
  bar: { margin: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM} 0` },
  body: { whiteSpace: "normal", overflowWrap: "break-word", minWidth: 0 },
  next: { display: "block", marginTop: tokens.spacingVerticalXS, fontWeight: tokens.fontWeightSemibold },
  details: { display: "block", marginTop: tokens.spacingVerticalXS, color: tokens.colorNeutralForeground3 },
});

export function CommandNotice({ notices, locale }: { notices: NoticeChannel; locale: Locale }) {
  const styles = useStyles();
  const notice = useSyncExternalStore(
    (onChange) => notices.subscribe(onChange),
    () => notices.latest(),
  );
  if (!notice) return null;
  return (
    <LiveMessageBar
      titled
      className={styles.bar}
      intent={notice.intent}
      layout="multiline"
      data-testid="command-notice"
    >
      <MessageBarBody className={styles.body}>
        <MessageBarTitle>{notice.title}</MessageBarTitle> {notice.body}
        {notice.next && <span className={styles.next}>{notice.next}</span>}
        {(notice.details ?? []).map((d) => (
          <span key={d} className={styles.details}>
            {d}
          </span>
        ))}
      </MessageBarBody>
      <MessageBarActions
        containerAction={
          <Button
            appearance="transparent"
            aria-label={messagesFor(locale).common.dismiss}
            onClick={() => notices.dismiss()}
          >
            ×
          </Button>
        }
      />
    </LiveMessageBar>
  );
}
