/**
 * The review's comparison of the draft with the sheet, for any sheet and draft: the same
 * verdict, totals and mismatches, in the same order, as the comparison written the plain way (one
 * set of both sides' products per employee), which it replaced for speed at 50,000 rows.
 */
import fc from "fast-check";
import type { ActualItem, DesiredItem } from "./plan";
import {
  type ChangesSincePrevious,
  type DraftItems,
  type ItemMismatch,
  compareWithPrevious,
  compareWithSheet,
} from "./review";

/** The plain way: every product either side names, per employee, compared. */
function plainMismatches(desired: readonly DesiredItem[], draft: DraftItems): ItemMismatch[] {
  const mismatches: ItemMismatch[] = [];
  const held = new Map(
    draft.items.map((item) => [item.employee_id, new Map(item.values.map((v) => [v.product_id, v.value]))]),
  );
  const total = (values: ReadonlyMap<string, number>) => [...values.values()].reduce((s, v) => s + v, 0);
  for (const item of desired) {
    const heldValues = held.get(item.employee_id);
    if (!heldValues) {
      mismatches.push({
        employee_id: item.employee_id,
        kind: "missing",
        sheetCents: total(item.values),
        draftCents: 0,
      });
      continue;
    }
    for (const productId of new Set([...item.values.keys(), ...heldValues.keys()])) {
      const want = item.values.get(productId) ?? 0;
      const has = heldValues.get(productId) ?? 0;
      if (want !== has)
        mismatches.push({
          employee_id: item.employee_id,
          kind: "value",
          product_id: productId,
          sheetCents: want,
          draftCents: has,
        });
    }
  }
  const wanted = new Set(desired.map((item) => item.employee_id));
  for (const [id, values] of held)
    if (!wanted.has(id))
      mismatches.push({ employee_id: id, kind: "unexpected", sheetCents: 0, draftCents: total(values) });
  return mismatches;
}

const employee = fc.constantFrom("e1", "e2", "e3", "e4", "e5");
const product = fc.constantFrom("p1", "p2", "p3");
const cents = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 5_000 }));
const desiredItems = fc
  .uniqueArray(fc.tuple(employee, fc.array(fc.tuple(product, cents), { maxLength: 3 })), {
    selector: ([id]) => id,
  })
  .map((rows) => rows.map(([id, pairs]): DesiredItem => ({ employee_id: id, values: new Map(pairs) })));
// A product may repeat within an item, an employee within the draft (a server's quirks): the last
// entry counts, in the place of the first, as in a map.
const draftItems = fc
  .array(fc.tuple(employee, fc.array(fc.tuple(product, cents), { maxLength: 4 })), { maxLength: 7 })
  .map((rows) =>
    rows.map(([id, pairs]): ActualItem => ({
      employee_id: id,
      values: pairs.map(([productId, value]) => ({ product_id: productId, value })),
    })),
  );

describe("compareWithSheet", () => {
  it("finds the same mismatches, in the same order, as the plain comparison, for any sheet and draft", () => {
    fc.assert(
      fc.property(desiredItems, draftItems, (desired, items) => {
        const draft: DraftItems = {
          items,
          status: "draft",
          totalEmployees: undefined,
          totalCents: undefined,
        };
        const review = compareWithSheet(desired, draft);
        const plain = plainMismatches(desired, draft);
        expect(review.mismatches).toEqual(plain);
        const sheetTotal = desired.reduce(
          (s, item) => s + [...item.values.values()].reduce((a, b) => a + b, 0),
          0,
        );
        const lastItems = [...new Map(items.map((item) => [item.employee_id, item.values])).values()];
        const draftTotal = lastItems.reduce(
          (s, values) =>
            s + [...new Map(values.map((v) => [v.product_id, v.value])).values()].reduce((a, b) => a + b, 0),
          0,
        );
        expect(review.matches).toBe(
          plain.length === 0 && draftTotal === sheetTotal && items.length === desired.length,
        );
      }),
      { numRuns: 500 },
    );
  });
});

describe("compareWithPrevious", () => {
  it("finds the same changes, in the same order, as the plain comparison, for any previous run and sheet", () => {
    fc.assert(
      fc.property(draftItems, desiredItems, (items, desired) => {
        const before = new Map(
          items.map((item) => [item.employee_id, new Map(item.values.map((v) => [v.product_id, v.value]))]),
        );
        const changed: ChangesSincePrevious["changed"] = [];
        for (const item of desired) {
          const beforeValues = before.get(item.employee_id);
          if (!beforeValues) continue;
          for (const productId of new Set([...item.values.keys(), ...beforeValues.keys()])) {
            const beforeCents = beforeValues.get(productId) ?? 0;
            const afterCents = item.values.get(productId) ?? 0;
            if (beforeCents !== afterCents)
              changed.push({ employee_id: item.employee_id, product_id: productId, beforeCents, afterCents });
          }
        }
        const previousTotalCents = [...before.values()].reduce(
          (s, values) => s + [...values.values()].reduce((a, b) => a + b, 0),
          0,
        );
        const changes = compareWithPrevious(
          { distributionId: "dst_1", at: "2026-11-01T00:00:00Z", items },
          desired,
        );
        expect(changes.changed).toEqual(changed);
        expect(changes.previousTotalCents).toBe(previousTotalCents);
      }),
      { numRuns: 500 },
    );
  });
});
