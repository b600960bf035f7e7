/**
 * The page's `CustomFunctions` global, which the functions chunk calls as it loads (the metadata
 * plugin appends its `CustomFunctions.associate(id, function)` calls). In Excel it is office.js's
 * (`CustomFunctions.associate` of the loader, `Error` and `ErrorCode` of the runtime); in the
 * preview it is the one of the library loaded in the page's frame (./office-library.ts), whose
 * runtime calls the associated functions when the fake Excel invokes them
 * (src/excel/fake/function-bridge.ts).
 * The frame's library loads after the page's chunks have run, so until it has, the page's
 * `CustomFunctions` only records what is associated; `useLibraryCustomFunctions` then hands each
 * association to the library's `associate` and puts the library's `CustomFunctions` in the
 * global's place. The fake invokes nothing before: its invocations wait for the library.
 */
import type { LibraryCustomFunctions } from "../excel/fake/client";

type AssociatedFunction = (...args: never[]) => unknown;

/** What was associated before the library loaded, in order. */
const waiting: Array<[string, AssociatedFunction]> = [];
let library: LibraryCustomFunctions | undefined;

/** `associate(id, function)` and `associate({ id: function })`, as office.js's loader takes them. */
function associate(idOrMappings: string | Record<string, AssociatedFunction>, fn?: AssociatedFunction): void {
  const pairs: Array<[string, AssociatedFunction | undefined]> =
    typeof idOrMappings === "string" ? [[idOrMappings, fn]] : Object.entries(idOrMappings);
  for (const [id, f] of pairs) {
    if (typeof f !== "function") throw new TypeError(`CustomFunctions.associate: ${id} is not a function`);
    if (library) library.associate(id, f);
    else waiting.push([id, f]);
  }
}

/** The page's `CustomFunctions` until the frame's library has loaded. */
export const pageCustomFunctions = { associate };

/**
 * Makes the library's `CustomFunctions` the page's: what was associated so far goes to the
 * library's `associate`, and so does anything associated later.
 */
export function useLibraryCustomFunctions(
  functions: LibraryCustomFunctions,
  target: Record<string, unknown> = globalThis,
): void {
  library = functions;
  for (const [id, f] of waiting.splice(0)) functions.associate(id, f);
  target.CustomFunctions = functions;
}
