/**
 * The fake Excel computes formulas as Excel does (each case names the rule; the citations are in
 * ./formulas.ts, ./calculation.ts and ./custom-functions.ts).
 */
import { createFakeExcel, type FakeExcel } from ".";
import { type LibraryCustomFunctions, officeLibrary } from "./client";

/** office.js's `CustomFunctions` (its loader's `associate`, its runtime's `Error`). */
async function library(): Promise<LibraryCustomFunctions> {
  const functions = (await officeLibrary()).CustomFunctions;
  if (!functions) throw new Error("office.js's loader is not loaded");
  return functions;
}

/** Resolves at the next result of a custom function (the library sends results a while later). */
const nextResult = (excel: FakeExcel) =>
  new Promise<void>((resolve) => {
    const stop = excel.onRecalculated(() => {
      stop();
      resolve();
    });
  });

async function write(excel: FakeExcel, sheet: string, address: string, rows: unknown[][]): Promise<void> {
  await excel.run(async (context) => {
    context.workbook.worksheets.getItem(sheet).getRange(address).formulas = rows as never;
    await context.sync();
  });
}

async function read(excel: FakeExcel, sheet: string, address: string): Promise<unknown[][]> {
  return excel.run(async (context) => {
    const range = context.workbook.worksheets.getItem(sheet).getRange(address).load("values");
    await context.sync();
    return range.values;
  });
}

const sheet = (rows: unknown[][] = []) => createFakeExcel({ sheets: { S: rows as never } });

