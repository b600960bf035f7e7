/**
 * The API layer's public surface (curated, as `src/money/index.ts`): the client, its options and
 * parameter types, the error classes, the wire types and the constants the add-in needs.
 * Internals (the transport, the recovery functions, the resource factories, path building) stay
 * behind it; the sandbox imports `schemas` and `routes` directly.
 */

// The client
export { createClient, type ClientOptions, type ValePixClient } from "./client";
// Errors
export {
  APIConnectionError,
  APIConnectionTimeoutError,
  ApiError,
  APIUserAbortError,
  AppliedUnreadableError,
  AuthenticationError,
  BadRequestError,
  CollectLimitError,
  ConflictError,
  DepositMismatchError,
  DepositOutcomeUnknownError,
  DraftCreateOutcomeUnknownError,
  FinalizeOutcomeUnknownError,
  InternalServerError,
  InvalidIdentifierError,
  NotFoundError,
  PaginationError,
  PermissionDeniedError,
  PollTimeoutError,
  RateLimitError,
  RedirectRefusedError,
  ResponseValidationError,
  UnprocessableEntityError,
} from "./errors";
// Retries, waits, lists
export { isAmbiguousFailure, parseRetryAfter } from "./retry";
export { defaultSleep } from "./abort";
export { collectAll } from "./collect-all";
export { pullAll } from "./pull-all";
export { inChunks } from "./in-chunks";

// Addresses
export { ENVIRONMENTS, normalizeBaseUrl } from "./routes";

// The wire: request schemas (validate before sending), records, constants
export {
  Benefit,
  BenefitItem,
  Deposit,
  DepositResponse,
  Distribution,
  DistributionTotals,
  Employee,
  FinalizeBody,
  FinalizeResult,
  isFinalDepositStatus,
  MAX_AMOUNT_CENTS,
  MAX_EMPLOYEE_IDS_PER_CALL,
  PAYMENT_METHODS,
  PaymentMethod,
  Product,
  Situation,
  Transaction,
} from "./schemas";
export type { DistributionCreate, DistributionCreated } from "./schemas";
export type { Persistence, TokenStore, UserStorage } from "./credentials";
