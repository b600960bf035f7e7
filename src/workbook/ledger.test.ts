/**
 * The payment ledger (./ledger.ts) on the fake Excel: created on first use as a real table on a
 * sheet of its own, one row per employee and product paid, Excel dates and currency cells, CPFs
 * masked, API text formula-safe; a distribution recorded twice is never doubled (its state moves
 * on instead); each employee's last payment per table for the status rule; either language.
 */
import { createMemoryWorkbook } from "../excel/memory-workbook";
import { excelSerial } from "./dates";
import {
  LEDGER_HEADERS,
  type LedgerPayment,
  distributionLabel,
  paymentRecords,
  readLedger,
  readPaymentRecords,
  recordPayment,
} from "./ledger";

const NOV = new Date(2026, 10, 24, 14, 30).getTime();
const DEC = new Date(2026, 11, 22, 9, 15).getTime();

const people: Record<string, { name: string; cpf?: string; costCentre?: string }> = {
  e1: { name: "Ana Souza", cpf: "123.456.789-09", costCentre: "1010 Vendas" },
  e2: { name: '=HYPERLINK("http://x","clique")', cpf: "98765432100" },
  e3: { name: "Caio Lima" },
};
const products: Record<string, string> = { ref: "Refeição", ali: "Alimentação" };

function payment(over: Partial<LedgerPayment> = {}): LedgerPayment {
  return {
    at: NOV,
    distributionId: "dst_nov",
    label: distributionLabel(undefined, NOV, "pt-BR"),
    table: "ValePix_Distribuicao",
    paymentMethod: "BALANCE",
    state: "completed",
    items: [
      {
        employee_id: "e1",
        values: new Map([
          ["ref", 66_000],
          ["ali", 45_000],
        ]),
      },
      {
        employee_id: "e2",
        values: new Map([
          ["ref", 66_000],
          ["ali", 0],
        ]),
      },
      { employee_id: "e3", values: new Map([["ref", 0]]) },
    ],
    employee: (id) => people[id],
    product: (id) => products[id],
    ...over,
  };
}

const SHEET = "Histórico ValePix";

test("the first payment creates the ledger: one row per employee and product paid, finance-ready cells", async () => {
  const wb = createMemoryWorkbook({ sheets: { Distribuição: [["x"]] } });
  const w = await recordPayment(wb, payment(), "pt-BR");
  expect(w).toMatchObject({ created: true, added: 3, updated: 0 });
  expect(w.table?.name).toBe("ValePix_Historico");
  expect(wb.activeSheet()).not.toBe(SHEET); // created without taking the person away from their sheet
  const rows = wb.sheetValues(SHEET);
  expect(rows[0]).toEqual(Object.values(LEDGER_HEADERS["pt-BR"]));
  expect(rows.slice(1)).toEqual([
    [
      excelSerial(NOV),
      "2026-11",
      "Distribuição de novembro",
      "dst_nov",
      "ValePix_Distribuicao",
      "e1",
      "Ana Souza",
      "***.456.789-**",
      "1010 Vendas",
      "Refeição",
      "ref",
      660,
      "Saldo",
      "BALANCE",
      "Pago",
      "completed",
    ],
    [
      excelSerial(NOV),
      "2026-11",
      "Distribuição de novembro",
      "dst_nov",
      "ValePix_Distribuicao",
      "e1",
      "Ana Souza",
      "***.456.789-**",
      "1010 Vendas",
      "Alimentação",
      "ali",
      450,
      "Saldo",
      "BALANCE",
      "Pago",
      "completed",
    ],
    [
      excelSerial(NOV),
      "2026-11",
      "Distribuição de novembro",
      "dst_nov",
      "ValePix_Distribuicao",
      "e2",
      '=HYPERLINK("http://x","clique")',
      "***.654.321-**",
      "(sem centro de custo)",
      "Refeição",
      "ref",
      660,
      "Saldo",
      "BALANCE",
      "Pago",
      "completed",
    ],
  ]);
  expect(wb.allFormulas()).toEqual([]);
  expect(wb.numberFormat(SHEET, "A2")).toBe("dd/mm/yyyy hh:mm");
  expect(wb.numberFormat(SHEET, "L2")).toBe('"R$" #,##0.00');
  expect(wb.numberFormat(SHEET, "B2")).toBe("@");
  expect(wb.numberFormat(SHEET, "D2")).toBe("@");
  expect(wb.numberFormat(SHEET, "I2")).toBe("@");
});

test("nothing to record: no ledger is created", async () => {
  const wb = createMemoryWorkbook();
  const w = await recordPayment(
    wb,
    payment({ items: [{ employee_id: "e1", values: new Map([["ref", 0]]) }] }),
    "pt-BR",
  );
  expect(w).toMatchObject({ table: undefined, created: false, added: 0 });
  expect(await wb.listTables()).toEqual([]);
});

