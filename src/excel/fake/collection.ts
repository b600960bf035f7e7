/**
 * What the fake's proxies share: addresses ("Sheet!A1:C3") as boxes, and collections whose
 * `load("items/...")` reads every item in one operation, as Office.js does.
 */
import { parseA1 } from "../../workbook/names";
import { type Box, invalidArgument } from "./cells";
import { type FakeContextCore, type FakeObject, loadNames, propertyNotLoaded } from "./context";

/** "A1", "A1:C3" (optionally "Sheet!A1:C3") as a box. */
export function parseAddress(address: string): { sheet?: string; box: Box } {
  const bang = address.lastIndexOf("!");
  const sheet =
    bang >= 0
      ? address
          .slice(0, bang)
          .replace(/^'(.*)'$/, "$1")
          .replace(/''/g, "'")
      : undefined;
  const ref = bang >= 0 ? address.slice(bang + 1) : address;
  const [a, b = a] = ref.split(":");
  try {
    const start = parseA1(a ?? "");
    const end = parseA1(b ?? "");
    const box = {
      top: Math.min(start.row, end.row),
      left: Math.min(start.column, end.column),
      rows: Math.abs(end.row - start.row) + 1,
      cols: Math.abs(end.column - start.column) + 1,
    };
    return sheet === undefined ? { box } : { sheet, box };
  } catch {
    throw invalidArgument(`The address ${address} is not valid.`);
  }
}

/** Collection loads: "items/name,items/x" or plain names apply to each item. */
function itemNames(names: string | string[] | undefined, all: readonly string[]): string[] {
  return loadNames(names, all)
    .map((n) => n.replace(/^items\//, ""))
    .filter((n) => n !== "items");
}

export abstract class FakeCollection<T, P extends FakeObject<T>> {
  private items_: P[] | undefined;
  constructor(protected readonly ctx: FakeContextCore) {}
  protected abstract list(): T[];
  protected abstract proxy(t: T): P;
  protected abstract readonly itemScalars: readonly string[];

  /** Whether the items have an `id`, which the host gives with each item. */
  itemHasId(): boolean {
    return this.itemScalars.includes("id");
  }

  get items(): P[] {
    if (!this.items_) throw propertyNotLoaded("items");
    return this.items_;
  }

  load(names?: string | string[]): this {
    const props = itemNames(names, this.itemScalars);
    this.ctx.enqueue({ load: props }, () => {
      const proxies = this.list().map((t) => this.proxy(t));
      // Every item is read within this one operation, so all of it lands in this sync's response.
      const loads = proxies.map((p) => p.snapshot(props));
      return {
        data: loads.map((l) => l.data),
        deliver: () => {
          for (const load of loads) load.deliver();
          this.items_ = proxies;
        },
      };
    });
    return this;
  }
}
