/**
 * The reconciliation sheet, built through the Office.js adapters over the fake Excel: its cells
 * (labels, the VALEPIX functions, the sums over the spilled transactions), formats, the native
 * chart of the six months, the ledger joined to the transactions, and building it again.
 */
import { createMemoryWorkbook } from "../../excel/memory-workbook";
import { LEDGER_HEADERS } from "../../workbook/ledger";
import type { CellValue } from "../../workbook/port";
import { CURRENCY_FORMAT } from "../../workbook/template";
import { RECONCILIATION_CHART, buildReconciliationSheet } from "./reconciliation-sheet";

const H = LEDGER_HEADERS["pt-BR"];
const HEADER = Object.values(H);

/** A ledger row: the columns the ledger writes, in its order. */
function ledgerRow(at: number, label: string, id: string, cents: number, stateCode: string): CellValue[] {
  const row: Record<string, CellValue> = {
    [H.date]: at,
    [H.distribution]: label,
    [H.distributionId]: id,
    [H.table]: "Folha",
    [H.employeeId]: "emp_1",
    [H.name]: "Ana",
    [H.cpf]: "***.456.789-**",
    [H.product]: "Refeição",
    [H.productId]: "prd_1",
    [H.amount]: cents / 100,
    [H.method]: "Saldo",
    [H.methodCode]: "BALANCE",
    [H.state]: "Pago",
    [H.stateCode]: stateCode,
  };
  return HEADER.map((h) => row[h] ?? "");
}

const withLedger = () =>
  createMemoryWorkbook({
    tables: [
      {
        name: "ValePix_Historico",
        sheet: "Histórico ValePix",
        header: HEADER,
        rows: [
          ledgerRow(46_300, "Distribuição de outubro", "dst_a", 66_000, "completed"),
          ledgerRow(46_300, "Distribuição de outubro", "dst_a", 12_000, "completed"),
          ledgerRow(46_330, "=Bônus", "dst_b", 5_000, "processing"),
        ],
      },
    ],
  });

