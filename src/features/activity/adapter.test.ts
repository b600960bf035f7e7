/**
 * Activity's entries from the run log (./adapter.ts): exactly one per distribution, and the
 * `creating` announcements a send logs never shown, except the last one of a run that stopped.
 */
import { createMemoryWorkbook } from "../../excel/memory-workbook";
import { type RunLogEntry, appendRunLogEntry, creatingEntry } from "../../workbook/run-log";
import { activityServices } from "./adapter";

const noApi = () => Promise.reject(new Error("no API in this test"));
const at = (day: number) => new Date(Date.UTC(2026, 10, day, 12)).toISOString();

test("one entry per distribution, newest first; a send that stopped is one 'interrupted' entry with no id", async () => {
  const wb = createMemoryWorkbook();
  const log = (e: RunLogEntry) => appendRunLogEntry(wb, e);
  const run = (id: string, day: number, states: string[]): RunLogEntry[] =>
    states.map((state) => ({ at: at(day), table: "Novembro", mode: "selected", distributionId: id, state }));
  // Month one: announced, created, finalized, completed.
  await log(creatingEntry("Novembro", "selected", at(1)));
  for (const e of run("dst_1", 1, ["draft", "processing", "completed"])) await log(e);
  // A send that stopped after asking for a draft, then a send that went through.
  await log(creatingEntry("Novembro", "selected", at(2)));
  await log(creatingEntry("Novembro", "selected", at(3)));
  for (const e of run("dst_2", 3, ["draft"])) await log(e);
  // Another table's send stopped, and nothing followed it.
  await log(creatingEntry("Dezembro", "selected", at(4)));

  const entries = await activityServices(noApi, wb).runLog();
  expect(entries.map((e) => [e.table, e.distributionId, e.state])).toEqual([
    ["Dezembro", undefined, "interrupted"],
    ["Novembro", "dst_2", "draft"],
    ["Novembro", "dst_1", "completed"],
  ]);
  expect(JSON.stringify(entries)).not.toMatch(/pending-|creating/);
});
