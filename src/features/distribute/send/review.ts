/**
 * Review of a draft before finalize: its items read back and compared with the sheet, per
 * employee and product, to the cent; and compared with the previous finalized distribution of
 * the same table (its id comes from the run log), so the person who signs off sees what changed
 * since last time. Mismatches are listed, never hidden.
 */
import type { ValePixClient } from "../../../api";
import type { ActualItem, DesiredItem } from "./plan";

export type ItemsReader = Pick<ValePixClient["distributions"], "listItems">;

export interface DraftItems {
  items: ActualItem[];
  /** The distribution's state and totals as the item pages state them (when they do). */
  status: string | undefined;
  totalEmployees: number | undefined;
  totalCents: number | undefined;
}

/** Every item of a distribution (all pages; the pages also carry its state and totals). */
export async function readDraftItems(
  api: ItemsReader,
  distributionId: string,
  signal?: AbortSignal,
  /** Given each page's items as it arrives (the review's compare). */
  comparison?: DraftComparison,
): Promise<DraftItems> {
  const items: ActualItem[] = [];
  const out: DraftItems = { items, status: undefined, totalEmployees: undefined, totalCents: undefined };
  // A list that changed while it was read is read again from the start: drop what was kept.
  const onRestart = () => {
    items.length = 0;
    comparison?.reset();
    Object.assign(out, { status: undefined, totalEmployees: undefined, totalCents: undefined });
  };
  for await (const page of api.listItems(distributionId, {}, { signal }).pages({ onRestart })) {
    for (const i of page.data) items.push({ employee_id: i.employee_id, values: i.values });
    comparison?.add(page.data);
    out.status = page.status ?? out.status;
    out.totalEmployees = page.total_employees ?? out.totalEmployees;
    out.totalCents = page.total_amount ?? out.totalCents;
  }
  return out;
}

export interface ItemMismatch {
  employee_id: string;
  /** `missing`: on the sheet, not in the draft; `unexpected`: in the draft, not on the sheet. */
  kind: "missing" | "unexpected" | "value";
  product_id?: string;
  sheetCents: number;
  draftCents: number;
}

export interface SheetReview {
  /** True when every employee and product holds exactly the sheet's cents, and the totals agree. */
  matches: boolean;
  sheet: { employees: number; totalCents: number };
  draft: { employees: number; totalCents: number; status: string | undefined };
  mismatches: ItemMismatch[];
}

/** The cents a draft item holds for a product: its last entry for it (a repeated product is read as a map would), or 0. */
function heldCents(values: ActualItem["values"], productId: string): number {
  for (let at = values.length - 1; at >= 0; at--)
    if (values[at]!.product_id === productId) return values[at]!.value;
  return 0;
}

/** Whether `values[at]` is the first entry for its product (where a map would list it). */
function firstOfItsProduct(values: ActualItem["values"], at: number): boolean {
  const productId = values[at]!.product_id;
  for (let before = 0; before < at; before++) if (values[before]!.product_id === productId) return false;
  return true;
}

/** What a draft item holds in all, each product counted once. */
function heldTotal(values: ActualItem["values"]): number {
  let total = 0;
  for (let at = 0; at < values.length; at++)
    if (firstOfItsProduct(values, at)) total += heldCents(values, values[at]!.product_id);
  return total;
}

const valuesOf = (values: ActualItem["values"]) => new Map(values.map((v) => [v.product_id, v.value]));

function sum(values: ReadonlyMap<string, number>): number {
  let total = 0;
  for (const cents of values.values()) total += cents;
  return total;
}

/**
 * The draft against the sheet, employee by employee and product by product, as the draft's pages
 * arrive: the review compares each page while the next ones are on their way instead of all of
 * them after the last. An item holds a product or two (the columns of the sheet), so its values
 * are looked up in its own short array: no map, set or object per employee. An employee the draft
 * lists twice counts once, as its last item, in the place of its first (as a map keeps them).
 */
export class DraftComparison {
  private readonly wanted = new Map<string, DesiredItem>();
  private readonly sheetTotal: number;
  /** The cents each employee of the draft holds, in the order the draft first lists them. */
  private readonly heldCents = new Map<string, number>();
  /** How an employee's item differs from its row, for those that differ. */
  private readonly differences = new Map<string, ItemMismatch[]>();
  /** What the draft's items add up to while no employee was listed twice. */
  private itemsTotal = 0;
  private listedTwice = false;
  private itemCount = 0;
  /** Employees of the sheet found in the draft, and employees of the draft the sheet does not hold. */
  private found = 0;
  private extras = 0;

  constructor(private readonly desired: readonly DesiredItem[]) {
    let sheetTotal = 0;
    for (const item of desired) {
      if (this.wanted.has(item.employee_id)) throw new Error(`employee ${item.employee_id} is wanted twice`);
      this.wanted.set(item.employee_id, item);
      sheetTotal += sum(item.values);
    }
    this.sheetTotal = sheetTotal;
  }

  add(items: readonly ActualItem[]): void {
    for (const item of items) {
      const id = item.employee_id;
      const cents = heldTotal(item.values);
      const known = this.heldCents.size;
      this.heldCents.set(id, cents);
      this.itemCount++;
      const first = this.heldCents.size > known;
      if (first) this.itemsTotal += cents;
      else this.listedTwice = true;
      const want = this.wanted.get(id);
      if (first) {
        if (want) this.found++;
        else this.extras++;
      }
      const differs = want ? valueMismatches(want, item.values) : undefined;
      if (differs) this.differences.set(id, differs);
      // A later item of the same employee replaces what the earlier one held.
      else if (this.differences.size > 0) this.differences.delete(id);
    }
  }

