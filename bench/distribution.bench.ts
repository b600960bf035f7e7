/**
 * The distribution end to end, as the task pane runs it: `sendSheet` then `finalizeSheet`
 * (src/features/distribute) with a client from `createPacedClient`, over the Office.js adapter on the fake
 * Excel, against the sandbox on loopback (on a thread of its own). Per scenario: the API calls
 * the sandbox served (its request log, not a client-side count), the plan's lower bound, the
 * naive count, wall time per phase, peak memory; with a rate limit, the send phase's time
 * against `calls / R`.
 *
 * The naive count is what a client without a plan makes: create, one add per employee, one value
 * call per employee and product, finalize.
 */
import { type FinalizeBody, type ValePixClient, collectAll, createClient } from "../src/api";
import { type ExcelThread, type WireUse, startExcelThread } from "./excel-thread";
import { OfficeWorkbook } from "../src/excel/office-workbook";
import { createPacedClient } from "../src/api/pacer";
// The workflows from their modules, not the feature's index: the index brings the screens, React
// and every Fluent UI icon, which Node loads whole where the pane's bundle keeps the icons it
// uses, and the heap measured is the month's.
import { sendSheet } from "../src/features/distribute/send/distribute";
import { finalizeSheet } from "../src/features/distribute/finalize/finalize";
import { WorkflowReads } from "../src/features/distribute/send/reads";
import { LARGE_PAGE_LIMIT } from "../src/api/pagination";
import { MAX_PAGE_LIMIT } from "../src/api/schemas";
import {
  type HeapAtSyncs,
  type HeapOptions,
  PhaseClock,
  type SentRequest,
  heapProbe,
  memorySampler,
  recordingFetch,
  timedWorkbook,
} from "./measure";
import { type SandboxThread, startSandboxThread } from "./sandbox-thread";
import { type BenchSheet, firstMonth, secondMonth } from "./sheet";

const TOKEN = "bench-token-0123456789";
const TABLE = "Beneficios";
const PRODUCTS = 4;

export interface Scenario {
  name: string;
  employees: number;
  /** "second-month": a draft of the first month exists; the sheet is edited, then sent again. */
  kind: "first-month" | "second-month";
  /** Requests per second the sandbox allows (0 = no limit). */
  rateLimit: number;
}

export interface ScenarioResult {
  name: string;
  employees: number;
  products: number;
  /** Mutations the server accepted, and the plan's lower bound for them. */
  calls_made: number;
  calls_lower_bound: number;
  calls_naive: number;
  /**
   * List pages read (employees, products, the draft's items) and their bound: one pass over each
   * list the month needs, `ceil(items / page)` pages each.
   */
  reads_made: number;
  reads_bound: number;
  /** The passes the bound counts, with their items: what `reads_bound` is made of. */
  read_passes: Array<{ list: string; items: number; pages: number }>;
  /** The page size the sandbox honours for the client's large pages. */
  page_size: number;
  /** Other reads: the distribution before finalize, the balance, and the wait's polling. */
  status_reads: number;
  /** Reads and mutations: made against bound. */
  total_made: number;
  total_bound: number;
  /** From Send to the review on screen (`sendSheet`), and the calls answered meanwhile. */
  send_to_review_ms: number;
  send_to_review_calls: number;
  /** `send_to_review_calls / R`, when a rate limit was set. */
  send_to_review_bound_ms: number | null;
  wall_ms: number;
  send_ms: number;
  rate_limit: number;
  rate_bound_ms: number | null;
  /** Requests the server answered with an error other than 429 (the client gave up or repeated them). */
  failed_requests: number;
  /** 429 answers: how the pacer learns a rate the API document does not give (waited out, repeated). */
  rate_limited: number;
  /** Requests of any kind the sandbox served during the run (reads included). */
  requests_served: number;
  phases_ms: Record<string, number>;
  /**
   * The add-in side's heap: its code, office.js and its proxies (the sandbox's thread and the
   * fake Excel's thread have their own: sandbox-thread.ts, excel-thread.ts).
   */
  peak_heap_mb: number;
  /** The add-in side's heap when the month starts (office.js's window, the bench's set-up). */
  start_heap_mb: number;
  /** By phase of the month: the heap at its Office syncs (and, with `--heap-live`, the live heap). */
  heap_at_syncs: Record<string, HeapAtSyncs>;
  /** Office syncs and their serialized bytes, by phase of the month (what crossed to the Excel thread). */
  excel_wire: Record<string, WireUse>;
  /** The process's resident memory, the sandbox's thread included. */
  peak_rss_mb: number;
}

