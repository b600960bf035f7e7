// The Excel host (docs/architecture.md §1 src/excel): the Workbook port over Office.js, its error class and
// the per-user token store. The fake Excel (./fake, with its formula engine) is not exported here:
// this index is in the task pane's bundle, so the tests, benchmarks and the preview import
// ./fake directly (test/build.test.ts fails when a module of ./fake reaches the production build).
export { OfficeWorkbook } from "./office-workbook";
export { OfficeFormulaSheet } from "./formula-sheet";
export { lazyPivotSheet } from "./lazy-pivot-sheet";
export { WorkbookHostError } from "./errors";
export type { ExcelRun, RequestContextApi } from "./office-api";
export { activeTableName } from "./active-table";
export { createTokenStore, createUserStorage, tokenOrigin, type UserStorageHost } from "./token-store";
