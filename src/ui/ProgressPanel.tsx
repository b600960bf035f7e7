/**
 * Progress of a long operation: what it is doing, how far, the time left, and Cancel. It is a
 * region named by what it is doing, and it takes the keyboard focus when the work left nothing
 * holding it (the control that started it disabled or gone, as Send and a form's submit are):
 * a screen reader then reads the progress, and Tab goes on to Cancel. A control that keeps the
 * focus while it works (disabledFocusable) keeps it.
 */
import { Button, Caption1, Field, makeStyles, ProgressBar, tokens } from "@fluentui/react-components";
import { useLayoutEffect, useRef } from "react";
import { focusLost, TRANSIENT_FOCUS } from "./focus";
import { formatCount, formatDuration, useMessages } from "./i18n";
import type { Task } from "./useTask";

const useStyles = makeStyles({
  root: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalXS,
    ":focus-visible": { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  row: {
    display: "flex",
    flexWrap: "wrap",
    alignItems: "center",
    justifyContent: "space-between",
    gap: tokens.spacingHorizontalS,
  },
});

export function ProgressPanel({ task, label }: { task: Task; label?: string }) {
  if (!task.running) return null;
  return <RunningProgress task={task} {...(label !== undefined ? { label } : {})} />;
}

function RunningProgress({ task, label }: { task: Task; label?: string }) {
  const { t, locale } = useMessages();
  const styles = useStyles();
  const region = useRef<HTMLElement>(null);
  // Before the first paint with it, so no frame shows the focus on nothing.
  useLayoutEffect(() => {
    if (focusLost()) region.current?.focus();
  }, []);
  const progress = task.progress;
  const phase = progress ? (t.phases[progress.phase] ?? progress.phase) : (label ?? t.common.working);
  const determinate = progress !== undefined && progress.total > 0;
  const value = determinate ? Math.min(1, progress.done / progress.total) : undefined;
  // "0 of 1" says nothing (one step that waits, such as a payment): show counts from two up.
  const counts =
    determinate && progress.total > 1
      ? t.common.progress({
          done: formatCount(progress.done, locale),
          total: formatCount(progress.total, locale),
        })
      : "";
  const eta =
    progress?.etaMs !== undefined ? t.common.eta({ time: formatDuration(progress.etaMs, locale) }) : "";
  return (
    <section
      ref={region}
      className={styles.root}
      data-testid="progress"
      aria-label={phase}
      tabIndex={-1}
      {...{ [TRANSIENT_FOCUS]: "" }}
    >
      <Field label={phase} validationState="none">
        <ProgressBar
          value={value}
          thickness="large"
          aria-valuetext={[counts, eta].filter(Boolean).join(", ") || phase}
        />
      </Field>
      <div className={styles.row}>
        <Caption1 aria-live="polite">{[counts, eta].filter(Boolean).join(" · ")}</Caption1>
        <Button onClick={() => task.cancel()}>{t.common.cancel}</Button>
      </div>
    </section>
  );
}