const FINALIZE: FinalizeBody = {
  payment_method: "BALANCE",
  description: "Benefícios (benchmark)",
  scheduled_for: null,
  payer_name: "Financeiro Bench",
  payer_document: "11222333000181",
  invoice_descriptions: { refeicao: "Vale refeição" },
};

const round = (ms: number) => Math.round(ms);

async function setup(s: Scenario) {
  // About 5 in 6 seeded employees are active (sandbox/seed.ts); the sheet holds active ones only.
  const sb = await startSandboxThread({
    seedEmployees: Math.min(100_000, Math.ceil(s.employees * 1.25) + 50),
    tokens: [{ token: TOKEN, company: "bench" }],
    pixDelayMs: 10,
    lotDelayMs: 10,
    rateLimit: s.rateLimit,
  });
  // Directory and funding outside the measurement (a plain client, no pacing needed: no limit yet
  // matters for a handful of calls, and the limit's bucket refills before the run).
  const plain = createClient({ baseUrl: sb.url, token: TOKEN });
  const all = await collectAll(plain.employees.list(), { max: 200_000 });
  const active = all.filter((e) => e.situation === "active").slice(0, s.employees);
  if (active.length < s.employees) throw new Error(`only ${active.length} active employees seeded`);
  const allProducts = await collectAll(plain.products.list(), { max: 100 });
  const products = allProducts.slice(0, PRODUCTS);
  await plain.deposits.create({
    amount: 500_000 * s.employees,
    method: "PIX",
    name: "Financeiro Bench",
    document: "11222333000181",
  });
  return { sb, active, products, directory: { employees: all.length, products: allProducts.length } };
}

/** How many employees and products the sandbox lists (what one pass over each reads). */
interface Directory {
  employees: number;
  products: number;
}

interface Run {
  clock: PhaseClock;
  times: Map<string, { readMs: number; writeMs: number }>;
  sent: SentRequest[];
  plan: { count: number; lowerBound: number };
  wallMs: number;
  finalizeMs: number;
  /** `sendSheet`: from Send to the review (performance.now()). */
  sendStart: number;
  sendEnd: number;
}

async function runOnce(
  api: ValePixClient,
  wb: OfficeWorkbook,
  sent: SentRequest[],
  phaseOf: (clock: PhaseClock) => void,
): Promise<Run> {
  const clock = new PhaseClock();
  phaseOf(clock);
  const { workbook, times } = timedWorkbook(wb, () => clock.current);
  // What the pane keeps between Send and Finalize (src/features/distribute/send/reads.ts).
  const reads = new WorkflowReads();
  const t0 = performance.now();
  const review = await sendSheet(api, { workbook, table: TABLE }, { onProgress: clock.onProgress, reads });
  if (!review.review.matches) throw new Error(`the draft does not match the sheet after the send`);
  const tf = performance.now();
  clock.current = "finalize";
  const outcome = await finalizeSheet(
    api,
    {
      workbook,
      table: TABLE,
      distributionId: review.distributionId,
      fingerprint: review.fingerprint,
      body: FINALIZE,
    },
    { onProgress: clock.onProgress, maxWaitMs: 60_000, reads },
  );
  if (outcome.status !== "completed") throw new Error(`distribution ended ${outcome.status}`);
  const end = performance.now();
  return {
    clock,
    times,
    sent,
    plan: { count: review.plan.count, lowerBound: review.plan.lowerBound },
    wallMs: end - t0,
    finalizeMs: end - tf,
    sendStart: t0,
    sendEnd: tf,
  };
}

