/**
 * The ribbon commands as Excel calls them: through the handlers they gave `Office.actions.associate`,
 * with an event whose `completed()` Office waits for. Behind them, the real host (../taskpane/composition-root.ts)
 * over the fake Excel and the sandbox over loopback: the same workflows the pane runs.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { type Employee, createClient, collectAll } from "../api";
import { createFakeExcel, type FakeExcel } from "../excel/fake";
import { formatCpf } from "../money";
import { type Host, composeHost } from "../taskpane/composition-root";
import type { Notice } from "../taskpane/notices";
import { appendRunLogEntry, readRunLogEntries as readAllEntries } from "../workbook/run-log";
import { LOT_DELAY, PIX_DELAY, TOKEN_A, startTestSandbox } from "../../sandbox/test-harness";
import type { RunningSandbox } from "../../sandbox/server";
import type { ManualClock } from "../../sandbox/testkit";
import { ACTIONS, type CommandsOffice, SHORTCUT_ACTIONS, registerCommands } from "./commands";
import { hostFunctions } from "../features/testing/functions-host";
import { finalizeBody } from "../features/testing/workflows-env";

jest.setTimeout(60_000);

const TABLE = "Beneficios";
const HEADER = ["CPF", "Nome", "Refeição", "Alimentação"];

let sb: RunningSandbox;
let clock: ManualClock;
afterEach(async () => {
  await sb?.close();
});

interface Excel {
  excel: FakeExcel;
  host: Host;
  handlers: Map<string, (event?: Office.AddinCommands.Event) => unknown>;
  paneOpened: number;
  notices: Notice[];
  employees: Employee[];
  /** Calls the action as Excel does; resolves with how many times `completed()` was called. */
  click(action: string): Promise<number>;
  select(a1: string, sheet?: string): Promise<void>;
}

/** The sandbox, the fake Excel holding a distribution table, the host connected with TOKEN_A. */
async function excelWithAddin(options: { connect?: boolean; rows?: (e: Employee[]) => unknown[][] } = {}) {
  ({ sb, clock } = await startTestSandbox());
  const api = createClient({ baseUrl: sb.url, token: TOKEN_A });
  const employees = (await collectAll(api.employees.list({ situation: "active" }), { max: 100 })).slice(0, 3);
  const rows = options.rows?.(employees) ?? [
    [formatCpf(employees[0]!.cpf!), employees[0]!.name, "R$ 600,00", 450],
    [employees[1]!.cpf!, employees[1]!.name, 600, 450],
    [employees[2]!.cpf!, employees[2]!.name, 550, ""],
  ];
  const excel = createFakeExcel({
    sheets: { Resumo: [["Planilha de benefícios"]] },
    tables: [{ name: TABLE, sheet: "Plan1", header: HEADER, rows: rows as never }],
  });
  const runtime = new Map<string, string>();
  const host = composeHost({
    Office: { context: { displayLanguage: "pt-BR" } },
    OfficeRuntime: {
      storage: {
        getItem: (k) => Promise.resolve(runtime.get(k) ?? null),
        setItem: (k, v) => Promise.resolve(void runtime.set(k, v)),
        removeItem: (k) => Promise.resolve(void runtime.delete(k)),
      },
    },
    Excel: excel,
  });
  if (options.connect !== false)
    await host.services.connections.save({
      label: "Acme",
      environment: "sandbox",
      baseUrl: sb.url,
      persistence: "device",
      token: TOKEN_A,
    });
  const handlers = new Map<string, (event?: Office.AddinCommands.Event) => unknown>();
  const world: Excel = {
    excel,
    host,
    handlers,
    paneOpened: 0,
    notices: [],
    employees,
    click: (action) => click(handlers, action),
    async select(a1, sheet = "Plan1") {
      await excel.run(async (context) => {
        context.workbook.worksheets.getItem(sheet).getRange(a1).select();
        await context.sync();
      });
    },
  };
  host.notices.subscribe((n) => n && world.notices.push(n));
  const office: CommandsOffice = {
    actions: { associate: (id, fn) => void handlers.set(id, fn) },
    addin: {
      showAsTaskpane: () => {
        world.paneOpened++;
        return Promise.resolve();
      },
    },
  };
  registerCommands({ host: () => host, office: () => office });
  return world;
}

