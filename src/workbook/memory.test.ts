import {
  BlockSizer,
  MAX_BLOCK_ROWS,
  PROBE_ROWS,
  RowTooLargeError,
  planWriteBlocks,
  rowsJsonBytes,
} from "./blocks";
import { MemoryWorkbook, TEXT_FORMAT } from "./memory";
import {
  columnLetters,
  parseA1,
  parseStructuredRefColumn,
  structuredRefColumn,
  uniqueSheetName,
  uniqueTableName,
} from "./names";
import { type CellValue, type RowBlock, RUN_LOG_SHEET } from "./port";
import { safeText } from "./safe-text";
import { SecretSettingError } from "./settings-guard";

async function collect(it: AsyncIterable<RowBlock>): Promise<RowBlock[]> {
  const out: RowBlock[] = [];
  for await (const b of it) out.push(b);
  return out;
}

const people = (n: number): CellValue[][] =>
  Array.from({ length: n }, (_, i) => [`e${i}`, `Pessoa ${i}`, i * 1.5, i % 2 === 0]);

describe("MemoryWorkbook reading", () => {
  test("lists tables with header, size and position", async () => {
    const wb = new MemoryWorkbook({
      tables: [{ name: "Dist", sheet: "Folha", header: ["ID", "Nome"], rows: [["a", "Ana"]], at: "C3" }],
    });
    const [t] = await wb.listTables();
    expect(t).toEqual({
      name: "Dist",
      sheet: "Folha",
      header: ["ID", "Nome"],
      rowCount: 1,
      headerRow: 3,
      firstColumn: 2,
      hasTotalsRow: false,
    });
    expect(await wb.getTable("dist")).toEqual(t);
    expect(await wb.getTable("nope")).toBeNull();
    expect(wb.stats.syncs).toBe(3);
  });

  test("reads rows in fixed blocks with worksheet row numbers, one sync per block", async () => {
    const wb = MemoryWorkbook.fromTable(["id", "nome", "valor", "ok"], people(25), { at: "B2" });
    wb.resetStats();
    const blocks = await collect(wb.readTableRows("Table1", { blockRows: 10 }));
    expect(blocks.map((b) => [b.offset, b.firstSheetRow, b.rows.length])).toEqual([
      [0, 3, 10],
      [10, 13, 10],
      [20, 23, 5],
    ]);
    expect(blocks.flatMap((b) => b.rows)).toEqual(people(25));
    expect(wb.stats).toMatchObject({ syncs: 3, blocksRead: 3, cellsRead: 100 });
  });

  test("returns copies: mutating a block does not change the workbook", async () => {
    const wb = MemoryWorkbook.fromTable(["a"], [[1]]);
    const [block] = await collect(wb.readTableRows("Table1"));
    block!.rows[0]![0] = 99;
    expect(wb.cell("Sheet1", "A2")).toBe(1);
  });

  test("byte-budget blocks: a probe, then blocks that stay under the budget", async () => {
    const wide = Array.from({ length: 3000 }, (_, i) => [
      `row ${i}`,
      "x".repeat(200 + (i % 7) * 10),
      "ç".repeat(50),
    ]);
    const wb = MemoryWorkbook.fromTable(["a", "b", "c"], wide);
    wb.resetStats();
    const budget = 64 * 1024;
    const blocks = await collect(wb.readTableRows("Table1", { maxBlockBytes: budget }));
    expect(blocks[0]!.rows).toHaveLength(PROBE_ROWS);
    for (const b of blocks.slice(1)) expect(rowsJsonBytes(b.rows)).toBeLessThanOrEqual(budget);
    expect(blocks.reduce((n, b) => n + b.rows.length, 0)).toBe(3000);
    expect(wb.stats.blocksRead).toBe(blocks.length);
    expect(blocks.length).toBeGreaterThan(3000 / 200);
  });

  test("rows that get wider later: a block over the host's payload limit is halved and read again", async () => {
    // The reviewer's sheet: 256 probe rows with an empty notes column, then 400 characters of notes.
    const rows: CellValue[][] = Array.from({ length: 30_000 }, (_, i) => [
      `e${i}`,
      `Pessoa ${i}`,
      i * 1.25,
      i < PROBE_ROWS ? "" : `${i} `.padEnd(400, "n"),
    ]);
    const limit = 5_000_000;
    for (const read of ["table", "usedRange"] as const) {
      const wb = MemoryWorkbook.fromTable(["id", "nome", "valor", "obs"], rows, { payloadLimitBytes: limit });
      wb.resetStats();
      const blocks = await collect(
        read === "table" ? wb.readTableRows("Table1") : wb.readUsedRangeRows("Sheet1"),
      );
      // Every row once, in order, with the right worksheet row numbers.
      expect(blocks.flatMap((b) => b.rows)).toEqual(rows);
      for (const b of blocks) {
        expect(b.firstSheetRow).toBe(b.offset + 2);
        expect(rowsJsonBytes(b.rows)).toBeLessThanOrEqual(limit);
      }
      expect(wb.stats.maxBlockBytes).toBeLessThanOrEqual(limit);
      // The refused attempt cost a sync each, and was retried smaller.
      expect(wb.stats.blocksRefused).toBeGreaterThan(0);
      expect(wb.stats.syncs).toBe(wb.stats.blocksRead + wb.stats.blocksRefused);
    }
  });

  test("the payload limit error is shaped like Office's, and one row above it is a clear error", async () => {
    const wb = MemoryWorkbook.fromTable(
      ["id", "obs"],
      [
        ["e1", "curta"],
        ["e2", "x".repeat(3000)],
      ],
      { payloadLimitBytes: 2048 },
    );
    const err: unknown = await collect(wb.readTableRows("Table1", { blockRows: 1 })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RowTooLargeError);
    expect(err).toMatchObject({ sheetRow: 3, cause: { code: "ResponsePayloadSizeLimitExceeded" } });
    expect(String((err as Error).message)).toMatch(/row 3 .*too large/i);
  });

  test("BlockSizer.shrink halves the failed block and keeps later blocks small until reads succeed", () => {
    const sizer = new BlockSizer({ maxBlockBytes: 1_000_000 });
    expect(sizer.next()).toBe(PROBE_ROWS);
    sizer.observe([["a"]]);
    const big = sizer.next();
    expect(sizer.shrink(big)).toBe(Math.floor(big / 2));
    expect(sizer.next()).toBe(Math.floor(big / 2));
    expect(sizer.shrink(3)).toBe(1);
    expect(sizer.next()).toBe(1);
    expect(() => sizer.shrink(1)).toThrow(RangeError);
    // Successful reads let the block grow back (doubling), still bounded by the byte estimate.
    sizer.observe([["a"]]);
    expect(sizer.next()).toBe(2);
    const fixed = new BlockSizer({ blockRows: 100 });
    expect(fixed.shrink(100)).toBe(50);
    expect(fixed.next()).toBe(50);
  });

  test("narrow rows are capped at MAX_BLOCK_ROWS per block", async () => {
    const wb = MemoryWorkbook.fromTable(
      ["n"],
      Array.from({ length: MAX_BLOCK_ROWS * 2 }, (_, i) => [i]),
    );
    const blocks = await collect(wb.readTableRows("Table1"));
    expect(Math.max(...blocks.map((b) => b.rows.length))).toBe(MAX_BLOCK_ROWS);
  });

  test("an aborted read stops before the next block", async () => {
    const wb = MemoryWorkbook.fromTable(
      ["n"],
      people(30).map((r) => [r[0]!]),
    );
    const ac = new AbortController();
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const b of wb.readTableRows("Table1", { blockRows: 10, signal: ac.signal })) {
          seen.push(b.offset);
          ac.abort(new Error("stop"));
        }
      })(),
    ).rejects.toThrow("stop");
    expect(seen).toEqual([0]);
  });

  test("used range of a sheet without a table, and converting it to a table", async () => {
    const wb = new MemoryWorkbook({
      sheets: {
        Plan1: [[], ["", "CPF", "Refeição", ""], ["", 1234567890, "R$ 10,00"], [], ["", "", 5, "nota"]],
      },
    });
    const used = await wb.getUsedRange("Plan1");
    expect(used).toEqual({
      sheet: "Plan1",
      header: ["CPF", "Refeição", ""],
      rowCount: 3,
      headerRow: 2,
      firstColumn: 1,
    });
    const rows = (await collect(wb.readUsedRangeRows("Plan1"))).flatMap((b) => b.rows);
    expect(rows).toEqual([
      [1234567890, "R$ 10,00", ""],
      ["", "", ""],
      ["", 5, "nota"],
    ]);
    expect(await wb.getUsedRange("Plan1")).not.toBeNull();
    const t = await wb.convertUsedRangeToTable("Plan1", "Dados");
    expect(t.header).toEqual(["CPF", "Refeição", "Column3"]);
    expect(t.rowCount).toBe(3);
    await expect(wb.convertUsedRangeToTable("Plan1", "Outra")).rejects.toThrow(/overlaps a table/);
    expect(await wb.getUsedRange("Plan1")).toMatchObject({ header: ["CPF", "Refeição", "Column3"] });
    const empty = new MemoryWorkbook({ sheets: { Vazia: [] } });
    expect(await empty.getUsedRange("Vazia")).toBeNull();
    expect(await collect(empty.readUsedRangeRows("Vazia"))).toEqual([]);
  });

  test("duplicate and empty table headers are made unique, as Excel does", async () => {
    const wb = MemoryWorkbook.fromTable(["Valor", "valor", "", "Valor"], []);
    expect((await wb.getTable("Table1"))!.header).toEqual(["Valor", "valor2", "Column3", "Valor3"]);
  });
});

