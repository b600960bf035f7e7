// The Excel host (docs/architecture.md §1 src/excel): the Workbook port over Office.js, its error class, the
// per-user token store, the fake Excel, and the in-memory workbook (the adapter over the fake) for
// tests, benchmarks and the preview.
export { OfficeWorkbook, officeWorkbook, type OfficeWorkbookOptions } from "./office-workbook";
export { HOST_ERROR_CODES, WorkbookHostError, type HostErrorCode } from "./errors";
export type { ExcelRun, RequestContextApi } from "./office-api";
export { activeTableName } from "./active-table";
export {
  createTokenStore,
  createUserStorage,
  tokenOrigin,
  type Persistence,
  type TokenStore,
  type UserStorage,
  type UserStorageBackend,
  type UserStorageHost,
} from "./token-store";
export {
  MemoryWorkbook,
  createMemoryWorkbook,
  type MemoryTableInit,
  type MemoryWorkbookInit,
} from "./memory-workbook";
export {
  FakeExcel,
  createFakeExcel,
  WEB_PAYLOAD_LIMIT_BYTES,
  type FakeExcelInit,
  type FakeStats,
} from "./fake";