/**
 * Calls an action as Excel does (ignoring what the function returns) and waits for its
 * `event.completed()`; resolves with how many times it was called, a moment later.
 */
async function click(
  handlers: Map<string, (event?: Office.AddinCommands.Event) => unknown>,
  action: string,
): Promise<number> {
  const handler = handlers.get(action);
  if (!handler) throw new Error(`no handler for ${action}`);
  let completed = 0;
  await new Promise<void>((resolve) => {
    handler({
      completed: () => {
        completed++;
        resolve();
      },
    } as unknown as Office.AddinCommands.Event);
  });
  await new Promise((r) => setTimeout(r, 10));
  return completed;
}

/** The run log's entries that name a distribution (a `creating` entry only announces one). */
const readRunLogEntries = async (workbook: Parameters<typeof readAllEntries>[0]) =>
  (await readAllEntries(workbook)).filter((e) => e.state !== "creating");

const mutations = () => sb.requests.list().filter((r) => r.method !== "GET");
/** A column the write-back adds ("Status ValePix", "Mensagem ValePix"), read through the workbook port. */
async function column(w: Excel, header: RegExp): Promise<string[]> {
  const table = (await w.host.workbook!.getTable(TABLE))!;
  const i = table.header.findIndex((h) => header.test(h));
  expect(i).toBeGreaterThanOrEqual(0);
  const out: string[] = [];
  for await (const block of w.host.workbook!.readTableRows(TABLE))
    for (const r of block.rows) out.push(String(r[i]));
  return out;
}

/** Intl writes a no-break space after "R$". */
const plain = (s: string) => s.replace(/\u00a0/g, " ");

/**
 * The table sent to a draft from the ribbon, then finalized elsewhere (the pane, or another
 * computer): funded, finalized, the lot paid. Resolves with the draft's run-log entry.
 */
async function sentAndPaidElsewhere(w: Excel) {
  await w.select("B2");
  await w.click(ACTIONS.sendToDraft);
  const [entry] = await readRunLogEntries(w.host.workbook!);
  const api = createClient({ baseUrl: sb.url, token: TOKEN_A });
  await api.deposits.create({
    amount: 500_000,
    method: "PIX",
    name: "Financeiro Acme",
    document: "11222333000181",
  });
  clock.advance(PIX_DELAY);
  await api.distributions.finalize(entry!.distributionId, finalizeBody());
  clock.advance(LOT_DELAY * 4);
  return entry!;
}

