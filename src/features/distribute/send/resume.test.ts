/**
 * Resume after a crash at each step of a distribution run, in modes `selected` and `batch`,
 * against the sandbox over loopback: the workflow stops dead at the step (the call applied on
 * the server or not, as a process killed there would leave it), then the person runs it again.
 * It must converge (no change sent twice, the same draft continued), finalize exactly once,
 * and a draft created but never logged must be reported, never silently duplicated into a
 * payment.
 */
import { type Employee, type ValePixClient, collectAll } from "../../../api";
import type { CellValue, Workbook } from "../../../workbook";
import {
  finalizeBody,
  fundBalance,
  newWorkbook,
  startWorkflowEnv,
  type WorkflowEnv,
} from "../../testing/workflows-env";
import { sendSheet } from "./distribute";
import { finalizeSheet } from "../finalize/finalize";
import { finalizeBatch } from "../finalize/finalize-mode";
import { sendBatch } from "../modes/modes";
import { readRunLogEntries } from "../../../workbook/run-log";

jest.setTimeout(60_000);

let env: WorkflowEnv;
afterEach(async () => {
  await env.close();
});

class Crash extends Error {
  override name = "Crash";
}

/** The crash itself, or the send's `SendIncompleteError` whose cause it is. */
const crashed = (p: Promise<unknown>) =>
  p.then(
    () => "no crash",
    (e: unknown) => (e instanceof Crash || (e instanceof Error && e.cause instanceof Crash) ? "crashed" : e),
  );

/**
 * `target` with `method` crashing once, on its `nth` call matching `when`: `before` the call is
 * made, or `after` it was applied (its answer lost). Every other property is the target's own.
 */
function crashing<T extends object>(
  target: T,
  method: string,
  when: "before" | "after",
  nth = 1,
  matches: (args: unknown[]) => boolean = () => true,
  seen: unknown[] = [],
): T {
  let calls = 0;
  return new Proxy(target, {
    get(t, p) {
      const v: unknown = Reflect.get(t, p, t);
      if (typeof v !== "function") return v;
      const f = v as (...a: unknown[]) => unknown;
      if (p !== method) return f.bind(t);
      return (...args: unknown[]) => {
        if (!matches(args) || ++calls !== nth) return f.apply(t, args);
        if (when === "before") throw new Crash(`${method} (before)`);
        return Promise.resolve(f.apply(t, args)).then((r) => {
          seen.push(r);
          throw new Crash(`${method} (after)`);
        });
      };
    },
  });
}

const body = finalizeBody();

const served = () => env.sb.requests.list().length;
const mutations = (mark: number) =>
  env.sb.requests
    .list()
    .slice(mark)
    .filter((r) => r.method === "POST" || r.method === "PUT");

interface Run {
  send(
    api: ValePixClient,
    wb: Workbook,
  ): Promise<{
    distributionId: string;
    fingerprint: string;
    created: boolean;
    unrecordedDraftSince: string | undefined;
    plan: { itemCalls: number; count: number; lowerBound: number };
    review: { matches: boolean; sheet: { totalCents: number } };
  }>;
  finalize(
    api: ValePixClient,
    wb: Workbook,
    id: string,
    fingerprint: string,
  ): Promise<{ status: string; finalizedNow: boolean }>;
  workbook(active: Employee[]): Workbook;
}

const TABLE = "Beneficios";
const REF = "Refeição";

async function productId(api: ValePixClient, name: string) {
  return (await collectAll(api.products.list(), { max: 100 })).find((p) => p.name === name)!.id;
}

const modes: Record<"selected" | "batch", Run> = {
  selected: {
    workbook: (active) =>
      newWorkbook([
        {
          name: TABLE,
          header: ["CPF", "Nome", REF, "Alimentação"],
          rows: active.map((e, i): CellValue[] => [e.cpf!, e.name, 600 + (i % 3) * 10, i % 2 ? 450 : ""]),
        },
      ]),
    send: (api, wb) => sendSheet(api, { workbook: wb, table: TABLE }),
    finalize: (api, wb, id, fingerprint) =>
      finalizeSheet(api, { workbook: wb, table: TABLE, distributionId: id, fingerprint, body }),
  },
  batch: {
    workbook: (active) =>
      newWorkbook([
        {
          name: "Ajustes",
          header: ["CPF", "Nome", REF],
          rows: active.slice(0, 3).map((e, i): CellValue[] => [e.cpf!, e.name, 900 + i]),
        },
      ]),
    send: async (api, wb) =>
      sendBatch(api, {
        workbook: wb,
        values: { [await productId(api, REF)]: 50_000 },
        overridesTable: "Ajustes",
      }),
    finalize: (api, wb, id, fingerprint) =>
      finalizeBatch(api, { workbook: wb, distributionId: id, fingerprint, body }),
  },
};

interface Step {
  name: string;
  target: "distributions" | "workbook";
  method: string;
  when: "before" | "after";
  nth?: number;
  matches?: (args: unknown[]) => boolean;
}
const step = (
  name: string,
  target: Step["target"],
  method: string,
  when: Step["when"],
  nth?: number,
  matches?: Step["matches"],
): Step => ({
  name,
  target,
  method,
  when,
  ...(nth !== undefined ? { nth } : {}),
  ...(matches ? { matches } : {}),
});
const draftEntry = (args: unknown[]) => (args[0] as CellValue[][])[0]?.[5] === "draft";

