/**
 * The item plan of a distribution draft: the fewest calls that turn the draft's items (the
 * actual state) into the sheet's rows (the desired state) (docs/architecture.md §2 "The sheet is the desired
 * state"). Pure: no I/O, so it is proven with properties (plan.property.test.ts).
 *
 * Calls (API document, "Endpoints"; the remove path is our choice, docs/api-assumptions.md):
 * 1. items: employees no longer wanted removed, missing ones added, in chunks of
 *    `MAX_EMPLOYEE_IDS_PER_CALL` ids;
 * 2. per product, either one "value for all items" call with the value most wanted rows share,
 *    or none, whichever needs fewer calls in total;
 * 3. per-employee value calls where a row's wanted value differs from what the item will hold.
 * Stage 2 runs after every add (a value for all reaches only the items present), stage 3 after
 * stage 2.
 *
 * The count of a plan for a fresh draft of N employees and P products is
 *   2 + ceil(N / chunk) + Σp min(nonzero_p, 1 + N − maxcount_p)
 * (create and finalize included; `maxcount_p`: rows sharing the most common non-zero amount of p).
 * For an existing draft, per product the choice is min(mismatch_p, 1 + N − maxcount_p) with
 * `mismatch_p` the rows whose item holds another amount and `maxcount_p` over every wanted amount,
 * zero included (a value for all of 0 clears a product). The bound is for plans that add every
 * missing employee before setting values, which is what resuming needs (docs/workflows.md says
 * where a plan interleaving adds and values could do better).
 *
 * Choices: only rows with a positive total become items (an employee with nothing to receive is
 * not part of a payment, and an inactive one could not be added anyway); a product the draft holds
 * but the sheet does not map is wanted at zero (the sheet is the whole desired state).
 */
import { MAX_EMPLOYEE_IDS_PER_CALL, inChunks } from "../../../api";

/** One employee as the sheet wants it: cents per product_id (zeros may be left out). */
export interface DesiredItem {
  employee_id: string;
  values: ReadonlyMap<string, number>;
}

/** One item of the draft as read: `value` per product_id (absent = 0). */
export interface ActualItem {
  employee_id: string;
  values: ReadonlyArray<{ product_id: string; value: number }>;
}

export type PlannedCall =
  | { kind: "remove"; employee_ids: string[] }
  | { kind: "add"; employee_ids: string[] }
  | { kind: "valueForAll"; product_id: string; value: number }
  | { kind: "employeeValue"; employee_id: string; product_id: string; value: number };

export interface ItemPlan {
  /** Run in order; the calls of one stage may run concurrently. */
  stages: [items: PlannedCall[], valueForAll: PlannedCall[], employeeValues: PlannedCall[]];
  /** Calls on the draft's items (every stage). */
  itemCalls: number;
  /** Every mutation of the run: create (for a fresh draft), the item calls and finalize. */
  count: number;
  /** The least number of mutations the run can make (see the file comment); equals `count`. */
  lowerBound: number;
  /** What the draft will hold once the plan is applied. */
  target: { employees: number; totalCents: number };
}

export interface PlanOptions {
  /** True when the draft does not exist yet: the create call counts. */
  fresh: boolean;
  /** Ids per add/remove call (default `MAX_EMPLOYEE_IDS_PER_CALL`). */
  chunk?: number;
}

/** The items a sheet wants: one per row with a positive total. */
export function desiredItems(
  rows: ReadonlyArray<{ employee_id: string; values: ReadonlyMap<string, number>; totalCents: number }>,
): DesiredItem[] {
  return rows.filter((r) => r.totalCents > 0).map((r) => ({ employee_id: r.employee_id, values: r.values }));
}

/** The most common value of `values` and how many share it; ties go to the smaller value. */
function mostCommon(values: Iterable<number>, skipZero: boolean): { value: number; count: number } {
  const counts = new Map<number, number>();
  for (const value of values) if (!(skipZero && value === 0)) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best = { value: 0, count: 0 };
  for (const [value, count] of counts)
    if (count > best.count || (count === best.count && value < best.value)) best = { value, count };
  return best;
}

