/**
 * Where a run stopped, as the next pane finds it: a send cut short (the pane closed after half
 * the items were added) is reported with what the draft holds against the sheet, the rows not
 * yet in the draft say so in their cells, and sending again continues the same draft.
 */
import { type ValePixClient, collectAll } from "../../../api";
import type { CellValue } from "../../../workbook";
import { newWorkbook, startWorkflowEnv, type WorkflowEnv } from "../../testing/workflows-env";
import { sendSheet } from "../send/distribute";
import { interruptedRun } from "./interrupted";

jest.setTimeout(60_000);

let env: WorkflowEnv;
afterEach(async () => {
  await env.close();
});

const TABLE = "Beneficios";

it("reports a send cut short with the draft's own figures, and the rows it lacks", async () => {
  env = await startWorkflowEnv({ seedEmployees: 8 });
  const active = (await collectAll(env.client.employees.list(), { max: 100 })).filter(
    (e) => e.situation === "active",
  );
  const rows = active.map((e, i): CellValue[] => [e.cpf!, e.name, 500 + i, "", ""]);
  const workbook = newWorkbook([
    { name: TABLE, header: ["CPF", "Nome", "Refeição", "Status ValePix", "Mensagem ValePix"], rows },
  ]);
  // The pane closes after the first per-employee value is set: the draft holds a part of the sheet.
  let calls = 0;
  const dying: ValePixClient = {
    ...env.client,
    distributions: {
      ...env.client.distributions,
      setValueForAll: () => Promise.reject(new Error("the pane is gone")),
      setEmployeeValue: async (...args: Parameters<ValePixClient["distributions"]["setEmployeeValue"]>) => {
        if (++calls > 1) throw new Error("the pane is gone");
        return env.client.distributions.setEmployeeValue(...args);
      },
    },
  };
  await expect(sendSheet(dying, { workbook, table: TABLE }, { concurrency: 1 })).rejects.toThrow();

  const found = await interruptedRun(env.client, workbook, {
    signal: new AbortController().signal,
    locale: "pt-BR",
  });
  const draft = await env.client.distributions.get(found!.distributionId);
  expect(found).toMatchObject({
    table: TABLE,
    mode: "selected",
    state: "draft",
    draftEmployees: draft.total_employees,
    draftCents: draft.total_amount,
    sheetEmployees: rows.length,
    sheetCents: rows.reduce((s, r) => s + Number(r[2]) * 100, 0),
  });
  expect(found!.draftCents).toBeLessThan(found!.sheetCents!);
  // The rows say what the draft holds of them: the one value set is there, the others not yet.
  const statuses = rows.map((_, i) => String(workbook.cell(TABLE, `D${i + 2}`)));
  const messages = rows.map((_, i) => String(workbook.cell(TABLE, `E${i + 2}`)));
  expect(statuses.filter((s) => s === "No rascunho")).toHaveLength(1);
  expect(messages.filter((m) => /rascunho R\$ 0,00/.test(m))).toHaveLength(rows.length - 1);

  // Sending again continues that draft, and then nothing is interrupted.
  const resumed = await sendSheet(env.client, { workbook, table: TABLE });
  expect(resumed).toMatchObject({ distributionId: found!.distributionId, created: false });
  expect(resumed.review.matches).toBe(true);
  expect(
    await interruptedRun(env.client, workbook, { signal: new AbortController().signal, locale: "pt-BR" }),
  ).toMatchObject({
    draftCents: resumed.review.sheet.totalCents,
  });
});
