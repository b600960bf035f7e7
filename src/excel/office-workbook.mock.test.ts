/**
 * Pins which Office.js calls the adapter makes, against office-addin-mock (docs/architecture.md §4: the mock
 * returns what it is seeded with and checks nothing else; behaviour is proven over the fake).
 * The adapter is built with `officeWorkbook()`, so these go through the global `Excel.run`.
 */
import { OfficeMockObject } from "office-addin-mock";
import { WorkbookHostError } from "./errors";
import { officeWorkbook } from "./office-workbook";

function install(data: Record<string, unknown>): void {
  const mock = new OfficeMockObject({
    ...data,
    run: async function (this: { context: unknown }, batch: (context: unknown) => Promise<unknown>) {
      return batch(this.context);
    },
  });
  (globalThis as { Excel?: unknown }).Excel = mock;
}

afterEach(() => {
  delete (globalThis as { Excel?: unknown }).Excel;
});

describe("OfficeWorkbook against office-addin-mock", () => {
  test("removeSetting deletes the item by key through Workbook.settings", async () => {
    const calls: string[] = [];
    install({
      context: {
        workbook: {
          settings: {
            item: { delete: () => void calls.push("delete") },
            getItem(this: { item: unknown }, key: string) {
              calls.push(`getItem ${key}`);
              return this.item;
            },
          },
        },
      },
    });
    await officeWorkbook().removeSetting("valepix.mapping");
    expect(calls).toEqual(["getItem valepix.mapping", "delete"]);
  });

  test("setSetting calls settings.add with the key and a copy of the value, then syncs", async () => {
    const added: Array<[string, unknown]> = [];
    install({
      context: {
        workbook: {
          settings: {
            add: (key: string, value: unknown) => {
              added.push([key, value]);
              return {};
            },
          },
        },
      },
    });
    await officeWorkbook().setSetting("valepix.mapping", { a: [1] });
    expect(added).toEqual([["valepix.mapping", { a: [1] }]]);
  });

  test("selectTableCell checks the row against the column's data body, then selects getCell(row, 0)", async () => {
    const calls: string[] = [];
    install({
      context: {
        workbook: {
          tables: {
            table: {
              columns: {
                column: {
                  body: {
                    rowCount: 10,
                    cell: { select: () => void calls.push("select") },
                    getCell(this: { cell: unknown }, r: number, c: number) {
                      calls.push(`cell ${r},${c}`);
                      return this.cell;
                    },
                  },
                  getDataBodyRange(this: { body: unknown }) {
                    return this.body;
                  },
                },
                getItem(this: { column: unknown }, header: string) {
                  calls.push(`column ${header}`);
                  return this.column;
                },
              },
            },
            getItem(this: { table: unknown }, name: string) {
              calls.push(`table ${name}`);
              return this.table;
            },
          },
        },
      },
    });
    await officeWorkbook().selectTableCell("Dist", 4, "Valor");
    expect(calls).toEqual(["table Dist", "column Valor", "cell 4,0", "select"]);
    await expect(officeWorkbook().selectTableCell("Dist", 10, "Valor")).rejects.toThrow(RangeError);
  });

  test("an Office error becomes a WorkbookHostError with the same code", async () => {
    install({
      context: {
        workbook: {
          settings: {
            getItemOrNullObject: () => {
              throw Object.assign(new Error("The requested resource doesn't exist."), {
                code: "ItemNotFound",
              });
            },
          },
        },
      },
    });
    const err: unknown = await officeWorkbook()
      .getSetting("x")
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WorkbookHostError);
    expect(err).toMatchObject({ code: "ItemNotFound" });
  });
});
