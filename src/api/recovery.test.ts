/** What "the change is already there" means for each change (rule 4), as pure functions. */
import fc from "fast-check";
import { depositDifferences, missingItemChanges, sameBenefit, valueIsSet } from "./recovery";

describe("missingItemChanges", () => {
  it("add: the ids the draft does not show yet", () => {
    expect(missingItemChanges("add", ["a", "b", "c"], new Set(["b"]))).toEqual(["a", "c"]);
  });

  it("remove: the ids the draft still shows", () => {
    expect(missingItemChanges("remove", ["a", "b", "c"], new Set(["b"]))).toEqual(["b"]);
  });

  it("add and remove split any sent list between them (property)", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string()), fc.uniqueArray(fc.string()), (sent, present) => {
        const p = new Set(present);
        const add = missingItemChanges("add", sent, p);
        const remove = missingItemChanges("remove", sent, p);
        expect([...add, ...remove].sort()).toEqual([...sent].sort());
      }),
    );
  });
});

describe("valueIsSet", () => {
  const item = (employee_id: string, values: [string, number][]) => ({
    employee_id,
    values: values.map(([product_id, value]) => ({ product_id, value })),
  });

  it("for all: true only when every item carries the value", () => {
    const items = [item("e1", [["p1", 10]]), item("e2", [["p1", 10]])];
    expect(valueIsSet(items, { product_id: "p1", value: 10 })).toBe(true);
    expect(valueIsSet([...items, item("e3", [["p1", 9]])], { product_id: "p1", value: 10 })).toBe(false);
  });

  it("a product absent from an item counts as 0", () => {
    expect(valueIsSet([item("e1", [])], { product_id: "p1", value: 0 })).toBe(true);
    expect(valueIsSet([item("e1", [])], { product_id: "p1", value: 5 })).toBe(false);
  });

  it("for one employee: that item only; an absent employee is not set", () => {
    const items = [item("e1", [["p1", 3]]), item("e2", [["p1", 4]])];
    expect(valueIsSet(items, { product_id: "p1", value: 4, employeeId: "e2" })).toBe(true);
    expect(valueIsSet(items, { product_id: "p1", value: 4, employeeId: "e1" })).toBe(false);
    expect(valueIsSet(items, { product_id: "p1", value: 4, employeeId: "e9" })).toBe(false);
  });
});

describe("sameBenefit", () => {
  const sent = { name: "VR", description: "d", items: [{ product_id: "p1", monthly_amount: 1 }] };

  it("same name, description and items (in any order) is the same", () => {
    const two = { ...sent, items: [...sent.items, { product_id: "p2", monthly_amount: 2 }] };
    expect(sameBenefit({ id: "b", ...two, items: [...two.items].reverse() }, two)).toBe(true);
  });

  it("fields the server omits are not judged; a different one is", () => {
    expect(sameBenefit({ id: "b", name: "VR" }, sent)).toBe(true);
    expect(sameBenefit({ id: "b", name: "VA" }, sent)).toBe(false);
    expect(sameBenefit({ id: "b", name: "VR", items: [] }, sent)).toBe(false);
    expect(sameBenefit({ id: "b", name: "VR", description: "other" }, sent)).toBe(false);
  });
});

describe("depositDifferences", () => {
  const sent = { transaction_id: "t1", amount: 1_000, document: "11222333000181" };

  it("the same deposit, echoed or not, has no differences", () => {
    expect(depositDifferences(sent, { transaction_id: "t1" })).toEqual([]);
    expect(
      depositDifferences(sent, { transaction_id: "t1", amount: 1_000, document: "11.222.333/0001-81" }),
    ).toEqual([]);
  });

  it("another id, amount or document is named, the document by its last two characters", () => {
    expect(depositDifferences(sent, { transaction_id: "t2", amount: 999, document: "52998224725" })).toEqual([
      "transaction_id: sent t1, answered t2",
      "amount: sent 1000 cents, found 999 cents",
      "payer document: sent …81, found …25",
    ]);
  });

  it("a masked document cannot be compared, so it is not judged", () => {
    expect(depositDifferences(sent, { transaction_id: "t1", document: "**.***.333/0001-**" })).toEqual([]);
  });
});
