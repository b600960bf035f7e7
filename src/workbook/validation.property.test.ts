import fc from "fast-check";
import { formatCents, formatCpf } from "../money";
import { computeMapping } from "./mapping";
import { EmployeeIndex } from "./matching";
import { MemoryWorkbook } from "../excel/memory-workbook";
import type { CellValue } from "./port";
import { PRODUCTS, makeEmployees } from "./testing/people";
import { type ValidationContext, validateRows, validateTable } from "./validation";

const EMPLOYEES = makeEmployees(40, 7);
const index = new EmployeeIndex(EMPLOYEES);
const HEADER = ["ID do colaborador", "CPF", "E-mail", "Nome", ...PRODUCTS.map((p) => p.name), "Extra"];
const ctx: ValidationContext = {
  header: HEADER,
  mapping: computeMapping(HEADER, PRODUCTS),
  employees: index,
  products: PRODUCTS,
};

/** Any cell Office.js could hand back, and a few it could not (NaN, Infinity) to be safe. */
const anyCell: fc.Arbitrary<CellValue> = fc.oneof(
  fc.string(),
  fc.double(),
  fc.constantFrom(NaN, Infinity, -Infinity, -0, 0, 1e21, Number.MAX_SAFE_INTEGER, 5e-324),
  fc.integer(),
  fc.boolean(),
  fc.constant(""),
  fc.constantFrom("R$ 1.234,56", "12,5", "-10", "12,345", "1,234", "(5,00)", " ", "=1+1", "abc"),
  fc.constantFrom(...EMPLOYEES.flatMap((e) => [e.employee_id, e.cpf ?? "", Number(e.cpf), e.email ?? ""])),
);

describe("validation properties", () => {
  test("never throws on arbitrary cell values, and its output is consistent", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(anyCell, { minLength: 0, maxLength: HEADER.length + 2 }), { maxLength: 30 }),
        (rows) => {
          const r = validateRows(ctx, rows);
          const errors = r.issues.filter((i) => i.severity === "error").length;
          expect(r.ok).toBe(errors === 0);
          // Rows to send exist only on a valid table.
          expect("rows" in r).toBe(r.ok);
          expect(r.summary.errors).toBe(errors);
          expect(r.summary.rowsRead).toBe(rows.length);
          expect(r.summary.rowsSkipped + r.summary.rowsValid + r.summary.rowsWithErrors).toBe(rows.length);
          let grand = 0;
          const seen = new Set<string>();
          for (const row of r.checkedRows) {
            expect(Number.isSafeInteger(row.totalCents) && row.totalCents >= 0).toBe(true);
            expect(seen.has(row.employee_id)).toBe(false);
            seen.add(row.employee_id);
            grand += row.totalCents;
          }
          expect(r.summary.grandTotalCents).toBe(grand);
          if (r.ok) {
            expect(r.rows.map((x) => [x.rowIndex, x.totalCents])).toEqual(
              r.checkedRows.map((x) => [x.rowIndex, x.totalCents]),
            );
            for (const row of r.rows) {
              let total = 0;
              for (const cents of row.values.values()) {
                expect(Number.isSafeInteger(cents) && cents >= 0).toBe(true);
                total += cents;
              }
              expect(row.totalCents).toBe(total);
            }
          }
          for (const i of r.issues) {
            // What the user typed is echoed; nothing else may read "undefined", "NaN" or "[object".
            const echoed = Object.values(i.params).flatMap((v) =>
              Array.isArray(v) ? v.map(String) : [String(v)],
            );
            for (const locale of ["pt-BR", "en-US"] as const) {
              let text = i.message[locale];
              for (const e of echoed) if (e !== "") text = text.split(e).join("");
              expect(text).not.toMatch(/undefined|NaN|\[object/);
            }
            if (i.row !== undefined) expect(i.row).toBeGreaterThanOrEqual(2);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  test("a valid generated table yields exactly its cents", async () => {
    const active = EMPLOYEES.filter((e) => e.situation === "active");
    // Amounts as people and Excel write them: a number (reais), pt-BR text, or blank for zero.
    const amount = fc
      .tuple(
        fc.oneof(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 99_999_999 })),
        fc.integer({ min: 0, max: 2 }),
      )
      .map(([cents, how]) => ({
        cents,
        cell: cents === 0 && how === 2 ? "" : how === 0 ? cents / 100 : formatCents(cents, "pt-BR"),
      }));
    const identity = fc.integer({ min: 0, max: 3 });
    const table = fc.shuffledSubarray(active, { minLength: 1 }).chain((people) =>
      fc.tuple(
        fc.constant(people),
        fc.array(fc.array(amount, { minLength: PRODUCTS.length, maxLength: PRODUCTS.length }), {
          minLength: people.length,
          maxLength: people.length,
        }),
        fc.array(identity, { minLength: people.length, maxLength: people.length }),
        fc.array(fc.boolean(), { minLength: people.length, maxLength: people.length }),
      ),
    );
    await fc.assert(
      fc.asyncProperty(table, async ([people, amounts, ids, blankBefore]) => {
        const rows: CellValue[][] = [];
        const expected = new Map(PRODUCTS.map((p) => [p.id, 0]));
        people.forEach((e, i) => {
          // Empty rows in the middle are skipped.
          if (blankBefore[i]) rows.push(HEADER.map(() => ""));
          const how = ids[i]!;
          const cpf = e.cpf ?? "";
          rows.push([
            how === 0 ? e.employee_id : "",
            how === 1 ? Number(cpf) : how === 2 ? formatCpf(cpf) : "",
            how === 3 ? ` ${(e.email ?? "").toUpperCase()} ` : "",
            e.name,
            ...amounts[i]!.map((a) => a.cell),
            "nota",
          ]);
          amounts[i]!.forEach((a, p) =>
            expected.set(PRODUCTS[p]!.id, expected.get(PRODUCTS[p]!.id)! + a.cents),
          );
        });
        const sum = [...expected.values()].reduce((a, b) => a + b, 0);
        const wb = MemoryWorkbook.fromTable(HEADER, rows, { name: "Dist" });
        const r = await validateTable(wb, "Dist", ctx, { blockRows: 7 });
        expect(r.issues.filter((i) => i.severity === "error").map((i) => i.code)).toEqual(
          sum === 0 ? ["nothing_to_send"] : [],
        );
        expect(Object.fromEntries(r.summary.perProduct)).toEqual(Object.fromEntries(expected));
        expect(r.summary.grandTotalCents).toBe(sum);
        expect(r.ok).toBe(sum > 0);
        expect(r.checkedRows.map((x) => x.employee_id)).toEqual(people.map((e) => e.employee_id));
        if (r.ok) {
          expect(r.rows.map((x) => x.employee_id)).toEqual(people.map((e) => e.employee_id));
          expect(r.rows.map((x) => x.row)).toEqual(rows.flatMap((row, i) => (row[3] === "" ? [] : [i + 2])));
        }
      }),
      { numRuns: 200 },
    );
  });
});
