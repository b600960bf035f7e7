/**
 * Modes `batch` and `group` against the sandbox over loopback (manual clock), with the test
 * workbook: values for all items and per-employee overrides sent at the plan's count, the review
 * table written, finalized once through the shared path; a group built from its conventions;
 * bad input refused before anything is sent; an override for an employee the draft does not
 * hold; a draft changed after the review; the double-payment block.
 */
import { type Employee, type ValePixClient, collectAll } from "../../../api";
import { formatCpf } from "../../../money";
import type { MemoryWorkbook } from "../../../excel/memory-workbook";
import type { CellValue } from "../../../workbook";
import {
  fundBalance,
  newWorkbook,
  serverItems,
  startWorkflowEnv,
  type WorkflowEnv,
  finalizeBody,
} from "../../testing/workflows-env";
import { ModeInputError } from "./mode-input";
import { DraftChangedError } from "../finalize/finalize-draft";
import { finalizeBatch, finalizeGroup } from "../finalize/finalize-mode";
import { DEFAULT_REVIEW_TABLES } from "./mode-review";
import { sendBatch, sendGroup } from "./modes";
import { readLedger } from "../../../workbook/ledger";
import { DoublePaymentError, readRunLogEntries } from "../../../workbook/run-log";

jest.setTimeout(60_000);

let env: WorkflowEnv;
afterEach(async () => {
  await env.close();
});

const body = finalizeBody("Benefícios de fevereiro");

interface World {
  api: ValePixClient;
  active: Employee[];
  members: Employee[];
  outsiders: Employee[];
  product: (name: string) => string;
  convention: string;
}

async function world(api: ValePixClient): Promise<World> {
  const employees = await collectAll(api.employees.list(), { max: 1000 });
  const products = await collectAll(api.products.list(), { max: 100 });
  const benefits = await collectAll(api.benefits.list(), { max: 100 });
  const active = employees.filter((e) => e.situation === "active");
  const convention = benefits[0]!.id;
  const member = (e: Employee) => (e.benefit_convention_ids ?? []).includes(convention);
  return {
    api,
    active,
    members: active.filter(member),
    outsiders: active.filter((e) => !member(e)),
    product: (name) => products.find((p) => p.name === name)!.id,
    convention,
  };
}

const mutations = (mark: number) =>
  env.sb.requests
    .list()
    .slice(mark)
    .filter((r) => r.method === "POST" || r.method === "PUT");
const served = () => env.sb.requests.list().length;

/** A table's rows as objects keyed by header. */
const rowsOf = (wb: MemoryWorkbook, sheet: string): Array<Record<string, CellValue>> => {
  const [header, ...rows] = wb.sheetValues(sheet);
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [String(h), r[i] ?? ""])));
};

const OVERRIDE_HEADER = ["CPF", "Nome", "Refeição", "Alimentação"];
const overrideRow = (e: Employee, ref: CellValue, ali: CellValue): CellValue[] => [
  formatCpf(e.cpf!),
  e.name,
  ref,
  ali,
];

