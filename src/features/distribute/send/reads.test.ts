/**
 * Reads a workflow reuses: the directory once per connection while it is used (read
 * again once unused for 10 minutes) unless employees changed or a send failed; the review's items
 * for finalize's check unless a failed send may still change them. Over the sandbox: validate's
 * read, the send and finalize make one pass over the employees and one over the draft's items,
 * however long the send lasts.
 */
import { type Employee, collectAll, type Product } from "../../../api";
import type { CellValue, Workbook } from "../../../workbook";
import {
  fundBalance,
  newWorkbook,
  startWorkflowEnv,
  type WorkflowEnv,
  finalizeBody,
} from "../../testing/workflows-env";
import { finalizeSheet } from "../finalize/finalize";
import { sendSheet } from "./distribute";
import { directoryClient } from "../testing/directory-client";
import { READS_MAX_AGE_MS, WorkflowReads } from "./reads";
import type { DraftItems } from "./review";

jest.setTimeout(60_000);

const lists = (n: number) => ({
  employees: Array.from({ length: n }, (_, i): Employee => ({
    employee_id: `e${i}`,
    name: `E${i}`,
    situation: "active",
  })),
  products: [] as Product[],
});
const items = (n: number): DraftItems => ({
  items: Array.from({ length: n }, (_, i) => ({ employee_id: `e${i}`, values: [] })),
  status: "draft",
  totalEmployees: n,
  totalCents: 0,
});

