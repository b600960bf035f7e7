/**
 * Custom functions in the fake Excel: a formula's `NAMESPACE.NAME(...)` invokes the add-in's
 * function of that metadata id, as Excel does ("Custom functions architecture",
 * https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-overview,
 * and "Custom functions JSON metadata",
 * https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-json):
 * - the name is the namespace, a dot and the function's `name` in the metadata, in either of the
 *   metadata's languages (a localized metadata file gives the other language's names);
 * - omitted optional arguments are passed as `null` ("Custom functions parameter options");
 *   arguments are coerced to the parameter's `type` (a number parameter given text that is not a
 *   number is `#VALUE!`); a `matrix` parameter takes a 2-D array;
 * - the invocation goes to the add-in's runtime (`FunctionRunner`): in the tests, the benchmarks
 *   and the preview, Microsoft's office.js over the native bridge (./function-bridge.ts), whose
 *   `CustomFunctionProxy` calls what `CustomFunctions.associate` gave it with an
 *   `InvocationContext` last (`address`, `setResult` for a streaming function, `onCanceled`,
 *   which the host asks for when the cell's formula is deleted or changed);
 * - the cell shows `#BUSY!` until the first result ("Custom functions ... #BUSY!" while a function
 *   computes), then each result as it comes; a `CustomFunctions.Error` is the cell's error value
 *   with its message; an exception or a rejected promise is `#VALUE!` (the library's failure
 *   codes, `_getCustomFunctionResultErrorCodeFromErrorCode`);
 * - a 2-D array result spills (./calculation.ts).
 */
import { type CellAt, ERRORS, ExcelError, type FormulaValue, type Scalar } from "./formula-values";
import {
  CANCELABLE_FLAG,
  type FunctionRunner,
  type InvocationResult,
  STREAMING_FLAG,
} from "./function-bridge";

interface CustomFunctionParameter {
  name: string;
  type?: string;
  dimensionality?: string;
  optional?: boolean;
}

/** One function of `functions.json`. */
export interface CustomFunctionMetadata {
  id: string;
  name: string;
  parameters?: CustomFunctionParameter[];
  options?: { stream?: boolean; cancelable?: boolean; requiresAddress?: boolean; volatile?: boolean };
}

export interface CustomFunctionsInit {
  /** The metadata's namespace (manifest.xml `Namespace`, e.g. "VALEPIX"). */
  namespace: string;
  /**
   * `functions.json`'s functions first (the invariant names), then each localized metadata file
   * (same ids) with the culture it is for.
   */
  metadata: ReadonlyArray<{ locale?: string; functions: CustomFunctionMetadata[] }>;
  /** The add-in's runtime, where invocations go. */
  runner: FunctionRunner;
  /** A result arrived after the call returned: the workbook's formulas are computed again. */
  onResult(): void;
}

interface Running {
  value: FormulaValue;
  cancel?: () => void;
}

const cellId = (at: CellAt) => `${at.sheet}!${at.row}:${at.column}`;

/** The A1 address Excel gives an invocation ("Sheet1!B2"). */
function addressOf(at: CellAt): string {
  let letters = "";
  for (let remaining = at.column + 1; remaining > 0; remaining = Math.floor((remaining - 1) / 26))
    letters = String.fromCharCode(65 + ((remaining - 1) % 26)) + letters;
  return `${at.sheet}!${letters}${at.row + 1}`;
}

/**
 * The library's failure codes as the cell's error (`_getCustomFunctionResultErrorCodeFromErrorCode`;
 * 0, 2, 3 and 4 are an `Error`, a thrown exception, a rejected promise and a batch of the wrong
 * length, which Excel shows as `#VALUE!`).
 */
const FAILURES: Record<number, string> = { 1: "#N/A", 5: "#DIV/0!", 6: "#NUM!", 7: "#VALUE!", 8: "#NULL!" };
/** "CustomFunctions.Error": only `#VALUE!` and `#N/A` carry a message. */
const WITH_MESSAGE = new Set(["#VALUE!", "#N/A"]);

function errorOf(code: string, message: unknown): ExcelError {
  return typeof message === "string" && message !== "" && WITH_MESSAGE.has(code)
    ? new ExcelError(code, message)
    : new ExcelError(code);
}

/** A result as the cell's value. */
function resultValue(result: InvocationResult): FormulaValue {
  if (!result.succeeded) return errorOf(FAILURES[result.errorCode ?? 0] ?? "#VALUE!", result.value);
  const value = result.value;
  if (Array.isArray(value)) {
    if (!value.every(Array.isArray)) return ERRORS.value;
    return (value as unknown[][]).map((row) => row.map((x) => scalarResult(x)));
  }
  return scalarResult(value);
}

/** A `CustomFunctions.Error` set as a result arrives as its `toJSON()`. */
function isErrorJson(value: unknown): value is { code: string; message?: string } {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { valueType?: unknown }).valueType === "CustomFunctionError" &&
    typeof (value as { code?: unknown }).code === "string"
  );
}

function scalarResult(result: unknown): Scalar {
  if (isErrorJson(result)) return errorOf(result.code, result.message);
  if (typeof result === "number") return Number.isFinite(result) ? result : ERRORS.num;
  if (typeof result === "string" || typeof result === "boolean") return result;
  if (result === null || result === undefined) return null;
  return ERRORS.value;
}