  /** The list was read again from its start: nothing added so far counts. */
  reset(): void {
    this.heldCents.clear();
    this.differences.clear();
    this.itemsTotal = 0;
    this.listedTwice = false;
    this.itemCount = 0;
    this.found = 0;
    this.extras = 0;
  }

  /** The verdict: the sheet's order (missing and differing employees), then the draft's extras. */
  result(draft: Pick<DraftItems, "status" | "totalEmployees" | "totalCents">): SheetReview {
    const agrees = this.found === this.desired.length && this.extras === 0 && this.differences.size === 0;
    const mismatches = agrees ? [] : this.mismatches();
    const itemsTotal = this.listedTwice
      ? [...this.heldCents.values()].reduce((a, b) => a + b, 0)
      : this.itemsTotal;
    const { sheetTotal } = this;
    // The draft's own totals must agree with its items too (a server that sums differently).
    const draftTotal = draft.totalCents ?? itemsTotal;
    const draftEmployees = draft.totalEmployees ?? this.itemCount;
    return {
      matches:
        mismatches.length === 0 &&
        draftTotal === sheetTotal &&
        itemsTotal === sheetTotal &&
        draftEmployees === this.desired.length,
      sheet: { employees: this.desired.length, totalCents: sheetTotal },
      draft: { employees: draftEmployees, totalCents: draftTotal, status: draft.status },
      mismatches,
    };
  }

  /** Every mismatch, in the sheet's order, then the draft's extras in the draft's. */
  private mismatches(): ItemMismatch[] {
    const mismatches: ItemMismatch[] = [];
    for (const item of this.desired) {
      const id = item.employee_id;
      if (!this.heldCents.has(id))
        mismatches.push({ employee_id: id, kind: "missing", sheetCents: sum(item.values), draftCents: 0 });
      else {
        const differs = this.differences.get(id);
        if (differs) mismatches.push(...differs);
      }
    }
    for (const [id, cents] of this.heldCents)
      if (!this.wanted.has(id))
        mismatches.push({ employee_id: id, kind: "unexpected", sheetCents: 0, draftCents: cents });
    return mismatches;
  }
}

/** How one employee's item differs from its row (the sheet's products, then the draft's others), or undefined. */
function valueMismatches(item: DesiredItem, heldValues: ActualItem["values"]): ItemMismatch[] | undefined {
  let mismatches: ItemMismatch[] | undefined;
  for (const [productId, want] of item.values) {
    const has = heldCents(heldValues, productId);
    if (want !== has) (mismatches ??= []).push(valueMismatch(item.employee_id, productId, want, has));
  }
  for (let at = 0; at < heldValues.length; at++) {
    const productId = heldValues[at]!.product_id;
    if (item.values.has(productId) || !firstOfItsProduct(heldValues, at)) continue;
    const has = heldCents(heldValues, productId);
    if (has !== 0) (mismatches ??= []).push(valueMismatch(item.employee_id, productId, 0, has));
  }
  return mismatches;
}

const valueMismatch = (
  employeeId: string,
  productId: string,
  sheetCents: number,
  draftCents: number,
): ItemMismatch => ({
  employee_id: employeeId,
  kind: "value",
  product_id: productId,
  sheetCents,
  draftCents,
});

/** The whole draft against the sheet at once (finalize's check, the re-check of a mode). */
export function compareWithSheet(desired: readonly DesiredItem[], draft: DraftItems): SheetReview {
  const comparison = new DraftComparison(desired);
  comparison.add(draft.items);
  return comparison.result(draft);
}

export interface ChangesSincePrevious {
  distributionId: string;
  /** When the previous run was logged (ISO 8601). */
  at: string;
  newEmployees: string[];
  droppedEmployees: string[];
  changed: Array<{ employee_id: string; product_id: string; beforeCents: number; afterCents: number }>;
  previousTotalCents: number;
  totalCents: number;
  /** totalCents − previousTotalCents. */
  differenceCents: number;
}

export function compareWithPrevious(
  previous: { distributionId: string; at: string; items: readonly ActualItem[] },
  desired: readonly DesiredItem[],
): ChangesSincePrevious {
  const before = new Map(previous.items.map((i) => [i.employee_id, valuesOf(i.values)]));
  const now = new Set(desired.map((d) => d.employee_id));
  const changed: ChangesSincePrevious["changed"] = [];
  let previousTotalCents = 0;
  for (const previousValues of before.values()) previousTotalCents += sum(previousValues);
  let totalCents = 0;
  for (const item of desired) {
    totalCents += sum(item.values);
    const beforeValues = before.get(item.employee_id);
    if (!beforeValues) continue;
    for (const productId of new Set([...item.values.keys(), ...beforeValues.keys()])) {
      const beforeCents = beforeValues.get(productId) ?? 0;
      const afterCents = item.values.get(productId) ?? 0;
      if (beforeCents !== afterCents)
        changed.push({ employee_id: item.employee_id, product_id: productId, beforeCents, afterCents });
    }
  }
  return {
    distributionId: previous.distributionId,
    at: previous.at,
    newEmployees: desired.map((d) => d.employee_id).filter((id) => !before.has(id)),
    droppedEmployees: [...before.keys()].filter((id) => !now.has(id)),
    changed,
    previousTotalCents,
    totalCents,
    differenceCents: totalCents - previousTotalCents,
  };
}
