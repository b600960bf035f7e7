/**
 * Refreshing the last distribution's state (the ribbon's "Refresh statuses"), against the sandbox
 * over loopback: what it must not claim. The ribbon tests (src/commands) cover the happy path.
 */
import { collectAll } from "../../../api";
import { newWorkbook, startWorkflowEnv, type WorkflowEnv } from "../../testing/workflows-env";
import { sendSheet } from "../send/distribute";
import { NoDistributionError, refreshStatus } from "./refresh-status";
import { appendRunLogEntry, creatingEntry, readRunLogEntries } from "../../../workbook/run-log";

jest.setTimeout(30_000);

let env: WorkflowEnv;
afterEach(async () => {
  await env.close();
});

const HEADER = ["CPF", "Nome", "Refeição"];

async function sentTable() {
  env = await startWorkflowEnv();
  const employees = await collectAll(env.client.employees.list({ situation: "active" }), { max: 100 });
  const wb = newWorkbook([
    {
      name: "Beneficios",
      header: HEADER,
      rows: employees.slice(0, 2).map((e) => [e.cpf!, e.name, 600]),
    },
  ]);
  const sent = await sendSheet(env.client, { workbook: wb, table: "Beneficios" });
  return { wb, sent };
}

test("a finalize whose outcome was unknown stays unknown while the server still says draft", async () => {
  const { wb, sent } = await sentTable();
  const draft = (await readRunLogEntries(wb)).find((e) => e.state === "draft");
  await appendRunLogEntry(wb, { ...draft!, at: new Date().toISOString(), state: "unknown" });
  const r = await refreshStatus(env.client, { workbook: wb });
  expect(r).toMatchObject({ state: "unknown", changed: false, rowsWritten: 0 });
  expect(r.previous.distributionId).toBe(sent.distributionId);
  expect((await readRunLogEntries(wb)).map((e) => e.state)).toEqual(["creating", "draft", "unknown"]);
});

test("a table edited since it was sent keeps its rows as they are", async () => {
  const { wb } = await sentTable();
  await wb.writeColumns("Beneficios", [{ header: "Refeição", values: [700, 600] }]);
  const r = await refreshStatus(env.client, { workbook: wb, table: "Beneficios" });
  expect(r).toMatchObject({ state: "draft", changed: false, rowsWritten: 0, sheetChanged: true });
});

test("a create that was only announced is not a distribution to read", async () => {
  env = await startWorkflowEnv();
  const wb = newWorkbook();
  await appendRunLogEntry(wb, creatingEntry("Beneficios", "selected", new Date().toISOString()));
  const mark = env.sent.length;
  await expect(refreshStatus(env.client, { workbook: wb })).rejects.toBeInstanceOf(NoDistributionError);
  expect(env.sentSince(mark)).toEqual([]);
});

test("no distribution in the run log: NoDistributionError, nothing asked of the server", async () => {
  env = await startWorkflowEnv();
  const mark = env.sent.length;
  await expect(refreshStatus(env.client, { workbook: newWorkbook() })).rejects.toBeInstanceOf(
    NoDistributionError,
  );
  expect(env.sentSince(mark)).toEqual([]);
});