/** Plans the calls that make the draft's `actual` items equal `desired`. */
export function planItems(
  desired: readonly DesiredItem[],
  actual: readonly ActualItem[],
  options: PlanOptions,
): ItemPlan {
  const chunk = options.chunk ?? MAX_EMPLOYEE_IDS_PER_CALL;
  if (!Number.isInteger(chunk) || chunk < 1) throw new RangeError("chunk must be an integer >= 1");
  const wanted = new Map<string, DesiredItem>();
  for (const item of desired) {
    if (wanted.has(item.employee_id)) throw new Error(`employee ${item.employee_id} is wanted twice`);
    wanted.set(item.employee_id, item);
  }
  const held = new Map<string, Map<string, number>>();
  for (const heldItem of actual)
    held.set(heldItem.employee_id, new Map(heldItem.values.map((v) => [v.product_id, v.value])));

  const removes = actual.map((a) => a.employee_id).filter((id) => !wanted.has(id));
  const adds = desired.map((d) => d.employee_id).filter((id) => !held.has(id));
  const items: PlannedCall[] = [
    ...inChunks(removes, chunk).map((ids): PlannedCall => ({ kind: "remove", employee_ids: ids })),
    ...inChunks(adds, chunk).map((ids): PlannedCall => ({ kind: "add", employee_ids: ids })),
  ];

  const products = new Set<string>();
  for (const item of desired) for (const productId of item.values.keys()) products.add(productId);
  for (const id of wanted.keys()) for (const productId of held.get(id)?.keys() ?? []) products.add(productId);

  const forAll: PlannedCall[] = [];
  const perEmployee: PlannedCall[] = [];
  let totalCents = 0;
  for (const item of desired) for (const cents of item.values.values()) totalCents += cents;
  for (const productId of [...products].sort()) {
    const want = (d: DesiredItem) => d.values.get(productId) ?? 0;
    const has = (d: DesiredItem) => held.get(d.employee_id)?.get(productId) ?? 0;
    const mismatched = desired.filter((d) => want(d) !== has(d));
    if (mismatched.length === 0) continue;
    // A fresh product has nothing to clear: its most common non-zero value is the candidate
    // (zero would cost 1 + nonzero, never fewer than nonzero); otherwise zero is a candidate too.
    const common = mostCommon(desired.map(want), false);
    const viaForAll = 1 + desired.length - common.count;
    if (viaForAll < mismatched.length) {
      forAll.push({ kind: "valueForAll", product_id: productId, value: common.value });
      for (const item of desired)
        if (want(item) !== common.value)
          perEmployee.push({
            kind: "employeeValue",
            employee_id: item.employee_id,
            product_id: productId,
            value: want(item),
          });
    } else {
      for (const item of mismatched)
        perEmployee.push({
          kind: "employeeValue",
          employee_id: item.employee_id,
          product_id: productId,
          value: want(item),
        });
    }
  }

  const itemCalls = items.length + forAll.length + perEmployee.length;
  const count = (options.fresh ? 1 : 0) + itemCalls + 1;
  return {
    stages: [items, forAll, perEmployee],
    itemCalls,
    count,
    lowerBound: lowerBound(desired, actual, options.fresh, chunk),
    target: { employees: desired.length, totalCents },
  };
}

/**
 * The formula of the file comment, computed from counts alone (no plan), so that a test can
 * compare it with the calls a plan lists.
 */
function lowerBound(
  desired: readonly DesiredItem[],
  actual: readonly ActualItem[],
  fresh: boolean,
  chunk: number = MAX_EMPLOYEE_IDS_PER_CALL,
): number {
  const wantedCount = desired.length;
  const wantedIds = new Set(desired.map((d) => d.employee_id));
  const held = new Map(actual.map((a) => [a.employee_id, a.values]));
  const removed = actual.filter((a) => !wantedIds.has(a.employee_id)).length;
  const added = desired.filter((d) => !held.has(d.employee_id)).length;
  const products = new Set<string>();
  for (const item of desired) for (const productId of item.values.keys()) products.add(productId);
  for (const heldItem of actual)
    if (wantedIds.has(heldItem.employee_id))
      for (const value of heldItem.values) products.add(value.product_id);
  let values = 0;
  for (const productId of products) {
    const want = desired.map((d) => d.values.get(productId) ?? 0);
    if (fresh || actual.length === 0) {
      const nonzero = want.filter((v) => v !== 0).length;
      values += Math.min(nonzero, 1 + wantedCount - mostCommon(want, true).count);
    } else {
      const mismatch = desired.filter(
        (d) =>
          (d.values.get(productId) ?? 0) !==
          (held.get(d.employee_id)?.find((v) => v.product_id === productId)?.value ?? 0),
      ).length;
      values += Math.min(mismatch, 1 + wantedCount - mostCommon(want, false).count);
    }
  }
  return (fresh ? 1 : 0) + Math.ceil(removed / chunk) + Math.ceil(added / chunk) + values + 1;
}

/** An override row: the employee and the cents of every product its table maps (zeros included). */
export interface Override {
  employee_id: string;
  values: ReadonlyMap<string, number>;
  /** 0-based data row of the overrides table. */
  rowIndex?: number;
}

/**
 * What the draft must hold: every item as read, with the values for all and then the overrides
 * applied. An override for an employee the draft does not hold is returned in `notInDraft`.
 */
export function modeDesired(
  actual: readonly ActualItem[],
  values: ReadonlyMap<string, number>,
  overrides: readonly Override[],
): { desired: DesiredItem[]; notInDraft: Override[] } {
  const over = new Map(overrides.map((o) => [o.employee_id, o]));
  const held = new Set(actual.map((a) => a.employee_id));
  const desired = actual.map((actualItem) => {
    const centsByProduct = new Map(actualItem.values.map((x) => [x.product_id, x.value]));
    for (const [p, c] of values) centsByProduct.set(p, c);
    for (const [p, c] of over.get(actualItem.employee_id)?.values ?? []) centsByProduct.set(p, c);
    return { employee_id: actualItem.employee_id, values: centsByProduct };
  });
  return { desired, notInDraft: overrides.filter((o) => !held.has(o.employee_id)) };
}

/** The items as `DesiredItem`s (what `sheetFingerprint` and the review take). */
export const asDesired = (items: readonly ActualItem[]): DesiredItem[] =>
  items.map((i) => ({
    employee_id: i.employee_id,
    values: new Map(i.values.map((v) => [v.product_id, v.value])),
  }));

/** The cents the items hold in all. */
export const itemsTotal = (items: readonly ActualItem[]) =>
  items.reduce((s, i) => s + i.values.reduce((a, v) => a + v.value, 0), 0);
