import { describeWorkbookContract } from "./testing/workbook-contract";
import { memoryWorkbook, officeOverFake } from "./testing/subjects";

// One contract, two implementations: the Office.js adapter over the fake Excel, and
// MemoryWorkbook (until it becomes that adapter), so the two cannot drift apart.
describeWorkbookContract("Office.js adapter over the fake Excel", officeOverFake);
describeWorkbookContract("MemoryWorkbook", memoryWorkbook);
