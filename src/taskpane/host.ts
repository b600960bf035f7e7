/**
 * The per-user storage and token store the pane runs on: src/excel's (OfficeRuntime.storage or
 * partitioned localStorage, one token per API origin), ports defined in src/api/credentials.ts.
 * Tests hand in the in-memory ones of src/api/testing/memory-storage.ts, which have the same shapes.
 */
export type { TokenStore, UserStorage } from "../api";
