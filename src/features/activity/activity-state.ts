/**
 * The Activity screen's state as data: the run log as last read, and each distribution's current
 * state as the API last answered it (with the ones being asked); a pure reducer, tested without
 * rendering in ./activity-state.test.ts. ./useActivity.ts runs the services and dispatches;
 * ./ActivityScreen.tsx draws it.
 */
import type { RunLogView } from "./services";

/** A distribution as the API answers it now (the run log only knows it as it was logged). */
export interface CurrentState {
  status: string;
  totalEmployees: number;
  totalCents: number;
}

export interface ActivityState {
  /** The run log, newest first; undefined until first read. */
  entries: RunLogView[] | undefined;
  /** True while the run log is being read. */
  loading: boolean;
  /** The current state of each distribution asked for, by distribution id. */
  current: Readonly<Record<string, CurrentState>>;
  /** The distributions whose state is being asked (their buttons wait). */
  checking: readonly string[];
}

export const initialState: ActivityState = { entries: undefined, loading: false, current: {}, checking: [] };

export type ActivityAction =
  | { type: "loadStarted" }
  | { type: "loaded"; entries: RunLogView[] }
  | { type: "loadFailed" }
  | { type: "checkStarted"; distributionId: string }
  | { type: "checked"; distributionId: string; current: CurrentState }
  | { type: "checkFailed"; distributionId: string };

const without = (ids: readonly string[], id: string) => ids.filter((x) => x !== id);

export function activityReducer(state: ActivityState, action: ActivityAction): ActivityState {
  switch (action.type) {
    case "loadStarted":
      return { ...state, loading: true };
    case "loaded":
      return { ...state, loading: false, entries: action.entries };
    case "loadFailed":
      // The entries read before stay on screen: a failed refresh does not empty the list.
      return { ...state, loading: false };
    case "checkStarted":
      return state.checking.includes(action.distributionId)
        ? state
        : { ...state, checking: [...state.checking, action.distributionId] };
    case "checked":
      return {
        ...state,
        checking: without(state.checking, action.distributionId),
        current: { ...state.current, [action.distributionId]: action.current },
      };
    case "checkFailed":
      return { ...state, checking: without(state.checking, action.distributionId) };
  }
}
