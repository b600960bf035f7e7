/**
 * A month survives the pane dying at any moment. The pane is killed at each request of the month
 * (create, the items, each value call, the review's reads, finalize's checks, finalize, its
 * polling), before it leaves or after the server applied it, and at each write of the workbook
 * (the run log, the rows, the ledger); from then on it does nothing more, as a closed pane or a
 * crashed Excel does. A fresh pane then finishes the month on the same workbook, or on the file
 * saved before the run (its run log empty; only the per-user journal knows the run). Against
 * the sandbox: the table is paid exactly once, with what the sheet says; no draft is left with
 * money in it; the ledger and the run log tell what the API holds.
 */
import { type ValePixClient, collectAll } from "../../../api";
import type { CellValue, Workbook } from "../../../workbook";
import { createMemoryWorkbook } from "../../../excel/memory-workbook";
import { readLedger } from "../../../workbook/ledger";
import { DoublePaymentError, readRunLogEntries } from "../../../workbook/run-log";
import { RunJournal, WORKBOOK_ID_SETTING, journaled, workbookId } from "../../../workbook/run-journal";
import {
  finalizeBody,
  fundBalance,
  startWorkflowEnv,
  testClient,
  type WorkflowEnv,
} from "../../testing/workflows-env";
import { LOT_DELAY } from "../../../../sandbox/test-harness";
import { refreshStatus } from "../finalize/refresh-status";
import { sendSheet } from "../send/distribute";
import { finalizeSheet } from "../finalize/finalize";
import { UnknownOutcomeNeedsConfirmationError } from "../finalize/finalize-draft";
import { MemoryUserStorage } from "../../../api/testing/memory-storage";

jest.setTimeout(120_000);

class Crash extends Error {
  override name = "Crash";
}

const TABLE = "Beneficios";
const HEADER = ["CPF", "Nome", "Refeição", "Alimentação"];

/** Dies at the `at`-th event it counts: before it happens, or after it took effect. */
class Killer {
  count = 0;
  dead = false;
  constructor(
    readonly at: number,
    readonly when: "before" | "after",
  ) {}
  async step<T>(run: () => Promise<T>): Promise<T> {
    if (this.dead) throw new Crash("the pane is gone");
    const n = ++this.count;
    if (n === this.at && this.when === "before") {
      this.dead = true;
      throw new Crash(`killed before event ${n}`);
    }
    const out = await run();
    if (n === this.at) {
      this.dead = true;
      throw new Crash(`killed after event ${n}`);
    }
    return out;
  }
}

const WRITES = [
  "appendRunLog",
  "writeColumns",
  "writeTableCells",
  "appendRows",
  "createSheetWithTable",
  "setSetting",
];

/** The workbook as a dying pane sees it: its writes count (and die) with `killer`; all dies after. */
function dyingWorkbook(workbook: Workbook, killer: Killer | undefined, writes: Killer | undefined): Workbook {
  return new Proxy(workbook, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      const method = value as (...a: unknown[]) => unknown;
      return (...args: unknown[]) => {
        if (killer?.dead || writes?.dead) throw new Crash("the pane is gone");
        if (writes && WRITES.includes(String(property)))
          return writes.step(() => Promise.resolve(method.apply(target, args)));
        return method.apply(target, args);
      };
    },
  });
}

interface Pane {
  api: ValePixClient;
  workbook: Workbook;
}

function paneOf(env: WorkflowEnv, workbook: Workbook, killer?: Killer): Pane {
  const api = testClient(
    env,
    killer ? { fetch: (input, init) => killer.step(() => fetch(input, init)) } : {},
  );
  return { api, workbook };
}

/** The month as a person does it: send, review, finalize (confirming after a check when asked). */
async function month(pane: Pane): Promise<"paid" | "refused as paid"> {
  const { api, workbook } = pane;
  let sent;
  try {
    sent = await sendSheet(api, { workbook, table: TABLE });
  } catch (e) {
    if (e instanceof DoublePaymentError) return "refused as paid";
    throw e;
  }
  expect(sent.review.matches).toBe(true);
  const input = {
    workbook,
    table: TABLE,
    distributionId: sent.distributionId,
    fingerprint: sent.fingerprint,
  };
  try {
    await finalizeSheet(api, { ...input, body: finalizeBody() });
  } catch (e) {
    if (!(e instanceof UnknownOutcomeNeedsConfirmationError)) throw e;
    // The person checked: the distribution is still a draft; they finalize it, on purpose.
    await finalizeSheet(api, { ...input, body: finalizeBody(), confirmAfterUnknownOutcome: true });
  }
  return "paid";
}

interface World {
  env: WorkflowEnv;
  storage: MemoryUserStorage;
  rows: CellValue[][];
  /** The workbook the run starts on, and a copy of it saved before the run. */
  workbook: Workbook;
  saved: () => Workbook;
}

async function world(): Promise<World> {
  const env = await startWorkflowEnv({ seedEmployees: 8 });
  const active = (await collectAll(env.client.employees.list(), { max: 100 })).filter(
    (e) => e.situation === "active",
  );
  const rows = active.map((e, i): CellValue[] => [e.cpf!, e.name, 600 + (i % 3) * 10, i % 2 ? 450 : ""]);
  const storage = new MemoryUserStorage();
  const init = () => createMemoryWorkbook({ tables: [{ name: TABLE, sheet: TABLE, header: HEADER, rows }] });
  const first = init();
  const id = await workbookId(first); // the pane named the workbook before it was saved
  const workbook = journaled(first, new RunJournal(storage));
  const saved = () => {
    const copy = init();
    void copy.setSetting(WORKBOOK_ID_SETTING, id);
    return journaled(copy, new RunJournal(storage));
  };
  await fundBalance(env, env.client, 50_000_000);
  return { env, storage, rows, workbook, saved };
}

