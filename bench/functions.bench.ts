/**
 * The VALEPIX functions' cost: a workbook of 1,000 function cells asking 9
 * distinct questions (the balance; the transactions of each type and of both; 2 distributions and
 * 3 deposits, each with two fields), computed by the fake Excel on its own thread
 * (./excel-thread.ts), which invokes them through Microsoft's office.js on this one (the
 * library's `CustomFunctionProxy` calls what `CustomFunctions.associate` gave it; its results
 * cross back as requests), through the add-in's runtime against the sandbox. Counted on the
 * sandbox's request log: the API calls of the first computation and of a refresh, against the
 * distinct questions asked (target: equal); the results' syncs and bytes on the wire.
 */
import { collectAll, createClient } from "../src/api";
import { FunctionsRuntime } from "../src/features/functions/adapter";
import { parseA1 } from "../src/workbook/names";
import { associateFunctions, libraryErrors, valepixFunctions } from "../src/features/testing/functions-host";
import { type ExcelThread, startExcelThread } from "./excel-thread";
import { PIX_DELAY, TOKEN_A, startTestSandbox } from "../sandbox/test-harness";

const CELLS = 1_000;

export interface FunctionsResult {
  cells: number;
  distinct_questions: number;
  calls_first: number;
  calls_refresh: number;
  /** Wall time from typing the last cell to every cell computed. */
  first_ms: number;
  /** The requests office.js sent the host with the results (first computation and refresh), and their bytes. */
  result_syncs: number;
  result_request_bytes: number;
}

/** Three deposits (paid) and two finalized distributions, for the functions to ask about. */
async function seedMoney(
  url: string,
  clock: Awaited<ReturnType<typeof startTestSandbox>>["clock"],
): Promise<{ deposits: string[]; distributions: string[] }> {
  const api = createClient({ baseUrl: url, token: TOKEN_A, sleep: () => Promise.resolve() });
  const payer = { name: "Financeiro Acme", document: "11222333000181" };
  const deposits: string[] = [];
  for (const cents of [100_000, 2_000, 3_000])
    deposits.push((await api.deposits.create({ amount: cents, method: "PIX", ...payer })).transaction_id);
  clock.advance(PIX_DELAY);
  const [employee] = await collectAll(api.employees.list({ situation: "active" }), { max: 1_000 });
  const [product] = await collectAll(api.products.list(), { max: 100 });
  const distributions: string[] = [];
  for (const cents of [1_000, 2_000]) {
    const d = await api.distributions.create({ type: "selected" });
    await api.distributions.addItems(d.distribution_id, [employee!.employee_id]);
    await api.distributions.setValueForAll(d.distribution_id, { product_id: product!.id, value: cents });
    await api.distributions.finalize(d.distribution_id, { payment_method: "BALANCE" });
    distributions.push(d.distribution_id);
  }
  return { deposits, distributions };
}

/** The questions the cells ask (several cells per question, as a model repeats them). */
function questionsAbout(distributions: readonly string[], deposits: readonly string[]): string[] {
  return [
    "=VALEPIX.SALDO()",
    "=VALEPIX.TRANSACOES()",
    '=VALEPIX.TRANSACOES("DEPOSITO")',
    '=VALEPIX.TRANSACOES("DISTRIBUICAO")',
    ...distributions.flatMap((id) => [
      `=VALEPIX.DISTRIBUICAO("${id}")`,
      `=VALEPIX.DISTRIBUICAO("${id}";"total")`,
    ]),
    ...deposits.flatMap((id) => [`=VALEPIX.DEPOSITO("${id}")`, `=VALEPIX.DEPOSITO("${id}";"valor")`]),
  ];
}

/** The add-in's functions runtime, as the page builds it, over the page's one client. */
async function functionsRuntime(url: string): Promise<FunctionsRuntime<unknown>> {
  // The page's one client (the pane, the commands and the functions share it).
  const client = createClient({ baseUrl: url, token: TOKEN_A });
  return new FunctionsRuntime<unknown>({
    api: () => Promise.resolve(client),
    locale: "pt-BR",
    makeError: await libraryErrors(),
    setInterval: () => 0,
    clearInterval: () => undefined,
    // The answers' clock stands still: on a loaded machine typing 1,000 cells can take longer
    // than the answers' 30 s life, and the count would measure the machine, not the sharing.
    // (A refresh asks afresh whatever the clock.)
    now: () => 0,
  });
}

