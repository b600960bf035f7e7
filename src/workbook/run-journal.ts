/**
 * The run journal: the run log's twin outside the workbook, in the per-user storage the token
 * store uses (docs/architecture.md §2 "Write ahead, settle first"). A workbook closed without
 * saving, or a copy saved before the run, loses the log rows written since; the journal keeps
 * them, so the next pane still finds the drafts that run created and the finalize it sent.
 *
 * `journaled(workbook, journal)` is the Workbook port with its run log mirrored: every row the
 * add-in appends to the log is kept in the journal too, under the workbook's own id (a random id
 * kept in the workbook's settings, `WORKBOOK_ID_SETTING`), and reading the log gives the file's
 * rows followed by the journal's rows the file lacks. `settleJournal` writes those into the file.
 *
 * The journal holds the log's row layout (ids, states, totals, a hash of what was sent), never
 * the token and no personal data: free-text notes are kept only on `creating` and `draft` rows
 * (where they name a run's conventions), not on outcomes whose note may quote a server message.
 */
import type { CellValue, Workbook } from "./port";

/** The storage the journal lives in: `UserStorage` of src/api, or any string key/value store. */
export interface JournalStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
}

/** The workbook setting that names the workbook to the journal (saved inside the file). */
export const WORKBOOK_ID_SETTING = "valepix.workbookId";
const KEY_PREFIX = "valepix.journal.v1.";
/** Rows kept per workbook, newest kept: months of runs, a few kilobytes. */
export const JOURNAL_MAX_ROWS = 2_000;

// Columns of a v1 run-log row (src/workbook/run-log-entries.ts): time, distribution, state, note.
const AT = 1;
const DISTRIBUTION = 4;
const STATE = 5;
const NOTE = 12;
const NOTE_KEPT_IN: readonly CellValue[] = ["creating", "draft"];

/** One row's identity: when, which distribution, which state (the file may turn cells' types). */
const rowKey = (row: readonly CellValue[]) =>
  `${String(row[AT])}|${String(row[DISTRIBUTION])}|${String(row[STATE])}`;

function withoutFreeText(row: readonly CellValue[]): CellValue[] {
  const kept = [...row];
  if (!NOTE_KEPT_IN.includes(kept[STATE] ?? "")) kept[NOTE] = "";
  return kept;
}

export class RunJournal {
  constructor(private readonly storage: JournalStorage) {}

  async rows(workbookId: string): Promise<CellValue[][]> {
    const text = await this.storage.getItem(KEY_PREFIX + workbookId);
    if (text === null) return [];
    try {
      const parsed: unknown = JSON.parse(text);
      return Array.isArray(parsed) ? parsed.filter((r): r is CellValue[] => Array.isArray(r)) : [];
    } catch {
      return []; // Not ours, or cut short: the workbook's own log still stands.
    }
  }

  async append(workbookId: string, rows: readonly CellValue[][]): Promise<void> {
    const kept = [...(await this.rows(workbookId)), ...rows.map(withoutFreeText)].slice(-JOURNAL_MAX_ROWS);
    await this.storage.setItem(KEY_PREFIX + workbookId, JSON.stringify(kept));
  }
}

/** The workbook's id for the journal, created (and kept in its settings) on first use. */
export async function workbookId(workbook: Pick<Workbook, "getSetting" | "setSetting">): Promise<string> {
  const known = await workbook.getSetting(WORKBOOK_ID_SETTING);
  if (typeof known === "string" && known !== "") return known;
  const webCrypto = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  const id = typeof webCrypto?.randomUUID === "function" ? webCrypto.randomUUID() : `wb-${Date.now()}`;
  await workbook.setSetting(WORKBOOK_ID_SETTING, id);
  return id;
}

/** The journal's rows that `logRows` lacks, in the journal's order. */
function missingFrom(logRows: readonly CellValue[][], journalRows: readonly CellValue[][]): CellValue[][] {
  const inLog = new Set(logRows.map(rowKey));
  return journalRows.filter((row) => !inLog.has(rowKey(row)));
}

/** Each journaled workbook's own workbook and journal, for `settleJournal`. */
const mirrors = new WeakMap<Workbook, { workbook: Workbook; journal: RunJournal }>();

/**
 * The Workbook port with its run log mirrored in `journal` (see the file comment). Everything
 * else is the workbook's own.
 */
export function journaled(workbook: Workbook, journal: RunJournal): Workbook {
  const appendRunLog = async (rows: CellValue[][]) => {
    // The journal first: it survives a workbook closed before it is saved.
    const id = await workbookId(workbook);
    const known = new Set((await journal.rows(id)).map(rowKey));
    const fresh = rows.filter((row) => !known.has(rowKey(row)));
    if (fresh.length > 0) await journal.append(id, fresh);
    await workbook.appendRunLog(rows);
  };
  const readRunLog = async () => {
    const logRows = await workbook.readRunLog();
    const id = await workbook.getSetting(WORKBOOK_ID_SETTING);
    if (typeof id !== "string" || id === "") return logRows;
    return [...logRows, ...missingFrom(logRows, await journal.rows(id))];
  };
  const mirrored = new Proxy(workbook, {
    get(target, property) {
      if (property === "appendRunLog") return appendRunLog;
      if (property === "readRunLog") return readRunLog;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  mirrors.set(mirrored, { workbook, journal });
  return mirrored;
}

/**
 * Writes into the workbook's run log the rows only the journal holds (a file saved before the
 * run, or closed without saving), so the file tells the same story again. Returns those rows;
 * none for a workbook without a journal.
 */
export async function settleJournal(workbook: Workbook): Promise<CellValue[][]> {
  const mirror = mirrors.get(workbook);
  if (!mirror) return [];
  const id = await workbookId(mirror.workbook);
  const missing = missingFrom(await mirror.workbook.readRunLog(), await mirror.journal.rows(id));
  if (missing.length > 0) await mirror.workbook.appendRunLog(missing);
  return missing;
}
