/**
 * The Workbook contract's writing half: whole columns and some cells written as Range.values
 * would, text kept as text, large writes in blocks, bad input refused, columns and rows added,
 * column widths.
 */
import { TEXT_FORMAT } from "../../workbook/port";
import { safeText } from "../../workbook/safe-text";
import { type ContractSubject, collect, failsWith, fromTable } from "./contract-subject";

export function describeWritingContract(make: ContractSubject): void {
  test("writes whole columns with number formats, like Range.values", async () => {
    const blank = [
      ["", "", ""],
      ["", "", ""],
      ["", "", ""],
    ];
    const { workbook, look } = make(fromTable(["CPF", "Status", "Total"], blank));
    await workbook.writeColumns("Table1", [
      { header: "CPF", values: ["01234567890", "98765432100", ""], numberFormat: TEXT_FORMAT },
      { header: "status", values: ["OK", safeText('=HYPERLINK("x")'), "TRUE"] },
      { header: "Total", values: [12.5, "007", -0], numberFormat: '"R$" #,##0.00' },
    ]);
    expect(look.cell("Sheet1", "A2")).toBe("01234567890");
    expect(look.cell("Sheet1", "C3")).toBe(7);
    expect(Object.is(look.cell("Sheet1", "C4"), 0)).toBe(true);
    expect(look.cell("Sheet1", "B3")).toBe('=HYPERLINK("x")');
    // Text written without a format is kept as text (formatted "@" first): Excel would read
    // "TRUE" as a boolean, as it would read "1-2" as a date.
    expect(look.cell("Sheet1", "B4")).toBe("TRUE");
    expect(look.numberFormat("Sheet1", "C2")).toBe('"R$" #,##0.00');
    expect(look.numberFormat("Sheet1", "B2")).toBe(TEXT_FORMAT);
    expect(look.formulaCount()).toBe(0);
  });

  test("text that Excel would convert (a date, a percentage, a number) reads back as written", async () => {
    const { workbook, look } = make(
      fromTable(
        ["Código", "Valor"],
        [
          ["", ""],
          ["", ""],
          ["", ""],
        ],
      ),
    );
    const codes = ["1-2", "10%", "05/06/2026"];
    await workbook.writeColumns("Table1", [
      { header: "Código", values: codes },
      { header: "Valor", values: [1, "", 3] },
    ]);
    expect([2, 3, 4].map((r) => look.cell("Sheet1", `A${r}`))).toEqual(codes);
    expect(look.numberFormat("Sheet1", "B2")).toBe("General");
    await workbook.writeTableCells("Table1", [{ header: "Código", cells: [{ rowIndex: 1, value: "3-4" }] }]);
    expect(look.cell("Sheet1", "A3")).toBe("3-4");
    const table = await workbook.appendRows("Table1", [["7-8", 9]]);
    expect(table.rowCount).toBe(4);
    expect(look.cell("Sheet1", "A5")).toBe("7-8");
    expect(look.cell("Sheet1", "B5")).toBe(9);
  });

  test("reads some rows of a table with its facts, leaving out rows past its end", async () => {
    const rows = Array.from({ length: 6 }, (_, i) => [`r${i}`, i]);
    const { workbook } = make({
      sheets: { Folha: [["acima"], [""], [""]] },
      tables: [{ name: "T", sheet: "Folha", header: ["Id", "Valor"], rows, at: "B3" }],
    });
    const read = await workbook.readTableRowRanges("T", [
      { firstRow: 4, rowCount: 5 },
      { firstRow: 1, rowCount: 2 },
    ]);
    expect(read.table).toMatchObject({ name: "T", rowCount: 6, headerRow: 3, header: ["Id", "Valor"] });
    expect(read.blocks).toEqual([
      {
        offset: 4,
        firstSheetRow: 8,
        rows: [
          ["r4", 4],
          ["r5", 5],
        ],
      },
      {
        offset: 1,
        firstSheetRow: 5,
        rows: [
          ["r1", 1],
          ["r2", 2],
        ],
      },
    ]);
    await failsWith(workbook.readTableRowRanges("Nope", [{ firstRow: 0, rowCount: 1 }]), /ItemNotFound/);
  });

  test("writes some cells of some columns, runs of rows at a time", async () => {
    const blank = Array.from({ length: 6 }, () => ["x", "", ""]);
    const { workbook, look } = make(fromTable(["Id", "Status", "Total"], blank));
    await workbook.writeTableCells("Table1", [
      {
        header: "Status",
        cells: [
          { rowIndex: 4, value: "Erro" },
          { rowIndex: 0, value: "Pronto" },
          { rowIndex: 1, value: safeText("=1+1") },
        ],
      },
      { header: "Total", cells: [{ rowIndex: 1, value: 12.5 }], numberFormat: '"R$" #,##0.00' },
    ]);
    expect(look.sheetValues("Sheet1").map((r) => r.slice(1))).toEqual([
      ["Status", "Total"],
      ["Pronto", ""],
      ["=1+1", 12.5],
      ["", ""],
      ["", ""],
      ["Erro", ""],
      ["", ""],
    ]);
    expect(look.numberFormat("Sheet1", "C3")).toBe('"R$" #,##0.00');
    expect(look.formulaCount()).toBe(0);
    await failsWith(
      workbook.writeTableCells("Table1", [{ header: "Nope", cells: [{ rowIndex: 0, value: 1 }] }]),
      /ItemNotFound/,
    );
    // Rows the table does not have (it has 6): nothing is written below it.
    for (const rowIndex of [6, 5]) {
      await expect(
        workbook.writeTableCells("Table1", [
          {
            header: "Status",
            cells: [
              { rowIndex, value: "Abaixo" },
              { rowIndex: rowIndex + 1, value: "Abaixo" },
            ],
          },
        ]),
      ).rejects.toThrow();
    }
    expect(look.sheetValues("Sheet1").flat()).not.toContain("Abaixo");
  });

  test("text that looks like a formula stays text, with or without safeText", async () => {
    const { workbook, look } = make(fromTable(["Msg"], [[""], [""], [""]]));
    await workbook.writeColumns("Table1", [
      { header: "Msg", values: ["=1+1", "@SUM(A1)", safeText("-2+3")] },
    ]);
    expect(look.formulaCount()).toBe(0);
    expect(look.sheetValues("Sheet1").map((r) => r[0])).toEqual(["Msg", "=1+1", "@SUM(A1)", "-2+3"]);
  });

  test("large writes are cut into blocks and land whole", async () => {
    const rowCount = 5000;
    const { workbook, look } = make(
      fromTable(
        ["Msg"],
        Array.from({ length: rowCount }, () => [""]),
      ),
    );
    const values = Array.from({ length: rowCount }, (_, i) => `mensagem ${i} ${"y".repeat(100)}`);
    await workbook.writeColumns("Table1", [{ header: "Msg", values }], { maxBlockBytes: 50_000 });
    expect(look.cell("Sheet1", "A2")).toBe(values[0]);
    expect(look.cell("Sheet1", `A${rowCount + 1}`)).toBe(values[rowCount - 1]);
  });

  test("refuses wrong lengths, unknown columns and non-finite numbers, writing nothing", async () => {
    const { workbook, look } = make(fromTable(["A"], [[1], [2]]));
    await failsWith(workbook.writeColumns("Table1", [{ header: "A", values: [1] }]), /1 values for 2 rows/);
    await failsWith(workbook.writeColumns("Table1", [{ header: "B", values: [1, 2] }]), /ItemNotFound/);
    await failsWith(workbook.writeColumns("Table1", [{ header: "A", values: [9, NaN] }]), /InvalidArgument/);
    await failsWith(workbook.writeColumns("Nope", []), /ItemNotFound/);
    expect([look.cell("Sheet1", "A2"), look.cell("Sheet1", "A3")]).toEqual([1, 2]);
  });

  test("adds columns on the right, shifting cells beside the table", async () => {
    const { workbook, look } = make({
      sheets: {
        Sheet1: [
          ["", "", "nota ao lado"],
          ["", "", "x"],
          ["", "", ""],
          ["", "", ""],
          ["", "", "abaixo"],
        ],
      },
      tables: [
        {
          name: "T",
          sheet: "Sheet1",
          header: ["A", "B"],
          rows: [
            [1, 2],
            [3, 4],
          ],
        },
      ],
    });
    const info = await workbook.addColumns("T", ["Status", "Mensagem"]);
    expect(info.header).toEqual(["A", "B", "Status", "Mensagem"]);
    expect(look.sheetValues("Sheet1")[0]).toEqual(["A", "B", "Status", "Mensagem", "nota ao lado"]);
    expect(look.cell("Sheet1", "E2")).toBe("x");
    expect(look.cell("Sheet1", "C5")).toBe("abaixo");
    await failsWith(workbook.addColumns("T", ["status"]), /already has/);
    expect((await collect(workbook.readTableRows("T"))).flatMap((b) => b.rows)).toEqual([
      [1, 2, "", ""],
      [3, 4, "", ""],
    ]);
  });

  test("appends rows at the bottom of a table, moving the cells below and extending formats", async () => {
    const { workbook, look } = make({
      sheets: { Sheet1: [[], [], [], ["", "", "ao lado"], ["abaixo"]] },
      tables: [
        {
          name: "T",
          sheet: "Sheet1",
          header: ["CPF", "Valor"],
          rows: [
            ["01234567890", 1],
            ["98765432100", 2],
          ],
        },
      ],
    });
    await workbook.writeColumns("T", [
      { header: "CPF", values: ["01234567890", "98765432100"], numberFormat: TEXT_FORMAT },
    ]);
    const info = await workbook.appendRows("T", [
      ["00000000191", 3],
      ["11144477735", 4],
    ]);
    expect(info.rowCount).toBe(4);
    expect(look.cell("Sheet1", "A4")).toBe("00000000191");
    expect(look.numberFormat("Sheet1", "A5")).toBe(TEXT_FORMAT);
    expect(look.cell("Sheet1", "A7")).toBe("abaixo");
    expect(look.cell("Sheet1", "C4")).toBe("ao lado");
    await failsWith(workbook.appendRows("T", [["x"]]), /1 values for 2 columns/);
  });

  test("sets column widths by header: in points, or fitted to the data (one sync)", async () => {
    const { workbook, look } = make({
      tables: [
        {
          name: "T",
          sheet: "S",
          header: ["ID", "Nome", "Vazia"],
          rows: [
            ["e1", "Maria da Conceição Albuquerque"],
            ["e2", "Ana"],
          ],
        },
      ],
    });
    await workbook.setColumnWidths("T", [
      { header: "ID", widthPoints: 70 },
      { header: "nome" },
      { header: "Vazia" },
    ]);
    expect(look.columnWidth("S", 0)).toBe(70);
    // Fitted to the longest value (30 characters), wider than the standard column.
    const fitted = look.columnWidth("S", 1)!;
    expect(fitted).toBeGreaterThan(30 * 4.5);
    expect(fitted).toBeLessThan(30 * 7);
    // A column with only its header fits the header.
    expect(look.columnWidth("S", 2)).toBeLessThan(fitted);
    await failsWith(workbook.setColumnWidths("T", [{ header: "Outra" }]), /ItemNotFound/);
  });
}
