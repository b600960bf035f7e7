// What users do (DESIGN §1 src/workflows): the task pane and the ribbon commands call only these.
export { type Progress, type OnProgress, etaFrom } from "./progress";
export {
  type Payer,
  type Charge,
  type ChargeOutcome,
  type DepositRequest,
  type FundingOptions,
  type FollowOptions,
  type CancelOutcome,
  FundingInputError,
  newTransactionId,
  startDeposit,
  followCharge,
  followFinalizeCharge,
  cancelCharge,
} from "./charges";
export {
  type Shortfall,
  type FundingTarget,
  type FundingResult,
  shortfallCents,
  readShortfall,
  fund,
} from "./funding";
export {
  type ActualItem,
  type DesiredItem,
  type ItemPlan,
  type PlannedCall,
  type PlanOptions,
  desiredItems,
  lowerBound,
  planItems,
} from "./plan";
export {
  type SyncResult,
  type SyncOptions,
  type TableSpec,
  type SyncColumn,
  syncTable,
  readAllRows,
} from "./table-sync";
export {
  type PullOptions,
  DEFAULT_TABLES,
  DirectoryInputError,
  directoryHeaders,
  benefitColumns,
  listSituations,
  pullEmployees,
  pullProducts,
  pullBenefits,
} from "./directory";
export { type RegistrationResult, DEFAULT_BATCH_FROM, registerEmployees } from "./register-employees";
export { type BenefitSaveResult, saveBenefits } from "./benefits";
export { type RowOutcome, type RowStatus, OUTCOME_TEXT } from "./row-status";
export {
  type RunLogLink,
  type TransactionPullResult,
  type ReconciliationSummary,
  TRANSACTIONS_TABLE,
  transactionHeaders,
  transactionKey,
  linkOf,
  pullTransactions,
  summarize,
  reconcile,
} from "./reconciliation";
export {
  type RunLogEntry,
  type RunState,
  RUN_LOG_VERSION,
  PAID_OR_MAYBE_STATES,
  DoublePaymentError,
  appendRunLogEntry,
  readRunLogEntries,
  latestByDistribution,
  draftToContinue,
  creatingEntry,
  unrecordedCreate,
  previousFinalized,
  sheetFingerprint,
  assertNotPaidBefore,
  runLogLinks,
} from "./run-log";
export { type PacerOptions, type PacerStats, Pacer, createPacedClient } from "./pacer";
export { type ItemsApi, type SendOptions, type SendResult, SendIncompleteError, sendPlan } from "./send";
export {
  type DraftItems,
  type ItemMismatch,
  type SheetReview,
  type ChangesSincePrevious,
  readDraftItems,
  compareWithSheet,
  compareWithPrevious,
} from "./review";
export {
  type DirectoryApi,
  type SheetRead,
  type ReadSheetOptions,
  SheetInvalidError,
  TableNotFoundError,
  readDistributionSheet,
} from "./sheet";
export {
  type SelectedApi,
  type SendSheetInput,
  type SendSheetOptions,
  type DraftReview,
  sendSheet,
} from "./distribute";
export {
  type FinalizeApi,
  type FinalizeSheetInput,
  type FinalizeSheetOptions,
  SheetChangedError,
  finalizeSheet,
} from "./finalize";
export {
  type FinalizeDistributionsApi,
  type FinalizeDraftInput,
  type FinalizeDraftOptions,
  type FinalizeOutcome,
  DraftChangedError,
  ReviewMismatchError,
  UnknownOutcomeNeedsConfirmationError,
  finalizeDraft,
} from "./finalize-draft";
export {
  type ModeApi,
  type SendModeInput,
  type SendGroupInput,
  type SendModeOptions,
  type ModeReview,
  sendBatch,
  sendGroup,
} from "./modes";
export {
  type FinalizeModeApi,
  type FinalizeModeInput,
  type FinalizeModeOptions,
  finalizeBatch,
  finalizeGroup,
} from "./mode-finalize";
export { type ProductValues, type Override, DEFAULT_REVIEW_TABLES, modeDesired } from "./mode-review";
export { type ModeRecheck, type ReviewModeInput, reviewModeAgain } from "./mode-recheck";
export { type ModeInputCode, ModeInputError } from "./mode-input";
export {
  type SummaryFigures,
  SUMMARY_TABLE,
  summaryLines,
  writeReconciliationSummary,
} from "./reconciliation-summary";
export {
  type RefreshApi,
  type RefreshInput,
  type RefreshOptions,
  type RefreshResult,
  NoDistributionError,
  refreshStatus,
} from "./refresh-status";
