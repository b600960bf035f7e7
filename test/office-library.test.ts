/**
 * The client the tests run is Microsoft's office.js, unmodified, with the fake Excel as its host:
 * its request context, its refusals before anything is sent (a property not loaded, an API above
 * the manifest's requirement sets), and the errors the host answers with, as the library reports
 * them (`debugInfo.statement` from the failing action's index).
 */
import { createFakeExcel } from "../src/excel/fake";
import { officeLibrary, setVersionWithin } from "../src/excel/fake/client";

const excel = () => createFakeExcel({ sheets: { Folha: [["a", 1]] } });
/** The adapter's subset widened to the library's own types, for what the subset leaves out. */
const real = (context: unknown) => context as Excel.RequestContext;

test("the request context is the library's: an Excel.RequestContext, an OfficeExtension.ClientRequestContext", async () => {
  const library = await officeLibrary();
  const kinds = await excel().run((context) =>
    Promise.resolve({
      excel: context instanceof library.Excel.RequestContext,
      client: context instanceof library.OfficeExtension.ClientRequestContext,
    }),
  );
  expect(kinds).toEqual({ excel: true, client: true });
});

test("reading a property not loaded throws the library's PropertyNotLoaded, before any request", async () => {
  const fake = excel();
  fake.resetStats();
  const read = fake.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem("Folha");
    return Promise.resolve(sheet.name);
  });
  await expect(read).rejects.toMatchObject({ name: "RichApi.Error", code: "PropertyNotLoaded" });
});

test("a missing sheet fails with ItemNotFound at its statement (debugInfo.statement)", async () => {
  const read = excel().run(async (context) => {
    const range = context.workbook.worksheets.getItem("Nope").getRange("A1").load("values");
    await context.sync();
    return range.values;
  });
  await expect(read).rejects.toMatchObject({
    code: "ItemNotFound",
    // The library prints the statement without its arguments (they may be personal data).
    debugInfo: { statement: "var worksheet = worksheets.getItem(...);" },
  });
});

test("the library asks the host for its requirement sets: the manifest's, which split large writes", async () => {
  // office.js splits a values write of more than 1,500 cells only where ExcelApi 1.3 is supported
  // (`setRangePropertiesInBulk`), asking `Office.context.requirements.isSetSupported`: the
  // manifest declares ExcelApi 1.8, so 3,000 cells go as two writes of 1,500 in one request.
  const actionsOfWrite = async (rows: number) => {
    const fake = excel();
    fake.resetStats();
    await fake.run(async (context) => {
      const cells = Array.from({ length: rows }, (_, i) => [i]);
      context.workbook.worksheets.getItem("Folha").getRange(`C1:C${rows}`).values = cells;
      await context.sync();
    });
    expect(fake.cell("Folha", `C${rows}`)).toBe(rows - 1);
    expect(fake.stats.syncs).toBe(1);
    return fake.stats.records[0]!.operations;
  };
  const whole = await actionsOfWrite(1500);
  // The split adds the size check and, per block, its range (row, row, bounding rectangle) and write.
  expect(await actionsOfWrite(3000)).toBeGreaterThan(whole + 4);
});

test("the library's own requirement-set check is off in this build: a call above the manifest reaches the host", async () => {
  // excel-web-16.00.js ends with `OfficeExtension.Utility._doApiNotSupportedCheck = true`, but
  // `throwIfApiNotSupported` reads `CommonUtility._doApiNotSupportedCheck` (false): no ApiNotFound.
  // test/api-sets.test.ts is what keeps the add-in within the manifest's sets.
  const fake = excel();
  fake.selectAreas("Folha", "A1", "C3:D4");
  const areas = await fake.run(async (context) => {
    // Worksheet.getRanges is ExcelApi 1.9; the manifest declares 1.8.
    const selected = real(context).workbook.worksheets.getItem("Folha").getRanges("A1, C3:D4");
    selected.load("areaCount,address");
    await context.sync();
    return { count: selected.areaCount, address: selected.address };
  });
  expect(areas).toEqual({ count: 2, address: "Folha!A1,Folha!C3:D4" });
});

test("requirement-set versions compare as a major and a whole minor, never as decimals", () => {
  expect(setVersionWithin("1.3", "1.12")).toBe(true);
  expect(setVersionWithin("1.10", "1.8")).toBe(false);
  expect(setVersionWithin(1.8, "1.8")).toBe(true);
  expect(setVersionWithin("1.9", "1.10")).toBe(true);
  expect(setVersionWithin(undefined, "1.1")).toBe(true);
  expect(setVersionWithin("2.0", "1.12")).toBe(false);
});
