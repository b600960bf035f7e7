/**
 * The preview starts connected: the sandbox's demo company is saved as the "Sandbox (demo)"
 * connection through the pane's own connection services, so its token goes where the add-in
 * keeps tokens (the token store, per user, outside the workbook) and nowhere else. A connection
 * the person already has is left as it is; one that is missing or lost its token is (re)saved.
 */
import type { ConnectionServices } from "../features/connection";
import { DEMO_CONNECTION_LABEL, DEMO_TOKEN } from "./demo";

export async function ensureDemoConnection(
  connections: ConnectionServices,
  sandboxUrl: string,
): Promise<void> {
  const state = await connections.load();
  const base = sandboxUrl.replace(/\/+$/, "");
  const existing = state.connections.find((c) => c.label === DEMO_CONNECTION_LABEL);
  if (existing && existing.baseUrl.replace(/\/+$/, "") === base && state.withToken.includes(existing.id))
    return;
  await connections.save({
    ...(existing ? { id: existing.id } : {}),
    label: DEMO_CONNECTION_LABEL,
    environment: "sandbox",
    baseUrl: base,
    persistence: "device",
    token: DEMO_TOKEN,
  });
}
