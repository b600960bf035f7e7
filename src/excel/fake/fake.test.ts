/**
 * The fake Excel behaves as the Office docs say Excel does (each case names the rule; the
 * citations are beside the code in ./cells.ts, ./host.ts, ./model.ts, ./range.ts). Batching and
 * loading are office.js's own: the first cases check that the fake answers the library's requests
 * so that they work as in Excel.
 */
import type { TableChangedArgs } from "../office-api";
import { createFakeExcel } from ".";
import { hostErrorCode } from "../testing/host-error-code";

const seeded = () =>
  createFakeExcel({
    tables: [
      {
        name: "Dist",
        sheet: "Folha",
        header: ["CPF", "Valor"],
        rows: [
          ["012", 10],
          ["034", 20],
        ],
      },
    ],
  });

describe("office.js over the fake: batching and loading", () => {
  test("writes are queued until sync; nothing changes before", async () => {
    const excel = seeded();
    await excel.run(async (context) => {
      const r = context.workbook.worksheets.getItem("Folha").getRange("C1");
      r.values = [["x"]];
      expect(excel.cell("Folha", "C1")).toBe("");
      await context.sync();
      expect(excel.cell("Folha", "C1")).toBe("x");
    });
    expect(excel.stats.syncs).toBe(1);
  });

  /* eslint-disable office-addins/call-sync-before-read, office-addins/load-object-before-read, office-addins/call-sync-after-load --
     this test reads too early on purpose: the fake must refuse as Excel does. */
  const notLoaded = expect.objectContaining({ code: "PropertyNotLoaded" }) as Error;
  test("a property throws PropertyNotLoaded until loaded and synced", async () => {
    const excel = seeded();
    await excel.run(async (context) => {
      const r = context.workbook.worksheets.getItem("Folha").getRange("A2:B2");
      expect(() => r.values).toThrow(notLoaded);
      r.load("values");
      expect(() => r.values).toThrow(notLoaded);
      await context.sync();
      expect(r.values).toEqual([["012", 10]]);
      expect(() => r.rowCount).toThrow(notLoaded);
    });
  });
  /* eslint-enable office-addins/call-sync-before-read, office-addins/load-object-before-read, office-addins/call-sync-after-load */

  test("a loaded value is a snapshot as of its sync", async () => {
    const excel = seeded();
    await excel.run(async (context) => {
      const r = context.workbook.worksheets.getItem("Folha").getRange("B2").load("values");
      await context.sync();
      excel.typeCell("Folha", "B2", 99);
      expect(r.values).toEqual([[10]]);
    });
  });

  test("getItem fails at sync with ItemNotFound; getItemOrNullObject gives isNullObject", async () => {
    const excel = seeded();
    expect(
      await hostErrorCode(
        excel.run(async (context) => {
          const s = context.workbook.worksheets.getItem("Nope"); // no failure yet
          s.load("name");
          await context.sync();
        }),
      ),
    ).toBe("ItemNotFound");
    await excel.run(async (context) => {
      const t = context.workbook.tables.getItemOrNullObject("nope").load("name");
      const d = context.workbook.tables.getItemOrNullObject("dist").load("name");
      await context.sync();
      expect(t.isNullObject).toBe(true);
      expect(d.isNullObject).toBe(false);
      expect(d.name).toBe("Dist");
    });
  });

  test("a failing operation rejects the sync; earlier operations stay applied, later ones are dropped", async () => {
    const excel = seeded();
    const failure = excel.run(async (context) => {
      const s = context.workbook.worksheets.getItem("Folha");
      s.getRange("D1").values = [["before"]];
      s.getRange("D2").values = [["a", "b"]]; // wrong shape
      s.getRange("D3").values = [["after"]];
      await context.sync();
    });
    expect(await hostErrorCode(failure)).toBe("InvalidArgument");
    expect(excel.cell("Folha", "D1")).toBe("before");
    expect(excel.cell("Folha", "D3")).toBe("");
  });

  test("Excel.run syncs what is still queued when the batch ends", async () => {
    const excel = seeded();
    await excel.run(async (context) => {
      context.workbook.worksheets.getItem("Folha").getRange("E1").values = [[1]];
      return Promise.resolve();
    });
    expect(excel.cell("Folha", "E1")).toBe(1);
    expect(excel.stats.syncs).toBe(1);
  });
});

