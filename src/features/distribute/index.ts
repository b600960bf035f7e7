// The distribute feature's public surface: other features, the shell, the commands and the preview import only this.
export { distributeServices } from "./adapter/adapter";
export { finalizeSheet } from "./finalize/finalize";
export { NoDistributionError, refreshStatus } from "./finalize/refresh-status";
export { DistributeScreen } from "./screen/DistributeScreen";
export { sendSheet } from "./send/distribute";
export { WorkflowReads } from "./send/reads";
export { readDraftItems } from "./send/review";
export {
  readDistributionSheet,
  SheetInvalidError,
  TableNotFoundError,
  writeSheetStatuses,
} from "./send/sheet";
export { type DistributeServices, type InterruptedRun, type ValidationView } from "./services";
export { distributeErrorWords } from "./error-words";
export { describePaidBefore } from "./paid-before";
export { DISTRIBUTE_WORDS } from "./words";
