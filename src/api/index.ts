/** The API layer's public surface: the typed client and the wire contract it speaks. */
export * from "./client";
export * from "./errors";
export * from "./schemas";
export * from "./routes";
export * from "./pagination";
export * from "./polling";
export { backoffDelay, parseRetryAfter, isAmbiguousFailure, DEFAULT_RETRY, type RetryOptions } from "./retry";
export { defaultSleep, type Sleep } from "./transport";
