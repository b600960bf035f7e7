/**
 * The Workbook port's contract (../../workbook/port.ts) as a jest suite any implementation runs
 * (today one: the Office.js adapter over the fake Excel).
 * Only port calls and what a person sees in the cells are checked here; sync counts belong to
 * each implementation's own tests.
 */
import { RowTooLargeError } from "../../workbook/blocks";
import {
  type CellValue,
  type RowBlock,
  RUN_LOG_SHEET,
  type TableChange,
  TEXT_FORMAT,
  type Workbook,
} from "../../workbook/port";
import { safeText } from "../../workbook/safe-text";
import { SecretSettingError } from "../../workbook/settings-guard";

/** What the suite seeds: the same shape for every implementation. */
export interface ContractInit {
  sheets?: Record<string, CellValue[][]>;
  tables?: Array<{ name: string; sheet: string; header: string[]; rows: CellValue[][]; at?: string }>;
  payloadLimitBytes?: number;
}

/** How the suite looks at the workbook, as a person would (no port calls). */
export interface Looker {
  cell(sheet: string, a1: string): CellValue;
  numberFormat(sheet: string, a1: string): string;
  formula(sheet: string, a1: string): string | undefined;
  formulaCount(): number;
  sheetValues(sheet: string): CellValue[][];
  totalsRow(table: string): CellValue[] | null;
  activeSheet(): string | undefined;
  frozenRows(sheet: string): number;
  columnWidth(sheet: string, column: number): number | undefined;
  /** The selected cell as "Sheet!A1". */
  selection(): string | undefined;
  typeCell(sheet: string, a1: string, value: CellValue): void;
  /** Lets events raised so far reach their listeners. */
  settle(): Promise<void>;
}

export type ContractSubject = (init?: ContractInit) => { workbook: Workbook; look: Looker };

async function collect(it: AsyncIterable<RowBlock>): Promise<RowBlock[]> {
  const out: RowBlock[] = [];
  for await (const b of it) out.push(b);
  return out;
}

/** A failure whose code (WorkbookHostError) or message names `pattern`. */
async function failsWith(p: Promise<unknown>, pattern: RegExp): Promise<void> {
  const e: unknown = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(Error);
  const code = (e as { code?: unknown }).code;
  expect(`${typeof code === "string" ? code : ""} ${(e as Error).message}`).toMatch(pattern);
}

const fromTable = (
  header: string[],
  rows: CellValue[][],
  extra: Partial<ContractInit> = {},
): ContractInit => ({
  tables: [{ name: "Table1", sheet: "Sheet1", header, rows }],
  ...extra,
});