describe("fake Excel: Range.values", () => {
  const write = async (input: (string | number | boolean | null)[][], address = "A1:B1", format?: string) => {
    const excel = createFakeExcel({ sheets: { S: [["old", "keep"]] } });
    await excel.run(async (context) => {
      const r = context.workbook.worksheets.getItem("S").getRange(address);
      if (format) r.numberFormat = input.map((row) => row.map(() => format));
      r.values = input;
      await context.sync();
    });
    return excel;
  };

  test("arrays must have exactly the range's shape (InvalidArgument)", async () => {
    expect(await hostErrorCode(write([["a"]]))).toBe("InvalidArgument");
    expect(
      await hostErrorCode(
        write([
          ["a", "b"],
          ["c", "d"],
        ]),
      ),
    ).toBe("InvalidArgument");
  });

  test("null leaves a cell unchanged, '' clears it", async () => {
    const excel = await write([["", null]]);
    expect(excel.sheetValues("S")).toEqual([["", "keep"]]);
  });

  test("'=' starts a formula; an apostrophe keeps text", async () => {
    const excel = await write([["=1+1", "'=1+1"]]);
    expect(excel.formula("S", "A1")).toBe("=1+1");
    expect(excel.cell("S", "B1")).toBe("=1+1");
    expect(excel.formula("S", "B1")).toBeUndefined();
  });

  test("digit strings become numbers in General cells and stay text with format @", async () => {
    expect((await write([["01234567890", "TRUE"]])).sheetValues("S")).toEqual([[1234567890, true]]);
    expect((await write([["01234567890", "TRUE"]], "A1:B1", "@")).sheetValues("S")).toEqual([
      ["01234567890", "TRUE"],
    ]);
  });

  test("a cell formatted as text keeps a formula as its text", async () => {
    const excel = await write([["=1+1", "+55 11"]], "A1:B1", "@");
    expect(excel.sheetValues("S")).toEqual([["=1+1", "+55 11"]]);
    expect(excel.allFormulas()).toEqual([]);
  });

  test("a non-finite number travels as null in the request's JSON and leaves its cell unchanged", async () => {
    // office.js serializes the request: NaN and Infinity become null, which leaves a cell as it
    // is ("Range.values"). The adapter refuses them before sending (../office-write.ts checkCell).
    const excel = await write([[Number.NaN, 1]]);
    expect(excel.sheetValues("S")).toEqual([["old", 1]]);
  });

  test("formulas reads the formula where there is one, else the value", async () => {
    const excel = createFakeExcel({ sheets: { S: [[1]] } });
    const got = await excel.run(async (context) => {
      const r = context.workbook.worksheets.getItem("S").getRange("A1:B1");
      r.formulas = [[null, "=A1*2"]];
      await context.sync();
      r.load("formulas");
      await context.sync();
      return r.formulas;
    });
    expect(got).toEqual([[1, "=A1*2"]]);
  });
});

describe("fake Excel: tables", () => {
  test("tables.add takes the header row, with Excel's unique, non-empty names", async () => {
    const excel = createFakeExcel({
      sheets: {
        S: [
          ["Valor", "", "valor"],
          [1, 2, 3],
        ],
      },
    });
    await excel.run(async (context) => {
      const t = context.workbook.tables.add("S!A1:C2", true);
      t.name = "T";
      await context.sync();
    });
    expect(excel.table("T")).toMatchObject({ header: ["Valor", "Column2", "valor2"], rowCount: 1 });
  });

  test("a header-only range gets one blank data row; overlapping tables are refused", async () => {
    const excel = createFakeExcel({ sheets: { S: [["a", "b"]] } });
    await excel.run(async (context) => {
      context.workbook.tables.add("S!A1:B1", true);
      await context.sync();
    });
    expect(excel.table("Table1").rowCount).toBe(1);
    expect(
      await hostErrorCode(
        excel.run(async (context) => {
          context.workbook.tables.add("S!B1:C3", true);
          await context.sync();
        }),
      ),
    ).toBe("InvalidOperation");
  });

  test("data body, columns, totals row with an evaluated SUBTOTAL", async () => {
    const excel = seeded();
    await excel.run(async (context) => {
      const t = context.workbook.tables.getItem("Dist");
      t.showTotals = true;
      t.getTotalRowRange().formulas = [["Total", "=SUBTOTAL(109,Dist[Valor])"]];
      const body = t.columns.getItem("valor").getDataBodyRange().load("values,address");
      await context.sync();
      expect(body.values).toEqual([[10], [20]]);
      expect(body.address).toBe("Folha!B2:B3");
    });
    expect(excel.totalsRow("Dist")).toEqual(["Total", 30]);
  });

  test("columns.add appends a named column and shifts the cells on the right", async () => {
    const excel = createFakeExcel({
      sheets: { S: [["a", "", "side"]] },
      tables: [{ name: "T", sheet: "S", header: ["a"], rows: [[1]] }],
    });
    await excel.run(async (context) => {
      context.workbook.tables.getItem("T").columns.add(undefined, undefined, "Status");
      await context.sync();
    });
    expect(excel.table("T").header).toEqual(["a", "Status"]);
    expect(excel.cell("S", "D1")).toBe("side");
  });
});