describe("fake Excel: formulas", () => {
  test("arithmetic gives the double computed; division by zero is #DIV/0!", async () => {
    const excel = sheet();
    await write(excel, "S", "A1:C1", [["=22*32.7", "=1/0", "=2^0.5"]]);
    expect(await read(excel, "S", "A1:C1")).toEqual([[719.4000000000001, "#DIV/0!", Math.SQRT2]]);
    expect(excel.cellError("S", "B1")).toEqual({ code: "#DIV/0!" });
  });

  test("a formula reads its references and is computed again after they change", async () => {
    const excel = sheet([[2, "=A1*3"]]);
    await write(excel, "S", "B1", [["=A1*3"]]);
    expect(excel.cell("S", "B1")).toBe(6);
    excel.typeCell("S", "A1", "5");
    expect(excel.cell("S", "B1")).toBe(15);
    await write(excel, "S", "A1", [[7]]);
    expect((await read(excel, "S", "B1"))[0]).toEqual([21]);
  });

  test("coercions: numeric text takes part in arithmetic, other text is #VALUE!, & joins, = ignores case", async () => {
    const excel = sheet([["1", "x", true]]);
    await write(excel, "S", "A2:E2", [['="1"+1', "=B1+1", '="a"&1&TRUE', '="a"="A"', "=C1+D9"]]);
    expect(await read(excel, "S", "A2:E2")).toEqual([[2, "#VALUE!", "a1TRUE", true, 1]]);
  });

  test("worksheet functions: SUM of a whole column, SUMIFS with criteria, DATE and EDATE as serials", async () => {
    const excel = sheet([
      [10, "DEPOSIT", 46053],
      [20, "DISTRIBUTION", 46060],
      [30, "DEPOSIT", 46090],
    ]);
    await write(excel, "S", "E1:E4", [
      ["=SUM(A:A)"],
      ['=SUMIFS($A:$A,$B:$B,"DEPOSIT",$C:$C,">="&DATE(2026,1,1),$C:$C,"<"&EDATE(DATE(2026,1,1),1))'],
      ["=EDATE(DATE(2026,1,31),1)"],
      ['=IF(ROUND(0.001,2)=0,"ok","no")'],
    ]);
    // 2026-02-28 is serial 46081 (EDATE keeps the month's last day).
    expect(await read(excel, "S", "E1:E4")).toEqual([[60], [10], [46081], ["ok"]]);
  });

  test("IF evaluates only the branch it returns", async () => {
    const excel = sheet();
    const called: unknown[] = [];
    (await library()).associate("PING", () => {
      called.push(1);
      return 1;
    });
    excel.useCustomFunctions({
      namespace: "T",
      metadata: [{ functions: [{ id: "PING", name: "PING", parameters: [] }] }],
    });
    await write(excel, "S", "A1", [['=IF(FALSE,T.PING(),"no")']]);
    expect(excel.cell("S", "A1")).toBe("no");
    expect(called).toEqual([]);
  });

  test("an array spills right and down; a value in the way is #SPILL!; A1# is the spill", async () => {
    const excel = sheet();
    await write(excel, "S", "A1", [["={1,2;3,4}"]]);
    await write(excel, "S", "D1", [["=SUM(A1#)"]]);
    expect(await read(excel, "S", "A1:D2")).toEqual([
      [1, 2, "", 10],
      [3, 4, "", ""],
    ]);
    expect(excel.formula("S", "B2")).toBeUndefined();
    await write(excel, "S", "B2", [["x"]]);
    expect((await read(excel, "S", "A1:B2"))[0]).toEqual(["#SPILL!", ""]);
    expect(excel.cell("S", "D1")).toBe("#REF!");
  });

  test("a whole-column reference reaches the spilled cells", async () => {
    const excel = sheet();
    await write(excel, "S", "A1", [["={5;6;7}"]]);
    await write(excel, "S", "C1", [["=SUM(A:A)"]]);
    expect(excel.cell("S", "C1")).toBe(18);
  });

  test("structured references: a column's data, a totals row's SUBTOTAL, the same row's value", async () => {
    const excel = createFakeExcel({
      tables: [
        {
          name: "Pay",
          sheet: "F",
          header: ["Name", "Amount"],
          rows: [
            ["a", 10],
            ["b", 32.5],
          ],
        },
      ],
    });
    await write(excel, "F", "D1:D2", [["=SUBTOTAL(109,Pay[Amount])"], ["=SUM(Pay[[#Data],[Amount]])*2"]]);
    expect(await read(excel, "F", "D1:D2")).toEqual([[42.5], [85]]);
    await write(excel, "F", "C2", [["=Pay[@Amount]*2"]]);
    expect(excel.cell("F", "C2")).toBe(20);
    expect(excel.cell("F", "D3")).toBe("");
    await write(excel, "F", "D3", [["=SUM(Nope[Amount])"]]);
    expect(excel.cell("F", "D3")).toBe("#REF!");
  });

  test("other sheets by name; a missing sheet is #REF!; an unknown function #NAME?; a circle is 0", async () => {
    const excel = createFakeExcel({ sheets: { "Folha 1": [[4]], S: [] } });
    await write(excel, "S", "A1:D1", [["='Folha 1'!A1*2", "=Nada!A1", "=NOPE(1)", "=D1+A1"]]);
    expect(await read(excel, "S", "A1:D1")).toEqual([[8, "#REF!", "#NAME?", 0]]);
    await write(excel, "S", "E1:F1", [["=F1+1", "=E1+1"]]);
    expect(await read(excel, "S", "E1:F1")).toEqual([[0, 0]]);
  });

  test("Excel refuses a formula it cannot parse; text starting with + that is no formula stays text", async () => {
    const excel = sheet();
    await expect(write(excel, "S", "A1", [["=SUM(1,"]])).rejects.toMatchObject({ name: "RichApi.Error" });
    expect(excel.cell("S", "A1")).toBe("");
    await write(excel, "S", "B1:C1", [["+55 11 9999", "-5+1"]]);
    expect(excel.cell("S", "B1")).toBe("+55 11 9999");
    expect(excel.formula("S", "C1")).toBe("=-5+1");
    expect(excel.cell("S", "C1")).toBe(-4);
  });
  test("a large sheet's formulas over empty cells are computed in one pass, a spill they read included", async () => {
    // Every empty cell a formula reads asks whether a spill covers it; that answer is worked out
    // once per change and per formula under way, not by scanning the sheet at every cell (an
    // 8,000-row template read for 10 minutes before).
    const rows = 5_000;
    const excel = sheet();
    await write(excel, "S", "E1", [["={10;11;12}"]]);
    await write(
      excel,
      "S",
      `A1:A${rows}`,
      Array.from({ length: rows }, (_, i) => [`=B${i + 1}+C${i + 1}+E${(i % 3) + 1}`]),
    );
    await write(excel, "S", `A${rows + 1}`, [[`=SUM(A1:A${rows})+SUM(B1:C${rows})`]]);
    const started = performance.now();
    const values = await read(excel, "S", `A1:A${rows + 1}`);
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(values.slice(0, 4)).toEqual([[10], [11], [12], [10]]);
    expect(values[rows]).toEqual([(10 + 11 + 12) * Math.floor(rows / 3) + 10 + 11]);
    // The spill changes: the formulas that read it are computed again.
    await write(excel, "S", "E1", [["={20;21;22}"]]);
    expect(await read(excel, "S", "A1:A2")).toEqual([[20], [21]]);
  });
});