export function describeWorkbookContract(label: string, make: ContractSubject): void {
  describe(`Workbook contract: ${label}`, () => {
    test("lists tables with header, size and position", async () => {
      const { workbook } = make({
        tables: [{ name: "Dist", sheet: "Folha", header: ["ID", "Nome"], rows: [["a", "Ana"]], at: "C3" }],
      });
      const [t] = await workbook.listTables();
      expect(t).toEqual({
        name: "Dist",
        sheet: "Folha",
        header: ["ID", "Nome"],
        rowCount: 1,
        headerRow: 3,
        firstColumn: 2,
        hasTotalsRow: false,
      });
      expect(await workbook.getTable("dist")).toEqual(t);
      expect(await workbook.getTable("nope")).toBeNull();
      expect((await workbook.listSheets()).map((s) => s.name)).toContain("Folha");
    });

    test("reads rows in fixed blocks with worksheet row numbers, as copies", async () => {
      const rows = Array.from({ length: 25 }, (_, i) => [`e${i}`, `Pessoa ${i}`, i * 1.5, i % 2 === 0]);
      const { workbook, look } = make({
        tables: [{ name: "Table1", sheet: "Sheet1", header: ["id", "nome", "valor", "ok"], rows, at: "B2" }],
      });
      const blocks = await collect(workbook.readTableRows("Table1", { blockRows: 10 }));
      expect(blocks.map((b) => [b.offset, b.firstSheetRow, b.rows.length])).toEqual([
        [0, 3, 10],
        [10, 13, 10],
        [20, 23, 5],
      ]);
      expect(blocks.flatMap((b) => b.rows)).toEqual(rows);
      blocks[0]!.rows[0]![0] = "changed";
      expect(look.cell("Sheet1", "B3")).toBe("e0");
    });

    test("rows that get wider later: a refused block is halved and read again", async () => {
      const rows: CellValue[][] = Array.from({ length: 6000 }, (_, i) => [
        `e${i}`,
        i * 1.25,
        i < 256 ? "" : `${i} `.padEnd(400, "n"),
      ]);
      const limit = 1_000_000;
      const { workbook } = make(fromTable(["id", "valor", "obs"], rows, { payloadLimitBytes: limit }));
      for (const read of [
        workbook.readTableRows("Table1", { maxBlockBytes: 900_000 }),
        workbook.readUsedRangeRows("Sheet1", { maxBlockBytes: 900_000 }),
      ]) {
        const blocks = await collect(read);
        expect(blocks.flatMap((b) => b.rows)).toEqual(rows);
        for (const b of blocks) expect(b.firstSheetRow).toBe(b.offset + 2);
      }
    });

    test("one row above the payload limit is a RowTooLargeError naming its worksheet row", async () => {
      const { workbook } = make(
        fromTable(
          ["id", "obs"],
          [
            ["e1", "curta"],
            ["e2", "x".repeat(3000)],
          ],
          { payloadLimitBytes: 2048 },
        ),
      );
      const err: unknown = await collect(workbook.readTableRows("Table1", { blockRows: 1 })).catch(
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(RowTooLargeError);
      expect(err).toMatchObject({ sheetRow: 3, cause: { code: "ResponsePayloadSizeLimitExceeded" } });
    });

    test("an aborted read stops before the next block", async () => {
      const { workbook } = make(
        fromTable(
          ["n"],
          Array.from({ length: 30 }, (_, i) => [i]),
        ),
      );
      const ac = new AbortController();
      const seen: number[] = [];
      await expect(
        (async () => {
          for await (const b of workbook.readTableRows("Table1", { blockRows: 10, signal: ac.signal })) {
            seen.push(b.offset);
            ac.abort(new Error("stop"));
          }
        })(),
      ).rejects.toThrow("stop");
      expect(seen).toEqual([0]);
    });

    test("used range of a sheet without a table, and converting it to a table", async () => {
      const { workbook } = make({
        sheets: {
          Plan1: [[], ["", "CPF", "Refeição", ""], ["", 1234567890, "R$ 10,00"], [], ["", "", 5, "nota"]],
          Vazia: [],
        },
      });
      expect(await workbook.getUsedRange("Plan1")).toEqual({
        sheet: "Plan1",
        header: ["CPF", "Refeição", ""],
        rowCount: 3,
        headerRow: 2,
        firstColumn: 1,
      });
      expect((await collect(workbook.readUsedRangeRows("Plan1"))).flatMap((b) => b.rows)).toEqual([
        [1234567890, "R$ 10,00", ""],
        ["", "", ""],
        ["", 5, "nota"],
      ]);
      const t = await workbook.convertUsedRangeToTable("Plan1", "Dados");
      expect(t).toMatchObject({ header: ["CPF", "Refeição", "Column3"], rowCount: 3, headerRow: 2 });
      await failsWith(workbook.convertUsedRangeToTable("Plan1", "Outra"), /overlap/i);
      expect(await workbook.getUsedRange("Vazia")).toBeNull();
      expect(await collect(workbook.readUsedRangeRows("Vazia"))).toEqual([]);
    });

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
      await workbook.writeTableCells("Table1", [
        { header: "Código", cells: [{ rowIndex: 1, value: "3-4" }] },
      ]);
      expect(look.cell("Sheet1", "A3")).toBe("3-4");
      const t = await workbook.appendRows("Table1", [["7-8", 9]]);
      expect(t.rowCount).toBe(4);
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
      const n = 5000;
      const { workbook, look } = make(
        fromTable(
          ["Msg"],
          Array.from({ length: n }, () => [""]),
        ),
      );
      const values = Array.from({ length: n }, (_, i) => `mensagem ${i} ${"y".repeat(100)}`);
      await workbook.writeColumns("Table1", [{ header: "Msg", values }], { maxBlockBytes: 50_000 });
      expect(look.cell("Sheet1", "A2")).toBe(values[0]);
      expect(look.cell("Sheet1", `A${n + 1}`)).toBe(values[n - 1]);
    });

    test("refuses wrong lengths, unknown columns and non-finite numbers, writing nothing", async () => {
      const { workbook, look } = make(fromTable(["A"], [[1], [2]]));
      await failsWith(workbook.writeColumns("Table1", [{ header: "A", values: [1] }]), /1 values for 2 rows/);
      await failsWith(workbook.writeColumns("Table1", [{ header: "B", values: [1, 2] }]), /ItemNotFound/);
      await failsWith(
        workbook.writeColumns("Table1", [{ header: "A", values: [9, NaN] }]),
        /InvalidArgument/,
      );
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
  });
}
