// The host-agnostic workbook model (docs/architecture.md §1 src/workbook): the Workbook port, column mapping,
// employee matching, validation, template and write-back, as other layers use them. The port's
// implementation is src/excel (`OfficeWorkbook`; `createMemoryWorkbook` for tests and benchmarks).
// Block sizing, Excel's name rules and the settings guard are for that implementation and import
// their modules directly; test data generators live in ./testing.

// The port.
export {
  type CellValue,
  type TableChange,
  type TableInfo,
  type Workbook,
  RUN_LOG_SHEET,
  sitsAt,
} from "./port";

// What a workbook call can fail with, besides the host's own errors.
export { RowTooLargeError } from "./blocks";
export { SecretSettingError } from "./settings-guard";
export { HOST_ERROR_CODES, type HostErrorCode } from "./host-error-codes";

// Text and names as Excel takes them.
// Column mapping.
export { type MappingOverride, type TableMapping, computeMapping } from "./mapping";
export { type ColumnRole } from "./roles";
export { loadMapping, saveMappingOverride } from "./mapping-store";

// The distribution template and the write-back of row results.
export { createDistributionTemplate } from "./template";
export {
  type PaymentRecords,
  type RowResult,
  validationRowResults,
  writeRowResults,
  writeSomeRowResults,
} from "./writeback";

// What a status cell shows (one rule), the payment ledger, and dates as Excel dates.
export { type RowFacts, type RunStage, rowStatus, runMessage } from "./status-rule";

// The one Locale type lives in src/money (the lowest layer); re-exported for convenience.
export { type Locale } from "../money";

// Issues and their message catalogue.
export { type Issue, makeIssue } from "./issues";
export { amountIssue } from "./amount-issues";

// Employee matching.
export { EmployeeIndex } from "./matching";

// Validation.
export {
  type ValidationOptions,
  type SendRow,
  type ValidationSummary,
  type ValidationResult,
  DEFAULT_MAX_CENTS_PER_CELL,
  validateRows,
  validateTable,
} from "./validation";
export { type LiveView, LiveValidation } from "./live-validation";
export { addinColumns, onlyAddinColumns, planLiveRevalidation } from "./live-changes";
