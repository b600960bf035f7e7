/**
 * Live validation while people type (the pane's side): while `enabled`, each
 * change the table reports (`watchTable`, over Office.js `Table.onChanged`) is gathered, and a
 * burst of them (a paste, a fill-down, a few keystrokes) is handed to `revalidate` as one, after
 * `LIVE_DEBOUNCE_MS` of quiet. The adapter re-checks only the changed rows and writes their status
 * cells (src/features/distribute/adapter/live.ts), reusing the employees, products and balance of the last
 * explicit validation, so typing never calls the API.
 *
 * Runs never overlap and are never abandoned half-way: the adapter's result is kept up to date
 * change by change, so a burst that arrives during a run waits for it and goes next.
 */
import { useEffect, useRef } from "react";
import type { TableChange } from "../../../workbook";
import type { DistributeServices, ValidationView } from "../services";

const LIVE_DEBOUNCE_MS = 400;

export function useLiveValidation(
  services: Pick<DistributeServices, "watchTable" | "revalidate">,
  table: string,
  enabled: boolean,
  onResult: (view: ValidationView) => void,
  onError: (error: unknown) => void,
): void {
  // The latest callbacks, without resubscribing when the parent re-renders.
  const callbacks = useRef({ onResult, onError });
  useEffect(() => {
    callbacks.current = { onResult, onError };
  });

  useEffect(() => {
    if (!enabled || table === "") return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let running = false;
    let pending: TableChange[] = [];
    let unsubscribe: (() => void) | undefined;
    const stop = new AbortController();

    const revalidate = () => {
      timer = undefined;
      if (running || pending.length === 0 || !live) return;
      const changes = pending;
      pending = [];
      running = true;
      services
        .revalidate(table, stop.signal, changes)
        .then(
          (view) => {
            if (live) callbacks.current.onResult(view);
          },
          (error: unknown) => {
            if (live) callbacks.current.onError(error);
          },
        )
        .finally(() => {
          running = false;
          // Changes that came in meanwhile go next (their own quiet period has passed or will).
          if (live && pending.length > 0 && timer === undefined)
            timer = setTimeout(revalidate, LIVE_DEBOUNCE_MS);
        });
    };
    services
      .watchTable(table, (change) => {
        pending.push(change);
        if (timer !== undefined) clearTimeout(timer);
        timer = setTimeout(revalidate, LIVE_DEBOUNCE_MS);
      })
      .then(
        (unwatch) => {
          if (live) unsubscribe = unwatch;
          else unwatch();
        },
        (error: unknown) => {
          if (live) callbacks.current.onError(error);
        },
      );
    return () => {
      live = false;
      if (timer !== undefined) clearTimeout(timer);
      stop.abort();
      unsubscribe?.();
    };
  }, [services, table, enabled]);
}
