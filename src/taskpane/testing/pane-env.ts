/**
 * The pane's services (../pane-services.ts) over a workflow environment's sandbox, connected as a
 * person would be: the feature harness's session-only "Sandbox" connection, and a client whose
 * waits advance the sandbox's virtual clock (so polling and pacing cost no real time).
 */
import { MemoryTokenStore, MemoryUserStorage } from "../../api/testing/memory-storage";
import { sandboxConnection, sandboxTuning } from "../../features/testing/connected";
import type { WorkflowEnv } from "../../features/testing/workflows-env";
import type { Workbook } from "../../workbook";
import { createServices } from "../pane-services";

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
    client: sandboxTuning(env),
  });
  await services.connections.save(sandboxConnection(env));
  return services;
}