describe("the reconciliation sheet", () => {
  test("the balance, the month's sums over the spilled transactions, the ledger's month and the difference", async () => {
    const wb = withLedger();
    const result = await buildReconciliationSheet(wb, wb.formulaSheet(), "pt-BR");
    expect(result).toEqual({ sheet: "Conciliação ValePix", created: true, ledger: true, distributions: 2 });
    const f = (a1: string) => wb.excel.formula("Conciliação ValePix", a1);
    const v = (a1: string) => wb.excel.cell("Conciliação ValePix", a1);
    expect(v("A4")).toBe("Saldo agora");
    expect(f("B4")).toBe("=VALEPIX.BALANCE()");
    expect(f("N1")).toBe("=VALEPIX.TRANSACTIONS()");
    expect(f("B2")).toBe("=DATE(YEAR(TODAY()),MONTH(TODAY()),1)");
    expect(f("B5")).toBe(
      '=SUMIFS($Q:$Q,$O:$O,"DEPOSIT",$P:$P,"COMPLETED",$N:$N,">="&$B$2,$N:$N,"<"&EDATE($B$2,1))',
    );
    expect(f("B6")).toBe(
      '=-SUMIFS($Q:$Q,$O:$O,"DISTRIBUTION",$P:$P,"<>FAILED",$P:$P,"<>CANCELLED",$P:$P,"<>EXPIRED",$N:$N,">="&$B$2,$N:$N,"<"&EDATE($B$2,1))',
    );
    expect([f("B9"), f("B10")]).toEqual(["=B7-B8", "=B4-B9"]);
    // The ledger's amount (L), date (A) and state code (P) on its own sheet, by whole columns.
    expect(f("B11")).toBe(
      `=SUMIFS('Histórico ValePix'!$L:$L,'Histórico ValePix'!$P:$P,"<>failed",'Histórico ValePix'!$A:$A,">="&$B$2,'Histórico ValePix'!$A:$A,"<"&EDATE($B$2,1))`,
    );
    for (const a1 of ["B4", "B5", "B6", "B7", "B8", "B9", "B10", "B11", "B12"])
      expect(wb.excel.numberFormat("Conciliação ValePix", a1)).toBe(CURRENCY_FORMAT);
    expect(wb.excel.numberFormat("Conciliação ValePix", "N2")).toBe("dd/mm/yyyy hh:mm");
    expect(wb.excel.numberFormat("Conciliação ValePix", "Q5001")).toBe(CURRENCY_FORMAT);
    expect(wb.excel.activeSheet()).toBe("Conciliação ValePix");
  });

  test("a native chart of six months of deposits and distributions, beside the figures", async () => {
    const wb = withLedger();
    await buildReconciliationSheet(wb, wb.formulaSheet(), "en-US");
    const f = (a1: string) => wb.excel.formula("ValePix reconciliation", a1);
    expect([f("A15"), f("A20")]).toEqual(["=EDATE($B$2,-5)", "=EDATE($B$2,0)"]);
    expect(f("B15")).toBe(
      '=SUMIFS($Q:$Q,$O:$O,"DEPOSIT",$P:$P,"COMPLETED",$N:$N,">="&$A15,$N:$N,"<"&EDATE($A15,1))',
    );
    const charts = wb.excel.charts("ValePix reconciliation");
    expect(charts).toHaveLength(1);
    expect(charts[0]).toMatchObject({
      name: RECONCILIATION_CHART,
      type: "ColumnClustered",
      title: "Deposits and distributions per month",
      source: "ValePix reconciliation!A14:C20",
      seriesBy: "Columns",
      position: { from: "E2", to: "L20" },
    });
    expect(charts[0]!.plotted.series.map((s) => s.name)).toEqual(["Deposits", "Distributions"]);
    expect(charts[0]!.plotted.categories).toHaveLength(6);
  });

  test("the ledger joined to the transactions: one row per distribution, latest first, its text kept as text", async () => {
    const wb = withLedger();
    await buildReconciliationSheet(wb, wb.formulaSheet(), "pt-BR");
    const v = (a1: string) => wb.excel.cell("Conciliação ValePix", a1);
    const f = (a1: string) => wb.excel.formula("Conciliação ValePix", a1);
    expect([v("A23"), v("B23"), v("C23"), v("D23"), v("E23")]).toEqual([
      "Distribuição",
      "ID",
      "Pago (histórico)",
      "Debitado (transações)",
      "Diferença",
    ]);
    // A label that starts like a formula stays text.
    expect([v("A24"), v("B24"), f("A24")]).toEqual(["=Bônus", "dst_b", undefined]);
    expect([v("A25"), v("B25")]).toEqual(["Distribuição de outubro", "dst_a"]);
    expect(f("C25")).toBe(
      `=SUMIFS('Histórico ValePix'!$L:$L,'Histórico ValePix'!$D:$D,$B25,'Histórico ValePix'!$P:$P,"<>failed")`,
    );
    expect(f("D25")).toBe(
      '=-SUMIFS($Q:$Q,$O:$O,"DISTRIBUTION",$T:$T,$B25,$P:$P,"<>FAILED",$P:$P,"<>CANCELLED",$P:$P,"<>EXPIRED")',
    );
    expect(f("E25")).toBe("=C25-D25");
    expect(v("A26")).toBe("");
  });

  test("without a ledger it says how one starts; built again, the same sheet and one chart", async () => {
    const wb = createMemoryWorkbook();
    const port = wb.formulaSheet();
    expect(await buildReconciliationSheet(wb, port, "pt-BR")).toMatchObject({ created: true, ledger: false });
    expect(wb.excel.cell("Conciliação ValePix", "B11")).toBe("—");
    expect(String(wb.excel.cell("Conciliação ValePix", "A24"))).toMatch(
      /^Esta pasta ainda não tem histórico/,
    );
    const second = await buildReconciliationSheet(wb, port, "pt-BR");
    expect(second).toMatchObject({ created: false, ledger: false });
    expect(wb.excel.sheetNames().filter((s) => s.startsWith("Conciliação"))).toEqual(["Conciliação ValePix"]);
    expect(wb.excel.charts("Conciliação ValePix")).toHaveLength(1);
  });
});
