import fc from "fast-check";
import { formatCents } from "../money";
import { LiveValidation } from "./live-validation";
import { computeMapping } from "./mapping";
import { EmployeeIndex } from "./matching";
import type { CellValue, RowBlock } from "./port";
import { PRODUCTS, makeEmployees } from "./testing/people";
import { type ValidationContext, validateRows } from "./validation";

const EMPLOYEES = makeEmployees(12, 5);
const HEADER = ["ID do colaborador", "CPF", "Nome", ...PRODUCTS.slice(0, 3).map((p) => p.name), "Extra"];
const ctx: ValidationContext = {
  header: HEADER,
  mapping: computeMapping(HEADER, PRODUCTS),
  employees: new EmployeeIndex(EMPLOYEES),
  products: PRODUCTS,
  options: { availableBalanceCents: 500_000 },
};
const person = (n: number, ...amounts: CellValue[]): CellValue[] => {
  const e = EMPLOYEES[n - 1]!;
  return ["", e.cpf!, e.name, ...amounts, ""];
};
const blank = (): CellValue[] => HEADER.map(() => "");

/** A live validation built from a full read of `rows`, in blocks of `blockRows`. */
function liveOf(rows: CellValue[][], blockRows = 3): LiveValidation {
  const live = new LiveValidation(ctx);
  for (let i = 0; i < rows.length; i += blockRows)
    live.add({ offset: i, firstSheetRow: 2 + i, rows: rows.slice(i, i + blockRows) });
  return live;
}
const edit = (rowIndex: number, cells: CellValue[]): RowBlock => ({
  offset: rowIndex,
  firstSheetRow: 2 + rowIndex,
  rows: [cells],
});

describe("live validation", () => {
  const rows = [
    person(1, 600, 300, 0),
    person(2, 600, "", ""),
    person(1, 100, "", ""),
    person(3, 600, "", ""),
  ];

  test("built from a full read, it is the full validation", () => {
    expect(liveOf(rows).result()).toEqual(validateRows(ctx, rows));
  });

  test("removing a duplicate makes the other, unchanged row valid again (and counts it)", () => {
    const live = liveOf(rows);
    expect(live.row(0).issues.map((i) => i.code)).toEqual(["employee_duplicate"]);
    expect(live.view().summary.grandTotalCents).toBe(120_000);

    const changed = live.apply([edit(2, person(4, 100, "", ""))]);
    // Row 0 was not edited, but its standing changed: it is among the rows to rewrite.
    expect(changed).toEqual([0, 2]);
    expect(live.row(0)).toMatchObject({ rowIndex: 0, issues: [], totalCents: 90_000 });
    expect(live.row(2)).toMatchObject({ rowIndex: 2, issues: [], totalCents: 10_000 });
    const edited = rows.map((r, i) => (i === 2 ? person(4, 100, "", "") : r));
    expect(live.result()).toEqual(validateRows(ctx, edited));
    expect(live.view().summary.grandTotalCents).toBe(90_000 + 60_000 + 10_000 + 60_000);
  });

  test("typing someone's CPF a second time makes their first row an error too", () => {
    const live = liveOf(rows.map((r, i) => (i === 2 ? person(4) : r)));
    expect(live.row(1).issues).toEqual([]);
    const changed = live.apply([edit(3, person(2, 50, "", ""))]);
    expect(changed).toEqual([1, 3]);
    expect(live.row(1).issues.map((i) => i.code)).toEqual(["employee_duplicate"]);
    expect(live.row(1).totalCents).toBeUndefined();
    expect(live.view().ok).toBe(false);
    expect(live.view().issues.map((i) => [i.code, i.row])).toEqual([
      ["duplicate_employees", undefined],
      ["employee_duplicate", 3],
      ["employee_duplicate", 5],
    ]);
  });

  test("fixing a typo updates the totals per product, the grand total and the issues", () => {
    const live = liveOf(rows.map((r, i) => (i === 2 ? person(4, "12,345") : r)));
    expect(live.view().summary.errors).toBe(1);
    live.apply([edit(2, person(4, "12,34", "", ""))]);
    live.apply([edit(0, person(6, 1, 2, 3))]);
    const view = live.view();
    expect(view.ok).toBe(true);
    expect(view.summary.perProduct.get(PRODUCTS[0]!.id)).toBe(100 + 60_000 + 1_234 + 60_000);
    expect(view.summary.perProduct.get(PRODUCTS[1]!.id)).toBe(200);
    expect(view.summary.grandTotalCents).toBe(100 + 200 + 300 + 60_000 + 1_234 + 60_000);
  });

  test("an edit past the rows held is refused", () => {
    expect(() => liveOf(rows).apply([edit(9, blank())])).toThrow(RangeError);
  });
});

