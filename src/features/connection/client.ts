/**
 * The API clients of the pane. Every client is built with src/api's `createPacedClient`
 * (one gate per API address that learns the server's rate; API document, "Limits"), so a long
 * send keeps a rate-limited server busy without piling up 429s, and the rate learned by one
 * screen serves the next. The token is read from the TokenStore at each request (`getToken`),
 * never held here, and only ever sent to the origin it was saved for.
 */
import {
  type ClientOptions,
  normalizeBaseUrl,
  type TokenStore,
  type UserStorage,
  type ValePixClient,
} from "../../api";
import { createPacedClient, type PacerOptions } from "../../api/pacer";
import { ConnectionInputError, ConnectionStore, originOf } from "./store";

/** What tests and hosts may inject into every client (clock, sleep, fetch, timeouts). */
export type ClientTuning = Partial<
  Pick<ClientOptions, "fetch" | "sleep" | "now" | "random" | "timeoutMs" | "retry">
> & { pacing?: PacerOptions };

export function clientFactory(tuning: ClientTuning) {
  const { pacing, ...options } = tuning;
  /** A fresh paced client for one address and token source (the connection test uses it). */
  const clientFor = (baseUrl: string, getToken: () => Promise<string>): ValePixClient =>
    createPacedClient({ ...options, baseUrl: normalizeBaseUrl(baseUrl), getToken }, pacing).client;
  return clientFor;
}

/**
 * The saved connections over the per-user storage and the token store, each tested by reading its
 * balance with a fresh client of `clientFor`.
 */
export function connectionStore(
  userStorage: UserStorage,
  tokenStore: TokenStore,
  clientFor: (baseUrl: string, getToken: () => Promise<string>) => ValePixClient,
): ConnectionStore {
  return new ConnectionStore(userStorage, tokenStore, async (baseUrl, getToken, signal) => {
    const balance = await clientFor(baseUrl, getToken).balances.get({ signal });
    return { availableCents: balance.available_amount };
  });
}

/**
 * The active connection's client: one per API address for the life of the pane (so its pacer
 * keeps what it learned), reading the token of that origin from the store at every request.
 */
export function activeClient(
  connections: ConnectionStore,
  tokenStore: TokenStore,
  clientFor: (baseUrl: string, getToken: () => Promise<string>) => ValePixClient,
): () => Promise<ValePixClient> {
  const byAddress = new Map<string, ValePixClient>();
  return async () => {
    const state = await connections.load();
    const active = state.connections.find((x) => x.id === state.activeId);
    if (!active) throw new ConnectionInputError("token", "required");
    const address = normalizeBaseUrl(active.baseUrl);
    let client = byAddress.get(address);
    if (!client) {
      const origin = originOf(active.baseUrl);
      client = clientFor(active.baseUrl, async () => {
        const token = await tokenStore.get(origin);
        if (token === undefined) throw new ConnectionInputError("token", "required");
        return token;
      });
      byAddress.set(address, client);
    }
    return client;
  };
}