/** The phases of the issue: read, validate, plan, send, review, write back (and finalize). */
function phases(run: Run, readStart: number): Record<string, number> {
  const { clock, times, sent } = run;
  const portRead = (p: string) => times.get(p)?.readMs ?? 0;
  const portWrite = [...times.values()].reduce((s, t) => s + t.writeMs, 0);
  const readSpan = clock.spans.get("read");
  // The directory (employees and products) is loaded during the read phase, in parallel lists.
  const dir = sent.filter(
    (r) =>
      r.method === "GET" &&
      /\/(employees|products)$/.test(r.path) &&
      readSpan !== undefined &&
      r.start >= readSpan.start &&
      r.end <= readSpan.end,
  );
  const directory = dir.length
    ? Math.max(...dir.map((r) => r.end)) - Math.min(...dir.map((r) => r.start))
    : 0;
  const readTotal = readSpan ? readSpan.end - readStart : 0;
  const read = portRead("start") + portRead("read");
  const reviewWrite = times.get("review")?.writeMs ?? 0;
  return {
    read: round(read),
    directory: round(directory),
    validate: round(Math.max(0, readTotal - read - directory - (times.get("read")?.writeMs ?? 0))),
    plan: round(clock.ms("plan") + clock.between("read", "plan")),
    send: round(clock.between("plan", "review")),
    review: round(Math.max(0, clock.ms("review") - reviewWrite)),
    // Finalize's check: the sheet read and validated again, the draft's items compared, its totals read.
    check: round(Math.max(0, clock.ms("check") - (times.get("check")?.writeMs ?? 0))),
    write_back: round(portWrite),
    finalize: round(
      run.finalizeMs - (times.get("finalize")?.writeMs ?? 0) - sumWrites(times, ["check", "wait"]),
    ),
  };
}

const sumWrites = (times: Run["times"], ps: string[]) =>
  ps.reduce((s, p) => s + (times.get(p)?.writeMs ?? 0), 0);

/** One pass over each list the month needs, `ceil(items / page)` pages each: the reads' bound. */
function readPassesOf(s: Scenario, directory: Directory, first: BenchSheet, desiredRows: number) {
  const pageSize = Math.min(LARGE_PAGE_LIMIT, MAX_PAGE_LIMIT);
  const pass = (list: string, items: number) => ({
    list,
    items,
    pages: Math.max(1, Math.ceil(items / pageSize)),
  });
  const readPasses = [
    pass("employees", directory.employees),
    pass("products", directory.products),
    // The second month plans against last month's draft: its items are read once.
    ...(s.kind === "second-month"
      ? [pass("draft before the plan", first.cents.filter((r) => r.some((c) => c > 0)).length)]
      : []),
    pass("draft at review", desiredRows),
  ];
  return { pageSize, readPasses, readsBound: readPasses.reduce((n, p) => n + p.pages, 0) };
}

/** The month's sheet in the fake Excel; a second month first sends last month's draft and edits it. */
async function prepareMonth(
  s: Scenario,
  sb: SandboxThread,
  wb: OfficeWorkbook,
  first: BenchSheet,
  products: ReadonlyArray<{ name: string }>,
): Promise<BenchSheet> {
  let sheet: BenchSheet = first;
  if (s.kind === "second-month") {
    // Last month's draft exists (sent, not finalized); this month's edits are typed into it.
    const { client } = createPacedClient({ baseUrl: sb.url, token: TOKEN });
    await sendSheet(client, { workbook: wb, table: TABLE });
    sheet = secondMonth(first);
    await wb.writeColumns(
      TABLE,
      products.map((p, c) => ({ header: p.name, values: sheet.rows.map((r) => r[2 + c]!) })),
    );
  }
  // Let the rate limit's bucket refill after the set-up calls.
  if (s.rateLimit > 0) await new Promise((r) => setTimeout(r, 1500));
  return sheet;
}

