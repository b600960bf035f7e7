// The host-agnostic workbook model (docs/architecture.md §1 src/workbook): the Workbook port, column mapping,
// employee matching, validation, template and write-back, as other layers use them. The port's
// implementation is src/excel (`OfficeWorkbook`; `createMemoryWorkbook` for tests and benchmarks).
// Block sizing, Excel's name rules and the settings guard are for that implementation and import
// their modules directly; test data generators live in ./testing.

// The port.
export {
  type CellValue,
  type ColumnHighlight,
  type ColumnValidation,
  type CellsWrite,
  type ColumnWrite,
  type JsonValue,
  type NewColumn,
  type NewTableSpec,
  type ReadRowsOptions,
  type RegionInfo,
  type RowBlock,
  type RowRange,
  type SheetInfo,
  type SheetVisibility,
  type TableChange,
  type TableInfo,
  type Unsubscribe,
  type Workbook,
  type WriteOptions,
  DEFAULT_MAX_BLOCK_BYTES,
  RUN_LOG_SHEET,
  TEXT_FORMAT,
} from "./port";

// What a workbook call can fail with, besides the host's own errors.
export { RESPONSE_PAYLOAD_LIMIT_CODE, RowTooLargeError } from "./blocks";
export { SecretSettingError } from "./settings-guard";

// Text and names as Excel takes them.
export { type SafeTextOptions, isFormulaLike, safeText } from "./safe-text";
export { columnLetters, structuredRefColumn, uniqueSheetName, uniqueTableName } from "./names";

// Column mapping.
export {
  type ColumnRole,
  type MappedColumn,
  type MappingOverride,
  type MatchHow,
  type RoleName,
  type TableMapping,
  computeMapping,
  mappingToOverride,
  productCandidates,
} from "./mapping";
export { ADDIN_HEADERS, IDENTITY_HEADERS } from "./headers";
export {
  type LoadedOverride,
  SavedMappings,
  MAPPING_SETTING,
  MAPPING_VERSION,
  loadMapping,
  loadMappingOverride,
  saveMappingOverride,
} from "./mapping-store";

// The distribution template and the write-back of row results.
export {
  type TemplateOptions,
  type TemplateResult,
  CURRENCY_FORMAT,
  createDistributionTemplate,
  productHeaders,
} from "./template";
export {
  type RowResult,
  ensureAddinColumns,
  rowResultOf,
  validationRowResults,
  writeRowResults,
  writeSomeRowResults,
} from "./writeback";

// The one Locale type lives in src/money (the lowest layer); re-exported for convenience.
export { LOCALES, type Locale } from "../money";

// Issues and their message catalogue.
export {
  type Severity,
  type IssueParamsByCode,
  type IssueCode,
  type IssueWhere,
  type Issue,
  makeIssue,
} from "./issues";
export { MESSAGES, locationPrefix, plainAmount, ROW_STATE_TEXT, type RowState } from "./messages";
export { documentProblemMessage } from "./problem-messages";
export { amountIssue } from "./amount-issues";

// Employee matching.
export {
  type IdentityKind,
  type MatchProblemCode,
  type MatchProblem,
  type IdentityCells,
  type MatchResult,
  normalizeEmail,
  EmployeeIndex,
} from "./matching";

// Validation.
export {
  type ValidationOptions,
  type ValidationContext,
  type CheckedRow,
  type SendRow,
  type ValidationSummary,
  type ValidTable,
  type InvalidTable,
  type ValidationResult,
  DEFAULT_MAX_CENTS_PER_CELL,
  DEFAULT_WARN_ABOVE_CENTS,
  DistributionValidator,
  validateRows,
  validateTable,
} from "./validation";
export { type LiveRow, type LiveView, LiveValidation } from "./live-validation";
export {
  type LivePlan,
  LIVE_MAX_ROWS,
  addinColumns,
  mergeRowRanges,
  onlyAddinColumns,
  planLiveRevalidation,
} from "./live-changes";
export { totalsLabel, nameWords, namesAgree } from "./row-checks";
