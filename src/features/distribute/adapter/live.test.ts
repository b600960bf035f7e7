/**
 * Live validation through the pane's adapter, as a person types into the fake Excel (as in the
 * preview): the changed rows' status cells and the summary follow, at a constant number of syncs
 * whatever the table's size.
 */
import { createFakeExcel } from "../../../excel/fake";
import { MemoryWorkbook, createMemoryWorkbook } from "../../../excel/memory-workbook";
import { type CellValue, type TableChange } from "../../../workbook";
import { PRODUCTS, makeEmployees } from "../../../workbook/testing/people";
import type { DistributeServices } from "../services";
import { distributeServices } from "./adapter";
import { directoryClient } from "../testing/directory-client";
import { recordPayment } from "../../../workbook/ledger";

const HEADER = ["CPF", "Nome", "Vale Refeição", "Vale Alimentação"];
/** Waits until the workbook's office.js round trips (an event's handler may start some) are over. */
const settle = (wb: MemoryWorkbook) => wb.excel.settle();
const signal = new AbortController().signal;
const run = { signal, onProgress: () => {} };

interface Setup {
  wb: MemoryWorkbook;
  services: DistributeServices;
  changes: TableChange[];
  /** Types into a cell, waits for the change to be placed, and revalidates the changes so far. */
  type(a1: string, value: CellValue): Promise<Awaited<ReturnType<DistributeServices["revalidate"]>>>;
}

async function setup(n: number): Promise<Setup> {
  const employees = makeEmployees(n);
  const rows = employees.map((e) => [e.cpf!, e.name, 600, 300]);
  const wb = createMemoryWorkbook({ tables: [{ name: "Dist", sheet: "Folha", header: HEADER, rows }] });
  const services = distributeServices(directoryClient(employees, PRODUCTS), wb, "pt-BR");
  await services.validate("Dist", run);
  const changes: TableChange[] = [];
  await services.watchTable("Dist", (c) => changes.push(c));
  return {
    wb,
    services,
    changes,
    type: async (a1, value) => {
      wb.typeCell("Folha", a1, value);
      await settle(wb);
      return services.revalidate("Dist", signal, changes.splice(0));
    },
  };
}

describe("live validation through the adapter", () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup(40);
  });

  test("a typo shows in the row's status cell and in the summary, and clears when fixed", async () => {
    expect(s.wb.cell("Folha", "E7")).toBe("Pronto");
    let view = await s.type("C7", "12,345");
    expect(s.wb.cell("Folha", "E7")).toBe("Erro");
    // Typed in Brazilian Excel, "12,345" is the number 12,345: a fraction of a cent, shown as typed.
    expect(String(s.wb.cell("Folha", "F7"))).toMatch(
      /'12,345' tem mais de duas casas decimais; escreva 12,35 ou 12,34/,
    );
    expect(s.wb.cell("Folha", "G7")).toBe("");
    expect(view.ok).toBe(false);
    expect(view.summary.errors).toBe(1);
    expect(view.issues[0]).toMatchObject({ row: 7, rowIndex: 5, column: "Vale Refeição" });
    expect(view.summary.grandTotalCents).toBe(39 * 90_000);

    view = await s.type("C7", "123,45");
    expect(s.wb.cell("Folha", "E7")).toBe("Pronto");
    expect(s.wb.cell("Folha", "F7")).toBe("");
    expect(s.wb.cell("Folha", "G7")).toBe(423.45);
    expect(view.ok).toBe(true);
    expect(view.summary.grandTotalCents).toBe(39 * 90_000 + 42_345);
    // The problem list still leads to the cell.
    await s.type("D9", "x");
    const issue = (await s.services.revalidate("Dist", signal, [])).issues.find((i) => i.row === 9)!;
    await s.services.selectIssue("Dist", issue);
    expect(s.wb.excel.selection()).toEqual({ sheet: "Folha", address: "D9" });
    await s.type("D9", 300);
  });

  test("a CPF typed twice makes the other, unchanged row an error; removing it makes that row ready again", async () => {
    const cpf = s.wb.cell("Folha", "A2");
    await s.type("A12", cpf);
    expect(s.wb.cell("Folha", "E12")).toBe("Erro");
    expect(s.wb.cell("Folha", "E2")).toBe("Erro");
    expect(String(s.wb.cell("Folha", "F2"))).toMatch(/12/);
    const view = await s.type("A12", makeEmployees(11)[10]!.cpf!);
    expect(s.wb.cell("Folha", "E2")).toBe("Pronto");
    expect(s.wb.cell("Folha", "E12")).toBe("Pronto");
    expect(view.ok).toBe(true);
  });

  test("the incremental result is the full revalidation's", async () => {
    await s.type("C3", "");
    await s.type("D20", 1_234.5);
    const incremental = await s.services.revalidate("Dist", signal, []);
    const full = await s.services.revalidate("Dist", signal);
    expect(incremental).toEqual(full);
  });

  test("the add-in's own writes are ignored, even when the host reports them", async () => {
    // Office.js reports changes made by add-in code unless its events are off: write a status cell
    // with events on, straight through the fake's Excel.run.
    const before = s.changes.length;
    await s.wb.excel.run(async (context) => {
      context.workbook.tables
        .getItem("Dist")
        .columns.getItem("Status ValePix")
        .getDataBodyRange()
        .getRow(3).values = [["Pronto"]];
      await context.sync();
    });
    await settle(s.wb);
    expect(s.changes.length).toBe(before);
    // A person's edit of the same column is the add-in's column too: nothing to validate.
    s.wb.typeCell("Folha", "E5", "ok");
    await settle(s.wb);
    expect(s.changes.length).toBe(before);
  });
});

