/** What other suites, benchmarks and the preview use from the sandbox (see docs/sandbox.md). */
export {
  DEFAULT_CORS_ORIGINS,
  DEMO_COMPANY,
  DEMO_TOKEN,
  type RunningSandbox,
  type SandboxHandle,
  type SandboxOptions,
  type SandboxToken,
  buildServer,
  startSandbox,
} from "./server";
export {
  DEFAULT_REQUEST_LOG_LIMIT,
  type RequestFilter,
  type RequestLog,
  type ServedRequest,
} from "./request-log";
export { FAULT_KINDS, type FaultKind, type FaultOptions } from "./faults";
export { type ManualClock, manualClock } from "./testkit";
export { configFromEnv } from "./config";