describe("fake Excel: custom functions", () => {
  const metadata = [
    {
      functions: [
        { id: "BALANCE", name: "BALANCE", parameters: [], options: { stream: true } },
        {
          id: "DOUBLE",
          name: "DOUBLE",
          parameters: [
            { name: "n", type: "number" },
            { name: "label", type: "string", optional: true },
          ],
        },
      ],
    },
    {
      functions: [
        { id: "BALANCE", name: "SALDO" },
        { id: "DOUBLE", name: "DOBRO" },
      ],
    },
  ];

  test("a streaming function is #BUSY! until its result, then each result as it comes", async () => {
    const excel = sheet();
    const functions = await library();
    const cells: Array<{
      address: string;
      functionName: string;
      setResult(v: unknown): void;
      onCanceled?: () => void;
    }> = [];
    let recalculated = 0;
    excel.onRecalculated(() => recalculated++);
    functions.associate("BALANCE", (invocation: (typeof cells)[0]) => void cells.push(invocation));
    excel.useCustomFunctions({ namespace: "VALEPIX", metadata });
    await write(excel, "S", "B2:C2", [["=VALEPIX.BALANCE()", "=B2*2"]]);
    expect(await read(excel, "S", "B2:C2")).toEqual([["#BUSY!", "#BUSY!"]]);
    // The invocation reached the library's runtime, which called the function with its
    // InvocationContext: the cell's address and the function's id.
    expect(cells.map((c) => [c.address, c.functionName])).toEqual([["S!B2", "BALANCE"]]);
    let result = nextResult(excel);
    cells[0]?.setResult(150.25);
    await result;
    expect(recalculated).toBe(1);
    expect(await read(excel, "S", "B2:C2")).toEqual([[150.25, 300.5]]);
    result = nextResult(excel);
    cells[0]?.setResult(new functions.Error("#N/A", "conecte-se no painel ValePix"));
    await result;
    expect(excel.cellError("S", "B2")).toEqual({ code: "#N/A", message: "conecte-se no painel ValePix" });
    // Clearing the cell cancels the call (the library calls onCanceled); a late result changes nothing.
    let canceled = 0;
    if (cells[0]) cells[0].onCanceled = () => canceled++;
    await write(excel, "S", "B2", [[""]]);
    await excel.settle();
    expect(canceled).toBe(1);
    cells[0]?.setResult(1);
    await excel.settle();
    expect(excel.cell("S", "B2")).toBe("");
  });

  test("localized names, omitted optional arguments as null, number arguments coerced, promises awaited", async () => {
    const excel = sheet([["21"]]);
    const calls: unknown[][] = [];
    (await library()).associate("DOUBLE", (n: number, label: unknown) => {
      calls.push([n, label]);
      return Promise.resolve(n * 2);
    });
    excel.useCustomFunctions({ namespace: "VALEPIX", metadata });
    const settled = nextResult(excel);
    await write(excel, "S", "B1:D1", [["=VALEPIX.DOBRO(A1)", '=VALEPIX.DOUBLE("x")', "=VALEPIX.DOUBLE()"]]);
    expect(await read(excel, "S", "B1:D1")).toEqual([["#BUSY!", "#VALUE!", "#VALUE!"]]);
    await settled;
    expect(excel.cell("S", "B1")).toBe(42);
    expect(calls).toEqual([[21, null]]);
  });

  test("an array result spills; an exception is #VALUE!; a thrown CustomFunctions.Error is its error", async () => {
    const excel = sheet();
    const functions = await library();
    functions.associate("BALANCE", (invocation: { setResult(v: unknown): void }) =>
      invocation.setResult([
        ["Data", "Valor"],
        [46053, 10],
      ]),
    );
    functions.associate("DOUBLE", (n: number) => {
      if (n === 1) throw new Error("boom");
      throw new functions.Error("#N/A", "sem dados");
    });
    excel.useCustomFunctions({ namespace: "VALEPIX", metadata });
    const settled = nextResult(excel);
    await write(excel, "S", "A1:E1", [
      ["=VALEPIX.SALDO()", "", "", "=VALEPIX.DOUBLE(1)", "=VALEPIX.DOUBLE(2)"],
    ]);
    // Computed when read: the three calls start, each #BUSY! until its result.
    expect(await read(excel, "S", "A1:E1")).toEqual([["#BUSY!", "", "", "#BUSY!", "#BUSY!"]]);
    await settled;
    await excel.settle();
    expect(await read(excel, "S", "A1:E2")).toEqual([
      ["Data", "Valor", "", "#VALUE!", "#N/A"],
      [46053, 10, "", "", ""],
    ]);
    expect(excel.cellError("S", "E1")).toEqual({ code: "#N/A", message: "sem dados" });
  });
});