interface Measured {
  run: Run;
  mem: ReturnType<ReturnType<typeof memorySampler>["stop"]>;
  readStart: number;
  heapAtSyncs: Map<string, HeapAtSyncs>;
}

/** The month as the pane runs it, with its API requests, Office syncs and heap recorded. */
async function measureMonth(
  sb: SandboxThread,
  excel: ExcelThread,
  wb: OfficeWorkbook,
  heap: HeapOptions,
): Promise<Measured> {
  const sent: SentRequest[] = [];
  const { client } = createPacedClient({ baseUrl: sb.url, token: TOKEN, fetch: recordingFetch(sent) });
  await sb.requests.reset();
  const probe = heapProbe(heap);
  const memory = memorySampler();
  const readStart = performance.now();
  excel.wire.clear();
  excel.onRequest = (phase) => probe.atSync(phase);
  const run = await runOnce(client, wb, sent, (clock) => (excel.phase = () => clock.current));
  const mem = memory.stop();
  excel.onRequest = undefined;
  for (const file of probe.snapshots) console.log(`heap snapshot: ${file}`);
  return { run, mem, readStart, heapAtSyncs: probe.phases };
}

/** What the sandbox served and the month measured, against the scenario's bounds. */
async function resultOf(
  s: Scenario,
  sb: SandboxThread,
  excel: ExcelThread,
  month: { first: BenchSheet; sheet: BenchSheet; products: number; directory: Directory },
  measured: Measured,
): Promise<ScenarioResult> {
  const { run, mem, readStart } = measured;
  const { first, sheet, directory } = month;
  const served = await sb.requests.list();
  // Calls made: the changes the server accepted (a 429 refused without applying is counted apart).
  const mutations = served.filter((r) => (r.method === "POST" || r.method === "PUT") && r.status < 400);
  const callsMade = mutations.length;
  const desiredRows = sheet.cents.filter((r) => r.some((c) => c > 0)).length;
  const nonzero = sheet.cents.reduce((n, r) => n + r.filter((c) => c > 0).length, 0);
  const ph = phases(run, readStart);
  // Reads: the list pages served, against one pass over each list the month needs.
  const LISTS = new Set(["listEmployees", "listProducts", "listDistributionItems"]);
  const answered = served.filter((r) => r.method === "GET" && r.status < 400);
  const readsMade = answered.filter((r) => LISTS.has(r.operation ?? "")).length;
  const { pageSize, readPasses, readsBound } = readPassesOf(s, directory, first, desiredRows);
  // Calls answered between Send and the review (429s are refusals, waited out and repeated).
  const sendCalls = run.sent.filter(
    (r) => r.start >= run.sendStart && r.end <= run.sendEnd && r.status !== 429 && r.status !== 0,
  ).length;
  return {
    name: s.name,
    employees: s.employees,
    products: month.products,
    calls_made: callsMade,
    calls_lower_bound: run.plan.lowerBound,
    calls_naive: 2 + desiredRows + nonzero,
    reads_made: readsMade,
    reads_bound: readsBound,
    read_passes: readPasses,
    page_size: pageSize,
    status_reads: answered.length - readsMade,
    total_made: readsMade + callsMade,
    total_bound: readsBound + run.plan.lowerBound,
    send_to_review_ms: round(run.sendEnd - run.sendStart),
    send_to_review_calls: sendCalls,
    send_to_review_bound_ms: s.rateLimit > 0 ? round((sendCalls / s.rateLimit) * 1000) : null,
    wall_ms: round(run.wallMs),
    send_ms: ph.send!,
    rate_limit: s.rateLimit,
    rate_bound_ms: s.rateLimit > 0 ? round((callsMade / s.rateLimit) * 1000) : null,
    failed_requests: served.filter((r) => r.status >= 400 && r.status !== 429).length,
    rate_limited: served.filter((r) => r.status === 429).length,
    requests_served: served.length,
    phases_ms: ph,
    peak_heap_mb: mem.peakHeapMb,
    start_heap_mb: mem.startHeapMb,
    heap_at_syncs: Object.fromEntries(measured.heapAtSyncs),
    peak_rss_mb: mem.peakRssMb,
    excel_wire: Object.fromEntries(excel.wire),
  };
}

