/**
 * What the Connection screen needs (its port): saved connections and the token kept per origin.
 * ./store.ts implements it over the per-user storage and the TokenStore.
 */
import type { Persistence } from "../../api";

export type Environment = "production" | "sandbox" | "custom";

/** A saved connection: never the token (that lives in the TokenStore, keyed by origin). */
export interface SavedConnection {
  id: string;
  label: string;
  environment: Environment;
  baseUrl: string;
  persistence: Persistence;
}

export interface ConnectionInput {
  /** Absent for a new connection. */
  id?: string;
  label: string;
  environment: Environment;
  baseUrl: string;
  persistence: Persistence;
  /** Absent or "" keeps the token already kept for the origin. */
  token?: string;
}

export interface ConnectionsState {
  connections: SavedConnection[];
  activeId: string | undefined;
  /** Ids of the connections whose origin has a token kept. */
  withToken: string[];
}

export interface ConnectionServices {
  load(): Promise<ConnectionsState>;
  /** Saves (and activates) a connection; a given token goes to the TokenStore for its origin. */
  save(input: ConnectionInput): Promise<SavedConnection>;
  activate(id: string): Promise<void>;
  remove(id: string): Promise<void>;
  /** Forgets the token of the connection's origin. */
  signOut(id: string): Promise<void>;
  /** Calls the API with the kept token; the available balance proves it works. */
  test(id: string, signal: AbortSignal): Promise<{ availableCents: number }>;
}
