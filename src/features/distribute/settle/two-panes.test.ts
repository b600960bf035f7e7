/**
 * Two panes, one workbook: while one pane's finalize of a table is on its way, the other refuses
 * to send or finalize that table and says whose and since when; once it is done, the other finds
 * the table paid. "Another pane" is a second copy of the add-in's modules (its own pane id and
 * runtime), as a co-author's Excel on the web is; the ribbon's commands share the pane's runtime.
 */
import { collectAll } from "../../../api";
import type { CellValue } from "../../../workbook";
import {
  finalizeBody,
  fundBalance,
  newWorkbook,
  startWorkflowEnv,
  testClient,
  type WorkflowEnv,
} from "../../testing/workflows-env";
import { sendSheet } from "../send/distribute";
import { finalizeSheet } from "../finalize/finalize";
import type * as Distribute from "../send/distribute";
import type * as Finalize from "../finalize/finalize";

jest.setTimeout(60_000);

const TABLE = "Beneficios";
let env: WorkflowEnv;
afterEach(async () => {
  await env.close();
});

/** A client whose finalize waits at the door until `open()`; `arrived` resolves when it is there. */
function heldFinalize() {
  let open!: () => void;
  let arrivedAt!: () => void;
  const door = new Promise<void>((resolve) => (open = resolve));
  const arrived = new Promise<void>((resolve) => (arrivedAt = resolve));
  const client = testClient(env, {
    timeoutMs: 60_000,
    fetch: async (input, init) => {
      if (String(input instanceof Request ? input.url : input).endsWith("/finalize")) {
        arrivedAt();
        await door;
      }
      return fetch(input, init);
    },
  });
  return { client, open, arrived };
}

/** The add-in loaded a second time: another pane, with its own id and runtime. */
function anotherPane(): { send: typeof Distribute.sendSheet; finalize: typeof Finalize.finalizeSheet } {
  let loaded!: { send: typeof Distribute.sendSheet; finalize: typeof Finalize.finalizeSheet };
  jest.isolateModules(() => {
    // A second module registry is the second runtime: only `require` loads into it.
    /* eslint-disable @typescript-eslint/no-require-imports */
    const send = (require("../send/distribute") as typeof Distribute).sendSheet;
    const finalize = (require("../finalize/finalize") as typeof Finalize).finalizeSheet;
    /* eslint-enable @typescript-eslint/no-require-imports */
    loaded = { send, finalize };
  });
  return loaded;
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => "went ahead",
    (e: unknown) => (e instanceof Error ? e : new Error(String(e))),
  );

it("refuses to send or finalize a table another pane is finalizing, then finds it paid", async () => {
  env = await startWorkflowEnv({ seedEmployees: 6 });
  const active = (await collectAll(env.client.employees.list(), { max: 100 })).filter(
    (e) => e.situation === "active",
  );
  const rows = active.map((e, i): CellValue[] => [e.cpf!, e.name, 500 + i]);
  const workbook = newWorkbook([{ name: TABLE, header: ["CPF", "Nome", "Refeição"], rows }]);
  await fundBalance(env, env.client, 10_000_000);
  const a = heldFinalize();
  const sent = await sendSheet(a.client, { workbook, table: TABLE });
  const input = {
    workbook,
    table: TABLE,
    distributionId: sent.distributionId,
    fingerprint: sent.fingerprint,
  };
  const paying = finalizeSheet(a.client, { ...input, body: finalizeBody() });
  await a.arrived;

  // A co-author's pane: refused, naming another pane and when.
  const other = anotherPane();
  for (const attempt of [
    other.send(env.client, { workbook, table: TABLE }),
    other.finalize(env.client, { ...input, body: finalizeBody() }),
  ]) {
    const error = await refusal(attempt);
    expect(error).toMatchObject({ name: "FinalizeInFlightError", by: "another-pane", table: TABLE });
    expect((error as unknown as { since: string }).since).toMatch(/^\d{4}-\d\d-\d\dT/);
  }
  // The ribbon beside the pane (the same runtime): refused too, as this pane's own finalize.
  expect(await refusal(sendSheet(env.client, { workbook, table: TABLE }))).toMatchObject({
    name: "FinalizeInFlightError",
    by: "this-pane",
  });
  expect(env.sb.requests.count({ operation: "finalizeDistribution" })).toBe(0);

  a.open();
  expect(await paying).toMatchObject({ status: "completed", finalizedNow: true });
  // Afterwards the other pane finds the table paid: the same content is a repeated payment.
  expect(await refusal(other.send(env.client, { workbook, table: TABLE }))).toMatchObject({
    name: "DoublePaymentError",
  });
  // Its finalize of the same draft only follows it: finalize is not sent twice.
  expect(await other.finalize(env.client, { ...input, body: finalizeBody() })).toMatchObject({
    status: "completed",
    finalizedNow: false,
  });
  expect(env.sb.requests.count({ operation: "finalizeDistribution" })).toBe(1);
});
