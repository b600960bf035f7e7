/**
 * Distribution in mode `selected` against the sandbox over loopback (manual clock), with the
 * test workbook: from a messy sheet to a completed distribution, edits that converge with exactly
 * the planned calls, resume after a crash, 429s and 5xx while sending, finalize with its outcome
 * unknown, and the double-payment block. Server state is read back with the client; the cells
 * written back are read from the workbook.
 */
import {
  FinalizeOutcomeUnknownError,
  type ValePixClient,
  collectAll,
  type Employee,
  type Product,
} from "../../../api";
import { formatCpf } from "../../../money";
import { type MemoryWorkbook, createMemoryWorkbook } from "../../../excel/memory-workbook";
import { type CellValue, RUN_LOG_SHEET } from "../../../workbook";
import {
  fundBalance,
  newWorkbook,
  serverItems,
  startWorkflowEnv,
  type WorkflowEnv,
  finalizeBody,
} from "../../testing/workflows-env";
import { sendSheet } from "./distribute";
import { finalizeSheet } from "../finalize/finalize";
import { DraftChangedError, UnknownOutcomeNeedsConfirmationError } from "../finalize/finalize-draft";
import { Pacer } from "../../../api/pacer";
import type { Progress } from "../../../api/progress";
import { readDraftItems } from "./review";
import { DoublePaymentError, readRunLogEntries } from "../../../workbook/run-log";
import { LEDGER_HEADERS, readLedger } from "../../../workbook/ledger";
import { dateText } from "../../../workbook/dates";
import { SendIncompleteError } from "./send";
import { SheetInvalidError } from "./sheet";

jest.setTimeout(60_000);

const TABLE = "Beneficios";
const HEADER = ["CPF", "Nome", "Refeição", "Alimentação", "Observações"];

let env: WorkflowEnv;
afterEach(async () => {
  await env.close();
});

interface World {
  api: ValePixClient;
  active: Employee[];
  inactive: Employee[];
  ref: string;
  ali: string;
}

async function world(api: ValePixClient): Promise<World> {
  const employees = await collectAll(api.employees.list(), { max: 1000 });
  const products: Product[] = await collectAll(api.products.list(), { max: 100 });
  return {
    api,
    active: employees.filter((e) => e.situation === "active"),
    inactive: employees.filter((e) => e.situation !== "active"),
    ref: products.find((p) => p.name === "Refeição")!.id,
    ali: products.find((p) => p.name === "Alimentação")!.id,
  };
}

/** A sheet as people keep it: CPFs formatted or as numbers, amounts as text or reais, blanks, an empty row, a totals row. */
function messyRows(w: World): CellValue[][] {
  const [a, b, c, d, e] = w.active;
  const cpf = (x: Employee) => formatCpf(x.cpf!);
  return [
    [cpf(a!), a!.name, "R$ 600,00", 450, "novo"],
    [Number(b!.cpf), b!.name, "600", "", ""],
    [c!.cpf!, c!.name, 600, 450, ""],
    ["", "", "", "", ""],
    [cpf(d!), d!.name, 600, "450,00", "férias em março"],
    [cpf(w.inactive[0]!), w.inactive[0]!.name, "", "", "desligado"],
    [cpf(e!), e!.name, 550, 450, ""],
    ["", "Total", 2950, 1800, ""],
  ];
}

/** Counted on the server (the sandbox's request log): position now, and mutations served since. */
const served = () => env.sb.requests.list().length;
const mutations = (env: WorkflowEnv, mark: number) =>
  env.sb.requests
    .list()
    .slice(mark)
    .filter((r) => r.method === "POST" || r.method === "PUT");

const column = (wb: MemoryWorkbook, header: string): CellValue[] => {
  const values = wb.sheetValues(TABLE);
  const i = values[0]!.indexOf(header);
  return values.slice(1).map((r) => r[i] ?? "");
};

const body = finalizeBody("Benefícios de janeiro", { refeicao: "Vale refeição janeiro" });