describe("MemoryWorkbook writing", () => {
  test("writes whole columns with number formats, like Range.values", async () => {
    const wb = MemoryWorkbook.fromTable(
      ["CPF", "Status", "Total"],
      [
        ["", "", ""],
        ["", "", ""],
        ["", "", ""],
      ],
    );
    wb.resetStats();
    await wb.writeColumns("Table1", [
      { header: "CPF", values: ["01234567890", "98765432100", ""], numberFormat: TEXT_FORMAT },
      { header: "status", values: ["OK", safeText('=HYPERLINK("x")'), "TRUE"] },
      { header: "Total", values: [12.5, "007", -0], numberFormat: '"R$" #,##0.00' },
    ]);
    // Text format keeps the leading zero; a General cell turns digit text into a number.
    expect(wb.cell("Sheet1", "A2")).toBe("01234567890");
    expect(wb.cell("Sheet1", "C3")).toBe(7);
    expect(Object.is(wb.cell("Sheet1", "C4"), 0)).toBe(true);
    expect(wb.cell("Sheet1", "B3")).toBe('=HYPERLINK("x")');
    expect(wb.cell("Sheet1", "B4")).toBe(true);
    expect(wb.numberFormat("Sheet1", "C2")).toBe('"R$" #,##0.00');
    expect(wb.numberFormat("Sheet1", "B2")).toBe("General");
    expect(wb.allFormulas()).toEqual([]);
    expect(wb.stats).toMatchObject({ syncs: 1, blocksWritten: 1, cellsWritten: 9 });
  });

  test("unsafe text becomes a formula: this is what safeText prevents", async () => {
    const wb = MemoryWorkbook.fromTable(["Msg"], [[""], [""]]);
    await wb.writeColumns("Table1", [{ header: "Msg", values: ["=1+1", "@SUM(A1)"] }]);
    expect(wb.allFormulas().map((f) => f.formula)).toEqual(["=1+1", "=@SUM(A1)"]);
  });

  test("writes are cut into blocks under the byte budget", async () => {
    const n = 5000;
    const wb = MemoryWorkbook.fromTable(
      ["Msg"],
      Array.from({ length: n }, () => [""]),
    );
    wb.resetStats();
    const values = Array.from({ length: n }, (_, i) => `mensagem ${i} ${"y".repeat(100)}`);
    await wb.writeColumns("Table1", [{ header: "Msg", values }], { maxBlockBytes: 50_000 });
    expect(wb.stats.blocksWritten).toBeGreaterThan(10);
    expect(wb.stats.syncs).toBe(wb.stats.blocksWritten);
    expect(wb.stats.maxBlockBytes).toBeLessThanOrEqual(50_000);
    expect(wb.cell("Sheet1", `A${n + 1}`)).toBe(values[n - 1]);
  });

  test("refuses wrong lengths, unknown columns and non-finite numbers", async () => {
    const wb = MemoryWorkbook.fromTable(["A"], [[1], [2]]);
    await expect(wb.writeColumns("Table1", [{ header: "A", values: [1] }])).rejects.toThrow(
      /1 values for 2 rows/,
    );
    await expect(wb.writeColumns("Table1", [{ header: "B", values: [1, 2] }])).rejects.toThrow(
      /ItemNotFound/,
    );
    await expect(wb.writeColumns("Table1", [{ header: "A", values: [1, NaN] }])).rejects.toThrow(
      /InvalidArgument/,
    );
    await expect(wb.writeColumns("Nope", [])).rejects.toThrow(/ItemNotFound/);
    expect(wb.cell("Sheet1", "A3")).toBe(2);
  });

  test("adds columns on the right, shifting cells beside the table", async () => {
    const wb = new MemoryWorkbook({
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
    const info = await wb.addColumns("T", ["Status", "Mensagem"]);
    expect(info.header).toEqual(["A", "B", "Status", "Mensagem"]);
    expect(wb.sheetValues("Sheet1")[0]).toEqual(["A", "B", "Status", "Mensagem", "nota ao lado"]);
    expect(wb.cell("Sheet1", "C2")).toBe("");
    expect(wb.cell("Sheet1", "E2")).toBe("x");
    expect(wb.cell("Sheet1", "C5")).toBe("abaixo");
    await expect(wb.addColumns("T", ["status"])).rejects.toThrow(/already has/);
    const rows = (await collect(wb.readTableRows("T"))).flatMap((b) => b.rows);
    expect(rows).toEqual([
      [1, 2, "", ""],
      [3, 4, "", ""],
    ]);
  });

  test("appends rows above the totals row, moving cells below, one sync per block", async () => {
    const wb = new MemoryWorkbook({ sheets: { Plan1: [["x"]] } });
    await wb.createSheetWithTable({
      sheet: "S",
      table: "T",
      columns: [
        { header: "ID", numberFormat: TEXT_FORMAT, total: { kind: "label", text: "Total" } },
        { header: "Valor", total: { kind: "sum" } },
      ],
      rows: [["001", 1]],
      totalsRow: true,
    });
    wb.typeCell("S", "B5", "nota abaixo");
    wb.typeCell("S", "D2", "ao lado");
    wb.resetStats();
    const info = await wb.appendRows(
      "T",
      [
        ["002", 2],
        ["003", 3],
      ],
      { maxBlockBytes: 16 },
    );
    expect(info.rowCount).toBe(3);
    expect(wb.stats.syncs).toBe(2);
    const rows = (await collect(wb.readTableRows("T"))).flatMap((b) => b.rows);
    // "002" keeps its zeros: the new row took the text format of the row above.
    expect(rows).toEqual([
      ["001", 1],
      ["002", 2],
      ["003", 3],
    ]);
    expect(wb.totalsRow("T")).toEqual(["Total", 6]);
    expect(wb.cell("S", "B7")).toBe("nota abaixo");
    expect(wb.cell("S", "D2")).toBe("ao lado");
    await expect(wb.appendRows("T", [["x"]])).rejects.toThrow(/1 values for 2 columns/);
  });

  test("appending rows never moves another table", async () => {
    const wb = new MemoryWorkbook({
      tables: [
        { name: "A", sheet: "S", header: ["x"], rows: [[1]] },
        { name: "B", sheet: "S", header: ["y"], rows: [[2]], at: "A4" },
      ],
    });
    await expect(wb.appendRows("A", [[5], [6]])).rejects.toThrow(/would move another table/);
  });

  test("creates a formatted sheet and table with a totals row", async () => {
    const wb = new MemoryWorkbook({ sheets: { Plan1: [["x"]] } });
    wb.resetStats();
    const info = await wb.createSheetWithTable({
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
    expect(wb.cell("Distribuição", "A2")).toBe("01234567890");
    expect(wb.cell("Distribuição", "A4")).toBe("00000000191");
    expect(wb.numberFormat("Distribuição", "B5")).toBe("#,##0.00");
    expect(wb.totalsRow("Dist")).toEqual(["Total", 30.5]);
    expect(wb.formula("Distribuição", "B5")).toBe("=SUBTOTAL(109,Dist[Refeição])");
    expect(wb.sheetLayout("Distribuição")).toEqual({ visibility: "visible", frozenRows: 1, widths: [90] });
    expect(wb.tableColumns("Dist")[1]).toEqual({
      header: "Refeição",
      validation: { kind: "nonNegativeNumber" },
      total: { kind: "sum" },
    });
    expect(wb.activeSheet()).toBe("Distribuição");
    expect(wb.stats.syncs).toBe(3);
    // Data rows exclude the totals row.
    const rows = (await collect(wb.readTableRows("Dist"))).flatMap((b) => b.rows);
    expect(rows).toHaveLength(3);
    // The totals follow later writes.
    await wb.writeColumns("Dist", [{ header: "Refeição", values: [1, 2, 3] }]);
    expect(wb.totalsRow("Dist")).toEqual(["Total", 6]);
    await expect(
      wb.createSheetWithTable({ sheet: "distribuição", table: "X", columns: [{ header: "a" }], rows: [] }),
    ).rejects.toThrow(/ItemAlreadyExists/);
    await expect(
      wb.createSheetWithTable({ sheet: "Nova", table: "dist", columns: [{ header: "a" }], rows: [] }),
    ).rejects.toThrow(/ItemAlreadyExists/);
    await expect(
      wb.createSheetWithTable({ sheet: "Nova", table: "A1", columns: [{ header: "a" }], rows: [] }),
    ).rejects.toThrow(/cell reference/);
    await expect(
      wb.createSheetWithTable({ sheet: "a/b", table: "Ok", columns: [{ header: "a" }], rows: [] }),
    ).rejects.toThrow(/cannot contain/);
  });
});

describe("MemoryWorkbook run log and settings", () => {
  test("the run log is a hidden sheet; rows append and read back exactly", async () => {
    const wb = new MemoryWorkbook();
    expect(await wb.readRunLog()).toEqual([]);
    await wb.appendRunLog([["2026-01-01T10:00:00Z", "sent", "00123", 1500]]);
    await wb.appendRunLog([
      ["2026-01-02T10:00:00Z", "finalized", "1e5", 0],
      ["2026-01-03T10:00:00Z", safeText("=evil()"), "TRUE", 7],
    ]);
    expect((await wb.listSheets()).find((s) => s.name === RUN_LOG_SHEET)?.visibility).toBe("hidden");
    expect(await wb.readRunLog()).toEqual([
      ["2026-01-01T10:00:00Z", "sent", "00123", 1500],
      ["2026-01-02T10:00:00Z", "finalized", "1e5", 0],
      ["2026-01-03T10:00:00Z", "=evil()", "TRUE", 7],
    ]);
    expect(wb.allFormulas()).toEqual([]);
  });

  test("settings round-trip as JSON copies", async () => {
    const wb = new MemoryWorkbook();
    const value = { version: 1, columns: { Refeição: { role: "product", product_id: "p1" } } };
    await wb.setSetting("valepix.mapping", value);
    value.version = 2;
    expect(await wb.getSetting("valepix.mapping")).toEqual({
      version: 1,
      columns: { Refeição: { role: "product", product_id: "p1" } },
    });
    await wb.removeSetting("valepix.mapping");
    expect(await wb.getSetting("valepix.mapping")).toBeUndefined();
  });

  test("settings refuse credentials and non-JSON values", async () => {
    const wb = new MemoryWorkbook();
    await expect(wb.setSetting("valepix.apiToken", "abc")).rejects.toBeInstanceOf(SecretSettingError);
    await expect(wb.setSetting("valepix.conn", { header: "Bearer sk_live_123" })).rejects.toBeInstanceOf(
      SecretSettingError,
    );
    await expect(wb.setSetting("x", { n: NaN })).rejects.toThrow(/finite/);
    expect(await wb.getSetting("valepix.apiToken")).toBeUndefined();
  });
});

describe("helpers", () => {
  test("safeText protects formula starters and leading apostrophes", () => {
    expect(safeText("=1+1")).toBe("'=1+1");
    expect(safeText("+55 11")).toBe("'+55 11");
    expect(safeText("-x")).toBe("'-x");
    expect(safeText("@user")).toBe("'@user");
    expect(safeText("\tx")).toBe("'\tx");
    expect(safeText("'quoted")).toBe("''quoted");
    expect(safeText("Ana Lima")).toBe("Ana Lima");
    expect(safeText("00123")).toBe("00123");
    expect(safeText("00123", { keepDigits: true })).toBe("'00123");
  });

  test("names and A1 helpers", () => {
    expect(uniqueSheetName("Distribuição", ["distribuição", "Distribuição (2)"])).toBe("Distribuição (3)");
    expect(uniqueSheetName("a/b:c", [])).toBe("a b c");
    expect(uniqueSheetName("x".repeat(40), ["x".repeat(31)])).toHaveLength(31);
    expect(uniqueTableName("Distribuição 2026", ["Distribuicao_2026"])).toBe("Distribuicao_2026_2");
    expect(uniqueTableName("2026", [])).toBe("T_2026");
    expect(columnLetters(0)).toBe("A");
    expect(columnLetters(27)).toBe("AB");
    expect(parseA1("AB12")).toEqual({ row: 11, column: 27 });
    expect(() => parseA1("12")).toThrow();
  });

  test("structuredRefColumn escapes what Excel requires, and parseStructuredRefColumn reverses it", () => {
    expect(structuredRefColumn("Refeição")).toBe("Refeição");
    expect(structuredRefColumn("Vale Refeição [p1]")).toBe("Vale Refeição '[p1']");
    expect(structuredRefColumn("# d'água")).toBe("'# d''água");
    for (const h of ["Refeição", "Vale Refeição [p1]", "'#[]'", "a''b", "x]"]) {
      expect(parseStructuredRefColumn(structuredRefColumn(h))).toBe(h);
    }
    // MemoryWorkbook evaluates the escaped form, with single or double brackets, and not the raw one.
    const wb = MemoryWorkbook.fromTable(["a [x]"], [[1], [2.5]]);
    wb.typeCell("Sheet1", "C1", "=SUBTOTAL(109,Table1[a '[x']])");
    wb.typeCell("Sheet1", "C2", "=SUBTOTAL(109,Table1[[a '[x']]])");
    wb.typeCell("Sheet1", "C3", "=SUBTOTAL(109,Table1[a [x]])");
    expect([wb.cell("Sheet1", "C1"), wb.cell("Sheet1", "C2")]).toEqual([3.5, 3.5]);
    expect(wb.cell("Sheet1", "C3")).toBe("=SUBTOTAL(109,Table1[a [x]])");
  });

  test("planWriteBlocks covers every row once, in order", () => {
    const blocks = planWriteBlocks(10, (r) => (r === 4 ? 500 : 10), 100);
    expect(blocks[0]![0]).toBe(0);
    expect(blocks[blocks.length - 1]![1]).toBe(10);
    for (let i = 1; i < blocks.length; i++) expect(blocks[i]![0]).toBe(blocks[i - 1]![1]);
    expect(blocks).toContainEqual([4, 5]);
    expect(planWriteBlocks(0, () => 1)).toEqual([]);
  });
});
