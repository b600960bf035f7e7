/**
 * The adapter's writes against what the fake Excel measures: every block's request under the budget
 * it was planned for, a block refused for its size sent again in halves, and events back on after a
 * batch that failed between turning them off and on (./write-blocks.ts).
 */
import fc from "fast-check";
import type { CellValue, TableChange } from "../workbook/port";
import { TEXT_FORMAT } from "../workbook/port";
import { createFakeExcel } from "./fake";
import { OfficeWorkbook } from "./office-workbook";
import { requestOverheadBytes } from "./write-blocks";

const settle = () => new Promise((r) => setTimeout(r, 10));

const cellValue: fc.Arbitrary<CellValue> = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: fc.constantFrom('"', "\\", "\n", "é", "€", "a"), maxLength: 20 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.boolean(),
  fc.constant(""),
);
const format = fc.option(fc.constantFrom(TEXT_FORMAT, '"R$" #,##0.00', "0%", "yyyy-mm-dd hh:mm:ss"), {
  nil: undefined,
});

test("every block's request, as the fake measures it, is within the budget it was planned for", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 4 }).chain((width) =>
        fc.record({
          formats: fc.array(format, { minLength: width, maxLength: width }),
          rows: fc.array(fc.array(cellValue, { minLength: width, maxLength: width }), {
            minLength: 1,
            maxLength: 120,
          }),
          budget: fc.integer({ min: 1024, max: 60_000 }),
        }),
      ),
      async ({ formats, rows, budget }) => {
        const header = formats.map((_, i) => `C${i}`);
        const excel = createFakeExcel({
          tables: [{ name: "T", sheet: "S", header, rows: rows.map((r) => r.map(() => "")) }],
        });
        const workbook = new OfficeWorkbook(excel.run);
        excel.resetStats();
        await workbook.writeColumns(
          "T",
          header.map((h, c) => ({
            header: h,
            values: rows.map((r) => r[c]!),
            ...(formats[c] ? { numberFormat: formats[c] } : {}),
          })),
          { maxBlockBytes: budget },
        );
        const blocks = excel.stats.records.filter((r) => r.calculationSuspended);
        // A block of one row above the budget is sent alone; every other block is within it.
        const utf8 = (v: unknown) => new TextEncoder().encode(JSON.stringify(v)).length;
        const single = rows.some(
          (r) => requestOverheadBytes(formats.length) + 5 * utf8(r) + 64 * r.length > budget,
        );
        if (!single) for (const b of blocks) expect(b.requestBytes).toBeLessThanOrEqual(budget);
        expect(excel.stats.refused).toBe(0);
      },
    ),
    { numRuns: 60 },
  );
});

test("a block refused for its size is sent again in halves, and lands whole", async () => {
  const n = 2_000;
  const rows = Array.from({ length: n }, () => ["", ""]);
  const excel = createFakeExcel({
    tables: [{ name: "T", sheet: "S", header: ["Código", "Nome"], rows }],
    payloadLimitBytes: 20_000,
  });
  const workbook = new OfficeWorkbook(excel.run);
  excel.resetStats();
  const codes = Array.from({ length: n }, (_, i) => `${i}-${i + 1}`);
  const names = Array.from({ length: n }, (_, i) => `Pessoa número ${i}`);
  // Planned for 4 MB, the host takes 20 KB: refusals, then halves until each fits.
  await workbook.writeColumns("T", [
    { header: "Código", values: codes },
    { header: "Nome", values: names },
  ]);
  expect(excel.stats.refused).toBeGreaterThan(0);
  const applied = excel.stats.records.filter((r) => r.failed === undefined);
  expect(Math.max(...applied.map((r) => r.requestBytes))).toBeLessThanOrEqual(20_000);
  expect(excel.sheetValues("S").slice(1)).toEqual(codes.map((c, i) => [c, names[i]]));
  expect(excel.model.eventsEnabled).toBe(true);
});

test("a single row the host refuses is the host's error, with nothing written", async () => {
  const excel = createFakeExcel({
    tables: [{ name: "T", sheet: "S", header: ["a"], rows: [[""], [""]] }],
    payloadLimitBytes: 2000,
  });
  await expect(
    new OfficeWorkbook(excel.run).writeColumns("T", [{ header: "a", values: ["x", "y".repeat(5000)] }]),
  ).rejects.toMatchObject({ name: "WorkbookHostError", code: "RequestPayloadSizeLimitExceeded" });
  expect(excel.cell("S", "A3")).toBe("");
  expect(excel.model.eventsEnabled).toBe(true);
});

describe("events come back on after a batch that failed with them off", () => {
  async function watched(tables: Parameters<typeof createFakeExcel>[0]) {
    const excel = createFakeExcel(tables);
    const workbook = new OfficeWorkbook(excel.run);
    const seen: TableChange[] = [];
    await workbook.onTableChanged("T", (c) => seen.push(c));
    return { excel, workbook, seen };
  }

  test("addColumns: Excel refuses to shift another table; then a person's edit is still heard", async () => {
    const { excel, workbook, seen } = await watched({
      tables: [
        { name: "T", sheet: "S", header: ["a"], rows: [[1]] },
        { name: "Beside", sheet: "S", header: ["b"], rows: [[2]], at: "B1" },
      ],
    });
    await expect(workbook.addColumns("T", ["Status"])).rejects.toMatchObject({ code: "InvalidOperation" });
    expect(excel.stats.records.at(-2)?.failed).toBe("InvalidOperation");
    expect(excel.model.eventsEnabled).toBe(true);
    excel.typeCell("S", "A2", 3);
    await settle();
    expect(seen).toHaveLength(1);
  });

  test("setColumnHighlight: Excel refuses the rule's formula; then a person's edit is still heard", async () => {
    const { excel, workbook, seen } = await watched({
      tables: [{ name: "T", sheet: "S", header: ["a"], rows: [[1]] }],
    });
    const texts = Array.from({ length: 900 }, (_, i) => `Situação ${i}`);
    await expect(workbook.setColumnHighlight("T", "a", { texts, fill: "#FDE7E9" })).rejects.toMatchObject({
      code: "InvalidArgument",
    });
    expect(excel.model.eventsEnabled).toBe(true);
    excel.typeCell("S", "A2", 3);
    await settle();
    expect(seen).toHaveLength(1);
  });
});
