/**
 * Orphan drafts (issue 22, item 7), through the path a person takes: `sendSheet` against the
 * sandbox over loopback, the client's fetch dropping the answer AFTER the sandbox created the
 * draft (a connection reset once the POST was applied). Each send says the outcome is unknown and
 * logs the attempt; a third create is refused until the person asks for one more; that one goes
 * through and is the draft finalize will use. No money moves on the way: no finalize is sent and
 * the balance does not change. Drafts are counted on the server (its request log).
 */
import { DraftCreateOutcomeUnknownError } from "../../../api";
import { collectAll, type Employee } from "../../../api";
import { formatCpf } from "../../../money";
import { newWorkbook, startWorkflowEnv, type WorkflowEnv } from "../../testing/workflows-env";
import {
  MAX_UNANSWERED_CREATES,
  UnansweredDraftsError,
  readRunLogEntries,
  unansweredCreates,
} from "../../../workbook/run-log";
import { sendSheet } from "./distribute";

jest.setTimeout(60_000);

const TABLE = "Beneficios";
let env: WorkflowEnv;
afterEach(async () => {
  await env.close();
});

test("a lost create answer is an unknown outcome, logged; never a third draft unless asked; no money moves", async () => {
  let loseCreates = 2;
  env = await startWorkflowEnv(
    {},
    {
      fetch: async (input, init) => {
        const url = new URL(String(input instanceof Request ? input.url : input));
        const res = await globalThis.fetch(input, init);
        if (init?.method === "POST" && url.pathname.endsWith("/distributions") && loseCreates > 0) {
          loseCreates--;
          await res.arrayBuffer(); // applied at the server; the answer never reaches the client
          throw new TypeError("fetch failed", { cause: new Error("read ECONNRESET") });
        }
        return res;
      },
    },
  );
  const api = env.client;
  const employees: Employee[] = await collectAll(api.employees.list(), { max: 1000 });
  const [a, b] = employees.filter((e) => e.situation === "active");
  const wb = newWorkbook([
    {
      name: TABLE,
      header: ["CPF", "Nome", "Refeição"],
      rows: [
        [formatCpf(a!.cpf!), a!.name, 600],
        [formatCpf(b!.cpf!), b!.name, 550],
      ],
    },
  ]);
  const drafts = () => env.sb.requests.count({ operation: "createDistribution", status: 201 });
  const finalizes = () => env.sb.requests.count({ operation: "finalizeDistribution" });
  const balanceBefore = await api.balances.get();

  // Two sends whose create answer is lost: two drafts at the server, each said plainly.
  for (let i = 1; i <= MAX_UNANSWERED_CREATES; i++) {
    const err = await sendSheet(api, { workbook: wb, table: TABLE }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DraftCreateOutcomeUnknownError);
    expect((err as Error).message).toMatch(/may have been created.*cannot be found again.*No money moved/s);
    expect(drafts()).toBe(i);
    expect(unansweredCreates(await readRunLogEntries(wb), TABLE, "selected")).toHaveLength(i);
  }

  // A third send creates nothing: the cap, with the attempts it counted.
  const capped = await sendSheet(api, { workbook: wb, table: TABLE }).catch((e: unknown) => e);
  expect(capped).toBeInstanceOf(UnansweredDraftsError);
  expect((capped as UnansweredDraftsError).attempts).toHaveLength(2);
  expect(drafts()).toBe(2);
  // A confirmation for another count does not open it.
  await expect(
    sendSheet(api, { workbook: wb, table: TABLE, allowAnotherDraftAfter: 1 }),
  ).rejects.toBeInstanceOf(UnansweredDraftsError);
  expect(drafts()).toBe(2);

  // The person asks for one more: it is created (the network is back), sent and reviewed.
  const sent = await sendSheet(api, { workbook: wb, table: TABLE, allowAnotherDraftAfter: 2 });
  expect(sent.created).toBe(true);
  expect(sent.unansweredCreates).toBe(2);
  expect(sent.review.matches).toBe(true);
  expect(drafts()).toBe(3);
  const log = await readRunLogEntries(wb);
  const answer = log.find((e) => e.distributionId === sent.distributionId && e.state === "draft")!;
  // The run log keeps the answer's reference to its own attempt.
  expect(log.find((e) => e.distributionId === answer.ref)?.state).toBe("creating");

  // Sending again continues that draft: no fourth create.
  const again = await sendSheet(api, { workbook: wb, table: TABLE });
  expect(again.created).toBe(false);
  expect(again.distributionId).toBe(sent.distributionId);
  expect(drafts()).toBe(3);

  // No money moved on any of these paths.
  expect(finalizes()).toBe(0);
  expect(await api.balances.get()).toEqual(balanceBefore);
});

test("a clean refusal of the create (422) is logged as not created and does not count", async () => {
  env = await startWorkflowEnv(
    {},
    {
      fetch: async (input, init) => {
        const url = new URL(String(input instanceof Request ? input.url : input));
        if (init?.method === "POST" && url.pathname.endsWith("/distributions"))
          return new Response(JSON.stringify({ message: "refused" }), {
            status: 422,
            headers: { "content-type": "application/json" },
          });
        return globalThis.fetch(input, init);
      },
    },
  );
  const employees: Employee[] = await collectAll(env.client.employees.list(), { max: 1000 });
  const [a] = employees.filter((e) => e.situation === "active");
  const wb = newWorkbook([
    { name: TABLE, header: ["CPF", "Nome", "Refeição"], rows: [[formatCpf(a!.cpf!), a!.name, 600]] },
  ]);
  for (let i = 0; i < 3; i++) {
    const err = await sendSheet(env.client, { workbook: wb, table: TABLE }).catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(DraftCreateOutcomeUnknownError);
    expect(err).not.toBeInstanceOf(UnansweredDraftsError);
  }
  const log = await readRunLogEntries(wb);
  expect(log.filter((e) => e.state === "not-created")).toHaveLength(3);
  expect(unansweredCreates(log, TABLE, "selected")).toEqual([]);
});