test("a distribution recorded again is not doubled: only its state moves on", async () => {
  const wb = createMemoryWorkbook();
  await recordPayment(wb, payment({ state: "processing" }), "pt-BR");
  expect(wb.sheetValues(SHEET)[1]![14]).toBe("Em processamento");
  const again = await recordPayment(wb, payment({ state: "completed" }), "pt-BR");
  expect(again).toMatchObject({ added: 0, updated: 3 });
  const rows = wb.sheetValues(SHEET).slice(1);
  expect(rows).toHaveLength(3);
  expect(rows.map((r) => [r[14], r[15]])).toEqual(Array(3).fill(["Pago", "completed"]));
  expect(await recordPayment(wb, payment({ state: "completed" }), "pt-BR")).toMatchObject({
    added: 0,
    updated: 0,
  });
});

test("a later distribution appends; each employee's last payment comes from their table only", async () => {
  const wb = createMemoryWorkbook();
  await recordPayment(wb, payment(), "pt-BR");
  await recordPayment(
    wb,
    payment({
      at: DEC,
      distributionId: "dst_dez",
      label: "Benefícios de dezembro",
      items: [{ employee_id: "e1", values: new Map([["ref", 70_000]]) }],
    }),
    "pt-BR",
  );
  // Another table paid e2 later: not this table's record.
  await recordPayment(wb, payment({ at: DEC, distributionId: "dst_hr", table: "Outra" }), "pt-BR");
  const records = await readPaymentRecords(wb, "valepix_distribuicao");
  expect(records.get("e1")).toEqual({
    at: DEC,
    distributionId: "dst_dez",
    label: "Benefícios de dezembro",
    state: "completed",
    totalCents: 70_000,
  });
  expect(records.get("e2")).toMatchObject({ distributionId: "dst_nov", at: NOV, totalCents: 66_000 });
  expect(records.has("e3")).toBe(false); // nothing paid to e3
  // A ledger sorted by a person (newest first, by name) still gives the latest per employee.
  const rows = await readLedger(wb);
  expect(paymentRecords([...rows].reverse(), "ValePix_Distribuicao").get("e1")?.distributionId).toBe(
    "dst_dez",
  );
});

test("in English: its own table name and words; a ledger begun in Portuguese is found and kept", async () => {
  const en = createMemoryWorkbook();
  await recordPayment(
    en,
    payment({ label: distributionLabel(undefined, NOV, "en-US"), paymentMethod: "BALANCE_WITH_PIX" }),
    "en-US",
  );
  const t = await en.getTable("ValePix_History");
  expect(t?.header).toEqual(Object.values(LEDGER_HEADERS["en-US"]));
  expect(en.sheetValues("ValePix history")[1]).toEqual(
    expect.arrayContaining([
      "November distribution",
      "Balance + PIX",
      "BALANCE_WITH_PIX",
      "Paid",
      "completed",
    ]),
  );

  const pt = createMemoryWorkbook();
  await recordPayment(pt, payment(), "pt-BR");
  // A person added a column of notes; an English pane records the next payment.
  await pt.addColumns("ValePix_Historico", ["Notas"]);
  await recordPayment(pt, payment({ at: DEC, distributionId: "dst_dez" }), "en-US");
  expect((await pt.listTables()).map((x) => x.name)).toEqual(["ValePix_Historico"]);
  const last = pt.sheetValues(SHEET).at(-1)!;
  expect(last.slice(12)).toEqual(["Balance", "BALANCE", "Paid", "completed", ""]);
  expect((await readLedger(pt)).map((r) => r.distributionId)).toEqual([
    "dst_nov",
    "dst_nov",
    "dst_nov",
    "dst_dez",
    "dst_dez",
    "dst_dez",
  ]);
  expect((await readPaymentRecords(pt, "ValePix_Distribuicao")).get("e1")?.distributionId).toBe("dst_dez");
});

test("a ledger begun without the month and cost-centre columns gets them, its earlier rows filled", async () => {
  const wb = createMemoryWorkbook();
  const headers = Object.entries(LEDGER_HEADERS["pt-BR"])
    .filter(([key]) => key !== "month" && key !== "costCentre")
    .map(([, header]) => header);
  await wb.createSheetWithTable({
    sheet: SHEET,
    table: "ValePix_Historico",
    columns: headers.map((header) => ({ header })),
    rows: [
      headers.map((h) => (h === "Data" ? excelSerial(NOV) : h === "ID da distribuição" ? "dst_old" : "")),
    ],
  });
  await recordPayment(wb, payment({ at: DEC, distributionId: "dst_dez" }), "pt-BR");
  const table = await wb.getTable("ValePix_Historico");
  expect(table?.header.slice(-2)).toEqual(["Mês", "Centro de custo"]);
  const rows = wb.sheetValues(SHEET).slice(1);
  expect(rows.map((r) => r.slice(-2))).toEqual([
    ["2026-11", "(sem centro de custo)"],
    ["2026-12", "1010 Vendas"],
    ["2026-12", "1010 Vendas"],
    ["2026-12", "(sem centro de custo)"],
  ]);
});
