/** What other suites, benchmarks and the preview use from the sandbox (see docs/sandbox.md). */
export { type RunningSandbox, type SandboxOptions, startSandbox } from "./server";
export { type ServedRequest } from "./request-log";
export { FAULT_KINDS, type FaultKind } from "./faults";
