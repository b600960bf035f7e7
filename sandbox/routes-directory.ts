/**
 * The directory's routes: products, benefits (conventions) and employees, with the batch upload
 * of a CSV (routes.ts joins them to the money's routes).
 */
import type { FastifyRequest } from "fastify";
import { ROUTE_PATTERNS } from "../src/api/routes";
import * as S from "../src/api/schemas";
import { SandboxError, badRequest } from "./errors";
import { type RouteSpec, parse, routeReaders } from "./route-kit";
import type { Store } from "./store";

/** Products and benefits (conventions). */
function catalogRoutes(store: Store): RouteSpec[] {
  const P = ROUTE_PATTERNS;
  const { page, body, id, created } = routeReaders();
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
  ];
}

/** Employees: listed, registered one by one or by a CSV upload, their situation changed. */
function employeeRoutes(store: Store): RouteSpec[] {
  const P = ROUTE_PATTERNS;
  const { body, created } = routeReaders();
  return [
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
  ];
}

export function directoryRoutes(store: Store): RouteSpec[] {
  return [...catalogRoutes(store), ...employeeRoutes(store)];
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