describe("selected mode", () => {
  test("a messy sheet, sent at the plan's lower bound, reviewed, finalized once, written back and logged", async () => {
    env = await startWorkflowEnv();
    const w = await world(env.client);
    const wb = newWorkbook([{ name: TABLE, header: HEADER, rows: messyRows(w) }]);
    const phases: Progress[] = [];
    const mark = served();
    const sent = await sendSheet(
      w.api,
      { workbook: wb, table: TABLE },
      { onProgress: (p) => phases.push(p) },
    );

    // 5 rows to pay; Refeição: 4 × 600 and 1 × 550; Alimentação: 4 × 450 and one 0.
    expect(sent.created).toBe(true);
    expect(sent.plan.count).toBe(2 + 1 + Math.min(5, 1 + 5 - 4) + Math.min(4, 1 + 5 - 4));
    expect(sent.plan.lowerBound).toBe(sent.plan.count);
    // Every mutation made is one the plan counted (finalize is still to come).
    expect(mutations(env, mark)).toHaveLength(sent.plan.count - 1);
    expect(sent.review.matches).toBe(true);
    expect(sent.review.sheet).toEqual({ employees: 5, totalCents: 5 * 60_000 - 5_000 + 4 * 45_000 });
    expect(sent.sincePrevious).toBeUndefined();
    expect(phases.filter((p) => p.phase === "send").at(-1)).toMatchObject({ done: sent.plan.itemCalls });

    const [a, b, c, d, e] = w.active;
    const want = {
      [a!.employee_id]: { [w.ref]: 60_000, [w.ali]: 45_000 },
      [b!.employee_id]: { [w.ref]: 60_000 },
      [c!.employee_id]: { [w.ref]: 60_000, [w.ali]: 45_000 },
      [d!.employee_id]: { [w.ref]: 60_000, [w.ali]: 45_000 },
      [e!.employee_id]: { [w.ref]: 55_000, [w.ali]: 45_000 },
    };
    expect(await serverItems(w.api, sent.distributionId)).toEqual(want);
    // The rows sent are in the draft; the totals row stays skipped (the status rule).
    expect(column(wb, "Status ValePix")).toEqual([
      "No rascunho",
      "No rascunho",
      "No rascunho",
      "",
      "No rascunho",
      "",
      "No rascunho",
      "Ignorada",
    ]);

    await fundBalance(env, w.api, 1_000_000);
    const markFinalize = served();
    const done = await finalizeSheet(w.api, {
      workbook: wb,
      table: TABLE,
      distributionId: sent.distributionId,
      fingerprint: sent.fingerprint,
      body,
    });
    expect(done.status).toBe("completed");
    expect(done.finalizedNow).toBe(true);
    expect(
      env.sb.requests
        .list()
        .slice(markFinalize)
        .filter((r) => r.operation === "finalizeDistribution"),
    ).toHaveLength(1);
    const onServer = await w.api.distributions.get(sent.distributionId);
    expect(onServer).toMatchObject({ status: "completed", total_employees: 5, total_amount: 475_000 });
    expect((await w.api.balances.get()).available_amount).toBe(1_000_000 - 475_000);

    // Paid, with the date and the distribution's description: the row's durable record.
    const paid = `Pago em ${dateText(Date.now(), "pt-BR")} · Benefícios de janeiro`;
    expect(column(wb, "Status ValePix")).toEqual([paid, paid, paid, "", paid, "", paid, "Ignorada"]);
    expect(column(wb, "Mensagem ValePix")[0]).toBe(
      `R$ 1.050,00 pagos na distribuição ${sent.distributionId}`,
    );
    expect(column(wb, "Total da linha")).toEqual([1050, 600, 1050, "", 1050, "", 1000, ""]);
    const log = await readRunLogEntries(wb);
    expect(log.map((l) => l.state)).toEqual(["creating", "draft", "finalizing", "processing", "completed"]);
    expect(log.at(-1)).toMatchObject({
      table: TABLE,
      mode: "selected",
      distributionId: sent.distributionId,
      totalEmployees: 5,
      totalCents: 475_000,
      paymentMethod: "BALANCE",
      fingerprint: sent.fingerprint,
    });
    expect(log.at(-1)!.lotId).toMatch(/^lot/);

    // The ledger: one row per employee and product paid, on a sheet of its own.
    const ledger = await readLedger(wb);
    expect(ledger).toHaveLength(9);
    expect(ledger.every((r) => r.distributionId === sent.distributionId && r.state === "completed")).toBe(
      true,
    );
    expect(ledger.every((r) => r.table === TABLE && r.label === "Benefícios de janeiro")).toBe(true);
    expect(ledger.reduce((t, r) => t + (r.cents ?? 0), 0)).toBe(475_000);
    const sheet = wb.sheetValues("Histórico ValePix");
    expect(sheet[0]).toEqual(Object.values(LEDGER_HEADERS["pt-BR"]));
    expect(typeof sheet[1]![0]).toBe("number"); // an Excel date, not date text
    expect(wb.numberFormat("Histórico ValePix", "A2")).toBe("dd/mm/yyyy hh:mm");
    expect(wb.numberFormat("Histórico ValePix", "L2")).toBe('"R$" #,##0.00');
    expect(sheet.slice(1).map((r) => r[7])).toContain(`***.${a!.cpf!.slice(3, 6)}.${a!.cpf!.slice(6, 9)}-**`);
    expect(JSON.stringify(sheet)).not.toContain(a!.cpf!);
    expect(wb.activeSheet()).not.toBe("Histórico ValePix"); // the person stays on their sheet
  });

  test("a sheet with errors is written back and nothing is sent", async () => {
    env = await startWorkflowEnv();
    const w = await world(env.client);
    const rows = messyRows(w);
    rows[0]![2] = "R$ 600,005"; // sub-cent
    const wb = newWorkbook([{ name: TABLE, header: HEADER, rows }]);
    const mark = served();
    await expect(sendSheet(w.api, { workbook: wb, table: TABLE })).rejects.toBeInstanceOf(SheetInvalidError);
    expect(mutations(env, mark)).toHaveLength(0);
    expect(column(wb, "Status ValePix")[0]).toBe("Erro");
    expect(String(column(wb, "Mensagem ValePix")[0])).toMatch(/Refeição/);
  });

  test("an edit after a first send converges with exactly the planned calls, and the review says what changed since last month", async () => {
    env = await startWorkflowEnv();
    const w = await world(env.client);
    const wb = newWorkbook([{ name: TABLE, header: HEADER, rows: messyRows(w) }]);
    const first = await sendSheet(w.api, { workbook: wb, table: TABLE });
    // Edits: a raise, a row cleared, a new person, and everyone's Alimentação up.
    wb.typeCell(TABLE, "C8", 600); // e: 550 -> 600
    for (const col of ["A", "B", "C", "D"]) wb.typeCell(TABLE, `${col}3`, ""); // b removed
    const f = w.active[5]!;
    wb.typeCell(TABLE, "A5", f.cpf!);
    wb.typeCell(TABLE, "C5", 600);
    wb.typeCell(TABLE, "D5", 500);
    for (const r of [2, 4, 6, 8]) wb.typeCell(TABLE, `D${r}`, 500);
    const mark = served();
    const second = await sendSheet(w.api, { workbook: wb, table: TABLE });
    expect(second.created).toBe(false);
    expect(second.distributionId).toBe(first.distributionId);
    expect(second.plan.lowerBound).toBe(second.plan.count);
    // Remove b, add f; Refeição: everyone at 600 now (1 call beats 2 for f and e); Alimentação:
    // everyone at 500 (1 call beats 5).
    expect(second.plan.stages).toEqual([
      [
        { kind: "remove", employee_ids: [w.active[1]!.employee_id] },
        { kind: "add", employee_ids: [f.employee_id] },
      ],
      expect.arrayContaining([
        { kind: "valueForAll", product_id: w.ref, value: 60_000 },
        { kind: "valueForAll", product_id: w.ali, value: 50_000 },
      ]),
      [],
    ]);
    expect(mutations(env, mark)).toHaveLength(second.plan.itemCalls);
    expect(second.review.matches).toBe(true);

    // Finalize it, then next month: the review compares with this one.
    await fundBalance(env, w.api, 1_000_000);
    await finalizeSheet(w.api, {
      workbook: wb,
      table: TABLE,
      distributionId: second.distributionId,
      fingerprint: second.fingerprint,
      body,
    });
    wb.typeCell(TABLE, "C2", 700);
    const next = await sendSheet(w.api, { workbook: wb, table: TABLE });
    expect(next.created).toBe(true);
    expect(next.sincePrevious).toMatchObject({
      distributionId: second.distributionId,
      newEmployees: [],
      droppedEmployees: [],
      changed: [
        { employee_id: w.active[0]!.employee_id, product_id: w.ref, beforeCents: 60_000, afterCents: 70_000 },
      ],
      differenceCents: 10_000,
    });
  });

  test("a crash between steps and a cancel mid-send resume by converging, never by repeating", async () => {
    env = await startWorkflowEnv({ seedEmployees: 40 });
    const w = await world(env.client);
    const rows: CellValue[][] = w.active.map((e, i) => [
      e.cpf!,
      e.name,
      600 + (i % 3) * 10,
      i % 2 ? 450 : "",
      "",
    ]);
    const wb = newWorkbook([{ name: TABLE, header: HEADER, rows }]);
    // Crash right after the draft is created and logged (before any item is sent).
    const crash = new AbortController();
    await expect(
      sendSheet(
        w.api,
        { workbook: wb, table: TABLE },
        { signal: crash.signal, onProgress: (p) => p.phase === "plan" && crash.abort() },
      ),
    ).rejects.toBeInstanceOf(SendIncompleteError);
    // Then a cancel half-way through the values.
    const cancel = new AbortController();
    const err = await sendSheet(
      w.api,
      { workbook: wb, table: TABLE },
      {
        signal: cancel.signal,
        concurrency: 1,
        onProgress: (p) => p.phase === "send" && p.done === 4 && cancel.abort(),
      },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SendIncompleteError);
    expect((err as SendIncompleteError).cancelled).toBe(true);
    expect((err as SendIncompleteError).done).toBe(4);
    const mark = served();
    const resumed = await sendSheet(w.api, { workbook: wb, table: TABLE });
    expect(resumed.created).toBe(false);
    expect(resumed.review.matches).toBe(true);
    expect(resumed.plan.lowerBound).toBe(resumed.plan.count);
    expect(mutations(env, mark)).toHaveLength(resumed.plan.itemCalls);
    // Nothing done before is done again: the 4 calls that went through are not in the new plan.
    expect(resumed.plan.stages[0]).toEqual([]);
    const log = await readRunLogEntries(wb);
    expect(new Set(log.filter((l) => l.state !== "creating").map((l) => l.distributionId))).toEqual(
      new Set([resumed.distributionId]),
    );
  });

  test("429s and 5xx while sending: paced, read before repeating, and sending again converges", async () => {
    // The env is read lazily: its clock exists once the sandbox has started.
    const pacer = new Pacer({
      now: () => env.clock.now(),
      sleep: (ms) => Promise.resolve(env.clock.advance(ms)),
    });
    const statuses: number[] = [];
    const recorded: typeof fetch = async (input, init) => {
      const res = await globalThis.fetch(input, init);
      statuses.push(res.status);
      return res;
    };
    env = await startWorkflowEnv(
      { seedEmployees: 60, rateLimit: 5, faults: { rate: 0.1, kinds: ["before", "after"], seed: 11 } },
      { fetch: pacer.wrap(recorded) },
    );
    const w = await world(env.client);
    const rows: CellValue[][] = w.active.map((e, i) => [
      e.cpf!,
      e.name,
      600 + (i % 7) * 10,
      400 + (i % 5) * 10,
      "",
    ]);
    const wb = newWorkbook([{ name: TABLE, header: HEADER, rows }]);
    let review: Awaited<ReturnType<typeof sendSheet>> | undefined;
    const failures: unknown[] = [];
    for (let attempt = 0; attempt < 8 && !review; attempt++) {
      try {
        review = await sendSheet(w.api, { workbook: wb, table: TABLE }, { concurrency: 4 });
      } catch (e) {
        failures.push(e);
      }
    }
    expect(review?.review.matches).toBe(true);
    const items = await serverItems(w.api, review!.distributionId);
    expect(Object.keys(items)).toHaveLength(w.active.length);
    w.active.forEach((e, i) =>
      expect(items[e.employee_id]).toEqual({
        [w.ref]: 60_000 + (i % 7) * 1_000,
        [w.ali]: 40_000 + (i % 5) * 1_000,
      }),
    );
    const { requests, rateLimited } = pacer.stats();
    // Both kinds of trouble happened, and the pacer learned the limit: 429s stay a small share.
    expect(statuses.filter((s) => s >= 500).length).toBeGreaterThan(0);
    expect(rateLimited).toBeGreaterThan(0);
    expect(rateLimited).toBe(statuses.filter((s) => s === 429).length);
    expect(rateLimited).toBeLessThan(requests * 0.1);
  });
});

