/**
 * The Connection screen's flow as data: the saved connections as last read, the form being
 * filled in (a new connection or an edit), whether the token is shown, and the form's field
 * errors; a pure reducer (tested without rendering in ./connection-state.test.ts). ./useConnection.ts
 * runs the services and dispatches; ./ConnectionScreen.tsx draws it.
 *
 * The token typed in the form lives here only until the save: a saved or cancelled form is gone.
 */
import type { Persistence } from "../../api";
import type { ConnectionsState, Environment, SavedConnection } from "./services";
import { originOf } from "./store";

/** The form: a new connection (no id) or an edit of a saved one (its token is never read back). */
export interface Draft {
  id?: string;
  label: string;
  environment: Environment;
  baseUrl: string;
  persistence: Persistence;
  token: string;
}

export type FieldErrors = Partial<Record<"label" | "baseUrl" | "token", string>>;

export interface ConnectionState {
  /** The saved connections as last read (undefined until the first read). */
  saved: ConnectionsState | undefined;
  draft: Draft | undefined;
  /** The token field shows what is typed (the eye button). */
  reveal: boolean;
  errors: FieldErrors;
}

export const initialState: ConnectionState = {
  saved: undefined,
  draft: undefined,
  reveal: false,
  errors: {},
};

const EMPTY: Draft = { label: "", environment: "production", baseUrl: "", persistence: "device", token: "" };

export type ConnectionAction =
  /** The saved connections were read; with none saved, the form for a new one opens. */
  | { type: "loaded"; saved: ConnectionsState }
  /** "New connection" (no connection) or "Edit" (that connection, its token field empty). */
  | { type: "opened"; connection?: SavedConnection }
  | { type: "edited"; patch: Partial<Pick<Draft, "label" | "baseUrl" | "token" | "persistence">> }
  /** Sandbox fills in its address when none was typed. */
  | { type: "environmentChosen"; environment: Environment; sandboxUrl: string }
  | { type: "revealToggled" }
  | { type: "cancelled" }
  /** The form was sent: earlier errors go. */
  | { type: "submitted" }
  | { type: "rejected"; field: keyof FieldErrors; text: string }
  /** Saved: the form, and the token typed in it, are gone. */
  | { type: "saved" };

export function connectionReducer(state: ConnectionState, action: ConnectionAction): ConnectionState {
  switch (action.type) {
    case "loaded":
      return {
        ...state,
        saved: action.saved,
        draft: action.saved.connections.length === 0 ? (state.draft ?? { ...EMPTY }) : state.draft,
      };
    case "opened":
      return {
        ...state,
        errors: {},
        draft: action.connection ? { ...action.connection, token: "" } : { ...EMPTY },
      };
    case "edited":
      return state.draft ? { ...state, draft: { ...state.draft, ...action.patch } } : state;
    case "environmentChosen": {
      if (!state.draft) return state;
      const { environment, sandboxUrl } = action;
      const baseUrl =
        environment === "sandbox" && state.draft.baseUrl === "" ? sandboxUrl : state.draft.baseUrl;
      return { ...state, draft: { ...state.draft, environment, baseUrl } };
    }
    case "revealToggled":
      return { ...state, reveal: !state.reveal };
    case "cancelled":
      return { ...state, draft: undefined };
    case "submitted":
      return { ...state, errors: {} };
    case "rejected":
      return { ...state, errors: { [action.field]: action.text } };
    case "saved":
      return { ...state, draft: undefined, reveal: false };
  }
}

/** The edited connection's origin already has a token kept: an empty token field keeps it. */
export function tokenKept({ saved, draft }: ConnectionState): boolean {
  return !!draft?.id && !!saved?.withToken.includes(draft.id);
}

/** Another saved connection at the form's origin (they share its token); undefined when none or no valid address. */
export function sharedWith({ saved, draft }: ConnectionState): SavedConnection | undefined {
  if (!draft || !saved) return undefined;
  let origin: string;
  try {
    origin = originOf(draft.baseUrl);
  } catch {
    return undefined;
  }
  return saved.connections.find((x) => x.id !== draft.id && originOf(x.baseUrl) === origin);
}
