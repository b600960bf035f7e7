/**
 * The route table: every endpoint of the API document's "Endpoints" table (plus the paths it
 * leaves "not shown", as docs/api-assumptions.md chooses), each with the zod schemas of
 * src/api it validates with and answers by. server.ts registers exactly these routes, and
 * openapi.ts documents exactly these, so the server and its OpenAPI cannot drift apart.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { ROUTE_PATTERNS } from "../src/api/routes";
import * as S from "../src/api/schemas";
import { SandboxError, badRequest } from "./errors";
import type { OpenApiRoute } from "./openapi";
import type { FinalizeRequest, Store } from "./store";

interface Ctx {
  company: string;
  params: Record<string, string>;
  query: unknown;
  body: unknown;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteSpec extends OpenApiRoute {
  handler: (ctx: Ctx) => unknown;
}

/** zod issues as ErrorBody details (`path` dotted: `items.0.monthly_amount`). */
export function zodDetails(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
}

function parse<T extends z.ZodType>(schema: T, value: unknown, where: string): z.output<T> {
  const r = schema.safeParse(value);
  if (!r.success) throw badRequest(`Invalid ${where}`, zodDetails(r.error));
  return r.data;
}

/**
 * An identifier in a path: the Id of src/api (1 to 200 characters), made of the characters the
 * sandbox's ids use, and never `.` or `..` (which would name another route once normalized).
 * Anything else is not an id of this API: 400 ("Invalid body, identifier, date or value").
 */
const PathId = S.Id.regex(
  /^(?!\.\.?$)[A-Za-z0-9._:-]+$/,
  "an id holds letters, digits, '.', '_', ':' and '-' only (and is not '.' or '..')",
);

/** Finalize's shape; its `payment_method` is checked by the store, where any bad value is a 422. */
const FinalizeRequest: z.ZodType<FinalizeRequest> = S.FinalizeBody.extend({
  payment_method: z.unknown().optional(),
});

export function routes(store: Store): RouteSpec[] {
  const P = ROUTE_PATTERNS;
  const page = (q: unknown) => parse(S.PageQuery, q, "query");
  const body = <T extends z.ZodType>(schema: T, c: Ctx) => parse(schema, c.body, "body");
  const id = (c: Ctx, name: string) => parse(PathId, c.params[name], `path parameter ${name}`);
  const created = <T>(c: Ctx, value: T): T => {
    c.reply.code(201);
    return value;
  };
  return [
    {
      method: "GET",
      url: P.products,
      operationId: "listProducts",
      summary: "Page of products, each with `id`",
      tag: "products",
      query: S.PageQuery,
      response: { status: 200, name: "ProductPage", schema: S.ProductPage },
      errors: [],
      handler: (c) => store.benefits.listProducts(c.company, page(c.query)),
    },
    {
      method: "POST",
      url: P.benefits,
      operationId: "createBenefit",
      summary: "Create a benefit (convention); answers `benefit_id`",
      tag: "benefits",
      body: { name: "BenefitCreate", schema: S.BenefitCreate },
      response: { status: 201, name: "BenefitCreated", schema: S.BenefitCreated },
      errors: [422],
      handler: (c) => created(c, store.benefits.create(c.company, body(S.BenefitCreate, c))),
    },
    {
      method: "GET",
      url: P.benefits,
      operationId: "listBenefits",
      summary: "List of benefits, each with `id`",
      tag: "benefits",
      query: S.PageQuery,
      response: { status: 200, name: "BenefitPage", schema: S.BenefitPage },
      errors: [],
      handler: (c) => store.benefits.list(c.company, page(c.query)),
    },
    {
      method: "PUT",
      url: P.benefit,
      operationId: "updateBenefit",
      summary: "Replace a benefit whole (path not shown in the document; our choice)",
      tag: "benefits",
      body: { name: "BenefitUpdate", schema: S.BenefitUpdate },
      response: { status: 200, name: "Benefit", schema: S.Benefit },
      errors: [403, 404, 422],
      handler: (c) => store.benefits.update(c.company, id(c, "benefit_id"), body(S.BenefitUpdate, c)),
    },
    {
      method: "GET",
      url: P.employees,
      operationId: "listEmployees",
      summary: "Page of employees; filter by `situation`",
      tag: "employees",
      query: S.EmployeeListQuery,
      response: { status: 200, name: "EmployeePage", schema: S.EmployeePage },
      errors: [],
      handler: (c) => store.employees.list(c.company, parse(S.EmployeeListQuery, c.query, "query")),
    },
    {
      method: "POST",
      url: P.employees,
      operationId: "createEmployee",
      summary: "Register one employee (body not shown in the document; our choice)",
      tag: "employees",
      body: { name: "EmployeeCreate", schema: S.EmployeeCreate },
      response: { status: 201, name: "Employee", schema: S.Employee },
      errors: [409, 422],
      handler: (c) => created(c, store.employees.create(c.company, body(S.EmployeeCreate, c))),
    },
    {
      method: "GET",
      url: P.employeeSituations,
      operationId: "listEmployeeSituations",
      summary: "Situations; `value` is what the `situation` filter takes",
      tag: "employees",
      response: { status: 200, name: "SituationList", schema: S.SituationList },
      errors: [],
      handler: () => store.employees.situations(),
    },
    {
      method: "POST",
      url: P.employeeBatch,
      operationId: "uploadEmployees",
      summary: "Batch registration: CSV `name,cpf,email` in the multipart field `file`",
      tag: "employees",
      multipart: { field: S.EMPLOYEE_BATCH_FIELD, description: "UTF-8 CSV with header name,cpf,email" },
      response: { status: 200, name: "EmployeeBatchResult", schema: S.EmployeeBatchResult },
      errors: [413, 415],
      handler: async (c) => store.employees.upload(c.company, await csvOf(c.request)),
    },
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

/** The CSV of a batch upload: the first file in the multipart field `file` (415 if not multipart). */
async function csvOf(request: FastifyRequest): Promise<string> {
  if (!request.isMultipart()) {
    throw new SandboxError(
      415,
      "unsupported_media_type",
      "Send multipart/form-data with the CSV in field `file`",
    );
  }
  let csv: string | undefined;
  for await (const part of request.parts()) {
    if (part.type !== "file") continue;
    // Every file is read to its end (or the upload stalls); only the first `file` is kept.
    const buffer = await part.toBuffer();
    if (part.fieldname === S.EMPLOYEE_BATCH_FIELD && csv === undefined) csv = buffer.toString("utf8");
  }
  if (csv === undefined) {
    throw badRequest(`Missing file field \`${S.EMPLOYEE_BATCH_FIELD}\``, [
      { path: S.EMPLOYEE_BATCH_FIELD, message: "required" },
    ]);
  }
  return csv;
}
