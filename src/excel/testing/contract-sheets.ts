/**
 * The Workbook contract's sheet-level part: a sheet created with its table and totals row, the
 * hidden run log, settings (credentials refused), people's edits reported, a cell selected.
 */
import { RUN_LOG_SHEET, type TableChange, TEXT_FORMAT } from "../../workbook/port";
import { safeText } from "../../workbook/safe-text";
import { SecretSettingError } from "../../workbook/settings-guard";
import { type ContractSubject, collect, failsWith, fromTable } from "./contract-subject";

export function describeSheetContract(make: ContractSubject): void {
  test("creates a formatted sheet and table with a totals row", async () => {
    const { workbook, look } = make({ sheets: { Plan1: [["x"]] } });
    const info = await workbook.createSheetWithTable({
      sheet: "Distribuição",
      table: "Dist",
      columns: [
        {
          header: "CPF",
          numberFormat: TEXT_FORMAT,
          widthPoints: 90,
          total: { kind: "label", text: "Total" },
        },
        {
          header: "Refeição",
          numberFormat: "#,##0.00",
          validation: { kind: "nonNegativeNumber" },
          total: { kind: "sum" },
        },
      ],
      rows: [
        ["01234567890", 10.5],
        ["11144477735", 20],
        ["00000000191", ""],
      ],
      totalsRow: true,
    });
    expect(info).toMatchObject({
      name: "Dist",
      sheet: "Distribuição",
      rowCount: 3,
      hasTotalsRow: true,
      headerRow: 1,
    });
    expect(look.cell("Distribuição", "A4")).toBe("00000000191");
    expect(look.numberFormat("Distribuição", "B5")).toBe("#,##0.00");
    expect(look.totalsRow("Dist")).toEqual(["Total", 30.5]);
    expect(look.formula("Distribuição", "B5")).toBe("=SUBTOTAL(109,Dist[Refeição])");
    expect(look.frozenRows("Distribuição")).toBe(1);
    expect(look.columnWidth("Distribuição", 0)).toBe(90);
    expect(look.activeSheet()).toBe("Distribuição");
    expect((await collect(workbook.readTableRows("Dist"))).flatMap((b) => b.rows)).toHaveLength(3);
    await workbook.writeColumns("Dist", [{ header: "Refeição", values: [1, 2, 3] }]);
    expect(look.totalsRow("Dist")).toEqual(["Total", 6]);
    const one = { columns: [{ header: "a" }], rows: [["x"]] };
    await failsWith(
      workbook.createSheetWithTable({ sheet: "distribuição", table: "X", ...one }),
      /ItemAlreadyExists/,
    );
    await failsWith(
      workbook.createSheetWithTable({ sheet: "Nova", table: "dist", ...one }),
      /ItemAlreadyExists/,
    );
  });

  test("the run log is a hidden sheet; rows append and read back exactly", async () => {
    const { workbook, look } = make();
    expect(await workbook.readRunLog()).toEqual([]);
    await workbook.appendRunLog([["2026-01-01T10:00:00Z", "sent", "00123", 1500]]);
    await workbook.appendRunLog([
      ["2026-01-02T10:00:00Z", "finalized", "1e5", 0],
      ["2026-01-03T10:00:00Z", safeText("=evil()"), "TRUE", 7],
    ]);
    expect((await workbook.listSheets()).find((s) => s.name === RUN_LOG_SHEET)?.visibility).toBe("hidden");
    expect(await workbook.readRunLog()).toEqual([
      ["2026-01-01T10:00:00Z", "sent", "00123", 1500],
      ["2026-01-02T10:00:00Z", "finalized", "1e5", 0],
      ["2026-01-03T10:00:00Z", "=evil()", "TRUE", 7],
    ]);
    expect(look.formulaCount()).toBe(0);
  });

  test("settings round-trip as JSON copies and refuse credentials", async () => {
    const { workbook } = make();
    const value = { version: 1, columns: { Refeição: { role: "product", product_id: "p1" } } };
    await workbook.setSetting("valepix.mapping", value);
    value.version = 2;
    expect(await workbook.getSetting("valepix.mapping")).toMatchObject({ version: 1 });
    await workbook.removeSetting("valepix.mapping");
    await workbook.removeSetting("valepix.mapping");
    expect(await workbook.getSetting("valepix.mapping")).toBeUndefined();
    await expect(workbook.setSetting("valepix.apiToken", "abc")).rejects.toBeInstanceOf(SecretSettingError);
    await expect(workbook.setSetting("x", { h: "Bearer sk_live_1" })).rejects.toBeInstanceOf(
      SecretSettingError,
    );
  });

  test("reports people's edits to a table's rows, not the workbook's own writes", async () => {
    const { workbook, look } = make(
      fromTable(
        ["CPF", "Valor"],
        [
          ["a", 1],
          ["b", 2],
          ["c", 3],
        ],
      ),
    );
    const seen: TableChange[] = [];
    const stop = await workbook.onTableChanged("Table1", (c) => seen.push(c));
    look.typeCell("Sheet1", "B3", 20);
    await look.settle();
    expect(seen).toHaveLength(1);
    // Where an implementation placed it from a position it kept, it says which (`placedOn`).
    expect(seen[0]).toMatchObject({
      table: "Table1",
      firstRow: 1,
      rowCount: 1,
      firstColumn: 1,
      columnCount: 1,
      structural: false,
    });
    if (seen[0]?.placedOn)
      expect(seen[0].placedOn).toEqual({ headerRow: 1, firstColumn: 0, columnCount: 2, rowCount: 3 });
    await workbook.writeColumns("Table1", [{ header: "Valor", values: [7, 8, 9] }]);
    await look.settle();
    expect(seen).toHaveLength(1);
    look.typeCell("Sheet1", "A1", "Documento");
    await look.settle();
    expect(seen[1]).toMatchObject({ rowCount: 0, structural: true });
    stop();
    look.typeCell("Sheet1", "B2", 5);
    await look.settle();
    expect(seen).toHaveLength(2);
  });

  test("selects a table's data cell by row index and header", async () => {
    const { workbook, look } = make({
      sheets: { Outra: [["x"]] },
      tables: [
        {
          name: "T",
          sheet: "Folha",
          header: ["CPF", "Valor"],
          rows: [
            ["a", 1],
            ["b", 2],
          ],
          at: "B2",
        },
      ],
    });
    await workbook.selectTableCell("T", 1, "valor");
    expect(look.selection()).toBe("Folha!C4");
    expect(look.activeSheet()).toBe("Folha");
    await expect(workbook.selectTableCell("T", 2, "Valor")).rejects.toThrow(RangeError);
  });
}
