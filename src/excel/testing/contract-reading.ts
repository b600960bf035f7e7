/**
 * The Workbook contract's reading half: tables listed, rows read in blocks (halved when refused,
 * a row too large named, a read aborted), used ranges and their conversion to a table.
 */
import { RowTooLargeError } from "../../workbook/blocks";
import { type CellValue } from "../../workbook/port";
import { type ContractSubject, collect, failsWith, fromTable } from "./contract-subject";

export function describeReadingContract(make: ContractSubject): void {
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
      for (const block of blocks) expect(block.firstSheetRow).toBe(block.offset + 2);
    }
  });

  test("one row above the payload limit is a RowTooLargeError naming its worksheet row", async () => {
    const { workbook } = make(
      fromTable(
        ["id", "obs"],
        [
          ["e1", "curta"],
          ["e2", "x".repeat(12_000)],
        ],
        // Above office.js's own request for a block (about 2.4 KB of paths and actions).
        { payloadLimitBytes: 8192 },
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
        for await (const block of workbook.readTableRows("Table1", { blockRows: 10, signal: ac.signal })) {
          seen.push(block.offset);
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
    const table = await workbook.convertUsedRangeToTable("Plan1", "Dados");
    expect(table).toMatchObject({ header: ["CPF", "Refeição", "Column3"], rowCount: 3, headerRow: 2 });
    await failsWith(workbook.convertUsedRangeToTable("Plan1", "Outra"), /overlap/i);
    expect(await workbook.getUsedRange("Vazia")).toBeNull();
    expect(await collect(workbook.readUsedRangeRows("Vazia"))).toEqual([]);
  });
}
