/**
 * For the fake Excel's tests: the code of the error a batch fails with. A batch run through
 * `excel.run` fails with office.js's own error (`OfficeExtension.Error`, named "RichApi.Error",
 * with the host's `code`); through the adapter, with a WorkbookHostError carrying the same code.
 */
import { WorkbookHostError } from "../errors";

export async function hostErrorCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (e) {
    if (!(e instanceof WorkbookHostError))
      expect(e).toMatchObject({ name: "RichApi.Error", code: expect.any(String) as string });
    return (e as { code: string }).code;
  }
  throw new Error("expected a failure");
}
