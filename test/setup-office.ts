// Every test that touches Excel runs Microsoft's office.js over the fake Excel: loaded on first
// use (test/office-library.ts), once per test file.
import { TextDecoder, TextEncoder } from "node:util";
import { provideOfficeLibrary } from "../src/excel/fake/client";

provideOfficeLibrary(async () => {
  // jsdom (which the loader runs the library in) needs the encoders when its modules load; jest's
  // jsdom environment does not expose them.
  globalThis.TextEncoder ??= TextEncoder;
  globalThis.TextDecoder ??= TextDecoder as typeof globalThis.TextDecoder;
  return (await import("./office-library")).loadOfficeLibrary();
});
