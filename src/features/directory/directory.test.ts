/**
 * Directory workflows against the sandbox over loopback, with the test workbook: pulls into
 * tables and refreshes in place, registering employees (single and batch) with bad rows, and
 * saving benefits from a table. Server state is read back with the client; cells with the
 * workbook's inspection helpers.
 */
import { APIUserAbortError, collectAll } from "../../api";
import { makeCpf } from "../../workbook/testing/people";
import { newWorkbook, startWorkflowEnv, type WorkflowEnv } from "../testing/workflows-env";
import { saveBenefits } from "./benefits";
import { DEFAULT_TABLES, DirectoryInputError, pullBenefits, pullEmployees, pullProducts } from "./directory";
import type { Progress } from "../../api/progress";
import { registerEmployees } from "./register";
import { readAllRows } from "../../workbook/table-sync";

// Loopback HTTP on a shared, busy machine: a generous bound (this is not a speed test).
jest.setTimeout(30_000);

let env: WorkflowEnv;
afterEach(async () => {
  await env.close();
});

const allEmployees = () => collectAll(env.client.employees.list(), { max: 10_000 });
const posts = (mark: number, path: string) =>
  env.sentSince(mark).filter((r) => r.method !== "GET" && r.path.includes(path));

describe("pullEmployees", () => {
  test("pulls the active employees into a new table, then refreshes in place keeping the user's columns", async () => {
    env = await startWorkflowEnv();
    const wb = newWorkbook();
    const first = await pullEmployees(env.client.employees, wb, { situation: "active" });
    const active = (await allEmployees()).filter((e) => e.situation === "active");
    expect(first).toMatchObject({ created: true, added: active.length });
    const t = DEFAULT_TABLES.employees["pt-BR"];
    const rows = await readAllRows(wb, t);
    expect(rows.map((r) => r[0])).toEqual(active.map((e) => e.employee_id));
    expect(rows.every((r) => r[4] === "Ativo")).toBe(true); // the display language
    expect(rows.every((r) => r[6] === "active")).toBe(true); // and the code, for filters
    expect(rows[0]![2]).toMatch(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);

    // The user adds a column with a note; the server renames one person and registers another.
    await wb.addColumns(t, ["Notas"]);
    const notes = rows.map((_, i) => (i === 1 ? "=não mexer" : ""));
    await wb.writeColumns(t, [{ header: "Notas", values: notes.map((n) => (n ? `'${n}` : n)) }]);
    const renamed = active[1]!;
    const csv = `name,cpf,email\r\n=Nome Novo,${renamed.cpf},\r\n`;
    await env.client.employees.uploadBatch(new Blob([csv]), "x.csv");
    const added = await env.client.employees.create({ name: "Zé Novo", cpf: makeCpf(424_242) });

    const second = await pullEmployees(env.client.employees, wb, { situation: "active" });
    expect(second).toMatchObject({
      created: false,
      added: 1,
      updated: 1,
      missingRows: [],
      duplicateRows: [],
    });
    const after = await readAllRows(wb, t);
    expect(after).toHaveLength(rows.length + 1);
    expect(after[1]![1]).toBe("=Nome Novo"); // API text stays text
    expect(after[1]![7]).toBe("=não mexer"); // the user's column is kept
    expect(after.at(-1)![0]).toBe(added.employee_id);
    expect(new Set(after.map((r) => r[0])).size).toBe(after.length);
    expect(wb.allFormulas()).toEqual([]);
  });

  test("the situation in the display language, read back in either; columns with a width, also those added to an existing table", async () => {
    env = await startWorkflowEnv();
    const everyone = await allEmployees();
    const inactive = everyone.find((e) => e.situation === "inactive")!;
    // A table the person made, with only the id column: the pull adds the others.
    const wb = newWorkbook([
      { name: DEFAULT_TABLES.employees["pt-BR"], sheet: "Pessoas", header: ["ID do colaborador"], rows: [] },
    ]);
    await pullEmployees(env.client.employees, wb, {});
    const [header, ...rows] = wb.sheetValues("Pessoas");
    const at = (h: string) => header!.indexOf(h);
    const situation = (id: string) => rows.find((r) => r[at("ID do colaborador")] === id)![at("Situação")];
    expect(situation(inactive.employee_id)).toBe("Inativo");
    expect(rows.filter((r) => r[at("Situação")] === "Ativo")).toHaveLength(everyone.length - 1);
    const widths = wb.excel.sheetLayout("Pessoas").widths;
    expect(widths[at("Nome")]).toBe(180);
    expect(widths[at("Situação")]).toBe(80);
    // The benefits column (ids, as many as conventions) is fitted to what it holds.
    const longest = Math.max(...rows.map((r) => String(r[at("Benefícios")]).length));
    expect(widths[at("Benefícios")]).toBeGreaterThan(longest * 4);

    // Someone types the situation in English: read back as the same value, nothing rewritten.
    await wb.writeColumns(DEFAULT_TABLES.employees["pt-BR"], [
      {
        header: "Situação",
        values: rows.map((r) => (r[at("Situação")] === "Ativo" ? "Active" : r[at("Situação")]!)),
      },
    ]);
    const again = await pullEmployees(env.client.employees, wb, {});
    expect(again).toMatchObject({ added: 0, updated: 0, unchanged: everyone.length });

    // In English, the labels are English.
    const en = newWorkbook();
    await pullEmployees(env.client.employees, en, { locale: "en-US", situation: "inactive" });
    expect(wb.excel.sheetLayout("Pessoas").widths).toEqual(widths);
    // An English pane creates English names; on a workbook begun in Portuguese it keeps that table.
    expect((await en.listTables()).map((t) => t.name)).toEqual([DEFAULT_TABLES.employees["en-US"]]);
    expect((await readAllRows(en, DEFAULT_TABLES.employees["en-US"])).map((r) => r[4])).toEqual(["Inactive"]);
    await pullEmployees(env.client.employees, wb, { locale: "en-US" });
    expect((await wb.listTables()).map((t) => t.name)).toEqual([DEFAULT_TABLES.employees["pt-BR"]]);
  });

  test("a situation the API does not list is refused before any employee is read", async () => {
    env = await startWorkflowEnv();
    const mark = env.sent.length;
    const err = await pullEmployees(env.client.employees, newWorkbook(), { situation: "ativo" }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DirectoryInputError);
    expect((err as Error).message).toMatch(/active, inactive, on_leave/);
    expect(env.sentSince(mark).map((r) => r.path)).toEqual(["/api/v1/valepix/employees/situations"]);
  });
});

