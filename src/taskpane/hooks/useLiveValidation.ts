/**
 * Live validation while people type (issue 11 item 3, the pane's side): while `enabled`, the
 * table's `onTableChanged` (Office.js `Table.onChanged`; the add-in's own writes are not
 * reported) triggers a revalidation, debounced so a burst of edits (a paste, a fill-down) costs
 * one. The revalidation reuses the employees, products and balance of the last explicit
 * validation (DistributeServices.revalidate), so typing never calls the API.
 */
import { useEffect, useRef } from "react";
import type { DistributeServices, ValidationView } from "../services";

export const LIVE_DEBOUNCE_MS = 400;

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
    let running: AbortController | undefined;
    let unsubscribe: (() => void) | undefined;

    const revalidate = () => {
      running?.abort();
      const c = new AbortController();
      running = c;
      services.revalidate(table, c.signal).then(
        (view) => {
          if (live && !c.signal.aborted) callbacks.current.onResult(view);
        },
        (error: unknown) => {
          if (live && !c.signal.aborted) callbacks.current.onError(error);
        },
      );
    };
    services
      .watchTable(table, () => {
        if (timer !== undefined) clearTimeout(timer);
        timer = setTimeout(revalidate, LIVE_DEBOUNCE_MS);
      })
      .then(
        (stop) => {
          if (live) unsubscribe = stop;
          else stop();
        },
        (error: unknown) => {
          if (live) callbacks.current.onError(error);
        },
      );
    return () => {
      live = false;
      if (timer !== undefined) clearTimeout(timer);
      running?.abort();
      unsubscribe?.();
    };
  }, [services, table, enabled]);
}