describe("fake Excel: payload limits and counts", () => {
  const big = (n: number) => Array.from({ length: n }, (_, i) => [`row ${i} ${"x".repeat(90)}`]);

  test("a response above the limit fails with ResponsePayloadSizeLimitExceeded", async () => {
    const excel = createFakeExcel({ sheets: { S: big(200) }, payloadLimitBytes: 10_000 });
    const read = (rows: number) =>
      excel.run(async (context) => {
        const r = context.workbook.worksheets.getItem("S").getRangeByIndexes(0, 0, rows, 1).load("values");
        await context.sync();
        return r.values.length;
      });
    expect(await hostErrorCode(read(200))).toBe("ResponsePayloadSizeLimitExceeded");
    expect(await read(50)).toBe(50);
    expect(excel.stats).toMatchObject({ syncs: 2, refused: 1 });
  });

  test("a request above the limit fails with RequestPayloadSizeLimitExceeded and writes nothing", async () => {
    const excel = createFakeExcel({ payloadLimitBytes: 10_000 });
    const write = excel.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRangeByIndexes(0, 0, 200, 1).values = big(200);
      await context.sync();
    });
    expect(await hostErrorCode(write)).toBe("RequestPayloadSizeLimitExceeded");
    expect(excel.sheetValues("Sheet1")).toEqual([]);
  });

  test("counts syncs and the bytes of each", async () => {
    const excel = seeded();
    await excel.run(async (context) => {
      context.workbook.application.suspendApiCalculationUntilNextSync();
      context.workbook.worksheets.getItem("Folha").getRange("A2:B3").load("values");
      await context.sync();
    });
    const [rec] = excel.stats.records;
    // The bytes are the JSON office.js sent and the host answered: the values and the wire's
    // own fields (ids, object paths, actions) around them.
    const values = JSON.stringify([
      ["012", 10],
      ["034", 20],
    ]).length;
    expect(rec?.responseBytes).toBeGreaterThan(values);
    expect(rec?.responseBytes).toBeLessThan(values + 400);
    expect(rec?.requestBytes).toBeGreaterThan(0);
    expect(rec?.calculationSuspended).toBe(true);
  });
});

describe("fake Excel: events, sheets, settings", () => {
  const flush = () => new Promise((r) => setTimeout(r, 5));

  test("Table.onChanged reports edits in the table; nothing while enableEvents is false", async () => {
    const excel = seeded();
    const seen: TableChangedArgs[] = [];
    await excel.run(async (context) => {
      context.workbook.tables.getItem("Dist").onChanged.add((a) => Promise.resolve(void seen.push(a)));
      await context.sync();
    });
    excel.typeCell("Folha", "B3", 5);
    excel.typeCell("Folha", "H9", 5); // outside the table
    await flush();
    expect(seen.map((a) => a.address)).toEqual(["B3"]);
    await excel.run(async (context) => {
      context.runtime.enableEvents = false;
      context.workbook.worksheets.getItem("Folha").getRange("A2").values = [["x"]];
      context.runtime.enableEvents = true;
      context.workbook.worksheets.getItem("Folha").getRange("A3").values = [["y"]];
      await context.sync();
    });
    await flush();
    expect(seen.map((a) => a.address)).toEqual(["B3", "A3"]);
  });

  test("visibility, frozen rows, activation and selection", async () => {
    const excel = seeded();
    await excel.run(async (context) => {
      const log = context.workbook.worksheets.add("Log");
      log.visibility = "Hidden";
      const s = context.workbook.worksheets.getItem("Folha");
      s.freezePanes.freezeRows(1);
      s.getRange("B3").select();
      await context.sync();
    });
    expect(excel.sheetLayout("Log").visibility).toBe("Hidden");
    expect(excel.sheetLayout("Folha").frozenRows).toBe(1);
    expect(excel.selection()).toEqual({ sheet: "Folha", address: "B3" });
    expect(
      await hostErrorCode(
        excel.run(async (context) => {
          context.workbook.worksheets.getItem("Folha").visibility = "Hidden"; // the last visible sheet
          await context.sync();
        }),
      ),
    ).toBe("InvalidOperation");
  });

  test("settings keep JSON values; used range or null object", async () => {
    const excel = createFakeExcel({ sheets: { Empty: [] } });
    await excel.run(async (context) => {
      context.workbook.settings.add("mapping", { a: [1, "x"] });
      const used = context.workbook.worksheets
        .getItem("Empty")
        .getUsedRangeOrNullObject(true)
        .load("address");
      await context.sync();
      expect(used.isNullObject).toBe(true);
      const s = context.workbook.settings.getItem("mapping").load("value");
      await context.sync();
      expect(s.value).toEqual({ a: [1, "x"] });
    });
    expect(excel.settings()).toEqual({ mapping: { a: [1, "x"] } });
  });
});
