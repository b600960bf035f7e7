// The host-agnostic workbook model (DESIGN §1 src/workbook): the Workbook port and its
// in-memory implementation, column mapping, employee matching, validation, template, write-back.
// Test data generators live in ./testing and are not exported here.
export * from "./port";
export * from "./blocks";
export * from "./names";
export * from "./safe-text";
export * from "./settings-guard";
export * from "./memory";
export * from "./mapping";
export * from "./template";
export * from "./writeback";

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
export { MESSAGES, locationPrefix, documentProblemMessage, ROW_STATE_TEXT, type RowState } from "./messages";
export { amountIssue, plainAmount } from "./amount-issues";

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
export { totalsLabel, nameWords, namesAgree } from "./row-checks";