describe("finalize", () => {
  async function reviewed(
    fetchFault?: (url: string, init?: RequestInit) => Response | undefined | Promise<Response | undefined>,
  ) {
    env = await startWorkflowEnv(
      {},
      {
        fetch: async (input, init) => {
          const url = String(input instanceof Request ? input.url : input);
          const fault = await fetchFault?.(url, init);
          if (fault) return fault;
          return globalThis.fetch(input, init);
        },
      },
    );
    const w = await world(env.client);
    const wb = newWorkbook([{ name: TABLE, header: HEADER, rows: messyRows(w) }]);
    const sent = await sendSheet(w.api, { workbook: wb, table: TABLE });
    await fundBalance(env, w.api, 1_000_000);
    return { w, wb, sent };
  }

  test("an item changed after the review with the totals unchanged: nothing is finalized", async () => {
    const { w, wb, sent } = await reviewed();
    // Two employees' amounts of one product swapped on the server (as a late "value for all"
    // could leave them): the count and the total still agree with the sheet.
    const { items } = await readDraftItems(w.api.distributions, sent.distributionId);
    const valueOf = (i: (typeof items)[number], product: string) =>
      i.values.find((v) => v.product_id === product)?.value ?? 0;
    const pairs = items.flatMap((a) =>
      a.values.flatMap((v) =>
        items
          .filter((b) => b !== a && valueOf(b, v.product_id) !== v.value)
          .map((b) => ({ a, b, product: v.product_id })),
      ),
    );
    const { a, b, product } = pairs[0]!;
    const [va, vb] = [valueOf(a, product), valueOf(b, product)];
    await w.api.distributions.setEmployeeValue(sent.distributionId, a.employee_id, {
      product_id: product,
      value: vb,
    });
    await w.api.distributions.setEmployeeValue(sent.distributionId, b.employee_id, {
      product_id: product,
      value: va,
    });
    const finalize = () =>
      finalizeSheet(w.api, {
        workbook: wb,
        table: TABLE,
        distributionId: sent.distributionId,
        fingerprint: sent.fingerprint,
        body,
      });
    await expect(finalize()).rejects.toBeInstanceOf(DraftChangedError);
    expect(env.sb.requests.count({ operation: "finalizeDistribution" })).toBe(0);
    expect((await w.api.distributions.get(sent.distributionId)).status).toBe("draft");
    // Sending again converges on the sheet; then it finalizes.
    const again = await sendSheet(w.api, { workbook: wb, table: TABLE });
    expect(again.plan.itemCalls).toBe(2);
    const done = await finalizeSheet(w.api, {
      workbook: wb,
      table: TABLE,
      distributionId: again.distributionId,
      fingerprint: again.fingerprint,
      body,
    });
    expect(done.status).toBe("completed");
  });

  test("outcome unknown, applied: the read shows it, the run goes on to completed, finalize sent once", async () => {
    let finalizes = 0;
    const { w, wb, sent } = await reviewed(async (url, init) => {
      if (!url.endsWith("/finalize")) return undefined;
      finalizes++;
      await globalThis.fetch(url, init); // applied by the server, but the answer is lost
      return new Response("{}", { status: 502 });
    });
    const done = await finalizeSheet(w.api, {
      workbook: wb,
      table: TABLE,
      distributionId: sent.distributionId,
      fingerprint: sent.fingerprint,
      body,
    });
    expect(finalizes).toBe(1);
    expect(env.sb.requests.count({ operation: "finalizeDistribution" })).toBe(1);
    expect(done).toMatchObject({ status: "completed", finalizedNow: true });
    expect((await w.api.distributions.get(sent.distributionId)).status).toBe("completed");
    expect(column(wb, "Status ValePix")[0]).toMatch(/^Pago em /);
    expect(await readLedger(wb)).toHaveLength(9); // recorded once, as if finalize had answered
    expect((await readRunLogEntries(wb)).map((l) => l.state)).toEqual([
      "creating",
      "draft",
      "finalizing",
      "processing",
      "completed",
    ]);
  });

  test("outcome unknown, not applied: logged and written as unknown; a second finalize needs a confirmation", async () => {
    let lose = true;
    const { w, wb, sent } = await reviewed((url) =>
      url.endsWith("/finalize") && lose ? new Response("{}", { status: 503 }) : undefined,
    );
    const input = {
      workbook: wb,
      table: TABLE,
      distributionId: sent.distributionId,
      fingerprint: sent.fingerprint,
      body,
    };
    const err = await finalizeSheet(w.api, input).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FinalizeOutcomeUnknownError);
    expect((err as FinalizeOutcomeUnknownError).distribution?.status).toBe("draft");
    expect((await readRunLogEntries(wb)).at(-1)!.state).toBe("unknown");
    expect(column(wb, "Status ValePix")[0]).toBe("Sem resposta");
    expect(String(column(wb, "Mensagem ValePix")[0])).toMatch(/sem resposta/);
    expect(await readLedger(wb)).toEqual([]); // nothing known to be paid
    await expect(finalizeSheet(w.api, input)).rejects.toBeInstanceOf(UnknownOutcomeNeedsConfirmationError);
    lose = false;
    const done = await finalizeSheet(w.api, { ...input, confirmAfterUnknownOutcome: true });
    expect(done.status).toBe("completed");
  });
});

