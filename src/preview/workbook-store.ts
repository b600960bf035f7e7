/**
 * Where the preview keeps this tab's workbook across reloads (the language switch, an opened
 * file): IndexedDB, through idb-keyval, keyed by an id the tab keeps in its sessionStorage. A
 * workbook of 8,000 employees is several megabytes of snapshot, past sessionStorage's quota
 * (about 5 MB per origin in Chromium, where `setItem` throws `QuotaExceededError`); IndexedDB
 * takes it as a structured clone (MDN "Storage quotas and eviction criteria").
 *
 * Keeping is a convenience, never a failure of the page: a save that fails is reported once on
 * the console and returns false; a load that fails starts from the demo workbook. Opening a file
 * is the exception the caller handles: it needs the save, or the reload would lose the file.
 * Entries of tabs closed long ago are removed when a tab starts.
 */
import { createStore, del, entries, get, set, type UseStore } from "idb-keyval";
import type { WorkbookSnapshot } from "./snapshot";

const TAB_KEY = "valepix-preview:tab";
const PREFIX = "workbook:";
/** Workbooks of tabs not seen for this long are removed. */
const MAX_AGE_MS = 7 * 24 * 3600 * 1000;

interface Kept {
  savedAt: number;
  snapshot: WorkbookSnapshot;
}

export interface WorkbookStore {
  /** This tab's workbook, if one was kept (and could be read). */
  load(): Promise<WorkbookSnapshot | undefined>;
  /** Keeps the workbook for this tab; false when the storage refused (reported on the console). */
  save(snapshot: WorkbookSnapshot): Promise<boolean>;
  /** As `save`, but a refusal throws (opening a file must not lose it). */
  saveOrThrow(snapshot: WorkbookSnapshot): Promise<void>;
}

export interface StoreDeps {
  /** The tab's own storage, for its id (default: sessionStorage). */
  session?: Pick<Storage, "getItem" | "setItem">;
  /** The IndexedDB store (default: idb-keyval's, in database "valepix-preview"). */
  idb?: UseStore;
  now?: () => number;
  warn?: (message: string, error: unknown) => void;
}

function tabId(session: Pick<Storage, "getItem" | "setItem">): string {
  const known = session.getItem(TAB_KEY);
  if (known) return known;
  const id = crypto.randomUUID();
  session.setItem(TAB_KEY, id);
  return id;
}

export function workbookStore(deps: StoreDeps = {}): WorkbookStore {
  const session = deps.session ?? sessionStorage;
  const now = deps.now ?? Date.now;
  const warn = deps.warn ?? ((message, error) => console.warn(message, error));
  let idb: UseStore | undefined = deps.idb;
  const store = () => (idb ??= createStore("valepix-preview", "workbooks"));
  const key = PREFIX + tabId(session);
  let warned = false;

  const prune = async () => {
    const old = (await entries<string, Kept>(store())).filter(
      ([k, v]) => k !== key && String(k).startsWith(PREFIX) && now() - (v?.savedAt ?? 0) > MAX_AGE_MS,
    );
    for (const [k] of old) await del(k, store());
  };

  const saveOrThrow = async (snapshot: WorkbookSnapshot) => {
    await set(key, { savedAt: now(), snapshot } satisfies Kept, store());
  };

  return {
    async load() {
      try {
        void prune().catch(() => {
          // Tidying up is best effort.
        });
        return (await get<Kept>(key, store()))?.snapshot;
      } catch (error) {
        warn("ValePix preview: the kept workbook could not be read; starting from the demo.", error);
        return undefined;
      }
    },
    async save(snapshot) {
      try {
        await saveOrThrow(snapshot);
        return true;
      } catch (error) {
        if (!warned) warn("ValePix preview: the workbook could not be kept for the next reload.", error);
        warned = true;
        return false;
      }
    },
    saveOrThrow,
  };
}

/**
 * When to keep the workbook as it changes: once the changes have been quiet for `quietMs`, and
 * at least every `maxWaitMs` while they go on (a send writes in hundreds of batches, and reading
 * and storing 8,000 rows takes seconds: keeping at every change kept the page busy). One keep at
 * a time; changes during it are kept by one more after it. Returns what to call at each change.
 */
export function keepAfterChanges(
  keep: () => Promise<unknown>,
  { quietMs = 1_000, maxWaitMs = 10_000 }: { quietMs?: number; maxWaitMs?: number } = {},
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** When the oldest change not yet kept happened. */
  let since: number | undefined;
  let keeping = false;
  let again = false;

  const run = () => {
    timer = undefined;
    if (keeping) {
      again = true;
      return;
    }
    keeping = true;
    since = undefined;
    void keep()
      .catch((error: unknown) => console.warn("ValePix preview: keeping the workbook failed", error))
      .finally(() => {
        keeping = false;
        if (again) {
          again = false;
          changed();
        }
      });
  };
  const changed = () => {
    const now = Date.now();
    since ??= now;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(run, Math.max(0, Math.min(quietMs, since + maxWaitMs - now)));
  };
  return changed;
}
