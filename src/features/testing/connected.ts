/**
 * The sandbox reached as the pane reaches it, without the shell: a session-only "Sandbox"
 * connection kept in memory stand-ins of the per-user storage and the token store, and the active
 * connection's paced client (src/features/connection) whose waits advance the sandbox's virtual
 * clock, so polling and pacing cost no real time. A feature's test builds that feature's
 * services over `api`; the shell's tests hand the same pieces to its composition.
 */
import { MemoryTokenStore, MemoryUserStorage } from "../../api/testing/memory-storage";
import { TOKEN_A } from "../../../sandbox/test-harness";
import type { ValePixClient } from "../../api";
import { activeClient, clientFactory, type ClientTuning, connectionStore } from "../connection";
import type { WorkflowEnv } from "./workflows-env";

/** Clock, sleep and jitter of a client on the sandbox's manual clock. */
export function sandboxTuning(env: Pick<WorkflowEnv, "clock">): ClientTuning {
  return {
    sleep: (ms) => {
      env.clock.advance(ms);
      return Promise.resolve();
    },
    now: env.clock.now,
    random: () => 0.5,
  };
}

/** The connection a person saves to try the add-in on the sandbox ("this session" only). */
export const sandboxConnection = (env: Pick<WorkflowEnv, "sb">) =>
  ({
    label: "Sandbox",
    environment: "sandbox",
    baseUrl: env.sb.url,
    persistence: "session",
    token: TOKEN_A,
  }) as const;

export interface Connected {
  /** The active connection's client, as every feature's adapter takes it. */
  api: () => Promise<ValePixClient>;
  userStorage: MemoryUserStorage;
  tokenStore: MemoryTokenStore;
}

/** Saves the sandbox connection and answers its client; `fetch` stands in for the host's. */
export async function connectedClient(
  env: Pick<WorkflowEnv, "sb" | "clock">,
  fetch?: typeof globalThis.fetch,
): Promise<Connected> {
  const userStorage = new MemoryUserStorage();
  const tokenStore = new MemoryTokenStore();
  const clientFor = clientFactory({ ...sandboxTuning(env), ...(fetch ? { fetch } : {}) });
  const connections = connectionStore(userStorage, tokenStore, clientFor);
  await connections.save(sandboxConnection(env));
  return { api: activeClient(connections, tokenStore, clientFor), userStorage, tokenStore };
}