describe("a paid row keeps its record as people type (the status rule, live)", () => {
  test("left out it shows its last payment, never Pronto; with amounts again it is ready, the record in its message", async () => {
    const employees = makeEmployees(5);
    const rows = employees.map((e) => [e.cpf!, e.name, 600, 300]);
    const wb = createMemoryWorkbook({ tables: [{ name: "Dist", sheet: "Folha", header: HEADER, rows }] });
    const at = new Date(2026, 10, 24, 14, 30).getTime();
    await recordPayment(
      wb,
      {
        at,
        distributionId: "dst_nov",
        label: "Distribuição de novembro",
        table: "Dist",
        paymentMethod: "BALANCE",
        state: "completed",
        items: [{ employee_id: employees[2]!.employee_id, values: new Map([[PRODUCTS[0]!.id, 60_000]]) }],
        employee: () => undefined,
        product: () => undefined,
      },
      "pt-BR",
    );
    const services = distributeServices(directoryClient(employees, PRODUCTS), wb, "pt-BR");
    await services.validate("Dist", run);
    const changes: TableChange[] = [];
    await services.watchTable("Dist", (c) => changes.push(c));
    const type = async (a1: string, value: CellValue) => {
      wb.typeCell("Folha", a1, value);
      await settle(wb);
      return services.revalidate("Dist", signal, changes.splice(0));
    };
    expect(wb.cell("Folha", "E4")).toBe("Pronto");
    expect(wb.cell("Folha", "F4")).toBe(
      "Último pagamento: Pago em 24/11/2026 · Distribuição de novembro (R$ 600,00)",
    );
    await type("C4", "");
    await type("D4", "");
    expect(wb.cell("Folha", "E4")).toBe("Pago em 24/11/2026 · Distribuição de novembro");
    expect(wb.cell("Folha", "G4")).toBe(0);
    // A row never paid, left out: "Sem valores".
    await type("C5", 0);
    await type("D5", "");
    expect(wb.cell("Folha", "E5")).toBe("Sem valores");
    await type("C4", 700);
    expect(wb.cell("Folha", "E4")).toBe("Pronto");
  });
});

