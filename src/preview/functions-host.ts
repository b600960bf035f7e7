/**
 * The add-in's custom functions in the preview's Excel: the fake (src/excel/fake) computes a
 * formula's `VALEPIX.…` by calling what the functions chunk associated (./custom-functions.ts),
 * named as the build's metadata names them (`functions.json`, and `functions-pt-br.json` for
 * Portuguese names), as Excel reads the manifest's CustomFunctions extension point
 * ("Custom functions JSON metadata",
 * https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-json). Until the chunk
 * has associated a function, a cell calling it is `#NAME?`, and invoked again once it has.
 *
 * The page's runner calls the function itself, as the library's `CustomFunctionProxy` does in
 * the tests (the preview's frame loads excel-web-16.00.js without office.js's loader, whose
 * `CustomFunctions.associate` the runtime reads): the function gets the arguments then an
 * invocation (`address`, `functionName`, `setResult`, `onCanceled`); its result, a returned
 * value or promise or what it sets, is handed over in the library's result form a turn later
 * (`CustomFunctions.Error` as its `toJSON()`, an exception or a rejection as `#VALUE!`).
 */
import type { FakeExcel } from "../excel/fake";
import { type FunctionRunner, type InvocationResult, STREAMING_FLAG } from "../excel/fake/function-bridge";
import { type AssociatedFunction, associatedFunctions, onAssociate } from "./custom-functions";

/** manifest.xml: `Functions.Namespace`. */
const NAMESPACE = "VALEPIX";

interface MetadataFile {
  functions: Array<{
    id: string;
    name: string;
    parameters?: Array<{ name: string; type?: string; optional?: boolean }>;
  }>;
}

async function metadata(file: string): Promise<MetadataFile> {
  const answer = await fetch(file);
  if (!answer.ok) throw new Error(`${file}: ${answer.status}`);
  return (await answer.json()) as MetadataFile;
}

/** Gives the fake Excel the add-in's functions; a metadata file that cannot be read is an error. */
export async function installCustomFunctions(excel: FakeExcel): Promise<void> {
  const [english, portuguese] = await Promise.all([
    metadata("functions.json"),
    metadata("functions-pt-br.json"),
  ]);
  excel.useCustomFunctions({
    namespace: NAMESPACE,
    metadata: [english, { locale: "pt-BR", functions: portuguese.functions }],
    runner: pageRunner((id) => associatedFunctions.get(id.toUpperCase())),
  });
}

/** A result in the library's form (`_setResultWithOutboundData`). */
function asResult(id: number, value: unknown): InvocationResult {
  const error = value as { code?: unknown; message?: unknown; toJSON?: () => unknown } | null;
  if (typeof error?.code === "string" && error.code.startsWith("#"))
    return {
      id,
      succeeded: true,
      value: { valueType: "CustomFunctionError", code: error.code, message: error.message },
    };
  return { id, succeeded: true, value };
}

/** Failure code 2, an exception (`_invokeFunctionAndSetResult`): the cell's `#VALUE!`. */
const thrown = (id: number): InvocationResult => ({ id, succeeded: false, value: "", errorCode: 2 });

let lastId = 0;

/**
 * Runs the associated functions in the page; an id not associated yet is the cell's `#NAME?`
 * until it is (`onAssociate`), when the call runs.
 */
function pageRunner(find: (id: string) => AssociatedFunction | undefined): FunctionRunner {
  const waiting = new Set<() => void>();
  onAssociate(() => {
    for (const start of [...waiting]) start();
  });
  return {
    invoke(call, settle) {
      const id = ++lastId;
      let live = true;
      const deliver = (result: InvocationResult) =>
        void setTimeout(() => {
          if (live) settle(result);
        }, 0);
      const invocation = {
        address: call.address,
        functionName: call.functionName,
        setResult: (value: unknown) => deliver(asResult(id, value)),
        onCanceled: undefined as (() => void) | undefined,
      };
      const start = () => {
        const fn = find(call.functionName);
        if (!fn) {
          waiting.add(start);
          return deliver({
            id,
            succeeded: true,
            value: { valueType: "CustomFunctionError", code: "#NAME?" },
          });
        }
        waiting.delete(start);
        try {
          const out = fn(...call.parameterValues, invocation);
          if ((call.flags & STREAMING_FLAG) === 0)
            void Promise.resolve(out).then(
              (value) => deliver(asResult(id, value)),
              () => deliver(thrown(id)),
            );
        } catch {
          deliver(thrown(id));
        }
      };
      start();
      return {
        cancel() {
          live = false;
          waiting.delete(start);
          invocation.onCanceled?.();
        },
      };
    },
  };
}
