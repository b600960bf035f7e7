/**
 * Modes `batch` and `group` between send and finalize, against the sandbox over loopback: what
 * changed since the last finalized run of the same review table, and "check again" (the same
 * input against the items read now, nothing sent; the review table's status column rewritten).
 */
import { type Employee, type ValePixClient, collectAll } from "../../../api";
import { formatCpf } from "../../../money";
import type { MemoryWorkbook } from "../../../excel/memory-workbook";
import type { CellValue } from "../../../workbook";
import {
  fundBalance,
  newWorkbook,
  startWorkflowEnv,
  type WorkflowEnv,
  finalizeBody,
} from "../../testing/workflows-env";
import { finalizeBatch, finalizeGroup } from "../finalize/finalize-mode";
import { reviewModeAgain } from "./mode-recheck";
import { sendBatch, sendGroup } from "./modes";

jest.setTimeout(60_000);

let env: WorkflowEnv;
afterEach(async () => {
  await env.close();
});

const body = finalizeBody();

async function world(api: ValePixClient) {
  const employees = await collectAll(api.employees.list(), { max: 1000 });
  const products = await collectAll(api.products.list(), { max: 100 });
  const benefits = await collectAll(api.benefits.list(), { max: 100 });
  return {
    active: employees.filter((e) => e.situation === "active"),
    product: (name: string) => products.find((p) => p.name === name)!.id,
    convention: benefits[0]!.id,
  };
}

const statusColumn = (wb: MemoryWorkbook, sheet: string): CellValue[] => {
  const [header, ...rows] = wb.sheetValues(sheet);
  const i = header!.indexOf("Situação");
  return rows.map((r) => r[i] ?? "");
};
const mutations = (mark: number) =>
  env.sb.requests
    .list()
    .slice(mark)
    .filter((r) => r.method === "POST" || r.method === "PUT");

test("batch: the first run has no previous; the second shows what changed; check again sends nothing and finds a change made on the server", async () => {
  env = await startWorkflowEnv();
  const api = env.client;
  const w = await world(api);
  const ref = w.product("Refeição");
  const [a] = w.active as [Employee];
  const wb = newWorkbook([
    { name: "Ajustes", header: ["CPF", "Nome", "Refeição"], rows: [[formatCpf(a.cpf!), a.name, 800]] },
  ]);
  await fundBalance(env, api, 10_000_000);

  const first = await sendBatch(api, { workbook: wb, values: { [ref]: 60_000 } });
  expect(first.sincePrevious).toBeUndefined();
  await finalizeBatch(api, {
    workbook: wb,
    distributionId: first.distributionId,
    fingerprint: first.fingerprint,
    body,
  });

  // Next month: one employee overridden, the value for all raised by R$ 10,00.
  const input = { workbook: wb, values: { [ref]: 61_000 }, overridesTable: "Ajustes" };
  const second = await sendBatch(api, input);
  expect(second.sincePrevious).toMatchObject({
    distributionId: first.distributionId,
    newEmployees: [],
    droppedEmployees: [],
    differenceCents: (w.active.length - 1) * 1_000 + 20_000,
  });
  expect(second.sincePrevious!.changed).toHaveLength(w.active.length);
  expect(second.sincePrevious!.changed.find((c) => c.employee_id === a.employee_id)).toEqual({
    employee_id: a.employee_id,
    product_id: ref,
    beforeCents: 60_000,
    afterCents: 80_000,
  });

  // Check again: the same input against the items now. Nothing is sent; it matches.
  const mark = env.sb.requests.list().length;
  const again = await reviewModeAgain(api, "batch", { ...input, distributionId: second.distributionId });
  expect(mutations(mark)).toEqual([]);
  expect(again.review.matches).toBe(true);
  expect(again.fingerprint).toBe(second.fingerprint);
  expect(again.status).toBe("draft");
  expect(again.sincePrevious?.distributionId).toBe(first.distributionId);

  // Someone changes an item on the server: check again finds it, names it in the review table.
  const b = w.active[1]!;
  await api.distributions.setEmployeeValue(second.distributionId, b.employee_id, {
    product_id: ref,
    value: 1,
  });
  const changed = await reviewModeAgain(api, "batch", { ...input, distributionId: second.distributionId });
  expect(changed.review.matches).toBe(false);
  expect(changed.review.mismatches).toEqual([
    { employee_id: b.employee_id, kind: "value", product_id: ref, sheetCents: 61_000, draftCents: 1 },
  ]);
  expect(changed.fingerprint).not.toBe(second.fingerprint);
  const statuses = statusColumn(wb, "ValePix_Lote");
  expect(statuses.filter((s) => String(s).includes(second.distributionId))).toHaveLength(w.active.length - 1);
  expect(statuses.filter((s) => !String(s).includes(second.distributionId))).toHaveLength(1);
});

test("group: check again with its conventions; an override for an employee outside the group is a mismatch, not an error", async () => {
  env = await startWorkflowEnv();
  const api = env.client;
  const w = await world(api);
  const ref = w.product("Refeição");
  const all = await collectAll(api.employees.list(), { max: 1000 });
  const outsider = all.find(
    (e) => e.situation === "active" && !(e.benefit_convention_ids ?? []).includes(w.convention),
  )!;
  const wb = newWorkbook([{ name: "Ajustes", header: ["CPF", "Nome", "Refeição"], rows: [] }]);
  await fundBalance(env, api, 10_000_000);
  const input = { workbook: wb, values: { [ref]: 50_000 }, benefitIds: [w.convention] };
  const sent = await sendGroup(api, input);
  expect(sent.sincePrevious).toBeUndefined();
  const again = await reviewModeAgain(api, "group", { ...input, distributionId: sent.distributionId });
  expect(again.review.matches).toBe(true);

  // The overrides table now names someone the group does not hold.
  const withOutsider = newWorkbook([
    {
      name: "Ajustes",
      header: ["CPF", "Nome", "Refeição"],
      rows: [[formatCpf(outsider.cpf!), outsider.name, 700]],
    },
  ]);
  // (the run log lives in the workbook: finalize the first, then check a fresh one)
  await finalizeGroup(api, {
    workbook: wb,
    distributionId: sent.distributionId,
    fingerprint: sent.fingerprint,
    body,
  });
  const check = await reviewModeAgain(api, "group", {
    ...input,
    workbook: withOutsider,
    overridesTable: "Ajustes",
    distributionId: sent.distributionId,
  });
  expect(check.review.matches).toBe(false);
  expect(check.review.mismatches).toContainEqual({
    employee_id: outsider.employee_id,
    kind: "missing",
    sheetCents: 70_000,
    draftCents: 0,
  });
  expect(check.status).toBe("completed");
});
