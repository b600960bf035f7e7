/**
 * The real `PaneServices`: the pane's services implemented with src/workflows, src/api and the
 * Workbook port. This is the only module of the pane that builds an API client; it does so per
 * call from the active connection, reading the token from the TokenStore at request time
 * (`getToken`), so a token is never held in React state and is sent only to its own origin.
 */
import { createClient, normalizeBaseUrl, type ValePixClient } from "../api";
import { ConnectionStore, originOf } from "./connections/store";
import type { TokenStore, UserStorage } from "./host";
import type { PaneServices } from "./services";

export interface AdapterInput {
  userStorage: UserStorage;
  tokenStore: TokenStore;
  /** The fetch of the host (injected for tests). */
  fetch?: typeof fetch;
}

export function createServices(input: AdapterInput): Pick<PaneServices, "connections"> {
  const fetchFn = input.fetch;
  const clientFor = (baseUrl: string, getToken: () => Promise<string>): ValePixClient =>
    createClient({ baseUrl: normalizeBaseUrl(baseUrl), getToken, ...(fetchFn ? { fetch: fetchFn } : {}) });

  const connections = new ConnectionStore(
    input.userStorage,
    input.tokenStore,
    async (baseUrl, getToken, signal) => {
      const balance = await clientFor(baseUrl, getToken).balances.get({ signal });
      return { availableCents: balance.available_amount };
    },
  );

  return { connections };
}

/** The client of the active connection, or undefined when none is chosen. */
export async function activeClient(
  connections: ConnectionStore,
  tokenStore: TokenStore,
  make: (baseUrl: string, getToken: () => Promise<string>) => ValePixClient,
): Promise<ValePixClient | undefined> {
  const s = await connections.load();
  const c = s.connections.find((x) => x.id === s.activeId);
  if (!c) return undefined;
  const origin = originOf(c.baseUrl);
  return make(c.baseUrl, async () => (await tokenStore.get(origin)) ?? "");
}
