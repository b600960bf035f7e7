/**
 * The `CustomFunctions` namespace the add-in finds in Excel's shared runtime, stood up by the
 * preview page (office.js provides it in Excel; "CustomFunctions namespace",
 * https://learn.microsoft.com/javascript/api/custom-functions-runtime/customfunctions):
 * - `associate(id, function)` and `associate({ id: function })` record the functions by the id of
 *   their metadata (the functions chunk calls them as it loads, as the metadata plugin wrote);
 * - `Error` carries an `ErrorCode` and, for `#VALUE!` and `#N/A` only, a message
 *   ("CustomFunctions.Error": "Custom messages are only available with certain error codes");
 * - `ErrorCode` holds the error values Excel shows.
 * The preview's formulas call the recorded functions: the page gives them to the fake Excel with
 * the build's metadata (./functions-host.ts).
 */

/** "CustomFunctions.ErrorCode" (CustomFunctionsRuntime 1.3): the cell's error value. */
const ErrorCode = {
  invalidValue: "#VALUE!",
  notAvailable: "#N/A",
  divisionByZero: "#DIV/0!",
  invalidNumber: "#NUM!",
  nullReference: "#NULL!",
  invalidName: "#NAME?",
  invalidReference: "#REF!",
} as const;

type Code = (typeof ErrorCode)[keyof typeof ErrorCode];
const WITH_MESSAGE: ReadonlySet<string> = new Set([ErrorCode.invalidValue, ErrorCode.notAvailable]);

class CustomFunctionError {
  readonly code: Code;
  readonly message: string | undefined;
  constructor(code: Code, message?: string) {
    if (!Object.values(ErrorCode).includes(code)) throw new TypeError(`not an ErrorCode: ${String(code)}`);
    this.code = code;
    // Excel drops the message of the codes that take none.
    this.message = WITH_MESSAGE.has(code) ? message : undefined;
  }
}

export type AssociatedFunction = (...args: unknown[]) => unknown;

/** The functions associated so far, by id (upper case, as Excel matches ids). */
export const associatedFunctions = new Map<string, AssociatedFunction>();

/** Called after each `associate` (the page recomputes formulas that waited for a function). */
const associated = new Set<() => void>();

export function onAssociate(listener: () => void): void {
  associated.add(listener);
}

export const previewCustomFunctions = {
  associate(idOrMappings: string | Record<string, AssociatedFunction>, fn?: AssociatedFunction): void {
    const pairs =
      typeof idOrMappings === "string" ? [[idOrMappings, fn] as const] : Object.entries(idOrMappings);
    for (const [id, f] of pairs) {
      if (typeof f !== "function") throw new TypeError(`CustomFunctions.associate: ${id} is not a function`);
      associatedFunctions.set(id.toUpperCase(), f);
    }
    for (const listener of [...associated]) listener();
  },
  Error: CustomFunctionError,
  ErrorCode,
};
