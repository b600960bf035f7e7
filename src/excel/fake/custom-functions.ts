/**
 * Custom functions in the fake Excel: a formula's `NAMESPACE.NAME(...)` calls the JavaScript
 * function associated with that id, as Excel does with an add-in's functions ("Custom functions
 * architecture", https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-overview,
 * and "Custom functions JSON metadata",
 * https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-json):
 * - the name is the namespace, a dot and the function's `name` in the metadata, in either of the
 *   metadata's languages (a localized metadata file gives the other language's names);
 * - omitted optional arguments are passed as `null` ("Custom functions parameter options");
 *   arguments are coerced to the parameter's `type` (a number parameter given text that is not a
 *   number is `#VALUE!`); a `matrix` parameter takes a 2-D array;
 * - a streaming function gets a `StreamingInvocation` last (`address`, `setResult`, and
 *   `onCanceled`, which Excel calls when the cell's formula is deleted or changed); any other gets an
 *   `Invocation` when its metadata asks for the address or for cancellation;
 * - the cell shows `#BUSY!` until the first result ("Custom functions ... #BUSY!" while a function
 *   computes), then each result as it comes; a `CustomFunctions.Error` is the cell's error value
 *   with its message; an exception or a rejected promise is `#VALUE!`;
 * - a 2-D array result spills (./calculation.ts).
 */
import { type CellAt, ERRORS, ExcelError, type FormulaValue, type Scalar } from "./formula-values";

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
  /** The function associated with an id (`CustomFunctions.associate`), looked up at each call. */
  implementation(id: string): ((...args: unknown[]) => unknown) | undefined;
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

function isErrorResult(result: unknown): result is { code: string; message?: string } {
  return (
    typeof result === "object" &&
    result !== null &&
    "code" in result &&
    typeof result.code === "string" &&
    result.code.startsWith("#")
  );
}

/** A function's result as the cell's value. */
function resultValue(result: unknown): FormulaValue {
  if (isErrorResult(result)) return new ExcelError(result.code, result.message);
  if (Array.isArray(result)) {
    if (!result.every(Array.isArray)) return ERRORS.value;
    return (result as unknown[][]).map((row) => row.map((x) => scalarResult(x)));
  }
  return scalarResult(result);
}

function scalarResult(result: unknown): Scalar {
  if (isErrorResult(result)) return new ExcelError(result.code, result.message);
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
    const fn = this.init.implementation(meta.id);
    if (!fn) return ERRORS.name;
    const running: Running = { value: ERRORS.busy };
    this.running.set(key, running);
    let returned = false;
    const settle = (result: unknown) => {
      if (this.running.get(key) !== running) return; // stopped: a late result is dropped
      running.value = resultValue(result);
      if (returned) this.init.onResult();
    };
    const invocation = {
      address: addressOf(at),
      functionName: meta.name,
      setResult: (v: unknown) => settle(v),
      onCanceled: undefined as (() => void) | undefined,
    };
    running.cancel = () => invocation.onCanceled?.();
    const wantsInvocation = meta.options?.stream || meta.options?.cancelable || meta.options?.requiresAddress;
    try {
      const out = fn(...values, ...(wantsInvocation ? [invocation] : []));
      if (!meta.options?.stream) {
        if (out instanceof Promise) out.then(settle, () => settle(ERRORS.value));
        else settle(out);
      }
    } catch {
      settle(ERRORS.value);
    }
    returned = true;
    return running.value;
  }
}