describe("live validation falls back to a full validation", () => {
  test("when the table has rows it did not hear of, or its header changed", async () => {
    const s = await setup(12);
    // Rows added by the add-in itself (events off): the next edit finds the table grown.
    const extra = makeEmployees(14).slice(12);
    await s.wb.appendRows(
      "Dist",
      extra.map((e) => [e.cpf!, e.name, "abc", 1, "", "", ""]),
    );
    let view = await s.type("C3", 700);
    expect(view.summary.rowsRead).toBe(14);
    // Two rows of people the directory does not know, each with an amount that is not one.
    expect(view.summary.errors).toBe(4);
    expect(view.summary.rowsWithErrors).toBe(2);
    expect(s.wb.cell("Folha", "E14")).toBe("Erro");
    expect(s.wb.cell("Folha", "E3")).toBe("Pronto");

    // A header edited: the mapping may have moved, so the whole table is read again.
    view = await s.type("D1", "Observações");
    expect(s.changes).toEqual([]);
    expect(view.summary.perProduct.get(PRODUCTS[1]!.id)).toBeUndefined();
    expect(view.summary.rowsRead).toBe(14);
  });
});

describe("a one-row edit costs the same syncs at 1,000 and 50,000 rows", () => {
  const syncsOfOneEdit = async (n: number) => {
    const s = await setup(n);
    s.wb.resetStats();
    const view = await s.type(`C${n}`, "1.234,56");
    expect(view.summary.rowsRead).toBe(n);
    expect(s.wb.cell("Folha", `G${n}`)).toBe(1_234.56 + 300);
    return { syncs: s.wb.stats.syncs, bytes: s.wb.stats.maxRequestBytes + s.wb.stats.maxResponseBytes };
  };

  test("2 syncs: read the row with the table's position, write its status cells", async () => {
    const small = await syncsOfOneEdit(1_000);
    const large = await syncsOfOneEdit(50_000);
    // The change is placed from the table's position as last read (no sync at the event), and
    // that position is verified in the same sync as the row.
    expect(small.syncs).toBe(2);
    expect(large.syncs).toBe(small.syncs);
    // The bytes are office.js's requests and answers (object paths and actions, about 7 KB in
    // all), the same at both sizes but for a few digits of the row numbers.
    expect(Math.abs(large.bytes - small.bytes)).toBeLessThan(100);
    expect(large.bytes).toBeLessThan(10_000);
  }, 60_000);
});

describe("the table changes between the read and the status write", () => {
  test("a table that shrank gets no status cells below it; it is validated in full as it is", async () => {
    const employees = makeEmployees(40);
    const rows = employees.map((e) => [e.cpf!, e.name, 600, 300]);
    const excel = createFakeExcel({
      culture: "pt-BR",
      tables: [{ name: "Dist", sheet: "Folha", header: HEADER, rows }],
    });
    let shrinkAfterRead = false;
    // A person resizes the table to 35 rows while the edited rows are being judged.
    class ShrinkingWorkbook extends MemoryWorkbook {
      override async readTableRowRanges(...args: Parameters<MemoryWorkbook["readTableRowRanges"]>) {
        const read = await super.readTableRowRanges(...args);
        if (shrinkAfterRead) excel.resizeTableRows("Dist", 35);
        return read;
      }
    }
    const wb = new ShrinkingWorkbook(excel);
    const services = distributeServices(directoryClient(employees, PRODUCTS), wb, "pt-BR");
    await services.validate("Dist", run);
    const changes: TableChange[] = [];
    await services.watchTable("Dist", (c) => changes.push(c));
    expect(wb.cell("Folha", "E41")).toBe("Pronto");

    shrinkAfterRead = true;
    wb.typeCell("Folha", "C41", "12,345");
    await settle(wb);
    const view = await services.revalidate("Dist", signal, changes.splice(0));
    shrinkAfterRead = false;

    // Row 41 is below the table now: its status cells are as they were, not the edit's "Erro".
    expect(excel.table("Dist").address).toBe("A1:G36");
    expect(wb.cell("Folha", "E41")).toBe("Pronto");
    expect(wb.cell("Folha", "F41")).toBe("");
    expect(view.summary.rowsRead).toBe(35);
    expect(view.summary.errors).toBe(0);
    expect(wb.cell("Folha", "E36")).toBe("Pronto");
  });
});