export async function runScenario(s: Scenario, heap: HeapOptions = { live: false }): Promise<ScenarioResult> {
  const { sb, active, products, directory } = await setup(s);
  let excel: ExcelThread | undefined;
  try {
    const first = firstMonth(active, products);
    excel = await startExcelThread({
      tables: [
        { name: TABLE, sheet: "Folha", header: first.header, rows: first.rows, numberFormats: { CPF: "@" } },
      ],
    });
    const wb = new OfficeWorkbook(excel.run);
    const sheet = await prepareMonth(s, sb, wb, first, products);
    const measured = await measureMonth(sb, excel, wb, heap);
    const month = { first, sheet, products: products.length, directory };
    return await resultOf(s, sb, excel, month, measured);
  } finally {
    await excel?.close();
    await closeQuietly(sb);
  }
}

async function closeQuietly(sb: SandboxThread) {
  await sb.close();
}

/**
 * Full: first months of 1,000, 10,000 and 50,000 employees, a second month of 10,000, and the
 * months of 1,000 and 10,000 under rate limits of 50 and 10 requests a second (the 10,000 at 10
 * a second lasts about 20 minutes: calls / R).
 *
 * `--quick` (CI's gate, under a minute): first months of 1,000 and 5,000, a second month of 500,
 * and 500 rows at 100 requests a second. Every bound is per scenario, so a smaller N holds the
 * same gates; 5,000 rows still read both lists in more pages than the 4 fetched at a time (7 pages
 * of employees, 5 of the draft), and the second month's lists are one page each, as at 1,000. The
 * rate-limited month keeps R = 100/s, which these two cores sustain under load, and halves N
 * (about 6 s of waiting instead of 12): at 200 a second a single 1-second Retry-After is a sixth
 * of the bound, and the ratio would measure the phase of the bucket, not the pacer.
 */
export function scenarios(quick: boolean): Scenario[] {
  const sizes = quick ? [1_000, 5_000] : [1_000, 10_000, 50_000];
  const second = quick ? 500 : 10_000;
  const name = (n: number) => (n < 1000 ? `${n}` : `${n / 1000}k`);
  return [
    ...sizes.map((n): Scenario => ({
      name: `first-month-${name(n)}`,
      employees: n,
      kind: "first-month",
      rateLimit: 0,
    })),
    { name: `second-month-${name(second)}`, employees: second, kind: "second-month", rateLimit: 0 },
    ...(quick
      ? [{ name: "rate-limited-500", employees: 500, kind: "first-month", rateLimit: 100 } as const]
      : // Send to review against (calls / R) at 1,000 and 10,000 rows, R = 50 and 10.
        [1_000, 10_000].flatMap((n) =>
          [50, 10].map((r): Scenario => ({
            name: `rate-limited-${name(n)}-${r}/s`,
            employees: n,
            kind: "first-month",
            rateLimit: r,
          })),
        )),
  ];
}

export default async function run(options: {
  quick: boolean;
  only?: string[];
  heap?: HeapOptions;
}): Promise<{ scenarios: ScenarioResult[] }> {
  const results: ScenarioResult[] = [];
  const all = scenarios(options.quick);
  const only = options.only ?? [];
  const chosen = only.length === 0 ? all : all.filter((s) => only.includes(s.name));
  const unknown = only.filter((n) => !all.some((s) => s.name === n));
  if (unknown.length > 0)
    throw new Error(`No scenario ${unknown.join(", ")}; there are ${all.map((s) => s.name).join(", ")}`);
  for (const s of chosen) {
    const t0 = performance.now();
    const r = await runScenario(s, options.heap);
    results.push(r);
    console.log(JSON.stringify(r));
    console.log(`${s.name}: ${((performance.now() - t0) / 1000).toFixed(1)} s with its set-up`);
  }
  return { scenarios: results };
}
