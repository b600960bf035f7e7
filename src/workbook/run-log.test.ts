/**
 * The run log's count of draft creates whose answer never came (issue 22, item 7): written and
 * read back through the workbook, answered by `ref`, rows written before `ref` existed, the run's
 * end, the cap and the one-more confirmation.
 */
import { createMemoryWorkbook } from "../excel/memory-workbook";
import {
  MAX_UNANSWERED_CREATES,
  type RunLogEntry,
  UnansweredDraftsError,
  appendRunLogEntry,
  assertMayCreateDraft,
  creatingEntry,
  readRunLogEntries,
  unansweredCreates,
} from "./run-log";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 9, minute)).toISOString();
const T = "Novembro";

async function logged(entries: RunLogEntry[]): Promise<RunLogEntry[]> {
  const wb = createMemoryWorkbook();
  for (const e of entries) await appendRunLogEntry(wb, e);
  return readRunLogEntries(wb);
}

const draft = (id: string, minute: number, ref?: string): RunLogEntry => ({
  at: at(minute),
  table: T,
  mode: "selected",
  distributionId: id,
  state: "draft",
  ...(ref ? { ref } : {}),
});

test("an attempt answered by its draft (ref) or refused cleanly is not counted; one with no answer is", async () => {
  const a = creatingEntry(T, "selected", at(1));
  const b = creatingEntry(T, "selected", at(2));
  const c = creatingEntry(T, "selected", at(3));
  const entries = await logged([
    a,
    { ...a, at: at(1), state: "not-created", ref: a.distributionId },
    b, // no answer: a draft may exist
    c,
    draft("dst_1", 3, c.distributionId),
  ]);
  expect(entries.at(-1)?.ref).toBe(c.distributionId); // the reference survives the workbook
  expect(unansweredCreates(entries, T, "selected").map((e) => e.distributionId)).toEqual([b.distributionId]);
  // Another table or mode has its own count.
  expect(unansweredCreates(entries, "Dezembro", "selected")).toEqual([]);
  expect(unansweredCreates(entries, T, "batch")).toEqual([]);
});

test("rows written before `ref` existed: an attempt followed by its draft was answered", async () => {
  const a = creatingEntry(T, "selected", at(1));
  const b = creatingEntry(T, "selected", at(2));
  const entries = await logged([a, b, draft("dst_1", 2)]);
  expect(unansweredCreates(entries, T, "selected").map((e) => e.at)).toEqual([at(1)]);
});

test("a finalized distribution ends the run: earlier attempts no longer count", async () => {
  const a = creatingEntry(T, "selected", at(1));
  const b = creatingEntry(T, "selected", at(2));
  const c = creatingEntry(T, "selected", at(3));
  const entries = await logged([
    a,
    b,
    c,
    draft("dst_1", 3, c.distributionId),
    { ...draft("dst_1", 4), state: "completed" },
  ]);
  expect(unansweredCreates(entries, T, "selected")).toEqual([]);
  expect(() => assertMayCreateDraft(entries, T, "selected")).not.toThrow();
});

test("the cap: a third create needs the person's confirmation of the very count shown", async () => {
  expect(MAX_UNANSWERED_CREATES).toBe(2);
  const one = await logged([creatingEntry(T, "selected", at(1))]);
  expect(() => assertMayCreateDraft(one, T, "selected")).not.toThrow();

  const two = await logged([creatingEntry(T, "selected", at(1)), creatingEntry(T, "selected", at(2))]);
  const err = (() => {
    try {
      assertMayCreateDraft(two, T, "selected");
    } catch (e) {
      return e;
    }
  })();
  expect(err).toBeInstanceOf(UnansweredDraftsError);
  expect((err as UnansweredDraftsError).attempts.map((e) => e.at)).toEqual([at(1), at(2)]);
  expect((err as Error).message).toMatch(/no money moved/);
  expect(() => assertMayCreateDraft(two, T, "selected", { allowAnotherDraftAfter: 2 })).not.toThrow();

  // A confirmation given for two does not carry over to three.
  const three = await logged([
    creatingEntry(T, "selected", at(1)),
    creatingEntry(T, "selected", at(2)),
    creatingEntry(T, "selected", at(3)),
  ]);
  expect(() => assertMayCreateDraft(three, T, "selected", { allowAnotherDraftAfter: 2 })).toThrow(
    UnansweredDraftsError,
  );
  expect(() => assertMayCreateDraft(three, T, "selected", { allowAnotherDraftAfter: 3 })).not.toThrow();
});