/** Cells people type, and a few identities that collide. */
const cell: fc.Arbitrary<CellValue> = fc.oneof(
  fc.constantFrom("", "", 0, 600, 1_234.5, "R$ 1.200,00", "12,345", "-5", "abc", "TOTAL", 20_000),
  fc.constantFrom(...EMPLOYEES.slice(0, 5).flatMap((e) => [e.employee_id, e.cpf!, Number(e.cpf)])),
  fc.string({ maxLength: 4 }),
);
const row = fc.array(cell, { minLength: HEADER.length, maxLength: HEADER.length });
/** A row as the identity columns make it likely to collide: one of five people, or anything. */
const likelyRow = fc.oneof(
  row,
  fc
    .tuple(fc.integer({ min: 1, max: 5 }), fc.array(cell, { minLength: 3, maxLength: 3 }), fc.boolean())
    .map(([n, amounts, byId]) => {
      const e = EMPLOYEES[n - 1]!;
      return [byId ? e.employee_id : "", byId ? "" : e.cpf!, e.name, ...amounts, ""];
    }),
);

describe("live validation properties", () => {
  test("after any edits, the result equals a full validation of the edited table", () => {
    fc.assert(
      fc.property(
        fc.array(likelyRow, { minLength: 1, maxLength: 25 }),
        fc.array(fc.tuple(fc.nat(), fc.array(likelyRow, { minLength: 1, maxLength: 4 })), {
          minLength: 1,
          maxLength: 6,
        }),
        (start, edits) => {
          const rows = start.map((r) => [...r]);
          const live = liveOf(rows, 4);
          for (const [at, replacement] of edits) {
            const offset = at % rows.length;
            const put = replacement.slice(0, rows.length - offset);
            const before = live.view();
            const changed = live.apply([{ offset, firstSheetRow: 2 + offset, rows: put }]);
            put.forEach((r, i) => (rows[offset + i] = [...r]));
            const full = validateRows(ctx, rows);
            expect(live.result()).toEqual(full);
            // Every row whose issues or total differ from before is reported as changed.
            const after = live.view();
            const standing = (issues: typeof before.issues) =>
              new Map(issues.filter((i) => i.rowIndex !== undefined).map((i) => [i.rowIndex!, i.code]));
            const was = standing(before.issues);
            const now = standing(after.issues);
            for (const r of new Set([...was.keys(), ...now.keys()]))
              if (was.get(r) !== now.get(r)) expect(changed).toContain(r);
          }
        },
      ),
      { numRuns: 300 },
    );
    // A few seconds alone; the full suite runs on shared, loaded cores.
  }, 60_000);

  test("the totals always match the rows that count", () => {
    fc.assert(
      fc.property(fc.array(likelyRow, { maxLength: 20 }), (rows) => {
        const live = liveOf(rows, 5);
        const view = live.view();
        let grand = 0;
        for (let r = 0; r < live.rowCount; r++) grand += live.row(r).totalCents ?? 0;
        expect(view.summary.grandTotalCents).toBe(grand);
        expect(formatCents(grand, "pt-BR")).toBeTruthy();
      }),
      { numRuns: 100 },
    );
  });
});
