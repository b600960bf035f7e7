/**
 * Reads a workflow reuses: validate → send → finalize within minutes reads the
 * directory once, and finalize's check takes the draft's items the review read, unless something
 * says they changed. Under a rate limit a read waits its turn as a change does, so reading the
 * directory and the draft again costs a month as much as the calls that pay (bench/README.md).
 *
 * - The directory (employees and products) is kept per connection (the client's API address)
 *   while the workflow uses it: its age counts from the last use, not from the read, and it is
 *   read again once unused for `maxAgeMs` (10 minutes). A use is a step that takes it (validate,
 *   a send's sheet check, a review again, finalize's check), and a send that took it is using it
 *   until it reaches its review (`directoryStep`: its age counts from the step's end). So a month
 *   in progress keeps it however long its send lasts (10,000 rows at 10 calls a second: 20
 *   minutes, then finalize is one read, not two), and a pane left idle 10 minutes reads it again:
 *   what others may change unseen on the website (employees registered or deactivated) is bounded
 *   by the person's idle time, not by how long a month's calls take. It is dropped when something
 *   says it changed: any change of employees this add-in makes (`employeesChanged`: registering them,
 *   from the Data screen), an explicit validation (`refreshDirectory`: the person asked to read
 *   it again), and a send whose calls to the draft failed (the server may have refused an
 *   employee the directory shows active; the next attempt reads it again).
 * - The draft's items are kept from the review that read them, for finalize's check of the same
 *   draft within `maxAgeMs`, and only when nothing this add-in did may still change them: a send
 *   to the draft that failed (a call given up on may land later, as a "value for all" that
 *   overwrites per-employee values) makes the draft's items never reused again; a send or a
 *   finalize of it forgets them. Finalize still reads the distribution (one call) and refuses
 *   totals that differ from the review (`ReviewMismatchError`, ../finalize/finalize-draft.ts).
 */
import type { Employee, Product } from "../../../api";
import type { DraftItems } from "./review";

/** How long a read stays kept unused: a month's steps follow each other within minutes. */
export const READS_MAX_AGE_MS = 10 * 60_000;

export interface DirectoryLists {
  employees: Employee[];
  products: Product[];
}

export interface WorkflowReadsOptions {
  maxAgeMs?: number;
  now?: () => number;
}

/** What keys a connection: the client's API address, else the client itself. */
const connectionOf = (api: object): unknown => {
  const baseUrl = (api as { baseUrl?: unknown }).baseUrl;
  return typeof baseUrl === "string" ? baseUrl : api;
};

export class WorkflowReads {
  private readonly maxAgeMs: number;
  private readonly now: () => number;
  private dir: { connection: unknown; usedAt: number; lists: Promise<DirectoryLists> } | undefined;
  private readonly drafts = new Map<string, { at: number; items: DraftItems }>();
  /** Drafts a failed send touched: their items are always read again. */
  private readonly uncertain = new Set<string>();

  constructor(options: WorkflowReadsOptions = {}) {
    this.maxAgeMs = options.maxAgeMs ?? READS_MAX_AGE_MS;
    this.now = options.now ?? Date.now;
  }

  /**
   * The directory of `api`'s connection: the one kept when it was used less than `maxAgeMs` ago
   * and nothing changed it (this use counts), else `load()` (kept for the next caller once it
   * succeeds).
   */
  async directory(api: object, load: () => Promise<DirectoryLists>): Promise<DirectoryLists> {
    const connection = connectionOf(api);
    const kept = this.dir;
    if (kept && kept.connection === connection && this.now() - kept.usedAt < this.maxAgeMs) {
      kept.usedAt = this.now();
      return kept.lists;
    }
    const entry = { connection, usedAt: this.now(), lists: load() };
    this.dir = entry;
    try {
      return await entry.lists;
    } catch (e) {
      if (this.dir === entry) this.dir = undefined;
      throw e;
    }
  }

  /**
   * A step that may take the directory starts (a send); call what this returns when the step is
   * done with it (the send at its review). When the step took the directory, it used it
   * throughout: its age counts from then. A directory the step did not take is left as it was.
   */
  directoryStep(): () => void {
    const since = this.now();
    return () => {
      const kept = this.dir;
      if (kept && kept.usedAt >= since) kept.usedAt = this.now();
    };
  }

  /** The next `directory` call reads it again (an explicit validation, a failed send). */
  refreshDirectory(): void {
    this.dir = undefined;
  }

  /** Employees were created or changed by this add-in: the directory is read again next time. */
  employeesChanged(): void {
    this.dir = undefined;
  }

  /** The items a review just read of `distributionId`, for finalize's check. */
  keepDraft(distributionId: string, items: DraftItems): void {
    if (this.uncertain.has(distributionId)) return;
    this.drafts.set(distributionId, { at: this.now(), items });
  }

  /** The items the review read, when they may be reused (young enough, nothing changed them). */
  draft(distributionId: string): DraftItems | undefined {
    const kept = this.drafts.get(distributionId);
    if (!kept || this.uncertain.has(distributionId)) return undefined;
    if (this.now() - kept.at >= this.maxAgeMs) {
      this.drafts.delete(distributionId);
      return undefined;
    }
    return kept.items;
  }

  /** A send or a finalize of the draft starts: what was kept of it no longer holds. */
  forgetDraft(distributionId: string): void {
    this.drafts.delete(distributionId);
  }

  /** A send to the draft failed: a call it gave up on may still land, so its items are always read. */
  draftUncertain(distributionId: string): void {
    this.drafts.delete(distributionId);
    this.uncertain.add(distributionId);
  }
}
