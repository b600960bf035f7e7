/**
 * What the VALEPIX functions ask the API, one "question" per distinct read. Many cells share a
 * question: `=VALEPIX.DISTRIBUICAO(id; "estado")` and `=VALEPIX.DISTRIBUICAO(id; "total")` read the
 * same `GET /distributions/{id}`, and `TRANSACOES` with any dates reads the same list of its type
 * (the API filters transactions by `type` only: API document, "Endpoints", `GET /transactions`;
 * dates are applied to the list here). The key of a question is what the cache and the live
 * refresh share (./cache.ts, ./adapter.ts).
 */
import { collectAll, type Deposit, type Transaction, type ValePixClient } from "../../api";
import type { Distribution } from "../../api";

/** The two types the API document shows (`type` filter of `GET /transactions`). */
export type TransactionType = "DEPOSIT" | "DISTRIBUTION";

export type Question =
  | { kind: "balance" }
  | { kind: "transactions"; type: TransactionType | undefined }
  | { kind: "distribution"; id: string }
  | { kind: "deposit"; id: string };

/** What each question is answered with. */
interface Answers {
  balance: { cents: number };
  transactions: Transaction[];
  distribution: Distribution;
  deposit: Deposit;
}

export type AnswerOf<Q extends Question> = Answers[Q["kind"]];

/**
 * A list this long in a cell is not a reconciliation any more: past it the function says so
 * (`CollectLimitError`), it never spills a list cut short in silence.
 */
const MAX_TRANSACTIONS = 50_000;

/** The cache key of a question (ids are kept exactly: the API's ids are case-sensitive). */
export function questionKey(question: Question): string {
  switch (question.kind) {
    case "balance":
      return "balance";
    case "transactions":
      return `transactions:${question.type ?? "*"}`;
    case "distribution":
      return `distribution:${question.id}`;
    case "deposit":
      return `deposit:${question.id}`;
  }
}

/** The client methods the questions use (the workflows take just what they call). */
export interface QuestionApi {
  balances: Pick<ValePixClient["balances"], "get">;
  transactions: Pick<ValePixClient["transactions"], "list">;
  distributions: Pick<ValePixClient["distributions"], "get">;
  deposits: Pick<ValePixClient["deposits"], "get">;
}

/** Asks the API one question: one request, or one per page of transactions. */
export async function ask<Q extends Question>(
  api: QuestionApi,
  question: Q,
  signal?: AbortSignal,
): Promise<AnswerOf<Q>> {
  const opts = signal ? { signal } : undefined;
  // The casts restate what the switch proved (TypeScript does not narrow a generic by its kind).
  switch (question.kind) {
    case "balance":
      return { cents: (await api.balances.get(opts)).available_amount } as AnswerOf<Q>;
    case "transactions":
      return (await collectAll(api.transactions.list(question.type ? { type: question.type } : {}, opts), {
        max: MAX_TRANSACTIONS,
      })) as AnswerOf<Q>;
    case "distribution":
      return (await api.distributions.get(question.id, opts)) as AnswerOf<Q>;
    case "deposit":
      return (await api.deposits.get(question.id, opts)) as AnswerOf<Q>;
  }
  throw new TypeError(`unknown question ${JSON.stringify(question)}`);
}
