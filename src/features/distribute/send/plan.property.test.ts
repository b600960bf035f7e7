/**
 * The planner, proven on generated sheets: applying a plan to a model of the draft gives exactly
 * the sheet, and the number of calls it lists equals the lower bound of issue 10, computed here
 * from its formula (not with the planner's code).
 */
import fc from "fast-check";
import { type ActualItem, type DesiredItem, type PlannedCall, desiredItems, planItems } from "./plan";

const PRODUCTS = ["p1", "p2", "p3", "p4"];
/** Few distinct amounts, so that shared values (and ties) are common, plus zeros. */
const amount = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(0, 60_000, 45_000) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 5 }).map((n) => n * 1_000) },
);
const employeeIds = (max: number) =>
  fc.uniqueArray(
    fc.integer({ min: 1, max: max * 3 }).map((n) => `e${n}`),
    { maxLength: max },
  );

const sheet = (max: number) =>
  fc
    .record({ ids: employeeIds(max), products: fc.subarray(PRODUCTS, { minLength: 1 }) })
    .chain(({ ids, products }) =>
      fc
        .tuple(...ids.map(() => fc.array(amount, { minLength: products.length, maxLength: products.length })))
        .map((rows) =>
          rows.map((vals, i) => {
            const values = new Map(products.map((p, j) => [p, vals[j]!]));
            let totalCents = 0;
            for (const v of values.values()) totalCents += v;
            return { employee_id: ids[i]!, values, totalCents };
          }),
        ),
    );

const draft = (max: number) =>
  employeeIds(max).chain((ids) =>
    fc.tuple(
      ...ids.map((id) =>
        fc
          .subarray(PRODUCTS)
          .chain((ps) => fc.tuple(...ps.map(() => amount.filter((v) => v > 0))).map((vs) => ({ ps, vs })))
          .map(({ ps, vs }): ActualItem => ({
            employee_id: id,
            values: ps.map((p, j) => ({ product_id: p, value: vs[j]! })),
          })),
      ),
    ),
  );

/** The sandbox's semantics of each call, on a model (value 0 = absent). */
function apply(actual: readonly ActualItem[], stages: PlannedCall[][]): Map<string, Map<string, number>> {
  const items = new Map(
    actual.map((a) => [a.employee_id, new Map(a.values.map((v) => [v.product_id, v.value]))]),
  );
  for (const stage of stages)
    for (const c of stage) {
      switch (c.kind) {
        case "remove":
          for (const id of c.employee_ids) items.delete(id);
          break;
        case "add":
          for (const id of c.employee_ids) if (!items.has(id)) items.set(id, new Map());
          break;
        case "valueForAll":
          for (const v of items.values()) v.set(c.product_id, c.value);
          break;
        case "employeeValue": {
          const v = items.get(c.employee_id);
          if (!v) throw new Error(`value for ${c.employee_id}, who is not an item`);
          v.set(c.product_id, c.value);
        }
      }
    }
  return items;
}

const nonZero = (m: ReadonlyMap<string, number>) =>
  Object.fromEntries([...m].filter(([, v]) => v !== 0).sort(([a], [b]) => a.localeCompare(b)));

function expectReaches(desired: DesiredItem[], result: Map<string, Map<string, number>>) {
  expect(new Set(result.keys())).toEqual(new Set(desired.map((d) => d.employee_id)));
  for (const d of desired) expect(nonZero(result.get(d.employee_id)!)).toEqual(nonZero(d.values));
}