/** Every distribution the sandbox served a request about, as the API holds it now. */
async function distributions(env: WorkflowEnv) {
  const ids = new Set<string>();
  for (const r of env.sb.requests.list()) {
    const match = /\/distributions\/([^/]+)/.exec(r.path);
    if (match) ids.add(decodeURIComponent(match[1]!));
  }
  return Promise.all([...ids].map((id) => env.client.distributions.get(id)));
}

async function assertPaidOnce(w: World, workbook: Workbook) {
  const { env } = w;
  const all = await distributions(env);
  const paid = all.filter((d) => d.status !== "draft");
  expect(paid).toHaveLength(1);
  expect(paid[0]!.status).toBe("completed");
  // No draft holds money anyone could finalize.
  for (const d of all.filter((x) => x.status === "draft")) expect(d.total_amount).toBe(0);
  const sheetCents = 100 * w.rows.reduce((s, r) => s + Number(r[2] || 0) + Number(r[3] || 0), 0); // reais in the cells
  expect(paid[0]!.total_amount).toBe(sheetCents);
  const debits = await collectAll(env.client.transactions.list({ type: "DISTRIBUTION" }), { max: 100 });
  expect(debits.reduce((s, t) => s - t.amount, 0)).toBe(sheetCents);
  // The workbook tells what the API holds: the ledger pays the sheet once, the log says completed.
  const ledger = await readLedger(workbook);
  expect(new Set(ledger.map((r) => r.distributionId))).toEqual(new Set([paid[0]!.distribution_id]));
  expect(ledger.reduce((s, r) => s + (r.cents ?? 0), 0)).toBe(sheetCents);
  const last = (await readRunLogEntries(workbook))
    .filter((e) => e.distributionId === paid[0]!.distribution_id)
    .at(-1);
  expect(last?.state).toBe("completed");
}

/** How many requests and workbook writes a whole month takes, counted once. */
async function eventsOfAMonth(): Promise<{ requests: number; writes: number }> {
  const w = await world();
  try {
    const requests = new Killer(Number.POSITIVE_INFINITY, "before");
    const writes = new Killer(Number.POSITIVE_INFINITY, "before");
    const pane = paneOf(w.env, dyingWorkbook(w.workbook, requests, writes), requests);
    expect(await month(pane)).toBe("paid");
    return { requests: requests.count, writes: writes.count };
  } finally {
    await w.env.close();
  }
}

const cases: Array<{
  kind: "request" | "write";
  at: number;
  when: "before" | "after";
  file: "same" | "saved";
}> = [];
let counted: { requests: number; writes: number };

beforeAll(async () => {
  counted = await eventsOfAMonth();
});

describe("a month survives the pane dying at any moment", () => {
  it("counts the month's events (the matrix below walks every one)", () => {
    expect(counted.requests).toBeGreaterThan(8);
    expect(counted.writes).toBeGreaterThan(4);
    for (const kind of ["request", "write"] as const)
      for (let at = 1; at <= (kind === "request" ? counted.requests : counted.writes); at++)
        for (const when of ["before", "after"] as const)
          for (const file of ["same", "saved"] as const) cases.push({ kind, at, when, file });
  });

  it("every crash point, then a fresh pane on the same file or the file saved before: paid exactly once", async () => {
    const failures: string[] = [];
    let notReached = 0;
    const only = process.env.MATRIX_CASE;
    for (const c of cases.filter((x) => !only || `${x.kind} ${x.at} ${x.when} ${x.file}` === only)) {
      const w = await world();
      try {
        const killer = new Killer(c.kind === "request" ? c.at : Number.POSITIVE_INFINITY, c.when);
        const writes = new Killer(c.kind === "write" ? c.at : Number.POSITIVE_INFINITY, c.when);
        const dying = paneOf(w.env, dyingWorkbook(w.workbook, killer, writes), killer);
        // Whatever the dying pane was told last (the crash, or an error whose cause it is), it is
        // gone. A month whose polling took fewer reads than counted ends before its kill point.
        const ended = await month(dying).then(
          () => "ended",
          (e: unknown) => e,
        );
        if (ended === "ended") notReached++;
        else expect(killer.dead || writes.dead).toBe(true);
        const workbook = c.file === "same" ? w.workbook : w.saved();
        const outcome = await month(paneOf(w.env, workbook));
        // A month whose finalize was applied before the crash is found paid, not paid again.
        expect(["paid", "refused as paid"]).toContain(outcome);
        if (outcome === "refused as paid") {
          // Refused because the send found it paid and recorded it so: the ledger and the log.
          const log = await readRunLogEntries(workbook);
          const paidEntry = log.findLast((e) => e.state === "processing" || e.state === "completed");
          expect(paidEntry).toBeDefined();
          expect(
            (await readLedger(workbook)).some((r) => r.distributionId === paidEntry!.distributionId),
          ).toBe(true);
          // The person looks again once the lot has had time to settle (Activity's check).
          w.env.clock.advance(LOT_DELAY);
          await refreshStatus(w.env.client, { workbook, table: TABLE });
        }
        await assertPaidOnce(w, workbook);
      } catch (e) {
        failures.push(
          `${c.kind} ${c.at} ${c.when} (${c.file} file): ${(e as Error).message.replace(/\s+/g, " ").slice(0, 300)}`,
        );
      } finally {
        await w.env.close();
      }
    }
    expect(failures).toEqual([]);
    expect(notReached).toBeLessThan(cases.length / 10);
  });
});
