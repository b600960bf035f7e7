// The distribute feature's public surface: other features, the shell, the commands and the preview import only this.
export { distributeServices } from "./adapter/adapter";
export { directoryClient } from "./adapter/testing";
export {
  DraftChangedError,
  ReviewMismatchError,
  UnknownOutcomeNeedsConfirmationError,
} from "./finalize/finalize-draft";
export { finalizeSheet, SheetChangedError } from "./finalize/finalize";
export { NoDistributionError, refreshStatus } from "./finalize/refresh-status";
export { ModeInputError } from "./modes/mode-input";
export { DistributeScreen } from "./screen/DistributeScreen";
export { sendSheet } from "./send/distribute";
export { readDraftItems } from "./send/review";
export { SendIncompleteError } from "./send/send";
export { readDistributionSheet, SheetInvalidError, TableNotFoundError } from "./send/sheet";
export { type DistributeServices, ModeUnavailableError, type ValidationView } from "./services";
export { distributeErrorWords } from "./error-words";
