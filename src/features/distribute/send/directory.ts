/**
 * The employee directory (the API's employees and products), kept in one place for the whole
 * workflow: validate, live revalidation, send, review again and finalize's check read it through
 * this cache, and the index matching looks employees up in is built once per read.
 *
 * - The directory is kept per connection (the client's API address) while the workflow uses it:
 *   its age counts from the last use, not from the read, and it is read again once unused for
 *   `maxAgeMs`. A use is a step that takes it (validate, a send's sheet check, a review again,
 *   finalize's check), and a send that took it is using it until it reaches its review (`step`:
 *   its age counts from the step's end). So a month in progress keeps it however long its send
 *   lasts (10,000 rows at 10 calls a second: 20 minutes, then finalize is one read, not two), and
 *   a pane left idle reads it again: what others may change unseen on the website (employees
 *   registered or deactivated) is bounded by the person's idle time, not by how long a month's
 *   calls take. It is dropped when something says it changed: any change of employees this
 *   add-in makes (`employeesChanged`: registering them, from the Data screen), an explicit
 *   validation (`fresh`: the person asked to read it again), and a send whose calls to the draft
 *   failed (`refresh`: the server may have refused an employee the directory shows active; the
 *   next attempt reads it again).
 * - The directory of the last explicit validation, with the balance it read, stays for live
 *   revalidation while people type (`cached`): a keystroke must not cost a directory read.
 */
import { type Employee, type Product, type ValePixClient, collectAll } from "../../../api";
import { EmployeeIndex } from "../../../workbook";

export type DirectoryApi = {
  employees: Pick<ValePixClient["employees"], "list">;
  products: Pick<ValePixClient["products"], "list">;
};

/** Past these, a list is streamed wrong: refuse rather than load it silently cut. */
const MAX_EMPLOYEES = 500_000;
const MAX_PRODUCTS = 10_000;

export interface DirectoryLists {
  employees: Employee[];
  products: Product[];
}

/** The directory as its readers use it: the lists, the matching index and the names. */
export interface Directory extends DirectoryLists {
  index: EmployeeIndex;
  /** employee_id → name, for messages. */
  names: ReadonlyMap<string, string>;
}

/** The directory an explicit validation read, with the available balance read beside it. */
export interface ValidatedDirectory extends Directory {
  availableCents: number;
}

/** Lists every employee (every situation: matching must tell "inactive" from "unknown") and product. */
export async function loadDirectory(api: DirectoryApi, signal?: AbortSignal): Promise<DirectoryLists> {
  const [employees, products] = await Promise.all([
    collectAll(api.employees.list({}, { signal }), { max: MAX_EMPLOYEES }),
    collectAll(api.products.list({}, { signal }), { max: MAX_PRODUCTS }),
  ]);
  return { employees, products };
}

/**
 * The lists with their index and names. Indexing 60,000 employees (ids, CPFs, e-mails) takes a
 * tenth of a second: a kept directory is indexed once, at its read.
 */
export function directoryOf(lists: DirectoryLists): Directory {
  const { employees, products } = lists;
  return {
    employees,
    products,
    index: new EmployeeIndex(employees),
    names: new Map(employees.map((e) => [e.employee_id, e.name])),
  };
}

/** What keys a connection: the client's API address, else the client itself. */
const connectionOf = (api: object): unknown => {
  const baseUrl = (api as { baseUrl?: unknown }).baseUrl;
  return typeof baseUrl === "string" ? baseUrl : api;
};

export interface DirectoryCacheOptions {
  /** How long the directory stays kept unused. */
  maxAgeMs: number;
  now: () => number;
}

export class DirectoryCache {
  private kept: { connection: unknown; usedAt: number; directory: Promise<Directory> } | undefined;
  private validated: ValidatedDirectory | undefined;

  constructor(private readonly options: DirectoryCacheOptions) {}

  /**
   * The directory of `api`'s connection: the one kept when it was used less than `maxAgeMs` ago
   * and nothing changed it (this use counts), else `load()` (kept for the next caller once it
   * succeeds).
   */
  async read(api: object, load: () => Promise<DirectoryLists>): Promise<Directory> {
    const { now, maxAgeMs } = this.options;
    const connection = connectionOf(api);
    const kept = this.kept;
    if (kept && kept.connection === connection && now() - kept.usedAt < maxAgeMs) {
      kept.usedAt = now();
      return kept.directory;
    }
    const entry = { connection, usedAt: now(), directory: load().then(directoryOf) };
    this.kept = entry;
    try {
      return await entry.directory;
    } catch (e) {
      if (this.kept === entry) this.kept = undefined;
      throw e;
    }
  }

  /**
   * A step that may take the directory starts (a send); call what this returns when the step is
   * done with it (the send at its review). When the step took the directory, it used it
   * throughout: its age counts from then. A directory the step did not take is left as it was.
   */
  step(): () => void {
    const since = this.options.now();
    return () => {
      const kept = this.kept;
      if (kept && kept.usedAt >= since) kept.usedAt = this.options.now();
    };
  }

  /** The next `read` asks the API again (a failed send). */
  refresh(): void {
    this.kept = undefined;
  }

  /**
   * Employees were created or changed by this add-in: the directory is read again next time, live
   * revalidation included (an employee registered from the Data screen is known at the next edit).
   */
  employeesChanged(): void {
    this.kept = undefined;
    this.validated = undefined;
  }

  /**
   * An explicit validation's directory: always read again from the API (and kept, so that the
   * send and finalize that follow within minutes do not read it again), with the balance.
   */
  async fresh(api: () => Promise<ValePixClient>, signal: AbortSignal): Promise<ValidatedDirectory> {
    const client = await api();
    this.refresh();
    const [directory, balance] = await Promise.all([
      this.read(client, () => loadDirectory(client, signal)),
      client.balances.get({ signal }),
    ]);
    this.validated = { ...directory, availableCents: balance.available_amount };
    return this.validated;
  }

  /** The last explicit validation's directory (live revalidation), else a fresh one. */
  cached(api: () => Promise<ValePixClient>, signal: AbortSignal): Promise<ValidatedDirectory> {
    return this.validated ? Promise.resolve(this.validated) : this.fresh(api, signal);
  }
}
