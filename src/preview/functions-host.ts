/**
 * The add-in's custom functions in the preview's Excel: the fake (src/excel/fake) computes a
 * formula's `VALEPIX.…` by invoking the function of that metadata id, named as the build's
 * metadata names them (`functions.json`, and `functions-pt-br.json` for Portuguese names), as
 * Excel reads the manifest's CustomFunctions extension point ("Custom functions JSON metadata",
 * https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-json).
 *
 * The invocations go through Microsoft's office.js, as in the tests: the fake sends each one over
 * the native bridge of the page's frame (src/excel/fake/function-bridge.ts), the library's runtime
 * calls what the functions chunk associated through the library's `CustomFunctions.associate`
 * (./custom-functions.ts, ./office-library.ts) and sends the results back as its own requests.
 */
import type { FakeExcel } from "../excel/fake";

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
  });
}
