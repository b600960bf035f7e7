/**
 * The money's routes: deposits and their charges, the balance and the transactions, and the
 * distributions with their items and finalize (routes.ts joins them to the directory's).
 */
import { ROUTE_PATTERNS } from "../src/api/routes";
import * as S from "../src/api/schemas";
import { FinalizeRequest, type RouteSpec, parse, routeReaders } from "./route-kit";
import type { Store } from "./store";

/** Deposits and their charges, the balance and the transactions. */
function depositRoutes(store: Store): RouteSpec[] {
  const P = ROUTE_PATTERNS;
  const { body, id } = routeReaders();
  return [
    {
      method: "POST",
      url: P.deposits,
      operationId: "createDeposit",
      summary: "Create a deposit (charge); same transaction_id again answers the existing one",
      tag: "deposits",
      body: { name: "DepositCreate", schema: S.DepositCreate },
      response: { status: 201, name: "Deposit", schema: S.Deposit },
      errors: [409],
      handler: (c) => {
        const { created: isNew, deposit } = store.deposits.create(c.company, body(S.DepositCreate, c));
        c.reply.code(isNew ? 201 : 200);
        return deposit;
      },
    },
    {
      method: "GET",
      url: P.deposit,
      operationId: "getDeposit",
      summary: "Deposit with its payment state",
      tag: "deposits",
      response: { status: 200, name: "Deposit", schema: S.Deposit },
      errors: [403, 404],
      handler: (c) => store.deposits.get(c.company, id(c, "transaction_id")),
    },
    {
      method: "POST",
      url: P.depositCancel,
      operationId: "cancelDeposit",
      summary: "Cancel a pending charge; 409 once paid (path not shown in the document; our choice)",
      tag: "deposits",
      response: { status: 200, name: "Deposit", schema: S.Deposit },
      errors: [403, 404, 409],
      handler: (c) => store.deposits.cancel(c.company, id(c, "transaction_id")),
    },
    {
      method: "GET",
      url: P.balances,
      operationId: "getBalance",
      summary: "Available balance, in cents",
      tag: "balances",
      response: { status: 200, name: "Balance", schema: S.Balance },
      errors: [],
      handler: (c) => store.deposits.balance(c.company),
    },
    {
      method: "GET",
      url: P.transactions,
      operationId: "listTransactions",
      summary: "Page of money moves (signed cents), oldest first; filter by `type`",
      tag: "transactions",
      query: S.TransactionListQuery,
      response: { status: 200, name: "TransactionPage", schema: S.TransactionPage },
      errors: [],
      handler: (c) => store.deposits.transactions(c.company, parse(S.TransactionListQuery, c.query, "query")),
    },
  ];
}

/** A distribution draft: created, read, its employees added and removed. */
function draftRoutes(store: Store): RouteSpec[] {
  const P = ROUTE_PATTERNS;
  const { body, id, created } = routeReaders();
  return [
    {
      method: "POST",
      url: P.distributions,
      operationId: "createDistribution",
      summary: "Create a distribution draft (`selected`, `batch` or `group`)",
      tag: "distributions",
      body: { name: "DistributionCreate", schema: S.DistributionCreate },
      response: { status: 201, name: "Distribution", schema: S.Distribution },
      errors: [422],
      handler: (c) => created(c, store.distributions.create(c.company, body(S.DistributionCreate, c))),
    },
    {
      method: "GET",
      url: P.distribution,
      operationId: "getDistribution",
      summary: "Distribution with its state, totals and lot",
      tag: "distributions",
      response: { status: 200, name: "Distribution", schema: S.Distribution },
      errors: [403, 404],
      handler: (c) => store.distributions.get(c.company, id(c, "distribution_id")),
    },
    {
      method: "POST",
      url: P.items,
      operationId: "addDistributionItems",
      summary: "Add employees to a draft; answers the updated totals",
      tag: "distributions",
      body: { name: "AddItems", schema: S.AddItems },
      response: { status: 200, name: "DistributionTotals", schema: S.DistributionTotals },
      errors: [403, 404, 422],
      handler: (c) => store.distributions.addItems(c.company, id(c, "distribution_id"), body(S.AddItems, c)),
    },
    {
      method: "POST",
      url: P.itemsRemove,
      operationId: "removeDistributionItems",
      summary: "Remove employees from a draft (path not shown in the document; our choice)",
      tag: "distributions",
      body: { name: "RemoveItems", schema: S.RemoveItems },
      response: { status: 200, name: "DistributionTotals", schema: S.DistributionTotals },
      errors: [403, 404, 422],
      handler: (c) =>
        store.distributions.removeItems(c.company, id(c, "distribution_id"), body(S.RemoveItems, c)),
    },
  ];
}

/** A draft's values (for all, per employee), its items read, and finalize. */
function valueRoutes(store: Store): RouteSpec[] {
  const P = ROUTE_PATTERNS;
  const { page, body, id } = routeReaders();
  return [
    {
      method: "PUT",
      url: P.itemsValue,
      operationId: "setValueForAllItems",
      summary: "Set one product's value for every item; 0 clears it",
      tag: "distributions",
      body: { name: "SetValueForAll", schema: S.SetValueForAll },
      response: { status: 200, name: "DistributionTotals", schema: S.DistributionTotals },
      errors: [403, 404, 422],
      handler: (c) =>
        store.distributions.setValueForAll(c.company, id(c, "distribution_id"), body(S.SetValueForAll, c)),
    },
    {
      method: "PUT",
      url: P.employeeValue,
      operationId: "setEmployeeValue",
      summary: "Set one product's value for one employee; 0 clears it",
      tag: "distributions",
      body: { name: "SetEmployeeValue", schema: S.SetEmployeeValue },
      response: { status: 200, name: "DistributionTotals", schema: S.DistributionTotals },
      errors: [403, 404, 422],
      handler: (c) =>
        store.distributions.setEmployeeValue(
          c.company,
          id(c, "distribution_id"),
          id(c, "employee_id"),
          body(S.SetEmployeeValue, c),
        ),
    },
    {
      method: "GET",
      url: P.items,
      operationId: "listDistributionItems",
      summary: "Page of items with state and totals",
      tag: "distributions",
      query: S.PageQuery,
      response: { status: 200, name: "DistributionItemPage", schema: S.DistributionItemPage },
      errors: [403, 404],
      handler: (c) => store.distributions.listItems(c.company, id(c, "distribution_id"), page(c.query)),
    },
    {
      method: "POST",
      url: P.finalize,
      operationId: "finalizeDistribution",
      summary: "Finalize with a payment method: lot PENDING, distribution processing",
      tag: "distributions",
      body: { name: "FinalizeBody", schema: S.FinalizeBody },
      response: { status: 200, name: "FinalizeResult", schema: S.FinalizeResult },
      errors: [403, 404, 422],
      handler: (c) =>
        store.finalize.run(
          c.company,
          id(c, "distribution_id"),
          // No body at all is a finalize without a payment method: 422 like any other bad value.
          parse(FinalizeRequest, c.body ?? {}, "body"),
        ),
    },
  ];
}

export function moneyRoutes(store: Store): RouteSpec[] {
  return [...depositRoutes(store), ...draftRoutes(store), ...valueRoutes(store)];
}
