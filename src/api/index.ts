/**
 * The API layer's public surface (curated, as `src/money/index.ts`): the client, its options and
 * parameter types, the error classes, the wire types and the constants the add-in needs.
 * Internals (the transport, the recovery functions, the resource factories, path building) stay
 * behind it; the sandbox imports `schemas` and `routes` directly.
 */

// The client
export { createClient, DEFAULT_TIMEOUT_MS, type ClientOptions, type ValePixClient } from "./client";
export type { ListParams, RequestOptions } from "./resources/context";
export type { EmployeeListParams } from "./resources/employees";
export type { TransactionListParams } from "./resources/transactions";
export {
  DEPOSIT_WAIT_DEFAULTS,
  type DepositCreateInput,
  type DepositWaitOptions,
} from "./resources/deposits";
export {
  DISTRIBUTION_WAIT_DEFAULTS,
  type DistributionRecord,
  type DistributionWaitOptions,
} from "./resources/distributions";

// Errors
export {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  ApiError,
  type ApiErrorInit,
  AppliedUnreadableError,
  AuthenticationError,
  BadRequestError,
  CollectLimitError,
  ConflictError,
  InternalServerError,
  InvalidIdentifierError,
  isRetryableStatus,
  NotFoundError,
  PaginationError,
  PermissionDeniedError,
  PollTimeoutError,
  RateLimitError,
  ResponseValidationError,
  UnprocessableEntityError,
  type ValidationIssue,
  ValePixError,
} from "./errors";
export {
  DepositMismatchError,
  DepositOutcomeUnknownError,
  FinalizeOutcomeUnknownError,
} from "./outcome-errors";
export { readServerError, type ServerErrorInfo } from "./server-error";
export { REDACTED, scrubSecret, snapshotHeaders } from "./redact";

// Retries, waits, lists
export {
  DEFAULT_RETRY,
  isAmbiguousFailure,
  isRateLimited,
  parseRetryAfter,
  type RetryOptions,
} from "./retry";
export { defaultSleep, type Sleep } from "./abort";
export { POLL_DEFAULTS, pollUntil, type PollOptions, type PollProgress, type WaitOptions } from "./polling";
export {
  collectAll,
  ITERATION_PAGE_LIMIT,
  MAX_PAGES,
  paginate,
  type PageIterator,
  SMALLEST_DOCUMENTED_LIMIT,
} from "./pagination";

// Addresses
export { API_PREFIX, ENVIRONMENTS, normalizeBaseUrl } from "./routes";

// The wire: request schemas (validate before sending), records, constants
export {
  Balance,
  Benefit,
  BenefitCreate,
  BenefitCreated,
  BenefitItem,
  BenefitUpdate,
  Cents,
  CentsSum,
  DEFAULT_PAGE_LIMIT,
  Deposit,
  DEPOSIT_FINAL_STATES,
  DEPOSIT_STATES,
  DepositCreate,
  DepositResponse,
  Distribution,
  DISTRIBUTION_FINAL_STATES,
  DISTRIBUTION_TYPES,
  DistributionCreate,
  DistributionCreated,
  DistributionItem,
  DistributionItemPage,
  DistributionTotals,
  type DistributionType,
  Employee,
  EMPLOYEE_BATCH_FIELD,
  EmployeeBatchResult,
  EmployeeCreate,
  FinalizeBody,
  FinalizeResult,
  isFinalDepositStatus,
  isFinalDistributionStatus,
  ItemValue,
  Lot,
  LOT_FINAL_STATES,
  MAX_AMOUNT_CENTS,
  MAX_EMPLOYEE_IDS_PER_CALL,
  MAX_PAGE_LIMIT,
  type Page,
  PAYMENT_METHODS,
  PaymentMethod,
  PositiveCents,
  Product,
  SetEmployeeValue,
  SetValueForAll,
  Situation,
  SITUATION_ACTIVE,
  TaxDocument,
  Transaction,
  TRANSACTION_TYPES,
} from "./schemas";
export type { Persistence, TokenStore, UserStorage } from "./credentials";