describe("products and benefits", () => {
  test("pulls products and benefits; edits saved from the table update, create and report bad rows", async () => {
    env = await startWorkflowEnv();
    const wb = newWorkbook();
    await pullProducts(env.client.products, wb);
    const products = await collectAll(env.client.products.list(), { max: 100 });
    expect((await readAllRows(wb, DEFAULT_TABLES.products["pt-BR"])).map((r) => r[0])).toEqual(
      products.map((p) => p.id),
    );

    const pulled = await pullBenefits(env.client, wb);
    let t = pulled.table;
    expect(t.header.slice(0, 3)).toEqual(["ID do benefício", "Nome", "Descrição"]);
    const [seeded] = await collectAll(env.client.benefits.list(), { max: 100 });
    const refeicao = products.find((p) => p.name === "Refeição")!;
    const col = (h: string) => t.header.indexOf(h);
    const rows = await readAllRows(wb, t.name);
    expect(rows[0]![col("Refeição")]).toBe(660); // R$ 660,00
    expect(rows[0]![col("Saúde")]).toBe(""); // not in the benefit

    // Nothing changed: saving sends nothing but the two reads.
    let mark = env.sent.length;
    const same = await saveBenefits(env.client, wb);
    expect(same).toMatchObject({ unchanged: 1, created: 0, updated: 0, errors: 0 });
    expect(posts(mark, "/benefits")).toEqual([]);

    // Raise Refeição, add a new benefit and a bad row (the save added status columns).
    t = (await wb.getTable(t.name))!;
    await wb.appendRows(t.name, [
      t.header.map((h) => (h === "Nome" ? "Home office PJ" : h === "Home office" ? "150,00" : "")),
      t.header.map((h) => (h === "Nome" ? "Errado" : h === "Cultura" ? "12,345" : "")),
    ]);
    wb.typeCell(t.sheet, `${String.fromCharCode(65 + col("Refeição"))}2`, 700.5);
    mark = env.sent.length;
    const saved = await saveBenefits(env.client, wb);
    expect(saved).toMatchObject({ updated: 1, created: 1, errors: 1 });
    expect(posts(mark, "/benefits")).toHaveLength(2);

    const onServer = await collectAll(env.client.benefits.list(), { max: 100 });
    const updated = onServer.find((b) => b.id === seeded!.id)!;
    expect(updated.items?.find((i) => i.product_id === refeicao.id)?.monthly_amount).toBe(70_050);
    expect(updated.items).toHaveLength(seeded!.items!.length);
    const created = onServer.find((b) => b.name === "Home office PJ")!;
    expect(created.items).toEqual([
      { product_id: products.find((p) => p.name === "Home office")!.id, monthly_amount: 15_000 },
    ]);
    expect(onServer.some((b) => b.name === "Errado")).toBe(false);

    const after = await readAllRows(wb, t.name);
    const info = (await wb.getTable(t.name))!;
    const status = info.header.indexOf("Status ValePix");
    const message = info.header.indexOf("Mensagem ValePix");
    expect(after.map((r) => r[status])).toEqual(["Atualizado", "Cadastrado", "Erro"]);
    expect(after[1]![0]).toBe(created.id);
    expect(after[2]![message]).toMatch(/'12,345' na coluna Cultura/);

    // Saving again converges: the created row has its id now, nothing is sent twice.
    mark = env.sent.length;
    const again = await saveBenefits(env.client, wb);
    expect(again).toMatchObject({ unchanged: 2, created: 0, updated: 0, errors: 1 });
    expect(posts(mark, "/benefits")).toEqual([]);
  });
});