describe("batch mode", () => {
  test("values for all and overrides at the plan's count, the review table, finalized once, logged", async () => {
    env = await startWorkflowEnv();
    const w = await world(env.client);
    const ref = w.product("Refeição");
    const ali = w.product("Alimentação");
    const [a, b] = w.active;
    const wb = newWorkbook([
      {
        name: "Ajustes",
        header: OVERRIDE_HEADER,
        rows: [overrideRow(a!, 800, 450), overrideRow(b!, 600, 0)],
      },
    ]);
    const mark = served();
    const sent = await sendBatch(w.api, {
      workbook: wb,
      values: { [ref]: 60_000, [ali]: 45_000 },
      overridesTable: "Ajustes",
    });

    // create + 2 values for all + a's Refeição + b's Alimentação (+ finalize, still to come).
    expect(sent).toMatchObject({ mode: "batch", created: true, overrides: 2, reviewTable: "ValePix_Lote" });
    expect(sent.plan.count).toBe(6);
    expect(sent.plan.lowerBound).toBe(sent.plan.count);
    expect(mutations(mark)).toHaveLength(sent.plan.count - 1);
    expect(sent.review.matches).toBe(true);
    const want = Object.fromEntries(w.active.map((e) => [e.employee_id, { [ref]: 60_000, [ali]: 45_000 }]));
    want[a!.employee_id] = { [ref]: 80_000, [ali]: 45_000 };
    want[b!.employee_id] = { [ref]: 60_000 };
    expect(await serverItems(w.api, sent.distributionId)).toEqual(want);
    const total = w.active.length * 105_000 + 20_000 - 45_000;
    expect(sent.review.sheet).toEqual({ employees: w.active.length, totalCents: total });

    const review = rowsOf(wb, "ValePix_Lote");
    expect(review).toHaveLength(w.active.length);
    expect(review.find((r) => r["ID do colaborador"] === a!.employee_id)).toMatchObject({
      Nome: a!.name,
      Refeição: 800,
      Alimentação: 450,
      Total: 1250,
      "Ajuste individual": "sim",
      Distribuição: sent.distributionId,
      Situação: `No rascunho ${sent.distributionId}: revise e finalize`,
    });
    expect(review.find((r) => r["ID do colaborador"] === w.active[2]!.employee_id)).toMatchObject({
      Total: 1050,
      "Ajuste individual": "",
    });
    const overrides = rowsOf(wb, "Ajustes");
    expect(overrides.map((r) => r["Status ValePix"])).toEqual(["No rascunho", "No rascunho"]);
    expect(overrides.map((r) => r["Total da linha"])).toEqual([1250, 600]);

    await fundBalance(env, w.api, 100_000_000);
    const markFinalize = served();
    const done = await finalizeBatch(w.api, {
      workbook: wb,
      distributionId: sent.distributionId,
      fingerprint: sent.fingerprint,
      body,
    });
    expect(done).toMatchObject({ status: "completed", finalizedNow: true });
    expect(mutations(markFinalize).map((r) => r.operation)).toEqual(["finalizeDistribution"]);
    expect(await w.api.distributions.get(sent.distributionId)).toMatchObject({
      status: "completed",
      total_employees: w.active.length,
      total_amount: total,
    });
    const after = rowsOf(wb, "ValePix_Lote");
    expect(
      after.every((r) => String(r["Situação"]).endsWith(` pagos na distribuição ${sent.distributionId}`)),
    ).toBe(true);
    // The ledger: one row per employee and product the lot paid, from the review table.
    const ledger = await readLedger(wb);
    expect(ledger.length).toBeGreaterThan(0);
    expect(ledger.every((r) => r.table === "ValePix_Lote" && r.state === "completed")).toBe(true);
    expect(ledger.reduce((t, r) => t + (r.cents ?? 0), 0)).toBe(done.distribution.total_amount);
    expect(after.find((r) => r["ID do colaborador"] === a!.employee_id)!["Ajuste individual"]).toBe("sim");
    const log = await readRunLogEntries(wb);
    expect(log.map((l) => [l.mode, l.state])).toEqual([
      ["batch", "creating"],
      ["batch", "draft"],
      ["batch", "draft"],
      ["batch", "finalizing"],
      ["batch", "processing"],
      ["batch", "completed"],
    ]);
    expect(log.at(-1)).toMatchObject({
      table: "ValePix_Lote",
      fingerprint: sent.fingerprint,
      totalCents: total,
    });

    // The same content again: a new draft is made, and refused before any value is sent.
    const again = served();
    await expect(
      sendBatch(w.api, { workbook: wb, values: { [ref]: 60_000, [ali]: 45_000 }, overridesTable: "Ajustes" }),
    ).rejects.toBeInstanceOf(DoublePaymentError);
    expect(mutations(again).map((r) => r.operation)).toEqual(["createDistribution"]);
  });

  test("bad values are refused before anything is sent", async () => {
    env = await startWorkflowEnv();
    const w = await world(env.client);
    const wb = newWorkbook();
    const mark = served();
    const codeOf = (p: Promise<unknown>) =>
      p.catch((e: unknown) => (e instanceof ModeInputError ? e.code : e));
    expect(await codeOf(sendBatch(w.api, { workbook: wb, values: { [w.product("Refeição")]: 10.5 } }))).toBe(
      "value_invalid",
    );
    expect(await codeOf(sendBatch(w.api, { workbook: wb, values: { nope: 100 } }))).toBe("product_unknown");
    expect(await codeOf(sendBatch(w.api, { workbook: wb, values: {} }))).toBe("nothing_to_pay");
    expect(await codeOf(sendGroup(w.api, { workbook: wb, values: {}, benefitIds: [] }))).toBe(
      "benefits_missing",
    );
    expect(await codeOf(sendGroup(w.api, { workbook: wb, values: {}, benefitIds: ["ben_nope"] }))).toBe(
      "benefit_unknown",
    );
    expect(mutations(mark)).toEqual([]);
  });

  test("a draft changed after the review is not finalized", async () => {
    env = await startWorkflowEnv();
    const w = await world(env.client);
    const wb = newWorkbook();
    const ref = w.product("Refeição");
    const sent = await sendBatch(w.api, { workbook: wb, values: new Map([[ref, 50_000]]) });
    expect(sent.plan.count).toBe(1 + 1 + 1);
    await w.api.distributions.setEmployeeValue(sent.distributionId, w.active[0]!.employee_id, {
      product_id: ref,
      value: 1,
    });
    await fundBalance(env, w.api, 100_000_000);
    const mark = served();
    await expect(
      finalizeBatch(w.api, {
        workbook: wb,
        distributionId: sent.distributionId,
        fingerprint: sent.fingerprint,
        body,
      }),
    ).rejects.toBeInstanceOf(DraftChangedError);
    expect(mutations(mark)).toEqual([]);

    // Sending again converges (one call) and continues the same draft.
    const again = await sendBatch(w.api, { workbook: wb, values: new Map([[ref, 50_000]]) });
    expect(again).toMatchObject({ distributionId: sent.distributionId, created: false });
    expect(again.plan.itemCalls).toBe(1);
    expect(again.fingerprint).toBe(sent.fingerprint);
  });
});

