import type { ValePixClient } from "../../api";
import { startWorkflowEnv, type WorkflowEnv } from "../testing/workflows-env";
import { PIX_DELAY } from "../../../sandbox/test-harness";
import { fundServices } from "./adapter";
import { MemoryUserStorage } from "../../api/testing/memory-storage";

class Crash extends Error {}

let env: WorkflowEnv;
afterEach(async () => {
  await env.close();
});

const payer = { name: "Financeiro Acme", document: "11222333000181" };
const run = (signal = new AbortController().signal) => ({
  signal,
  onProgress: () => undefined,
  onCharge: () => undefined,
});

describe("charges written ahead", () => {
  it("keeps a charge before its POST leaves, so a pane closed meanwhile follows it next time", async () => {
    env = await startWorkflowEnv();
    const storage = new MemoryUserStorage();
    // The pane dies as the charge's POST is answered: the charge exists, the pane never saw it.
    const dying: ValePixClient = {
      ...env.client,
      deposits: {
        ...env.client.deposits,
        create: async (...args: Parameters<ValePixClient["deposits"]["create"]>) => {
          await env.client.deposits.create(...args);
          throw new Crash("the pane is gone");
        },
      },
    };
    await expect(
      fundServices(() => Promise.resolve(dying), storage).createCharge(
        { amountCents: 12_345, payer },
        new AbortController().signal,
      ),
    ).rejects.toBeDefined();

    // The next pane finds it, follows it to its end, and forgets it.
    const next = fundServices(() => Promise.resolve(env.client), storage);
    const pending = await next.pendingCharge!();
    expect(pending).toMatchObject({ amountCents: 12_345 });
    expect(JSON.stringify([...storage.items.values()])).not.toContain(payer.document);
    const served = await env.client.deposits.get(pending!.transactionId);
    expect(served.transaction_id).toBe(pending!.transactionId);
    env.clock.advance(PIX_DELAY);
    expect((await next.followCharge(pending!.transactionId, run())).paid).toBe(true);
    expect(await next.pendingCharge!()).toBeUndefined();
    // One charge in all: none was created again.
    expect(env.sb.requests.count({ operation: "createDeposit" })).toBe(1);
  });
});
