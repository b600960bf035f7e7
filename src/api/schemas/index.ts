/**
 * The wire contract of the Benefit Funding and Distribution API, as zod schemas.
 *
 * One source of truth: the client validates responses with these, the sandbox validates
 * requests with them and generates its OpenAPI document from them. Section names in the
 * comments refer to the API document (shared/seed/000_f665af9ba4d19739.txt); where it says
 * "not shown", the choice is listed in docs/api-assumptions.md.
 *
 * Conventions:
 * - Every money value is an integer number of cents ("Every monetary value, sent or received,
 *   is an integer number of cents").
 * - Response schemas accept fields they do not know (zod objects strip unknown keys instead of
 *   failing) and require only what the document promises and the add-in uses; the rest is
 *   optional. `null` counts as absent: the transport drops null object fields from a 2xx body
 *   before validation (`dropNulls`), so an optional field may be null and a required one may not.
 * - Where the name of a field is our guess, the document's own word is accepted too: the state
 *   of a deposit, distribution or lot may come as `state` or `status` (`withStatus`).
 * - Request schemas (what the sandbox accepts) stay strict: they are our choices.
 *
 * One file per part of the API, exported here as one surface (`src/api/schemas`):
 * ./common.ts (cents, ids, documents, pages, the state field, the error body), ./directory.ts
 * (employees, products, benefits), ./funding.ts (deposits, balance, transactions) and
 * ./distributions.ts (distributions, items, lots, finalize).
 */
export { MAX_AMOUNT_CENTS, Id, MAX_PAGE_LIMIT, PageQuery, listOf, type Page, ErrorBody } from "./common";
export {
  SITUATION_ACTIVE,
  Situation,
  SituationList,
  Employee,
  EmployeePage,
  EmployeeListQuery,
  EmployeeCreate,
  EMPLOYEE_BATCH_FIELD,
  EmployeeBatchResult,
  Product,
  ProductPage,
  BenefitItem,
  BenefitCreate,
  BenefitUpdate,
  Benefit,
  BenefitPage,
  BenefitCreated,
} from "./directory";
export {
  isFinalDepositStatus,
  DepositCreate,
  Deposit,
  DepositResponse,
  Balance,
  TRANSACTION_TYPES,
  TransactionListQuery,
  Transaction,
  TransactionPage,
} from "./funding";
export {
  DistributionCreate,
  DistributionTotals,
  Distribution,
  DistributionCreated,
  MAX_EMPLOYEE_IDS_PER_CALL,
  AddItems,
  RemoveItems,
  SetValueForAll,
  SetEmployeeValue,
  DistributionItem,
  DistributionItemPage,
  PAYMENT_METHODS,
  PaymentMethod,
  FinalizeBody,
  FinalizeResult,
} from "./distributions";
