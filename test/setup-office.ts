// Every test that touches Excel runs Microsoft's office.js over the fake Excel: loaded on first
// use (test/office-library.ts), once per test file.
import { provideOfficeLibrary } from "../src/excel/fake/client";

provideOfficeLibrary(async () => (await import("./office-library")).loadOfficeLibrary());
