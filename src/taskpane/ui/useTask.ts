/**
 * Runs one long operation at a time for a screen: an AbortController for Cancel, the latest
 * progress, and errors sent to the ErrorCenter (one place). A cancel is reported as a notice,
 * never as a failure.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { isCancel } from "./errors/messageFor";
import { useReport } from "./errors/ErrorCenter";
import { useMessages } from "./i18n";
import type { Progress, Run } from "../../api/progress";

/**
 * The progress as shown: with the time left at the pace so far when the work did not tell it
 * (every long step shows a count and an ETA: issue 20, item 10). The pace is the phase's own: it
 * starts again when the phase changes.
 */
interface PhaseStart {
  phase: string;
  at: number;
  done: number;
}

function withEta(start: PhaseStart, p: Progress, now: number): Progress {
  const moved = p.done - start.done;
  const elapsed = now - start.at;
  if (p.etaMs !== undefined || p.total <= 1 || moved <= 0 || elapsed <= 0) return p;
  return { ...p, etaMs: Math.max(0, Math.round(((p.total - p.done) * elapsed) / moved)) };
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
    async <T>(work: (r: Run) => Promise<T>): Promise<T | undefined> => {
      controller.current?.abort();
      const c = new AbortController();
      controller.current = c;
      quiet.current = false;
      setRunning(true);
      setProgress(undefined);
      phaseStart.current = undefined;
      report.clear();
      const onProgress = (p: Progress) => {
        const now = Date.now();
        if (phaseStart.current?.phase !== p.phase)
          phaseStart.current = { phase: p.phase, at: now, done: p.done };
        setProgress(withEta(phaseStart.current, p, now));
      };
      try {
        return await work({ signal: c.signal, onProgress });
      } catch (error) {
        if (isCancel(error) || c.signal.aborted) {
          if (!quiet.current) report.notice(t.common.cancelled, "info");
        } else report.error(error);
        return undefined;
      } finally {
        if (controller.current === c) {
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
