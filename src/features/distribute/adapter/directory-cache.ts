/**
 * The employees, products and balance a validation needs, read once per explicit validation and
 * kept for live revalidation while people type (issue 11 item 3): a keystroke must not cost a
 * directory read. `fresh` always asks the API; `cached` reuses the last answer when there is one.
 */
import { type Benefit, collectAll, type Employee, type Product, type ValePixClient } from "../../../api";
import { EmployeeIndex } from "../../../workbook";

/** Past these, a list is streamed wrong: refuse rather than use it silently cut (as the workflows do). */
const MAX_EMPLOYEES = 500_000;
const MAX_PRODUCTS = 10_000;
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
  constructor(private readonly api: () => Promise<ValePixClient>) {}

  async fresh(signal: AbortSignal): Promise<Directory> {
    const client = await this.api();
    // Every situation: matching must tell "inactive" from "unknown".
    const [employees, products, balance] = await Promise.all([
      collectAll(client.employees.list({}, { signal }), { max: MAX_EMPLOYEES }),
      collectAll(client.products.list({}, { signal }), { max: MAX_PRODUCTS }),
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