describe("ribbon commands (shared runtime)", () => {
  test("every <FunctionName> of manifest.xml has a handler, and no handler lacks one", async () => {
    const w = await excelWithAddin({ connect: false });
    const manifest = readFileSync(path.join(__dirname, "../../manifest.xml"), "utf8");
    const declared = [...manifest.matchAll(/<FunctionName>([^<]+)<\/FunctionName>/g)].map((m) => m[1]);
    expect([...new Set(declared)].sort()).toEqual(Object.values(ACTIONS).sort());
    expect([...w.handlers.keys()].sort()).toEqual(Object.values(ACTIONS).sort());
  });

  test("open: shows the pane and completes the event", async () => {
    const w = await excelWithAddin({ connect: false });
    expect(await w.click(ACTIONS.openTaskpane)).toBe(1);
    expect(w.paneOpened).toBe(1);
  });

  test("the keyboard shortcuts: shortcuts.json names exactly the shortcut actions, each associated here", async () => {
    const w = await excelWithAddin({ connect: false });
    const file = JSON.parse(readFileSync(path.join(__dirname, "shortcuts.json"), "utf8")) as {
      actions: Array<{ id: string; type: string; name: string }>;
      shortcuts: Array<{ action: string; key: Record<string, string> }>;
    };
    expect(file.actions.map((a) => a.id)).toEqual([...SHORTCUT_ACTIONS]);
    expect(file.shortcuts.map((s) => s.action)).toEqual([...SHORTCUT_ACTIONS]);
    for (const id of SHORTCUT_ACTIONS) expect(w.handlers.has(id)).toBe(true);
    // "Guidelines for custom key combinations": a default key for every platform, modifiers
    // then one key; Microsoft's recommended Ctrl+Alt+Shift+x (Command on the Mac); no two alike.
    const keys = file.shortcuts.flatMap((s) => Object.entries(s.key));
    for (const s of file.shortcuts) expect(s.key.default).toBeDefined();
    for (const [platform, key] of keys)
      expect(`${platform}: ${key}`).toMatch(
        platform === "mac" ? /^mac: Command\+Alt\+Shift\+[A-Z]$/ : /^\w+: Ctrl\+Alt\+Shift\+[A-Z]$/,
      );
    expect(new Set(keys.map(([p, k]) => `${p} ${k}`)).size).toBe(keys.length);
    for (const a of file.actions) expect([a.type, a.name.length > 0]).toEqual(["ExecuteFunction", true]);
  });

  test("a shortcut calls the action without an event: the pane opens all the same", async () => {
    const w = await excelWithAddin({ connect: false });
    w.handlers.get(ACTIONS.openTaskpane)!();
    for (let i = 0; i < 100 && w.paneOpened === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(w.paneOpened).toBe(1);
  });

  test("validate: the table the selection is in; valid, it says so without opening the pane or sending anything", async () => {
    const w = await excelWithAddin();
    await w.select("C3");
    expect(await w.click(ACTIONS.validateTable)).toBe(1);
    expect(w.notices.at(-1)).toMatchObject({
      intent: "success",
      title: `Tabela ${TABLE} válida`,
    });
    expect(plain(w.notices.at(-1)!.body)).toContain("R$ 2.650,00");
    expect(w.notices.at(-1)!.body).toContain("3 linha(s)");
    expect(w.paneOpened).toBe(0);
    expect(mutations()).toEqual([]);
  });

  test("validate: a row that matches nobody gets its status in the sheet, the notice counts it, the pane opens", async () => {
    const w = await excelWithAddin({
      rows: (e) => [
        [e[0]!.cpf!, e[0]!.name, 600, 450],
        ["52998224725", "Ninguém", 600, 450],
      ],
    });
    await w.select("A2");
    expect(await w.click(ACTIONS.validateTable)).toBe(1);
    expect(w.notices.at(-1)).toMatchObject({ intent: "error", title: `A tabela ${TABLE} tem problemas` });
    expect(w.paneOpened).toBe(1);
    const message = await column(w, /^Mensagem/);
    expect(message[0]).toBe("");
    expect(message[1]).not.toBe("");
    expect(mutations()).toEqual([]);
  });

  test("validate with the selection outside every table: asks which table, in the pane; calls nothing", async () => {
    const w = await excelWithAddin();
    await w.select("A1", "Resumo");
    const before = sb.requests.list().length;
    expect(await w.click(ACTIONS.validateTable)).toBe(1);
    expect(w.notices.at(-1)).toMatchObject({ intent: "warning", title: "Qual tabela?" });
    expect(w.paneOpened).toBe(1);
    expect(sb.requests.list().length).toBe(before);
  });

  test("validate with two areas selected (Ctrl+click) or a chart: says to select one cell of the table; calls nothing", async () => {
    const w = await excelWithAddin();
    const before = sb.requests.list().length;
    w.excel.selectAreas("Plan1", "B2", "C4");
    expect(await w.click(ACTIONS.validateTable)).toBe(1);
    expect(w.notices.at(-1)).toMatchObject({ intent: "error", title: "Selecione uma célula da tabela" });
    w.excel.selectObject("Plan1", "Gráfico 1");
    expect(await w.click(ACTIONS.sendToDraft)).toBe(1);
    expect(w.notices.at(-1)).toMatchObject({ title: "Selecione uma célula da tabela" });
    expect(sb.requests.list().length).toBe(before);
  });

  test("send to draft (mode selected): the draft holds the sheet, the run log records it, the pane opens to finalize; again, the same draft", async () => {
    const w = await excelWithAddin();
    await w.select("B2");
    expect(await w.click(ACTIONS.sendToDraft)).toBe(1);
    const sent = w.notices.at(-1)!;
    expect(sent).toMatchObject({
      intent: "success",
      title: expect.stringMatching(/^Rascunho .+ pronto para revisão$/) as string,
    });
    expect(plain(sent.body)).toBe("3 colaborador(es), total R$ 2.650,00.");
    expect(w.paneOpened).toBe(1);
    const log = await readRunLogEntries(w.host.workbook!);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ table: TABLE, mode: "selected", state: "draft", totalCents: 265_000 });
    const api = createClient({ baseUrl: sb.url, token: TOKEN_A });
    expect(await api.distributions.get(log[0]!.distributionId)).toMatchObject({
      status: "draft",
      total_employees: 3,
      total_amount: 265_000,
    });

    expect(await w.click(ACTIONS.sendToDraft)).toBe(1);
    expect(w.notices.at(-1)!.title).toBe(sent.title);
    expect(new Set((await readRunLogEntries(w.host.workbook!)).map((e) => e.distributionId)).size).toBe(1);
  });

  test("send to draft of a sheet already paid: says when and which distribution, the id only at the end; sends nothing", async () => {
    const w = await excelWithAddin();
    await w.select("B2");
    expect(await w.click(ACTIONS.sendToDraft)).toBe(1);
    const [draft] = await readRunLogEntries(w.host.workbook!);
    expect(draft?.fingerprint).toBeDefined();
    // The same content, paid since (its run reached "completed").
    await appendRunLogEntry(w.host.workbook!, {
      ...draft!,
      at: "2026-11-24T14:03:00Z",
      state: "completed",
      totalEmployees: 3,
    });
    const before = mutations().length;
    expect(await w.click(ACTIONS.sendToDraft)).toBe(1);
    const notice = w.notices.at(-1)!;
    expect(notice).toMatchObject({ intent: "warning", title: "Esta planilha já foi paga" });
    expect(notice.body).toMatch(
      new RegExp(
        `^O mesmo conteúdo já foi pago em 24/11/2026.* \\(distribuição da tabela ${TABLE}, 3 colaboradores\\)\\. ` +
          `Nada foi enviado\\. \\(id ${draft!.distributionId}\\)$`,
      ),
    );
    expect(mutations()).toHaveLength(before);
  });

  test("refresh statuses: the last distribution's state from the server, into the run log and beside each row", async () => {
    const w = await excelWithAddin();
    const entry = await sentAndPaidElsewhere(w);

    await w.select("A1", "Resumo"); // the newest distribution, wherever the selection is
    expect(await w.click(ACTIONS.refreshStatuses)).toBe(1);
    expect(w.notices.at(-1)).toMatchObject({
      intent: "success",
      title: `Distribuição ${entry.distributionId}`,
      body: expect.stringContaining("Situação: Pago;") as string,
    });
    expect(w.notices.at(-1)!.body).toContain("3 linha(s)");
    const log = await readRunLogEntries(w.host.workbook!);
    expect(log.map((e) => e.state)).toEqual(["draft", "completed"]);
    expect(await column(w, /^Mensagem/)).toEqual(
      ["R$ 1.050,00", "R$ 1.050,00", "R$ 550,00"].map(
        (t) => `${t} pagos na distribuição ${entry.distributionId}`,
      ),
    );

    // Nothing changed since: refreshing again logs nothing more.
    await w.click(ACTIONS.refreshStatuses);
    expect(await readRunLogEntries(w.host.workbook!)).toHaveLength(2);
  });

  test("book the month: the accounts to fill in first (the pane opens), then the entries, checked with ValePix", async () => {
    const w = await excelWithAddin();
    await sentAndPaidElsewhere(w);
    await w.click(ACTIONS.refreshStatuses);

    const opened = w.paneOpened;
    expect(await w.click(ACTIONS.bookMonth)).toBe(1);
    expect(w.notices.at(-1)).toMatchObject({
      intent: "error",
      body: expect.stringContaining("Falta a conta contábil") as string,
    });
    expect(w.paneOpened).toBe(opened + 1);
    const accounts = (await w.host.workbook!.getTable("ValePix_Contas"))!;
    await w.host.workbook!.writeColumns(accounts.name, [
      { header: "Conta contábil", values: Array.from({ length: accounts.rowCount }, (_, i) => `1.${i + 1}`) },
    ]);

    expect(await w.click(ACTIONS.bookMonth)).toBe(1);
    expect(w.notices.at(-1)).toMatchObject({
      intent: "success",
      title: "Contabilização",
      body: expect.stringMatching(
        /^janeiro de 2026: 5 lançamentos .* débitos = créditos = R\$\s7\.650,00/,
      ) as string,
    });
    const entries = (await w.host.workbook!.getTable("ValePix_Lancamentos"))!;
    expect(entries.rowCount).toBe(3 + 2);
    // The ledger's PivotTable, built beside, its captions in Excel's language (this one's is
    // English): its grand total is what was paid (the entries' R$ 7.650,00 hold the deposit too).
    const pivot = await w.excel.run(async (context) => {
      const used = context.workbook.worksheets.getItem("Resumo por centro de custo").getUsedRange();
      used.load("values");
      await context.sync();
      return used.values;
    });
    expect(pivot[0]!.slice(0, 2)).toEqual(["Mês", "(All)"]);
    expect(pivot.at(-1)![0]).toBe("Grand Total");
    expect(pivot.at(-1)!.at(-1)).toBe(1050 + 1050 + 550);
  });

  test("refresh with no distribution in the log: says so, sends nothing", async () => {
    const w = await excelWithAddin();
    expect(await w.click(ACTIONS.refreshStatuses)).toBe(1);
    expect(w.notices.at(-1)).toMatchObject({ intent: "info", title: "Nenhuma distribuição ainda" });
    expect(mutations()).toEqual([]);
  });

  test("pull transactions: the statement lands in its table", async () => {
    const w = await excelWithAddin();
    const api = createClient({ baseUrl: sb.url, token: TOKEN_A });
    await api.deposits.create({
      amount: 12_345,
      method: "PIX",
      name: "Financeiro Acme",
      document: "11222333000181",
    });
    clock.advance(PIX_DELAY);
    expect(await w.click(ACTIONS.pullTransactions)).toBe(1);
    const notice = w.notices.at(-1)!;
    expect(notice).toMatchObject({ intent: "success", title: "Transações trazidas" });
    const table = (await w.host.workbook!.listTables()).find((t) => t.name !== TABLE)!;
    expect(notice.body).toContain(`Tabela ${table.name}: 1 nova(s)`);
    expect(table.rowCount).toBe(1);
  });

  test("refresh functions: every VALEPIX cell gets the new answer, one call per distinct question", async () => {
    const w = await excelWithAddin();
    expect(await w.click(ACTIONS.refreshFunctions)).toBe(1);
    expect(w.notices.at(-1)).toMatchObject({ intent: "info", title: "Nenhuma função VALEPIX em uso" });

    // Three cells of =VALEPIX.SALDO(), as Excel invokes the streaming function once per cell.
    const cells = Array.from({ length: 3 }, () => {
      const results: unknown[] = [];
      return { results, setResult: (v: unknown) => void results.push(v) };
    });
    cells.forEach((c) => w.host.functions.balance(c));
    for (let i = 0; i < 400 && cells.some((c) => c.results.length === 0); i++)
      await new Promise((r) => setTimeout(r, 5));
    expect(cells.map((c) => c.results.at(-1))).toEqual([0, 0, 0]);

    const api = createClient({ baseUrl: sb.url, token: TOKEN_A });
    await api.deposits.create({
      amount: 12_345,
      method: "PIX",
      name: "Financeiro Acme",
      document: "11222333000181",
    });
    clock.advance(PIX_DELAY);
    const before = sb.requests.list().length;
    expect(await w.click(ACTIONS.refreshFunctions)).toBe(1);
    expect(
      sb.requests
        .list()
        .slice(before)
        .map((r) => r.path),
    ).toEqual(["/api/v1/valepix/balances"]);
    expect(cells.map((c) => c.results.at(-1))).toEqual([123.45, 123.45, 123.45]);
    expect(w.notices.at(-1)).toMatchObject({
      intent: "success",
      title: "Funções VALEPIX atualizadas",
      body: "3 célula(s) atualizada(s) com 1 consulta(s) à API.",
    });
    w.host.functions.dispose();
  });

  test("reconciliation sheet: built from the ribbon, its VALEPIX cells computed through the page's runtime", async () => {
    const w = await excelWithAddin();
    await hostFunctions(w.excel, w.host.functions);
    const api = createClient({ baseUrl: sb.url, token: TOKEN_A });
    await api.deposits.create({
      amount: 12_345,
      method: "PIX",
      name: "Financeiro Acme",
      document: "11222333000181",
    });
    clock.advance(PIX_DELAY);
    expect(await w.click(ACTIONS.reconciliationSheet)).toBe(1);
    expect(w.notices.at(-1)).toMatchObject({
      intent: "success",
      title: 'Planilha "Conciliação ValePix" montada',
    });
    expect(w.notices.at(-1)?.body).toContain("ainda não tem histórico de pagamentos");
    expect(w.excel.activeSheet()).toBe("Conciliação ValePix");
    expect(w.excel.charts("Conciliação ValePix").map((c) => c.name)).toEqual(["ValePix_Conciliacao"]);
    for (let i = 0; i < 400 && w.excel.cell("Conciliação ValePix", "B7") !== 123.45; i++)
      await new Promise((r) => setTimeout(r, 5));
    expect(["B4", "B7", "B10"].map((a1) => w.excel.cell("Conciliação ValePix", a1))).toEqual([
      123.45, 123.45, 0,
    ]);
    // Built again: the same sheet and one chart, not a second of each.
    expect(await w.click(ACTIONS.reconciliationSheet)).toBe(1);
    expect(w.notices.at(-1)).toMatchObject({ intent: "success" });
    expect(w.excel.sheetNames().filter((n) => n.startsWith("Conciliação"))).toHaveLength(1);
    expect(w.excel.charts("Conciliação ValePix")).toHaveLength(1);
    w.host.functions.dispose();
  });

  test("not connected: the pane's words for it, the pane opens, the event completes", async () => {
    const w = await excelWithAddin({ connect: false });
    await w.select("B2");
    const before = sb.requests.list().length;
    expect(await w.click(ACTIONS.sendToDraft)).toBe(1);
    expect(w.notices.at(-1)).toMatchObject({ intent: "error" });
    expect(w.paneOpened).toBe(1);
    expect(sb.requests.list()).toHaveLength(before);
  });

  test("a second command while one runs is refused, not started; the first goes on", async () => {
    const w = await excelWithAddin();
    await w.select("B2");
    const first = w.click(ACTIONS.sendToDraft);
    expect(await w.click(ACTIONS.validateTable)).toBe(1);
    expect(w.notices.at(-1)).toMatchObject({ intent: "warning", title: "ValePix ainda está trabalhando" });
    expect(await first).toBe(1);
    expect(w.notices.at(-1)!.title).toMatch(/^Rascunho /);
  });

  test("never throws past the handler: a host that cannot be built, a pane that cannot open", async () => {
    const handlers = new Map<string, (event?: Office.AddinCommands.Event) => unknown>();
    registerCommands({
      host: () => {
        throw new Error("no host");
      },
      office: () => ({
        actions: { associate: (id, fn) => void handlers.set(id, fn) },
        addin: { showAsTaskpane: () => Promise.reject(new Error("not supported")) },
      }),
    });
    for (const action of Object.values(ACTIONS)) expect(await click(handlers, action)).toBe(1);
  });

  test("the token never reaches a cell, a workbook setting or a notice", async () => {
    const w = await excelWithAddin();
    await w.select("B2");
    for (const action of Object.values(ACTIONS)) await w.click(action);
    for (const sheet of w.excel.sheetNames())
      expect(JSON.stringify(w.excel.sheetValues(sheet))).not.toContain(TOKEN_A);
    expect(JSON.stringify(w.excel.settings())).not.toContain(TOKEN_A);
    expect(JSON.stringify(w.notices)).not.toContain(TOKEN_A);
  });
});
