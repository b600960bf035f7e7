import { createMemoryWorkbook } from "../excel/memory-workbook";
import { appendRunLogEntry, readRunLogEntries } from "./run-log";
import {
  JOURNAL_MAX_ROWS,
  RunJournal,
  WORKBOOK_ID_SETTING,
  journaled,
  settleJournal,
  workbookId,
} from "./run-journal";
import { MemoryUserStorage } from "../api/testing/memory-storage";

const entry = (distributionId: string, state: string, at: string, note?: string) => ({
  at,
  table: "Beneficios",
  mode: "selected",
  distributionId,
  state,
  totalEmployees: 3,
  totalCents: 1800,
  fingerprint: "abc",
  note,
});

const blank = () =>
  createMemoryWorkbook({ tables: [{ name: "T", sheet: "T", header: ["CPF"], rows: [["1"]] }] });

describe("the run journal", () => {
  it("mirrors every run-log row outside the workbook, and a file saved before the run finds them again", async () => {
    const storage = new MemoryUserStorage();
    const original = blank();
    const id = await workbookId(original);
    // The file as saved before the run: the same id, an empty log.
    const saved = blank();
    await saved.setSetting(WORKBOOK_ID_SETTING, id);

    const pane = journaled(original, new RunJournal(storage));
    await appendRunLogEntry(pane, entry("dst_1", "draft", "2026-11-28T10:00:00.000Z"));
    await appendRunLogEntry(pane, entry("dst_1", "finalizing", "2026-11-28T10:05:00.000Z"));

    const reopened = journaled(saved, new RunJournal(storage));
    expect((await readRunLogEntries(saved)).map((e) => e.state)).toEqual([]);
    expect((await readRunLogEntries(reopened)).map((e) => e.state)).toEqual(["draft", "finalizing"]);
    // Settling writes them into the file itself, once.
    expect(await settleJournal(reopened)).toHaveLength(2);
    expect(await settleJournal(reopened)).toHaveLength(0);
    expect((await readRunLogEntries(saved)).map((e) => e.state)).toEqual(["draft", "finalizing"]);
    expect((await readRunLogEntries(reopened)).map((e) => e.state)).toEqual(["draft", "finalizing"]);
  });

  it("keeps ids, states and totals, never a free-text note of an outcome, and nothing of another workbook", async () => {
    const storage = new MemoryUserStorage();
    const one = journaled(blank(), new RunJournal(storage));
    await appendRunLogEntry(one, entry("dst_1", "draft", "2026-11-28T10:00:00.000Z", "conventions: b1"));
    await appendRunLogEntry(
      one,
      entry("dst_1", "unknown", "2026-11-28T10:06:00.000Z", "Server said: Maria 123"),
    );
    const text = [...storage.items.values()].join("");
    expect(text).toContain("conventions: b1");
    expect(text).not.toContain("Maria");
    expect(text).not.toMatch(/tok-|Bearer/);
    const other = journaled(blank(), new RunJournal(storage));
    expect(await readRunLogEntries(other)).toEqual([]);
  });

  it("keeps the newest rows when it is full", async () => {
    const storage = new MemoryUserStorage();
    const journal = new RunJournal(storage);
    const rows = Array.from({ length: JOURNAL_MAX_ROWS + 5 }, (_, i) => [
      "v1",
      `t${i}`,
      "T",
      "selected",
      `d${i}`,
      "draft",
    ]);
    await journal.append("wb", rows);
    const kept = await journal.rows("wb");
    expect(kept).toHaveLength(JOURNAL_MAX_ROWS);
    expect(kept.at(-1)?.[1]).toBe(`t${JOURNAL_MAX_ROWS + 4}`);
  });
});
