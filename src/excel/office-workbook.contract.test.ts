import { describeWorkbookContract } from "./testing/workbook-contract";
import { officeOverFake } from "./testing/subjects";

// The port's contract over the one implementation: the Office.js adapter over the fake Excel
// (the memory workbook of the tests and benchmarks is this same adapter, ./memory-workbook.ts).
describeWorkbookContract("Office.js adapter over the fake Excel", officeOverFake);
