/**
 * The pane's services (src/taskpane/pane-services.ts) over a workflow environment's sandbox, connected as a
 * person would be: a session-only "Sandbox" connection, and a client whose waits advance the
 * sandbox's virtual clock (so polling and pacing cost no real time).
 */
import { TOKEN_A } from "../sandbox/test-harness";
import { createServices } from "../src/taskpane/pane-services";
import { MemoryTokenStore, MemoryUserStorage } from "../src/taskpane/memory-host";
import type { Workbook } from "../src/workbook";
import type { WorkflowEnv } from "./workflows-env";

export async function connectedServices(
  env: WorkflowEnv,
  workbook: Workbook,
  fetch?: typeof globalThis.fetch,
): Promise<ReturnType<typeof createServices>> {
  const services = createServices({
    userStorage: new MemoryUserStorage(),
    tokenStore: new MemoryTokenStore(),
    workbook,
    ...(fetch ? { fetch } : {}),
    client: {
      sleep: (ms) => {
        env.clock.advance(ms);
        return Promise.resolve();
      },
      now: env.clock.now,
      random: () => 0.5,
    },
  });
  await services.connections.save({
    label: "Sandbox",
    environment: "sandbox",
    baseUrl: env.sb.url,
    persistence: "session",
    token: TOKEN_A,
  });
  return services;
}
