/**
 * Booking months against the sandbox over loopback (manual clock), through the paths a person
 * takes: a table with a cost-centre column paid in January and February (send, finalize), then
 * each month booked: the accounts table first, the entries balanced to the cent and equal to the
 * API's totals, a month booked twice leaving one set of lines, and the cost centre never sent.
 */
import { type Employee, type Product, type ValePixClient, collectAll } from "../../api";
import { formatCpf } from "../../money";
import type { MemoryWorkbook } from "../../excel/memory-workbook";
import type { CellValue } from "../../workbook";
import {
  finalizeBody,
  fundBalance,
  newWorkbook,
  startWorkflowEnv,
  type WorkflowEnv,
} from "../testing/workflows-env";
import { finalizeSheet, sendSheet } from "../distribute";
import { BooksError, bookMonth, bookableMonths } from "./books";
import { findAccounts } from "./accounts";

jest.setTimeout(60_000);

const TABLE = "Beneficios";
const HEADER = ["CPF", "Nome", "Centro de custo", "Refeição", "Alimentação"];
const DAY = 86_400_000;

let env: WorkflowEnv;
afterEach(async () => {
  await env.close();
});

/** Every request body the client sent, as text. */
const bodies: string[] = [];
const recordingFetch: typeof fetch = (input, init) => {
  if (typeof init?.body === "string") bodies.push(init.body);
  return fetch(input, init);
};

async function world(api: ValePixClient) {
  const employees: Employee[] = await collectAll(api.employees.list(), { max: 1000 });
  const products: Product[] = await collectAll(api.products.list(), { max: 100 });
  return {
    people: employees.filter((e) => e.situation === "active").slice(0, 4),
    ref: products.find((p) => p.name === "Refeição")!.id,
    ali: products.find((p) => p.name === "Alimentação")!.id,
  };
}

/** Pays the table as it is now, finalized at the sandbox's time. */
async function payTable(api: ValePixClient, wb: MemoryWorkbook, description: string): Promise<string> {
  const sent = await sendSheet(api, { workbook: wb, table: TABLE });
  await finalizeSheet(
    api,
    {
      workbook: wb,
      table: TABLE,
      distributionId: sent.distributionId,
      fingerprint: sent.fingerprint,
      body: finalizeBody(description),
    },
    { now: env.clock.now },
  );
  return sent.distributionId;
}

/** The entries sheet's rows as objects by header. */
async function entries(wb: MemoryWorkbook): Promise<Array<Record<string, CellValue>>> {
  const table = (await wb.getTable("ValePix_Lancamentos"))!;
  const [header, ...rows] = wb.sheetValues(table.sheet);
  return rows.map((row) => Object.fromEntries(header!.map((h, i) => [String(h), row[i] ?? ""])));
}

const cents = (v: CellValue) => (typeof v === "number" ? Math.round(v * 100) : 0);

async function fillAccounts(wb: MemoryWorkbook): Promise<void> {
  const table = (await findAccounts(wb))!;
  const [header, ...rows] = wb.sheetValues(table.sheet);
  const key = header!.indexOf("Chave ValePix");
  const account = (k: CellValue) =>
    k === "balance" ? "1.1.3.01" : k === "bank" ? "1.1.1.02" : `3.1.${String(k).slice(-3)}`;
  await wb.writeColumns(table.name, [
    { header: "Conta contábil", values: rows.map((r) => account(r[key]!)) },
  ]);
}

