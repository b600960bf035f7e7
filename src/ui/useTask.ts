/**
 * Runs one long operation at a time for a screen: an AbortController for Cancel, the latest
 * progress, and errors sent to the ErrorCenter (one place). A cancel is reported as a notice,
 * never as a failure.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { isCancel } from "./errors/messageFor";
import { useReport } from "./errors/ErrorCenter";
import { useMessages } from "./i18n";
import type { Progress, Run } from "../api/progress";

/**
 * The progress as shown: with the time left at the pace so far when the work did not tell it
 * (every long step shows a count and an ETA). The pace is the phase's own: it
 * starts again when the phase changes.
 */
interface PhaseStart {
  phase: string;
  at: number;
  done: number;
}

function withEta(start: PhaseStart, progress: Progress, now: number): Progress {
  const moved = progress.done - start.done;
  const elapsed = now - start.at;
  if (progress.etaMs !== undefined || progress.total <= 1 || moved <= 0 || elapsed <= 0) return progress;
  return {
    ...progress,
    etaMs: Math.max(0, Math.round(((progress.total - progress.done) * elapsed) / moved)),
  };
}

export interface Task {
  running: boolean;
  progress: Progress | undefined;
  /** Runs `work`; resolves with its result, or undefined when it failed or was cancelled (already reported). */
  run: <T>(work: (run: Run) => Promise<T>) => Promise<T | undefined>;
  /** Cancels the running work; `quiet` when the caller reports the outcome itself. */
  cancel: (quiet?: boolean) => void;
}

export function useTask(): Task {
  const report = useReport();
  const { t } = useMessages();
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<Progress | undefined>(undefined);
  const controller = useRef<AbortController | undefined>(undefined);
  const quiet = useRef(false);
  const phaseStart = useRef<PhaseStart | undefined>(undefined);

  // Leaving the screen cancels what it started.
  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(
    async <T>(work: (job: Run) => Promise<T>): Promise<T | undefined> => {
      controller.current?.abort();
      const runController = new AbortController();
      controller.current = runController;
      quiet.current = false;
      setRunning(true);
      setProgress(undefined);
      phaseStart.current = undefined;
      report.clear();
      const onProgress = (update: Progress) => {
        const now = Date.now();
        if (phaseStart.current?.phase !== update.phase)
          phaseStart.current = { phase: update.phase, at: now, done: update.done };
        setProgress(withEta(phaseStart.current, update, now));
      };
      try {
        return await work({ signal: runController.signal, onProgress });
      } catch (error) {
        if (isCancel(error) || runController.signal.aborted) {
          if (!quiet.current) report.notice(t.common.cancelled, "info");
        } else report.error(error);
        return undefined;
      } finally {
        if (controller.current === runController) {
          controller.current = undefined;
          setRunning(false);
          setProgress(undefined);
        }
      }
    },
    [report, t],
  );

  const cancel = useCallback((q = false) => {
    quiet.current = q;
    controller.current?.abort();
  }, []);
  return { running, progress, run, cancel };
}