describe("WorkflowReads", () => {
  function setUp() {
    let t = 0;
    const reads = new WorkflowReads({ now: () => t });
    let loads = 0;
    const load = (n: number) => () => {
      loads++;
      return Promise.resolve(lists(n));
    };
    return { reads, load, loads: () => loads, advance: (ms: number) => (t += ms) };
  }
  const a = { baseUrl: "https://a.example" };
  const b = { baseUrl: "https://b.example" };

  it("reads the directory once per connection while it was used in the last 10 minutes", async () => {
    const s = setUp();
    expect(READS_MAX_AGE_MS).toBe(600_000);
    const first = await s.reads.directory.read(a, s.load(1));
    // Indexed and named once, at the read: every step matches against the same index.
    expect(first.index.size).toBe(1);
    expect(first.names.get("e0")).toBe("E0");
    s.advance(READS_MAX_AGE_MS - 1);
    expect(await s.reads.directory.read({ baseUrl: "https://a.example" }, s.load(2))).toBe(first);
    // That use counts: 19 minutes after the read, 9 after the last use.
    s.advance(READS_MAX_AGE_MS - 1);
    expect(await s.reads.directory.read(a, s.load(3))).toBe(first);
    expect(s.loads()).toBe(1);
    // Unused for 10 minutes (an idle pane): read again.
    s.advance(READS_MAX_AGE_MS);
    expect((await s.reads.directory.read(a, s.load(4))).employees).toHaveLength(4);
    expect(s.loads()).toBe(2);
  });

  it("a send that lasts 20 minutes keeps it for the finalize that follows; an idle pane reads again", async () => {
    const s = setUp();
    const done = s.reads.directory.step();
    const first = await s.reads.directory.read(a, s.load(1));
    s.advance(2 * READS_MAX_AGE_MS); // 10,000 calls at 10 a second
    done(); // the send reached its review
    s.advance(READS_MAX_AGE_MS - 1);
    expect(await s.reads.directory.read(a, s.load(2))).toBe(first);
    expect(s.loads()).toBe(1);
    // A step that did not take it does not keep it: idle 10 minutes, then read again.
    s.advance(1);
    const other = s.reads.directory.step();
    s.advance(READS_MAX_AGE_MS - 1);
    other();
    expect((await s.reads.directory.read(a, s.load(3))).employees).toHaveLength(3);
    expect(s.loads()).toBe(2);
  });

  it("another connection, a change of employees, or an explicit refresh reads it again", async () => {
    const s = setUp();
    await s.reads.directory.read(a, s.load(1));
    expect((await s.reads.directory.read(b, s.load(2))).employees).toHaveLength(2);
    s.reads.directory.employeesChanged();
    expect((await s.reads.directory.read(b, s.load(3))).employees).toHaveLength(3);
    s.reads.directory.refresh();
    expect((await s.reads.directory.read(b, s.load(4))).employees).toHaveLength(4);
    expect(s.loads()).toBe(4);
  });

  it("live revalidation keeps the validation's directory until employees change", async () => {
    const s = setUp();
    const api = directoryClient(lists(1).employees, []);
    await s.reads.directory.fresh(api, new AbortController().signal);
    const registered = directoryClient(lists(2).employees, []);
    // A keystroke reads nothing: the validation's directory, whatever the API holds now.
    expect((await s.reads.directory.cached(registered, new AbortController().signal)).employees).toHaveLength(
      1,
    );
    s.reads.directory.employeesChanged();
    expect((await s.reads.directory.cached(registered, new AbortController().signal)).employees).toHaveLength(
      2,
    );
  });

  it("a failed read is not kept", async () => {
    const s = setUp();
    await expect(s.reads.directory.read(a, () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect((await s.reads.directory.read(a, s.load(5))).employees).toHaveLength(5);
  });

  it("keeps a review's items for 10 minutes, until the draft is sent or finalized again", () => {
    const s = setUp();
    const held = items(3);
    s.reads.keepDraft("d1", held);
    expect(s.reads.draft("d1")).toBe(held);
    expect(s.reads.draft("d2")).toBeUndefined();
    s.reads.forgetDraft("d1");
    expect(s.reads.draft("d1")).toBeUndefined();
    s.reads.keepDraft("d1", held);
    s.advance(READS_MAX_AGE_MS);
    expect(s.reads.draft("d1")).toBeUndefined();
  });

  it("a draft a send failed on is always read again (a call given up on may land later)", () => {
    const s = setUp();
    s.reads.keepDraft("d1", items(2));
    s.reads.draftUncertain("d1");
    expect(s.reads.draft("d1")).toBeUndefined();
    s.reads.keepDraft("d1", items(2));
    expect(s.reads.draft("d1")).toBeUndefined();
  });
});

describe("send then finalize with the reads kept (sandbox)", () => {
  let env: WorkflowEnv;
  afterEach(async () => {
    await env.close();
  });

  const body = finalizeBody("Benefícios", { refeicao: "Vale refeição" });

  async function sheet() {
    const employees = (await collectAll(env.client.employees.list(), { max: 1000 })).filter(
      (e) => e.situation === "active",
    );
    const products = await collectAll(env.client.products.list(), { max: 100 });
    const rows: CellValue[][] = employees.slice(0, 5).map((e) => [e.cpf!, e.name, 600]);
    return newWorkbook([{ name: "Folha", header: ["CPF", "Nome", products[0]!.name], rows }]);
  }
  /** Finalize of what `sendSheet` sent, through the same reads (or none). */
  const finalizeSent = (
    workbook: Workbook,
    sent: { distributionId: string; fingerprint: string },
    shared: WorkflowReads | undefined,
  ) =>
    finalizeSheet(
      env.client,
      { workbook, table: "Folha", distributionId: sent.distributionId, fingerprint: sent.fingerprint, body },
      { reads: shared },
    );
  const reads = (path: string, since: number) =>
    env
      .sentSince(since)
      .filter((r) => r.method === "GET" && new URL(r.path, "http://x").pathname.endsWith(path));

  it.each([true, false])(
    "one pass over the employees and one over the draft's items (reads kept: %s)",
    async (kept) => {
      env = await startWorkflowEnv();
      const wb = await sheet();
      await fundBalance(env, env.client, 1_000_000);
      const mark = env.sent.length;
      const shared = kept ? new WorkflowReads({ now: env.clock.now }) : undefined;
      const sent = await sendSheet(env.client, { workbook: wb, table: "Folha" }, { reads: shared });
      const done = await finalizeSent(wb, sent, shared);
      expect(done.status).toBe("completed");
      // The sandbox's seed fits one page of 1,000: one call per pass.
      expect(reads("/employees", mark)).toHaveLength(kept ? 1 : 2);
      expect(reads("/products", mark)).toHaveLength(kept ? 1 : 2);
      expect(reads(`/distributions/${sent.distributionId}/items`, mark)).toHaveLength(kept ? 1 : 2);
    },
  );

  it("a send that lasts 20 minutes, then finalize: one pass over the employees", async () => {
    env = await startWorkflowEnv();
    const wb = await sheet();
    await fundBalance(env, env.client, 1_000_000);
    const mark = env.sent.length;
    // The reads' clock moves on 20 minutes while the plan is sent (10,000 calls at 10 a second).
    let sendMs = 0;
    const shared = new WorkflowReads({ now: () => env.clock.now() + sendMs });
    const onProgress = (p: { phase: string }) => {
      if (p.phase === "review") sendMs = 2 * READS_MAX_AGE_MS;
    };
    const sent = await sendSheet(env.client, { workbook: wb, table: "Folha" }, { reads: shared, onProgress });
    expect(sendMs).toBe(2 * READS_MAX_AGE_MS);
    const done = await finalizeSent(wb, sent, shared);
    expect(done.status).toBe("completed");
    expect(reads("/employees", mark)).toHaveLength(1);
    expect(reads("/products", mark)).toHaveLength(1);
  });

  it("a send whose calls failed drops the directory: the next send reads it again", async () => {
    env = await startWorkflowEnv();
    const wb = await sheet();
    const mark = env.sent.length;
    const shared = new WorkflowReads({ now: env.clock.now });
    const stop = new AbortController();
    const onProgress = (p: { phase: string }) => {
      if (p.phase === "send") stop.abort();
    };
    await expect(
      sendSheet(
        env.client,
        { workbook: wb, table: "Folha" },
        { reads: shared, onProgress, signal: stop.signal },
      ),
    ).rejects.toThrow();
    expect(reads("/employees", mark)).toHaveLength(1);
    await sendSheet(env.client, { workbook: wb, table: "Folha" }, { reads: shared });
    expect(reads("/employees", mark)).toHaveLength(2);
  });

  it("an item changed on the server after the review: with the reads kept, the totals check still refuses a changed total", async () => {
    env = await startWorkflowEnv();
    const wb = await sheet();
    await fundBalance(env, env.client, 1_000_000);
    const shared = new WorkflowReads({ now: env.clock.now });
    const sent = await sendSheet(env.client, { workbook: wb, table: "Folha" }, { reads: shared });
    const { items: held } = shared.draft(sent.distributionId)!;
    const one = held[0]!;
    await env.client.distributions.setEmployeeValue(sent.distributionId, one.employee_id, {
      product_id: one.values[0]!.product_id,
      value: 1,
    });
    await expect(finalizeSent(wb, sent, shared)).rejects.toThrow(/does not match what was reviewed/);
    expect(env.sb.requests.count({ operation: "finalizeDistribution" })).toBe(0);
  });
});