describe("registerEmployees", () => {
  const header = ["Nome", "CPF", "E-mail", "Departamento"];

  test("one by one: new people registered with their id, known ones recognized, bad rows marked and not sent", async () => {
    env = await startWorkflowEnv();
    const known = (await allEmployees())[0]!;
    const wb = newWorkbook([
      {
        name: "Novos",
        header,
        rows: [
          ["Ana Nova", makeCpf(9001), "ana@empresa.com.br", "RH"],
          ["Bruno CPF Errado", "123.456.789-00", "", "TI"],
          ["", "", "", "linha só com nota"],
          [known.name, known.cpf!, "", ""],
          ["Carla Nova", makeCpf(9002), "não é e-mail", ""],
          ["Dora Nova", makeCpf(9003), "", ""],
          ["Repetida", makeCpf(9003), "", ""],
        ],
      },
    ]);
    const mark = env.sent.length;
    const result = await registerEmployees(env.client.employees, wb, { table: "Novos" });
    expect(result).toMatchObject({ mode: "single", created: 2, alreadyRegistered: 1, errors: 3 });
    expect(posts(mark, "/employees")).toHaveLength(2);

    const byCpf = new Map((await allEmployees()).map((e) => [e.cpf, e]));
    const rows = await readAllRows(wb, "Novos");
    const info = (await wb.getTable("Novos"))!;
    const col = (h: string) => info.header.indexOf(h);
    expect(info.header).toEqual([...header, "ID do colaborador", "Status ValePix", "Mensagem ValePix"]);
    expect(rows.map((r) => r[col("Status ValePix")])).toEqual([
      "Cadastrado",
      "Erro",
      "",
      "Já cadastrado",
      "Erro",
      "Cadastrado",
      "Erro",
    ]);
    expect(rows[0]![col("ID do colaborador")]).toBe(byCpf.get(makeCpf(9001))!.employee_id);
    expect(rows[3]![col("ID do colaborador")]).toBe(known.employee_id);
    expect(rows[1]![col("Mensagem ValePix")]).toMatch(/CPF inválido/);
    expect(rows[4]![col("Mensagem ValePix")]).toMatch(/E-mail inválido/);
    expect(rows[6]![col("Mensagem ValePix")]).toMatch(/linha 7/);
    expect(byCpf.has("12345678900")).toBe(false);
    expect(rows[2]![col("Departamento")]).toBe("linha só com nota");
    // The columns added for the outcome are wide enough for their words ("Já cadastrado").
    const widths = wb.excel.sheetLayout(info.sheet).widths;
    expect(widths[info.firstColumn + col("Status ValePix")]).toBe(110);
    expect(widths[info.firstColumn + col("Mensagem ValePix")]).toBe(320);

    // Running it again sends nothing: every registered row has its id.
    const again = env.sent.length;
    await registerEmployees(env.client.employees, wb, { table: "Novos" });
    expect(posts(again, "/employees")).toEqual([]);
  });

  test("an abort mid-way: the rows reached keep their outcome, the others say 'Não enviado'", async () => {
    env = await startWorkflowEnv();
    const wb = newWorkbook([
      {
        name: "Parcial",
        header,
        rows: [0, 1, 2].map((i) => [`Pessoa ${i}`, makeCpf(8000 + i), "", ""]),
      },
    ]);
    const controller = new AbortController();
    const err = await registerEmployees(env.client.employees, wb, {
      table: "Parcial",
      signal: controller.signal,
      onProgress: (p) => {
        if (p.phase === "register" && p.done === 1) controller.abort();
      },
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(APIUserAbortError);
    const info = (await wb.getTable("Parcial"))!;
    const rows = await readAllRows(wb, "Parcial");
    expect(rows.map((r) => r[info.header.indexOf("Status ValePix")])).toEqual([
      "Cadastrado",
      "Não enviado",
      "Não enviado",
    ]);
    const cpfs = new Set((await allEmployees()).map((e) => e.cpf));
    expect([0, 1, 2].map((i) => cpfs.has(makeCpf(8000 + i)))).toEqual([true, false, false]);
  });

  test("batch upload: a line the server refuses lands on its own row, the others get their ids", async () => {
    env = await startWorkflowEnv();
    const long = `Nome ${"x".repeat(200)}`; // valid here, refused by the server (over 200 characters)
    const wb = newWorkbook([
      {
        name: "Lote",
        header,
        rows: [
          ["Sem CPF", "", "", ""],
          ['Eva, "a primeira"', makeCpf(7001), "eva@empresa.com.br", ""],
          [long, makeCpf(7002), "", ""],
          ["Fábio", makeCpf(7003), "", ""],
        ],
      },
    ]);
    const mark = env.sent.length;
    const result = await registerEmployees(env.client.employees, wb, { table: "Lote", batchFrom: 2 });
    expect(result).toMatchObject({ mode: "batch", created: 2, errors: 2 });
    expect(posts(mark, "/employees")).toEqual([{ method: "POST", path: "/api/v1/valepix/employees/batch" }]);

    const byCpf = new Map((await allEmployees()).map((e) => [e.cpf, e]));
    expect(byCpf.get(makeCpf(7001))!.name).toBe('Eva, "a primeira"');
    expect(byCpf.has(makeCpf(7002))).toBe(false);
    const info = (await wb.getTable("Lote"))!;
    const rows = await readAllRows(wb, "Lote");
    const col = (h: string) => info.header.indexOf(h);
    expect(rows.map((r) => r[col("Status ValePix")])).toEqual(["Erro", "Cadastrado", "Erro", "Cadastrado"]);
    expect(rows[2]![col("Mensagem ValePix")]).toMatch(/200 characters/);
    expect(rows[1]![col("ID do colaborador")]).toBe(byCpf.get(makeCpf(7001))!.employee_id);
    expect(rows[3]![col("ID do colaborador")]).toBe(byCpf.get(makeCpf(7003))!.employee_id);
  });

  test("a benefits column makes the new people members; those rows are created one by one even in a batch run", async () => {
    env = await startWorkflowEnv();
    const [benefit] = await collectAll(env.client.benefits.list(), { max: 100 });
    const wb = newWorkbook([
      {
        name: "ComBeneficio",
        header: ["Nome", "CPF", "Benefícios"],
        rows: [
          ["Gil Membro", makeCpf(6001), `${benefit!.id}, ${benefit!.id}`],
          ["Hugo Lote", makeCpf(6002), ""],
          ["Iris Lote", makeCpf(6003), ""],
          ["Jó Desconhecido", makeCpf(6004), "ben_nao_existe"],
        ],
      },
    ]);
    const mark = env.sent.length;
    const result = await registerEmployees(env.client.employees, wb, { table: "ComBeneficio", batchFrom: 2 });
    expect(result).toMatchObject({ mode: "batch", created: 3, errors: 1 });
    expect(posts(mark, "/employees").map((r) => r.path)).toEqual([
      "/api/v1/valepix/employees/batch",
      "/api/v1/valepix/employees",
      "/api/v1/valepix/employees",
    ]);
    const byCpf = new Map((await allEmployees()).map((e) => [e.cpf, e]));
    expect(byCpf.get(makeCpf(6001))!.benefit_convention_ids).toEqual([benefit!.id]);
    expect(byCpf.get(makeCpf(6002))!.benefit_convention_ids).toEqual([]);
    expect(byCpf.has(makeCpf(6004))).toBe(false);
    const info = (await wb.getTable("ComBeneficio"))!;
    const rows = await readAllRows(wb, "ComBeneficio");
    const col = (h: string) => info.header.indexOf(h);
    expect(rows.map((r) => r[col("Status ValePix")])).toEqual([
      "Cadastrado",
      "Cadastrado",
      "Cadastrado",
      "Erro",
    ]);
    expect(rows[3]![col("Mensagem ValePix")]).toMatch(/ben_nao_existe/);
  });
});

test("a pull reports an ETA from the pace of its pages once the list states its total", async () => {
  env = await startWorkflowEnv({ seedEmployees: 2_500 });
  let t = 0;
  const seen: Progress[] = [];
  await pullEmployees(env.client.employees, newWorkbook(), {
    onProgress: (p) => p.phase === "employees" && seen.push(p),
    now: () => (t += 100),
  });
  // pages of 1,000 (issue 24), the last two asked at once, counted in order
  expect(seen.map((p) => p.done)).toEqual([1_000, 2_000, 2_500]);
  expect(seen.every((p) => p.total === 2_500)).toBe(true);
  // 1,000 rows in the first 100 ms: 1,500 left at that pace; none left at the end.
  expect(seen[0]!.etaMs).toBe(150);
  expect(seen.at(-1)!.etaMs).toBe(0);
});