/** Types `CELLS` cells asking `questions` in turn; returns their addresses. */
async function typeQuestions(thread: ExcelThread, questions: readonly string[]): Promise<string[]> {
  // A spilling question gets a column of its own, far from the others.
  const spilling = (q: string) => q.startsWith("=VALEPIX.TRANSACOES");
  const addresses: string[] = [];
  for (let i = 0; i < CELLS; i++) {
    const q = questions[i % questions.length]!;
    addresses.push(spilling(q) ? `${String.fromCharCode(75 + (i % 3))}${1 + i * 20}` : `A${i + 1}`);
    await thread.call("typeCell", "Sheet1", addresses.at(-1)!, q);
  }
  return addresses;
}

/** Reads of the typed cells: every value, and a wait until none is `#BUSY!`. */
function cellReads(thread: ExcelThread, addresses: readonly string[]) {
  const places = addresses.map((a) => parseA1(a));
  /** Every cell's value, in one read of the sheet (which computes what it shows). */
  const values = async () => {
    const sheet = await thread.call("sheetValues", "Sheet1");
    return places.map(({ row, column }) => sheet[row]?.[column]);
  };
  // Every cell is read at each look, not up to the first busy one: the fake computes a formula
  // when it is read (src/excel/fake/calculation.ts), so stopping at the first busy cell started
  // one cell's function per look, 25 ms apart (about 30 s for 1,000 cells), where Excel
  // computes them all after the change.
  const settled = async () => {
    for (let i = 0; i < 2_000; i++) {
      const busy = (await values()).filter((v) => v === "#BUSY!").length;
      if (busy === 0) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error("cells still busy");
  };
  return { values, settled };
}

export default async function run(): Promise<{ functions: FunctionsResult }> {
  const { sb, clock } = await startTestSandbox();
  let excel: ExcelThread | undefined;
  try {
    const { deposits, distributions } = await seedMoney(sb.url, clock);
    const questions = questionsAbout(distributions, deposits);
    // One API read per question, whatever the field: 1 + 3 + 2 + 3.
    const distinct = 1 + 3 + distributions.length + deposits.length;
    // Brazilian Excel, as the memory workbook the add-in's tests use (src/excel/memory-workbook.ts).
    const thread = await startExcelThread({ culture: "pt-BR" });
    excel = thread;
    const runtime = await functionsRuntime(sb.url);
    await associateFunctions(runtime);
    await thread.useFunctions(await valepixFunctions());
    const addresses = await typeQuestions(thread, questions);
    const { values, settled } = cellReads(thread, addresses);
    const before = sb.requests.list().length;
    const t0 = Date.now();
    await settled();
    const firstMs = Date.now() - t0;
    const first = sb.requests.list().length - before;
    const errors = (await values()).flatMap((v, i) => (String(v).startsWith("#") ? [addresses[i]] : []));
    if (errors.length > 0) throw new Error(`cells in error: ${errors.slice(0, 5).join(", ")}`);
    const mark = sb.requests.list().length;
    await runtime.refresh();
    await settled();
    const refresh = sb.requests.list().length - mark;
    runtime.dispose();
    const results = thread.syncs;
    const resultBytes = results.reduce((sum, s) => sum + s.request_bytes, 0);
    console.log(
      `VALEPIX functions: ${CELLS} cells, ${distinct} distinct questions: ${first} API calls to compute them ` +
        `(${(first / distinct).toFixed(2)}× the questions), ${refresh} to refresh (${(refresh / distinct).toFixed(2)}×); ` +
        `results sent in ${results.length} syncs, ${resultBytes} bytes`,
    );
    return {
      functions: {
        cells: CELLS,
        distinct_questions: distinct,
        calls_first: first,
        calls_refresh: refresh,
        first_ms: firstMs,
        result_syncs: results.length,
        result_request_bytes: resultBytes,
      },
    };
  } finally {
    await excel?.close();
    await sb.close();
  }
}
