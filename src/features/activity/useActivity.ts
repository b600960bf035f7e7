/**
 * The Activity screen's actions: read the run log (on open and on Refresh) and ask the API for a
 * distribution's current state, each outcome dispatched to ./activity-state.ts and each failure
 * reported to the error centre. Requests still in flight are cancelled when the screen closes.
 * Nothing here draws.
 */
import { useCallback, useEffect, useReducer, useRef } from "react";
import { useReport } from "../../ui/errors/ErrorCenter";
import { activityReducer, initialState } from "./activity-state";
import type { ActivityServices } from "./services";

export function useActivity(services: ActivityServices) {
  const report = useReport();
  const [state, dispatch] = useReducer(activityReducer, initialState);
  /** Aborted when the screen closes: no answer is dispatched to a screen that is gone. */
  const open = useRef(new AbortController());

  const load = useCallback(async () => {
    dispatch({ type: "loadStarted" });
    try {
      const entries = await services.runLog();
      if (!open.current.signal.aborted) dispatch({ type: "loaded", entries });
    } catch (e) {
      dispatch({ type: "loadFailed" });
      report.error(e);
    }
  }, [services, report]);

  useEffect(() => {
    const controller = new AbortController();
    open.current = controller;
    void load();
    return () => controller.abort();
  }, [load]);

  const check = async (distributionId: string) => {
    const { signal } = open.current;
    dispatch({ type: "checkStarted", distributionId });
    try {
      const current = await services.distribution(distributionId, signal);
      dispatch({ type: "checked", distributionId, current });
    } catch (e) {
      dispatch({ type: "checkFailed", distributionId });
      if (!signal.aborted) report.error(e);
    }
  };

  const goToTable = (table: string) => {
    services.goToTable(table).catch((e: unknown) => report.error(e));
  };

  return { state, load: () => void load(), check: (id: string) => void check(id), goToTable };
}