describe("no double payment", () => {
  test("the same content is blocked after it was paid, also after the workbook is closed and reopened; a confirmation lets it through", async () => {
    env = await startWorkflowEnv();
    const w = await world(env.client);
    const wb = newWorkbook([{ name: TABLE, header: HEADER, rows: messyRows(w) }]);
    const sent = await sendSheet(w.api, { workbook: wb, table: TABLE });
    await fundBalance(env, w.api, 2_000_000);
    await finalizeSheet(w.api, {
      workbook: wb,
      table: TABLE,
      distributionId: sent.distributionId,
      fingerprint: sent.fingerprint,
      body,
    });

    // Close and reopen: the table and the hidden log sheet are all that is kept.
    const reopened = createMemoryWorkbook({
      sheets: { [RUN_LOG_SHEET]: wb.sheetValues(RUN_LOG_SHEET) },
      tables: [
        {
          name: TABLE,
          sheet: TABLE,
          header: wb.sheetValues(TABLE)[0]!.map(String),
          rows: wb.sheetValues(TABLE).slice(1),
        },
      ],
    });
    const mark = served();
    const err = await sendSheet(w.api, { workbook: reopened, table: TABLE }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DoublePaymentError);
    expect((err as DoublePaymentError).matches.map((m) => m.distributionId)).toEqual([sent.distributionId]);
    expect(mutations(env, mark)).toHaveLength(0);
    // The row order and zero cells do not change the fingerprint; a changed amount does.
    const again = await sendSheet(w.api, {
      workbook: reopened,
      table: TABLE,
      confirmRepeatOf: (err as DoublePaymentError).fingerprint,
    });
    expect(again.review.matches).toBe(true);
    expect(again.distributionId).not.toBe(sent.distributionId);
  });
});