test("two months paid with cost centres are booked: accounts first, balanced, equal to the API, once", async () => {
  bodies.length = 0;
  env = await startWorkflowEnv({}, { fetch: recordingFetch });
  const api = env.client;
  const w = await world(api);
  const [a, b, c, d] = w.people;
  const cpf = (e: Employee) => formatCpf(e.cpf!);
  const wb = newWorkbook([
    {
      name: TABLE,
      header: HEADER,
      rows: [
        [cpf(a!), a!.name, "1010 Vendas", 600, 450],
        [cpf(b!), b!.name, "2020 Fábrica", 600, ""],
        [cpf(c!), c!.name, "1010 Vendas", 550, 450],
        [cpf(d!), d!.name, "", 300, 0],
      ],
    },
  ]);
  await fundBalance(env, api, 500_000);
  const january = await payTable(api, wb, "Benefícios de janeiro");
  expect(await bookableMonths(wb)).toEqual(["2026-01"]);

  // The first booking creates the accounts table and names what to fill in; nothing is booked.
  const refused = bookMonth(api, wb, "2026-01", { locale: "pt-BR" });
  await expect(refused).rejects.toThrow(BooksError);
  await expect(refused).rejects.toThrow(/Falta a conta contábil de: .*Refeição.*Alimentação/);
  expect(await wb.getTable("ValePix_Lancamentos")).toBeNull();
  await fillAccounts(wb);

  const booked = await bookMonth(api, wb, "2026-01", { locale: "pt-BR" });
  const server = await api.distributions.get(january);
  expect(booked).toMatchObject({ distributions: 1, deposits: 1, replaced: 0, undatedDeposits: 0 });
  expect(booked.withoutCostCentreCents).toBe(30_000);
  expect(booked.debitCents).toBe(booked.creditCents);
  expect(booked.debitCents).toBe(server.total_amount * 1 + 500_000);
  const lines = await entries(wb);
  const jan = lines.filter((l) => l["ID da distribuição"] === january);
  expect(
    jan.map((l) => [l["Centro de custo"], l["Produto"], cents(l["Débito"]!), cents(l["Crédito"]!)]),
  ).toEqual([
    ["(sem centro de custo)", "Refeição", 30_000, 0],
    ["1010 Vendas", "Alimentação", 90_000, 0],
    ["1010 Vendas", "Refeição", 115_000, 0],
    ["2020 Fábrica", "Refeição", 60_000, 0],
    ["", "", 0, 295_000],
  ]);
  expect(server.total_amount).toBe(295_000);
  expect(jan.at(-1)!["Conta"]).toBe("1.1.3.01");
  const deposit = lines.filter((l) => l["Origem"] === "Depósito PIX");
  expect(deposit.map((l) => [l["Conta"], cents(l["Débito"]!), cents(l["Crédito"]!)])).toEqual([
    ["1.1.3.01", 500_000, 0],
    ["1.1.1.02", 0, 500_000],
  ]);
  expect(typeof lines[0]!["Data"]).toBe("number");

  // Booking January again replaces its lines: one set.
  const again = await bookMonth(api, wb, "2026-01", { locale: "pt-BR" });
  expect(again.replaced).toBe(lines.length);
  expect(await entries(wb)).toEqual(lines);

  // February: Ana moves to the factory, Bruno gets food too; paid and booked.
  env.clock.advance(31 * DAY);
  await wb.writeColumns(TABLE, [
    { header: "Centro de custo", values: ["2020 Fábrica", "2020 Fábrica", "1010 Vendas", ""] },
    { header: "Alimentação", values: [450, 200, 450, 0] },
  ]);
  await fundBalance(env, api, 200_000);
  const february = await payTable(api, wb, "Benefícios de fevereiro");
  expect(await bookableMonths(wb)).toEqual(["2026-02", "2026-01"]);
  const feb = await bookMonth(api, wb, "2026-02", { locale: "pt-BR" });
  expect(feb).toMatchObject({ distributions: 1, deposits: 1, replaced: 0 });
  expect(feb.debitCents).toBe((await api.distributions.get(february)).total_amount + 200_000);
  const all = await entries(wb);
  expect(all).toHaveLength(lines.length + feb.lines);
  for (const id of [january, february]) {
    const own = all.filter((l) => l["ID da distribuição"] === id);
    const debit = own.reduce((s, l) => s + cents(l["Débito"]!), 0);
    expect(debit).toBe(own.reduce((s, l) => s + cents(l["Crédito"]!), 0));
    expect(debit).toBe((await api.distributions.get(id)).total_amount);
  }

  // The cost centres never left the workbook.
  expect(bodies.length).toBeGreaterThan(5);
  for (const text of ["Vendas", "Fábrica", "F\\u00e1brica", "centro", "cost"])
    expect(bodies.filter((body) => body.includes(text))).toEqual([]);
});
