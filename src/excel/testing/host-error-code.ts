/** For the fake Excel's tests: the code of the WorkbookHostError a host call fails with. */
import { WorkbookHostError } from "../errors";

export async function hostErrorCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (e) {
    expect(e).toBeInstanceOf(WorkbookHostError);
    return (e as WorkbookHostError).code;
  }
  throw new Error("expected a failure");
}
