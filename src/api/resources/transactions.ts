/** Transactions, for reconciliation (document, "Endpoints": `GET /transactions`, filter `type`). */
import { paginate, type PageIterator } from "../pagination";
import { paths } from "../routes";
import { type Page, type Transaction, TransactionPage, type TRANSACTION_TYPES } from "../schemas";
import { type Context, type ListParams, pageQuery, type RequestOptions } from "./context";

export interface TransactionListParams extends ListParams {
  type?: (typeof TRANSACTION_TYPES)[number] | undefined;
}

export function transactionsResource(ctx: Context) {
  const page = (
    query: TransactionListParams,
    q: ListParams,
    opts?: RequestOptions,
  ): Promise<Page<Transaction>> =>
    ctx.read(paths.transactions(), TransactionPage, opts, { ...pageQuery(q), type: query.type });
  return {
    list: (query: TransactionListParams = {}, opts?: RequestOptions): PageIterator<Transaction> =>
      paginate<Transaction>((q) => page(query, q, opts), query),
    listPage: (query: TransactionListParams = {}, opts?: RequestOptions): Promise<Page<Transaction>> =>
      page(query, query, opts),
  };
}
