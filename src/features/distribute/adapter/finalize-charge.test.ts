/**
 * @jest-environment node
 *
 * Finalize with BALANCE_WITH_PIX / BALANCE_WITH_BOLETO when the balance does not cover the total,
 * through the feature's services (the pane's connection, src/features/testing/connected.ts)
 * against the sandbox: the API opens a charge for the difference
 * (API document, "Finalize body" and "Finalize response"); the pane is handed it (PIX code or
 * boleto line, expiry) while the distribution waits, and its state once paid. (Cancelling it
 * from the pane: src/features/distribute/screen/FinalizeCharge.test.tsx.)
 */
import { fundBalance, newWorkbook, startWorkflowEnv, type WorkflowEnv } from "../../testing/workflows-env";
import { connectedClient } from "../../testing/connected";
import { PIX_DELAY } from "../../../../sandbox/test-harness";
import { collectAll } from "../../../api";
import { formatCpf } from "../../../money";
import type { Charge } from "../../fund";
import type { PaymentMethod } from "../../../api";
import { WorkflowReads } from "../send/reads";
import { distributeServices } from "./adapter";

jest.setTimeout(60_000);

let env: WorkflowEnv;
afterEach(() => env.close());

/** `pixDelayMs`: how long the sandbox takes to pay a charge (its clock is virtual). */
async function sentDraft(pixDelayMs = PIX_DELAY) {
  env = await startWorkflowEnv({ pixDelayMs });
  const employees = (await collectAll(env.client.employees.list(), { max: 1000 })).filter(
    (e) => e.situation === "active",
  );
  const rows = employees.slice(0, 3).map((e) => [formatCpf(e.cpf!), e.name, 600, 400]);
  const wb = newWorkbook([{ name: "Dez", header: ["CPF", "Nome", "Refeição", "Alimentação"], rows }]);
  // R$ 1.000,00 in the balance for a R$ 3.000,00 distribution: R$ 2.000,00 is charged.
  await fundBalance(env, env.client, 100_000, pixDelayMs);
  const { api } = await connectedClient(env);
  const run = { signal: new AbortController().signal, onProgress: () => {} };
  const distribute = distributeServices(api, wb, "pt-BR", new WorkflowReads());
  await distribute.validate("Dez", run);
  const sent = await distribute.send({ table: "Dez", mode: "selected" }, run);
  expect(sent.totalCents).toBe(300_000);
  const finalize = (method: PaymentMethod, onCharge: (c: Charge) => void) =>
    distribute.finalize(
      {
        table: "Dez",
        distributionId: sent.distributionId,
        confirmRepeat: false,
        body: { payment_method: method, scheduled_for: null, payer_name: "Financeiro Acme" },
      },
      { ...run, onCharge },
    );
  return { distribute, finalize, sent };
}

test("BALANCE_WITH_PIX: the charge's PIX code and expiry while waiting, then paid and completed", async () => {
  const { finalize } = await sentDraft();
  const seen: Charge[] = [];
  const done = await finalize("BALANCE_WITH_PIX", (c) => seen.push(c));
  expect(done.status).toBe("completed");
  expect(done.transactionId).toBeDefined();
  const first = seen[0]!;
  expect(first).toMatchObject({ transactionId: done.transactionId, status: "PENDING", amountCents: 200_000 });
  expect(first.pixCopyPaste).toMatch(/^000201/);
  expect(Date.parse(first.expiresAt!)).toBeGreaterThan(0);
  expect(seen.at(-1)!.status).toBe("COMPLETED");
  // The final read keeps the code seen while pending.
  expect(seen.at(-1)!.pixCopyPaste).toBe(first.pixCopyPaste);
});

test("BALANCE_WITH_BOLETO: the boleto's digitable line, not a PIX code", async () => {
  const { finalize } = await sentDraft();
  const seen: Charge[] = [];
  const done = await finalize("BALANCE_WITH_BOLETO", (c) => seen.push(c));
  expect(seen[0]).toMatchObject({ status: "PENDING", amountCents: 200_000 });
  expect(seen[0]!.boletoLine).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
  expect(seen[0]!.pixCopyPaste).toBeUndefined();
  expect(done.status).toBe("completed");
});
