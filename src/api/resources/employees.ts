/**
 * Employees (document, "Endpoints": `/employees`, `/employees/situations`; rule 5 for the batch
 * upload). Creating an employee or uploading a batch carries no identity the client could read
 * back, so after an ambiguous failure they are not repeated: the error is thrown.
 */
import { paginate, type PageIterator } from "../pagination";
import { paths } from "../routes";
import {
  Employee,
  EMPLOYEE_BATCH_FIELD,
  EmployeeBatchResult,
  type EmployeeCreate,
  EmployeePage,
  listOf,
  type Page,
  Situation,
} from "../schemas";
import { type Context, type ListParams, pageQuery, type RequestOptions } from "./context";

export interface EmployeeListParams extends ListParams {
  situation?: string | undefined;
}

/** Situations: not shown as paged; our `{ data }` or a bare array. */
const SituationsResponse = listOf(Situation);

export function employeesResource(ctx: Context) {
  const page = (query: EmployeeListParams, q: ListParams, opts?: RequestOptions): Promise<Page<Employee>> =>
    ctx.read(paths.employees(), EmployeePage, opts, { ...pageQuery(q), situation: query.situation });
  return {
    list: (query: EmployeeListParams = {}, opts?: RequestOptions): PageIterator<Employee> =>
      paginate<Employee>((q) => page(query, q, opts), query),
    listPage: (query: EmployeeListParams = {}, opts?: RequestOptions): Promise<Page<Employee>> =>
      page(query, query, opts),
    create: (body: EmployeeCreate, opts?: RequestOptions): Promise<Employee> =>
      ctx.change("POST", paths.employees(), Employee, opts, { json: body }),
    situations: async (opts?: RequestOptions): Promise<Situation[]> =>
      (await ctx.read(paths.employeeSituations(), SituationsResponse, opts)).data,
    uploadBatch: (file: Blob, filename: string, opts?: RequestOptions): Promise<EmployeeBatchResult> =>
      ctx.change("POST", paths.employeeBatch(), EmployeeBatchResult, opts, {
        form: () => {
          const fd = new FormData();
          fd.append(EMPLOYEE_BATCH_FIELD, file, filename);
          return fd;
        },
      }),
  };
}
