/**
 * A client of src/api against the divergent server (`server.ts`) on a loopback port, with
 * instant waits (the client's `sleep` resolves at once and records the wait).
 */
import { type ClientOptions, createClient, type ValePixClient } from "../../src/api";
import { DIVERGENT_TOKEN, type DivergentServer, startDivergentServer } from "./server";

export interface DivergentEnv {
  server: DivergentServer;
  api: ValePixClient;
  sleeps: number[];
  /** `METHOD /path status` of the requests seen since the last call (and forgets them). */
  take(): string[];
}

const open: DivergentServer[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

export async function divergent(
  extra: Partial<ClientOptions> = {},
  serverOptions: Parameters<typeof startDivergentServer>[0] = {},
): Promise<DivergentEnv> {
  const server = await startDivergentServer(serverOptions);
  open.push(server);
  const sleeps: number[] = [];
  const api = createClient({
    baseUrl: server.url,
    token: DIVERGENT_TOKEN,
    timeoutMs: 5_000,
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
    random: () => 0.5,
    ...extra,
  });
  let taken = 0;
  return {
    server,
    api,
    sleeps,
    take: () => {
      const out = server.log().slice(taken);
      taken = server.seen.length;
      return out;
    },
  };
}

/** A draft with `employees` (ids of the seeded active employees) added, and the log cleared. */
export async function draftWith(
  env: DivergentEnv,
  count: number,
): Promise<{ id: string; employees: string[] }> {
  const employees = env.server.state.employees
    .filter((e) => e.situation === "active")
    .slice(0, count)
    .map((e) => e.employee_id);
  const d = await env.api.distributions.create({ type: "selected" });
  if (count > 0) await env.api.distributions.addItems(d.distribution_id, employees);
  env.take();
  return { id: d.distribution_id, employees };
}

export async function caught(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    (v) => new Error(`expected a rejection, got ${JSON.stringify(v)}`),
    (e: unknown) => e,
  );
}
