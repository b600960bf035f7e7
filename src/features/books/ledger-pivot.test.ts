/**
 * The ledger's PivotTable follows the ledger: built over it, then refreshed by the workbook
 * wrapper each time a payment appends rows, whoever records it.
 */
import { createMemoryWorkbook } from "../../excel/memory-workbook";
import { type LedgerPayment, ledgerPlace, recordPayment } from "../../workbook/ledger";
import { buildLedgerPivot } from "./ledger-pivot";
import { refreshingLedgerPivot } from "./refreshing-pivot";

const payment = (id: string, at: number, cents: number, costCentre: string): LedgerPayment => ({
  at,
  distributionId: id,
  label: id,
  table: "Beneficios",
  paymentMethod: "BALANCE",
  state: "completed",
  items: [{ employee_id: "e1", values: new Map([["ref", cents]]) }],
  employee: () => ({ name: "Ana", costCentre }),
  product: () => "Refeição",
});

test("built over the ledger, refreshed as payments append rows to it", async () => {
  const wb = createMemoryWorkbook();
  const pivots = wb.pivotSheet();
  await recordPayment(wb, payment("d1", new Date(2026, 9, 5).getTime(), 66_000, "1010 Vendas"), "pt-BR");
  const place = (await ledgerPlace(wb))!;
  const built = await buildLedgerPivot(
    pivots,
    { table: place.table.name, header: place.table.header },
    "pt-BR",
  );
  expect(built.values.at(-1)!.at(-1)).toBe(660);

  const paying = refreshingLedgerPivot(wb, pivots);
  await recordPayment(
    paying,
    payment("d2", new Date(2026, 10, 5).getTime(), 30_000, "2020 Fábrica"),
    "pt-BR",
  );
  const [, ...rows] = wb.sheetValues(built.sheet);
  const body = rows.filter((r) => r.some((c) => c !== ""));
  expect(body.map((r) => r[0])).toEqual(expect.arrayContaining(["1010 Vendas", "2020 Fábrica"]));
  expect(
    body
      .at(-1)!
      .filter((c) => c !== "")
      .at(-1),
  ).toBe(960);
  // Rows that only change a state do not append: the wrapper refreshes on growth only.
  expect(await paying.getTable(place.table.name)).toMatchObject({ rowCount: 2 });
});
