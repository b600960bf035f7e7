// The host-agnostic workbook model (DESIGN §1 src/workbook): the Workbook port and its
// in-memory implementation, column mapping, employee matching, validation, template, write-back.
// Test data generators live in ./testing and are not exported here.
export * from "./port";
export * from "./blocks";
export * from "./names";
export * from "./safe-text";
export * from "./settings-guard";
export * from "./memory";
export * from "./messages";
export * from "./mapping";
export * from "./matching";
export * from "./validation";
export * from "./template";
export * from "./writeback";
