/**
 * The employees, products and balance a validation needs, read once per explicit validation and
 * kept for live revalidation while people type: a keystroke must not cost a
 * directory read. `fresh` always asks the API (and leaves the lists in the workflow's reads, so
 * that the send and finalize that follow within minutes do not read them again);
 * `cached` reuses the last answer when there is one.
 */
import { type Benefit, collectAll, type Employee, type Product, type ValePixClient } from "../../../api";
import { EmployeeIndex } from "../../../workbook";
import type { WorkflowReads } from "../send/reads";
import { loadDirectory } from "../send/sheet";

const MAX_BENEFITS = 10_000;

export interface Directory {
  employees: Employee[];
  products: Product[];
  index: EmployeeIndex;
  /** employee_id → name, for messages. */
  names: ReadonlyMap<string, string>;
  availableCents: number;
}

export class DirectoryCache {
  private last: Directory | undefined;
  constructor(
    private readonly api: () => Promise<ValePixClient>,
    private readonly reads: WorkflowReads,
  ) {}

  async fresh(signal: AbortSignal): Promise<Directory> {
    const client = await this.api();
    this.reads.refreshDirectory();
    const [{ employees, products }, balance] = await Promise.all([
      this.reads.directory(client, () => loadDirectory(client, signal)),
      client.balances.get({ signal }),
    ]);
    this.last = {
      employees,
      products,
      index: new EmployeeIndex(employees),
      names: new Map(employees.map((e) => [e.employee_id, e.name])),
      availableCents: balance.available_amount,
    };
    return this.last;
  }

  cached(signal: AbortSignal): Promise<Directory> {
    return this.last ? Promise.resolve(this.last) : this.fresh(signal);
  }

  async benefits(signal: AbortSignal): Promise<Benefit[]> {
    return collectAll((await this.api()).benefits.list({}, { signal }), { max: MAX_BENEFITS });
  }
}
