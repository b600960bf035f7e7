/**
 * The double-payment guard asks the API too. The run log and its journal know only this file on
 * this computer; a copy of the file paid elsewhere, another computer or a co-author escape them.
 * So before a draft is finalized, the API's recent distribution debits (`GET /transactions`,
 * `type=DISTRIBUTION`; API document, "Endpoints") are read, and every distribution whose debits
 * add up to the draft's total is a candidate: read, and when it is past `draft` with the same
 * employee count, its items are compared with what is about to be paid. The same content is
 * refused as a repeated payment (`DoublePaymentError`, naming when), unless the person confirmed
 * paying it again.
 *
 * The reads stay bounded: the first page of debits, and the last when the list is longer (the
 * newest, on a server that lists oldest first), then only the candidates with an equal total.
 * A distribution paid partly by a charge not yet paid has debits below its total and is not a
 * candidate. Where the transactions name no distribution (the document does not show that
 * field), the check cannot be made: the result says it was local only.
 */
import type { Transaction, ValePixClient } from "../../../api";
import { DoublePaymentError, type RunLogEntry } from "../../../workbook/run-log";
import type { DesiredItem } from "../send/plan";
import { compareWithSheet, readDraftItems } from "../send/review";

export type PaidOnServerApi = {
  transactions: Pick<ValePixClient["transactions"], "listPage">;
  distributions: Pick<ValePixClient["distributions"], "get" | "listItems">;
};

export interface PaidOnServerInput {
  /** The draft about to be finalized (never its own candidate). */
  distributionId: string;
  /** The run's name, for the words of a refusal. */
  table: string;
  fingerprint: string;
  expected: { employees: number; totalCents: number };
  items: readonly DesiredItem[];
  confirmRepeatOf?: string | undefined;
}

/** `api`: the server was asked; `local`: its transactions name no distribution, the log alone decided. */
export type ServerCheck = "api" | "local" | "confirmed";

/** Debits read per page: the client's usual page. */
const PAGE = 1_000;

export async function assertNotPaidOnServer(
  api: PaidOnServerApi,
  input: PaidOnServerInput,
  signal?: AbortSignal,
): Promise<ServerCheck> {
  if (input.confirmRepeatOf === input.fingerprint) return "confirmed";
  const debits = (await recentDebits(api, signal)).filter((t) => t.amount < 0);
  if (debits.length > 0 && debits.every((t) => !t.distribution_id)) return "local";
  const sums = new Map<string, { cents: number; at: string | undefined }>();
  for (const debit of debits) {
    const id = debit.distribution_id;
    if (!id || id === input.distributionId || debit.status === "FAILED") continue;
    const sum = sums.get(id) ?? { cents: 0, at: undefined };
    sums.set(id, { cents: sum.cents - debit.amount, at: sum.at ?? debit.created_at });
  }
  for (const [id, sum] of sums) {
    if (sum.cents !== input.expected.totalCents) continue;
    const paid = await api.distributions.get(id, { signal });
    if (paid.status === "draft" || paid.total_employees !== input.expected.employees) continue;
    const held = await readDraftItems(api.distributions, id, signal);
    if (!compareWithSheet(input.items, held).matches) continue;
    const match: RunLogEntry = {
      at: paid.finalized_at ?? sum.at ?? "",
      table: input.table,
      mode: "",
      distributionId: id,
      state: paid.status,
      totalEmployees: paid.total_employees,
      totalCents: paid.total_amount,
      fingerprint: input.fingerprint,
      note: "found in the API's transactions",
    };
    throw new DoublePaymentError(input.fingerprint, [match]);
  }
  return "api";
}

/** The first page of distribution debits, and the last one when there are more. */
async function recentDebits(api: PaidOnServerApi, signal: AbortSignal | undefined): Promise<Transaction[]> {
  const first = await api.transactions.listPage({ type: "DISTRIBUTION", page: 1, limit: PAGE }, { signal });
  const size = first.limit ?? first.data.length;
  const total = first.total;
  if (total === undefined || total === null || size <= 0 || total <= size) return first.data;
  const last = Math.ceil(total / size);
  const newest = await api.transactions.listPage(
    { type: "DISTRIBUTION", page: last, limit: size },
    { signal },
  );
  return [...first.data, ...newest.data];
}
