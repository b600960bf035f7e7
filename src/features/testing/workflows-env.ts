/**
 * What the workflow integration tests share: the sandbox over loopback on a manual clock, a
 * client whose `sleep` advances that clock (waits are instant and exact), every request the
 * client sent, and THE test workbook factory (`newWorkbook`): the Office.js adapter over the fake
 * Excel (src/excel/memory-workbook.ts), so workflow tests run the adapter's code too.
 */
import { type ClientOptions, type FinalizeBody, type ValePixClient, createClient } from "../../api";
import { type MemoryWorkbook, createMemoryWorkbook } from "../../excel/memory-workbook";
import type { CellValue } from "../../workbook";
import { readDraftItems } from "../distribute";
import { PIX_DELAY, startTestSandbox, TOKEN_A } from "../../../sandbox/test-harness";
import type { RunningSandbox, SandboxOptions } from "../../../sandbox/server";
import type { ManualClock } from "../../../sandbox/testkit";

interface SentRequest {
  method: string;
  /** Path and query, without the origin. */
  path: string;
}

export interface WorkflowEnv {
  sb: RunningSandbox;
  clock: ManualClock;
  client: ValePixClient;
  /** Every request the client sent (attempts included), in order. */
  sent: SentRequest[];
  /** Requests sent since `mark` (an index into `sent`). */
  sentSince(mark: number): SentRequest[];
  close(): Promise<void>;
}

export async function startWorkflowEnv(
  options: SandboxOptions = {},
  client: Partial<ClientOptions> = {},
): Promise<WorkflowEnv> {
  const { sb, clock } = await startTestSandbox(options);
  const sent: SentRequest[] = [];
  const api = testClient(
    { sb, clock },
    {
      onRequest: ({ method, url }) => {
        const u = new URL(url);
        sent.push({ method, path: u.pathname + u.search });
      },
      ...client,
    },
  );
  return {
    sb,
    clock,
    client: api,
    sent,
    sentSince: (mark) => sent.slice(mark),
    close: () => sb.close(),
  };
}

/**
 * A client of the sandbox on its manual clock (its `sleep` advances the clock): another pane's
 * client, with its own `fetch` or timeout when a test needs one.
 */
export function testClient(
  env: Pick<WorkflowEnv, "sb" | "clock">,
  options: Partial<ClientOptions> = {},
): ValePixClient {
  return createClient({
    baseUrl: env.sb.url,
    token: TOKEN_A,
    timeoutMs: 5_000,
    sleep: (ms) => {
      env.clock.advance(ms);
      return Promise.resolve();
    },
    now: env.clock.now,
    random: () => 0.5,
    ...options,
  });
}

/** The one place tests get a workbook from (see the file comment). */
export function newWorkbook(
  tables: Array<{ name: string; sheet?: string; header: string[]; rows: CellValue[][] }> = [],
): MemoryWorkbook {
  return createMemoryWorkbook({
    tables: tables.map((t) => ({ name: t.name, sheet: t.sheet ?? t.name, header: t.header, rows: t.rows })),
  });
}

/** The paying company, as deposits and finalize bodies name it. */
const PAYER = { name: "Financeiro Acme", document: "11222333000181" };

/**
 * Funds the company's balance by a PIX deposit, paid once the sandbox's clock moves on by
 * `delayMs` (the sandbox's `pixDelayMs`; default the harness's).
 */
export async function fundBalance(
  env: WorkflowEnv,
  api: ValePixClient,
  cents: number,
  delayMs = PIX_DELAY,
): Promise<void> {
  await api.deposits.create({ amount: cents, method: "PIX", name: PAYER.name, document: PAYER.document });
  env.clock.advance(delayMs);
}

/**
 * The finalize body the workflow tests pay with (API document, "Finalize body"): from the
 * balance, now, by the paying company; a description and invoice descriptions when a test reads
 * them back.
 */
export const finalizeBody = (
  description = "Benefícios",
  invoiceDescriptions: Record<string, string> = {},
): FinalizeBody => ({
  payment_method: "BALANCE",
  description,
  scheduled_for: null,
  payer_name: PAYER.name,
  payer_document: PAYER.document,
  invoice_descriptions: invoiceDescriptions,
});

/** The server's items as { employee_id: { product_id: cents } } (zeros left out). */
export async function serverItems(
  api: ValePixClient,
  id: string,
): Promise<Record<string, Record<string, number>>> {
  const { items } = await readDraftItems(api.distributions, id);
  return Object.fromEntries(
    items.map((i) => [
      i.employee_id,
      Object.fromEntries(i.values.filter((v) => v.value > 0).map((v) => [v.product_id, v.value])),
    ]),
  );
}
