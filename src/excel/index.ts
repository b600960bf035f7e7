// The Excel host (docs/architecture.md §1 src/excel): the Workbook port over Office.js, its error class, the
// per-user token store, the fake Excel, and the in-memory workbook (the adapter over the fake) for
// tests, benchmarks and the preview.
export { OfficeWorkbook } from "./office-workbook";
export { OfficeFormulaSheet } from "./formula-sheet";
export { HOST_ERROR_CODES, WorkbookHostError } from "./errors";
export type { ExcelRun, RequestContextApi } from "./office-api";
export { activeTableName } from "./active-table";
export { createTokenStore, createUserStorage, tokenOrigin, type UserStorageHost } from "./token-store";
export { FakeExcel, createFakeExcel } from "./fake";
export { parseTyped } from "./fake/culture";