describe("group mode", () => {
  test("members of the conventions with their amounts; a value for all replaces one product", async () => {
    env = await startWorkflowEnv();
    const w = await world(env.client);
    const ref = w.product("Refeição");
    const mob = w.product("Mobilidade");
    const wb = newWorkbook();
    const mark = served();
    const sent = await sendGroup(w.api, {
      workbook: wb,
      values: { [ref]: 70_000 },
      benefitIds: [w.convention],
    });
    expect(sent.created).toBe(true);
    expect(sent.plan.count).toBe(1 + 1 + 1);
    expect(sent.plan.lowerBound).toBe(sent.plan.count);
    const creates = mutations(mark).filter((r) => r.operation === "createDistribution");
    expect(creates).toHaveLength(1);
    const items = await serverItems(w.api, sent.distributionId);
    expect(Object.keys(items).sort()).toEqual(w.members.map((e) => e.employee_id).sort());
    for (const e of w.members) expect(items[e.employee_id]).toMatchObject({ [ref]: 70_000, [mob]: 22_000 });
    expect(sent.review.matches).toBe(true);
    expect(rowsOf(wb, "ValePix_Grupo")).toHaveLength(w.members.length);
    expect((await readRunLogEntries(wb))[0]).toMatchObject({
      mode: "group",
      note: `benefits=${w.convention}`,
    });

    await fundBalance(env, w.api, 100_000_000);
    const done = await finalizeGroup(w.api, {
      workbook: wb,
      distributionId: sent.distributionId,
      fingerprint: sent.fingerprint,
      body,
    });
    expect(done.status).toBe("completed");
    expect(rowsOf(wb, DEFAULT_REVIEW_TABLES.group).map((r) => r["Situação"])).toEqual(
      w.members.map(() => `R$ 1.470,00 pagos na distribuição ${sent.distributionId}`),
    );
  });

  test("an override for an employee outside the group is marked on its row; fixed, the same draft goes on", async () => {
    env = await startWorkflowEnv();
    const w = await world(env.client);
    const ref = w.product("Refeição");
    const [m] = w.members;
    const [o] = w.outsiders;
    const wb = newWorkbook([
      {
        name: "Ajustes",
        header: OVERRIDE_HEADER,
        rows: [overrideRow(m!, 900, ""), overrideRow(o!, 900, "")],
      },
    ]);
    const input = { workbook: wb, values: {}, benefitIds: [w.convention], overridesTable: "Ajustes" };
    const mark = served();
    const err = await sendGroup(w.api, input).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModeInputError);
    expect(err).toMatchObject({ code: "override_not_in_draft", rows: [1] });
    expect(mutations(mark).map((r) => r.operation)).toEqual(["createDistribution"]);
    const rows = rowsOf(wb, "Ajustes");
    expect(rows.map((r) => r["Status ValePix"])).toEqual(["Pronto", "Erro"]);
    expect(String(rows[1]!["Mensagem ValePix"])).toMatch(/não está na distribuição/);

    // The person clears the outsider's row.
    await wb.writeColumns("Ajustes", [{ header: "CPF", values: [formatCpf(m!.cpf!), ""] }]);
    await wb.writeColumns("Ajustes", [{ header: "Nome", values: [m!.name, ""] }]);
    await wb.writeColumns("Ajustes", [{ header: "Refeição", values: [900, ""] }]);
    const sent = await sendGroup(w.api, input);
    expect(sent.created).toBe(false);
    expect((await serverItems(w.api, sent.distributionId))[m!.employee_id]).toMatchObject({ [ref]: 90_000 });
    expect(sent.plan.itemCalls).toBe(1);
  });
});
