/**
 * What the fake's objects share: addresses ("Sheet!A1:C3") as boxes, and collections whose items
 * a query reads in one action (`{_Items: [...]}`, ./host.ts).
 */
import { parseA1 } from "../../workbook/names";
import { type Box, invalidArgument } from "./cells";
import type { HostContext, HostObject } from "./host-object";

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

/**
 * The items' properties a query selects: plain names or "items/name" apply to each item; no
 * selection reads every scalar property.
 */
function itemNames(names: readonly string[] | undefined, all: readonly string[]): string[] {
  if (names === undefined) return [...all];
  return names.map((n) => n.replace(/^items\//, "")).filter((n) => n !== "items");
}

export abstract class HostCollection<T, P extends HostObject<T>> {
  constructor(protected readonly ctx: HostContext) {}
  protected abstract list(): T[];
  protected abstract item(t: T): P;
  protected abstract readonly itemScalars: readonly string[];

  /** Whether the items have an `id`, which the host gives with each item. */
  itemHasId(): boolean {
    return this.itemScalars.includes("id");
  }

  /** The names a query of the items reads (see `itemNames`). */
  protected selected(names: readonly string[] | undefined): string[] {
    return itemNames(names, this.itemScalars);
  }

  /** Every item's selected properties, as the model holds them now. */
  itemProperties(names?: readonly string[]): Array<Record<string, unknown>> {
    const props = this.selected(names);
    return this.list().map((t) => this.item(t).properties(props) ?? {});
  }
}