/** Issue 10's formula for a fresh draft: 2 + ceil(N/chunk) + Σp min(nonzero_p, 1 + N − maxcount_p). */
function freshBound(desired: DesiredItem[], products: string[], chunk: number): number {
  const n = desired.length;
  let sum = 0;
  for (const p of products) {
    const counts = new Map<number, number>();
    let nonzero = 0;
    for (const d of desired) {
      const v = d.values.get(p) ?? 0;
      if (v === 0) continue;
      nonzero++;
      counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    const maxcount = Math.max(0, ...counts.values());
    sum += Math.min(nonzero, 1 + n - maxcount);
  }
  return 2 + Math.ceil(n / chunk) + sum;
}

describe("planItems on generated sheets", () => {
  it("fresh draft: reaches the sheet, and its count is the issue's lower bound", () => {
    fc.assert(
      fc.property(sheet(40), fc.integer({ min: 1, max: 7 }), (rows, chunk) => {
        const desired = desiredItems(rows);
        const plan = planItems(desired, [], { fresh: true, chunk });
        expectReaches(desired, apply([], plan.stages));
        const listed = plan.stages.flat().length;
        expect(plan.itemCalls).toBe(listed);
        expect(plan.count).toBe(1 + listed + 1);
        expect(plan.count).toBe(freshBound(desired, PRODUCTS, chunk));
        expect(plan.lowerBound).toBe(plan.count);
        expect(plan.target.totalCents).toBe(rows.reduce((s, r) => s + r.totalCents, 0));
      }),
      { numRuns: 300 },
    );
  });

  it("existing draft: converges, and no call is spent on what already matches", () => {
    fc.assert(
      fc.property(sheet(30), draft(30), fc.integer({ min: 1, max: 7 }), (rows, actual, chunk) => {
        const desired = desiredItems(rows);
        const plan = planItems(desired, actual, { fresh: false, chunk });
        expectReaches(desired, apply(actual, plan.stages));
        expect(plan.lowerBound).toBe(plan.count);
        expect(plan.count).toBe(plan.stages.flat().length + 1);
        // Planning again over the result plans nothing but finalize.
        const after = [...apply(actual, plan.stages)].map(([employee_id, v]) => ({
          employee_id,
          values: [...v].filter(([, x]) => x !== 0).map(([product_id, value]) => ({ product_id, value })),
        }));
        expect(planItems(desired, after, { fresh: false, chunk }).itemCalls).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  it("existing draft: the count is the bound over the difference, by brute force per product", () => {
    fc.assert(
      fc.property(sheet(12), draft(12), (rows, actual) => {
        const desired = desiredItems(rows);
        const plan = planItems(desired, actual, { fresh: false, chunk: 500 });
        // Per product, try every candidate value for a value-for-all (and none) by brute force.
        const wanted = new Set(desired.map((d) => d.employee_id));
        const held = new Map(actual.map((a) => [a.employee_id, a.values]));
        let best = 0;
        for (const p of PRODUCTS) {
          const want = (d: DesiredItem) => d.values.get(p) ?? 0;
          const has = (d: DesiredItem) =>
            held.get(d.employee_id)?.find((v) => v.product_id === p)?.value ?? 0;
          let cost = desired.filter((d) => want(d) !== has(d)).length;
          for (const v of new Set([0, ...desired.map(want)]))
            cost = Math.min(cost, 1 + desired.filter((d) => want(d) !== v).length);
          best += cost;
        }
        const removed = actual.filter((a) => !wanted.has(a.employee_id)).length;
        const added = desired.filter((d) => !held.has(d.employee_id)).length;
        expect(plan.count).toBe(Math.ceil(removed / 500) + Math.ceil(added / 500) + best + 1);
      }),
      { numRuns: 300 },
    );
  });

  it("an example: 5 rows, one shared value, one exception, one zero", () => {
    const rows = [60_000, 60_000, 60_000, 50_000, 0].map((v, i) => ({
      employee_id: `e${i}`,
      values: new Map([["ref", v]]),
      totalCents: v,
    }));
    const plan = planItems(desiredItems(rows), [], { fresh: true });
    expect(plan.stages).toEqual([
      [{ kind: "add", employee_ids: ["e0", "e1", "e2", "e3"] }],
      [{ kind: "valueForAll", product_id: "ref", value: 60_000 }],
      [{ kind: "employeeValue", employee_id: "e3", product_id: "ref", value: 50_000 }],
    ]);
    expect(plan.count).toBe(5);
  });
});