/** An argument as the parameter's type asks, or the error the cell shows. */
function argument(value: FormulaValue | undefined, parameter: CustomFunctionParameter): unknown {
  if (value === undefined || value === null) return parameter.optional ? null : ERRORS.value;
  if (parameter.dimensionality === "matrix") return Array.isArray(value) ? value : [[value]];
  const scalar = Array.isArray(value) ? (value[0]?.[0] ?? null) : value;
  if (scalar instanceof ExcelError) return scalar;
  switch (parameter.type) {
    case "number":
      if (typeof scalar === "number") return scalar;
      if (typeof scalar === "boolean") return scalar ? 1 : 0;
      if (scalar === null) return parameter.optional ? null : 0;
      return scalar.trim() !== "" && Number.isFinite(Number(scalar)) ? Number(scalar) : ERRORS.value;
    case "string":
      return scalar === null
        ? ""
        : typeof scalar === "boolean"
          ? scalar
            ? "TRUE"
            : "FALSE"
          : String(scalar);
    case "boolean":
      return typeof scalar === "boolean" ? scalar : typeof scalar === "number" ? scalar !== 0 : ERRORS.value;
    case "any":
    case undefined:
      return scalar;
    default:
      return scalar;
  }
}

export class FakeCustomFunctions {
  private readonly byName = new Map<string, CustomFunctionMetadata>();
  private readonly running = new Map<string, Running>();
  /** The call each cell made last, by cell. */
  private readonly callOfCell = new Map<string, string>();

  constructor(private readonly init: CustomFunctionsInit) {
    for (const file of init.metadata)
      for (const localized of file.functions) {
        const english = init.metadata[0]?.functions.find((g) => g.id === localized.id) ?? localized;
        this.byName.set(`${init.namespace}.${localized.name}`.toUpperCase(), {
          ...english,
          name: localized.name,
        });
      }
  }

  /** Localized names → the invariant (first metadata file's) names, for `formulasLocal` writes. */
  invariantNames(): Map<string, string> {
    const out = new Map<string, string>();
    const ns = this.init.namespace.toUpperCase();
    const english = this.init.metadata[0]?.functions ?? [];
    for (const file of this.init.metadata.slice(1))
      for (const localized of file.functions) {
        const en = english.find((g) => g.id === localized.id);
        if (en) out.set(`${ns}.${localized.name}`.toUpperCase(), `${this.init.namespace}.${en.name}`);
      }
    return out;
  }

  /** Invariant names → the names of `culture`'s metadata (its `locale`), for `formulasLocal` reads. */
  localNames(culture: string): Map<string, string> {
    const out = new Map<string, string>();
    const english = this.init.metadata[0]?.functions ?? [];
    const local = this.init.metadata.find((m) => m.locale === culture);
    if (!local) return out;
    for (const localized of local.functions) {
      const en = english.find((g) => g.id === localized.id);
      if (en)
        out.set(
          `${this.init.namespace}.${en.name}`.toUpperCase(),
          `${this.init.namespace}.${localized.name}`,
        );
    }
    return out;
  }

  /** The current result of `name(args)` in the cell `at`; undefined when no function has that name. */
  readonly call = (name: string, args: FormulaValue[], at: CellAt): FormulaValue | undefined => {
    const meta = this.byName.get(name.toUpperCase());
    if (!meta) return undefined;
    const params = meta.parameters ?? [];
    if (args.length > params.length) return ERRORS.value;
    const values = params.map((p, i) => argument(args[i], p));
    const bad = values.find((v): v is ExcelError => v instanceof ExcelError);
    if (bad) return bad;
    const key = `${cellId(at)}|${meta.id}|${JSON.stringify(values)}`;
    const cell = cellId(at);
    const previous = this.callOfCell.get(cell);
    if (previous !== undefined && previous !== key) this.stop(previous);
    this.callOfCell.set(cell, key);
    const known = this.running.get(key);
    if (known) return known.value;
    return this.start(key, meta, values, at);
  };

  /** A cell's formula changed or was cleared: its calls stop (`onCanceled`). */
  cellChanged(sheet: string, row: number, column: number): void {
    const cell = cellId({ sheet, row, column });
    const key = this.callOfCell.get(cell);
    if (key === undefined) return;
    this.callOfCell.delete(cell);
    this.stop(key);
  }

  /** Cells moved (rows or columns inserted): every call of the sheet stops; the moved formulas call again. */
  sheetChanged(sheet: string): void {
    for (const [cell, key] of [...this.callOfCell])
      if (cell.startsWith(`${sheet}!`)) {
        this.callOfCell.delete(cell);
        this.stop(key);
      }
  }

  private stop(key: string): void {
    const running = this.running.get(key);
    this.running.delete(key);
    running?.cancel?.();
  }

  private start(key: string, meta: CustomFunctionMetadata, values: unknown[], at: CellAt): FormulaValue {
    const running: Running = { value: ERRORS.busy };
    this.running.set(key, running);
    const flags =
      (meta.options?.stream ? STREAMING_FLAG : 0) | (meta.options?.cancelable ? CANCELABLE_FLAG : 0);
    const handle = this.init.runner.invoke(
      { functionName: meta.id, parameterValues: values, address: addressOf(at), flags },
      (result) => {
        if (this.running.get(key) !== running) return; // stopped: a late result is dropped
        running.value = resultValue(result);
        this.init.onResult();
      },
    );
    running.cancel = () => handle.cancel();
    return running.value;
  }
}
