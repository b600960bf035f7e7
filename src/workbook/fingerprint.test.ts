/**
 * The fingerprint of what a sheet pays is saved in every workbook's run log and compared with the
 * next month's (the double-payment check): its text must never change. Pinned here against the
 * definition itself (every `employee_id \u001f product_id \u001f cents` line with cents > 0,
 * sorted, joined by "\n", SHA-256 in hex) computed with node's own hash, for any rows: repeated
 * employees, ids that are prefixes of others, ids holding control characters.
 */
import { createHash } from "node:crypto";
import fc from "fast-check";
import { sheetFingerprint } from "./run-log";

type Row = { employee_id: string; values: ReadonlyMap<string, number> };

function byDefinition(rows: readonly Row[]): string {
  const lines: string[] = [];
  for (const row of rows)
    for (const [product, cents] of row.values)
      if (cents > 0) lines.push(`${row.employee_id}\u001f${product}\u001f${cents}`);
  lines.sort();
  return createHash("sha256").update(lines.join("\n"), "utf8").digest("hex");
}

const row = (employeeId: string, values: Array<[string, number]>): Row => ({
  employee_id: employeeId,
  values: new Map(values),
});

describe("sheetFingerprint", () => {
  it("is the SHA-256 of the sorted lines (a fingerprint saved by an earlier version still matches)", async () => {
    const rows = [
      row("emp_b", [
        ["prd_2", 5000],
        ["prd_1", 1234],
      ]),
      row("emp_a", [
        ["prd_1", 0],
        ["prd_2", 99],
      ]),
    ];
    // The hash of "emp_a␟prd_2␟99\nemp_b␟prd_1␟1234\nemp_b␟prd_2␟5000", as the version before
    // this one computed it (one sort of every line).
    const saved = "94b94fba0547c4e280d7284ffc9d6f4660151655e2be69f23f5a2aaf79634c9a";
    expect(await sheetFingerprint(rows)).toBe(saved);
    expect(byDefinition(rows)).toBe(saved);
    expect(await sheetFingerprint([...rows].reverse())).toBe(byDefinition(rows));
  });

  it("agrees with the definition for any rows (repeats, prefixes, control characters)", async () => {
    const id = fc.oneof(
      fc.constantFrom("emp_1", "emp_10", "emp_1\u0001", "emp_1\u001f", "emp_", "e"),
      fc.string({ maxLength: 6 }),
    );
    const values = fc.array(
      fc.tuple(fc.constantFrom("prd_a", "prd_b", "prd_ab", "p"), fc.integer({ min: 0, max: 10_000 })),
      {
        maxLength: 4,
      },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(id, values), { maxLength: 12 }), async (generated) => {
        const rows = generated.map(([employeeId, pairs]) => row(employeeId, pairs));
        expect(await sheetFingerprint(rows)).toBe(byDefinition(rows));
      }),
      { numRuns: 300 },
    );
  });
});
