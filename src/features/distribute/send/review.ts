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
): Promise<DraftItems> {
  const items: ActualItem[] = [];
  const out: DraftItems = { items, status: undefined, totalEmployees: undefined, totalCents: undefined };
  // A list that changed while it was read is read again from the start: drop what was kept.
  const onRestart = () => {
    items.length = 0;
    Object.assign(out, { status: undefined, totalEmployees: undefined, totalCents: undefined });
  };
  for await (const page of api.listItems(distributionId, {}, { signal }).pages({ onRestart })) {
    for (const i of page.data) items.push({ employee_id: i.employee_id, values: i.values });
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

/**
 * The cents a draft item holds for a product: its last entry for it (a product listed twice reads
 * as a map would read it), or 0.
 */
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

/**
 * Each product whose cents differ between a row (`sheet`) and an item: the row's products, then
 * those only the item holds, once each (no set of both per employee: 50,000 of them per review).
 */
function eachDifference(
  sheet: ReadonlyMap<string, number>,
  held: ActualItem["values"],
  visit: (productId: string, sheetCents: number, heldCents: number) => void,
): void {
  for (const [productId, want] of sheet) {
    const has = heldCents(held, productId);
    if (want !== has) visit(productId, want, has);
  }
  for (let at = 0; at < held.length; at++) {
    const productId = held[at]!.product_id;
    if (sheet.has(productId) || !firstOfItsProduct(held, at)) continue;
    const has = heldCents(held, productId);
    if (has !== 0) visit(productId, 0, has);
  }
}

function sum(values: ReadonlyMap<string, number>): number {
  let total = 0;
  for (const cents of values.values()) total += cents;
  return total;
}

/**
 * The draft against the sheet, employee by employee and product by product. An item holds a
 * product or two (the columns of the sheet), so its values are looked up in its own short array:
 * no map or set per employee (at 50,000 rows those were 50,000 maps made and dropped per review).
 */
export function compareWithSheet(desired: readonly DesiredItem[], draft: DraftItems): SheetReview {
  const mismatches: ItemMismatch[] = [];
  const held = new Map<string, ActualItem["values"]>();
  for (const item of draft.items) held.set(item.employee_id, item.values);
  let sheetTotal = 0;
  for (const item of desired) {
    const wantTotal = sum(item.values);
    sheetTotal += wantTotal;
    const heldValues = held.get(item.employee_id);
    if (!heldValues) {
      mismatches.push({
        employee_id: item.employee_id,
        kind: "missing",
        sheetCents: wantTotal,
        draftCents: 0,
      });
      continue;
    }
    eachDifference(item.values, heldValues, (productId, sheetCents, draftCents) =>
      mismatches.push({
        employee_id: item.employee_id,
        kind: "value",
        product_id: productId,
        sheetCents,
        draftCents,
      }),
    );
  }
  const wanted = new Set<string>();
  for (const item of desired) wanted.add(item.employee_id);
  let itemsTotal = 0;
  for (const [id, values] of held) {
    const total = heldTotal(values);
    itemsTotal += total;
    if (!wanted.has(id))
      mismatches.push({ employee_id: id, kind: "unexpected", sheetCents: 0, draftCents: total });
  }
  // The draft's own totals must agree with its items too (a server that sums differently).
  const draftTotal = draft.totalCents ?? itemsTotal;
  const draftEmployees = draft.totalEmployees ?? draft.items.length;
  return {
    matches:
      mismatches.length === 0 &&
      draftTotal === sheetTotal &&
      itemsTotal === sheetTotal &&
      draftEmployees === desired.length,
    sheet: { employees: desired.length, totalCents: sheetTotal },
    draft: { employees: draftEmployees, totalCents: draftTotal, status: draft.status },
    mismatches,
  };
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
  const before = new Map<string, ActualItem["values"]>();
  for (const item of previous.items) before.set(item.employee_id, item.values);
  const now = new Set(desired.map((d) => d.employee_id));
  const changed: ChangesSincePrevious["changed"] = [];
  let previousTotalCents = 0;
  for (const previousValues of before.values()) previousTotalCents += heldTotal(previousValues);
  let totalCents = 0;
  for (const item of desired) {
    totalCents += sum(item.values);
    const beforeValues = before.get(item.employee_id);
    if (!beforeValues) continue;
    eachDifference(item.values, beforeValues, (productId, afterCents, beforeCents) =>
      changed.push({ employee_id: item.employee_id, product_id: productId, beforeCents, afterCents }),
    );
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