const SEND_STEPS: Record<"selected" | "batch", Step[]> = {
  selected: [
    step("the create applied, its answer lost", "distributions", "create", "after"),
    step(
      "the create answered, the draft entry not written",
      "workbook",
      "appendRunLog",
      "before",
      1,
      draftEntry,
    ),
    step("the draft logged, no item added", "distributions", "addItems", "before"),
    step("the items added, no value set", "distributions", "setValueForAll", "before"),
    step("half the per-employee values set", "distributions", "setEmployeeValue", "after", 3),
    step("the values set, the review not read", "distributions", "listItems", "before"),
    step("the review read, the rows not written", "workbook", "writeColumns", "before"),
  ],
  batch: [
    step("the create applied, its answer lost", "distributions", "create", "after"),
    step(
      "the create answered, the draft entry not written",
      "workbook",
      "appendRunLog",
      "before",
      1,
      draftEntry,
    ),
    step("the draft logged, its items not read", "distributions", "listItems", "before"),
    step("the value for all set, no override", "distributions", "setValueForAll", "after"),
    step("one override set", "distributions", "setEmployeeValue", "after"),
    step("the values set, the review not read", "distributions", "listItems", "before", 2),
    step("the review read, the review table not written", "workbook", "createSheetWithTable", "before"),
  ],
};

describe.each(["selected", "batch"] as const)("mode %s: resume after a crash", (mode) => {
  const run = modes[mode];

  test.each(SEND_STEPS[mode])("while sending: $name", async ({ target, method, when, nth, matches }) => {
    env = await startWorkflowEnv({ seedEmployees: 30 });
    const active = (await collectAll(env.client.employees.list(), { max: 1000 })).filter(
      (e) => e.situation === "active",
    );
    const wb = run.workbook(active);
    const seen: unknown[] = [];
    const api =
      target === "distributions"
        ? {
            ...env.client,
            distributions: crashing(env.client.distributions, method, when, nth, matches, seen),
          }
        : env.client;
    const crashWb = target === "workbook" ? crashing(wb, method, when, nth, matches) : wb;
    expect(await crashed(run.send(api, crashWb))).toBe("crashed");

    const mark = served();
    const resumed = await run.send(env.client, wb);
    expect(resumed.review.matches).toBe(true);
    expect(resumed.plan.lowerBound).toBe(resumed.plan.count);
    // Only what was still missing is sent: the resumed plan is all the changes made.
    expect(mutations(mark).filter((r) => r.operation !== "createDistribution")).toHaveLength(
      resumed.plan.itemCalls,
    );
    const lost = method === "create" || (method === "appendRunLog" && target === "workbook");
    expect(resumed.created).toBe(lost);
    // A draft created but never logged is reported, and holds nothing anyone could pay.
    expect(resumed.unrecordedDraftSince !== undefined).toBe(lost);
    if (method === "create") {
      const orphan = await env.client.distributions.get(
        (seen[0] as { distribution_id: string }).distribution_id,
      );
      expect(orphan.status).toBe("draft");
      expect(orphan.total_amount).toBe(0);
    }

    await fundBalance(env, env.client, 50_000_000);
    const done = await run.finalize(env.client, wb, resumed.distributionId, resumed.fingerprint);
    expect(done).toMatchObject({ status: "completed", finalizedNow: true });
    expect(env.sb.requests.count({ operation: "finalizeDistribution" })).toBe(1);
    const log = await readRunLogEntries(wb);
    expect(log.at(-1)).toMatchObject({ distributionId: resumed.distributionId, state: "completed" });
    // Every logged distribution is the one that was finalized (placeholders aside).
    const logged = new Set(log.filter((l) => l.state !== "creating").map((l) => l.distributionId));
    expect(logged).toEqual(new Set([resumed.distributionId]));
  });

  test.each([
    { name: "the finalize applied, its answer lost", method: "finalize", when: "after" },
    { name: "finalized, the wait not begun", method: "waitWhileProcessing", when: "before" },
  ] as const)("while finalizing: $name", async ({ method, when }) => {
    env = await startWorkflowEnv({ seedEmployees: 30 });
    const active = (await collectAll(env.client.employees.list(), { max: 1000 })).filter(
      (e) => e.situation === "active",
    );
    const wb = run.workbook(active);
    const sent = await run.send(env.client, wb);
    await fundBalance(env, env.client, 50_000_000);
    const api = { ...env.client, distributions: crashing(env.client.distributions, method, when) };
    await expect(run.finalize(api, wb, sent.distributionId, sent.fingerprint)).rejects.toBeInstanceOf(Crash);

    const again = await run.finalize(env.client, wb, sent.distributionId, sent.fingerprint);
    expect(again).toMatchObject({ status: "completed", finalizedNow: false });
    expect(env.sb.requests.count({ operation: "finalizeDistribution" })).toBe(1);
    expect(await env.client.distributions.get(sent.distributionId)).toMatchObject({
      status: "completed",
      total_amount: sent.review.sheet.totalCents,
    });
    expect((await readRunLogEntries(wb)).at(-1)).toMatchObject({ state: "completed" });
  });
});
