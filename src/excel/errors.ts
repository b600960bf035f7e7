/**
 * Every failure of the Excel host becomes one error class carrying Office.js's error `code`
 * (as octokit's fetch-wrapper turns every HTTP failure into one RequestError): callers switch on
 * `code`, never on message text. The fake Excel (./fake) throws this class too, with the codes
 * Office.js uses ("Error handling with the application-specific JavaScript APIs", error codes:
 * https://learn.microsoft.com/office/dev/add-ins/testing/application-specific-api-error-handling).
 */

import { HOST_ERROR_CODES, type HostErrorCode } from "../workbook";

// The codes are the Workbook port's contract (src/workbook/host-error-codes.ts); re-exported here
// for the adapter, the fake and their tests.
export { HOST_ERROR_CODES };

export class WorkbookHostError extends Error {
  constructor(
    /** Office.js error code, e.g. "ItemNotFound" (OfficeExtension.Error `code`). */
    readonly code: HostErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "WorkbookHostError";
  }
}

/** Whether `thrown` came from Office.js (an `OfficeExtension.Error` has a string `code`). */
function isOfficeError(thrown: unknown): thrown is { code: string; message?: string } {
  return (
    typeof thrown === "object" &&
    thrown !== null &&
    "code" in thrown &&
    typeof thrown.code === "string" &&
    thrown.code !== ""
  );
}

/**
 * Turns what Office.js threw (an `OfficeExtension.Error`: `code`, `message`, `debugInfo`) into a
 * WorkbookHostError with the same code, the original as `cause`; one already converted passes
 * through. Errors that did not come from the host (a RangeError from our own checks, an abort)
 * are returned unchanged, so they keep their class.
 */
export function toHostError(thrown: unknown, doing?: string): unknown {
  if (thrown instanceof WorkbookHostError || !isOfficeError(thrown)) return thrown;
  const detail = thrown instanceof Error ? thrown.message : (thrown.message ?? thrown.code);
  return new WorkbookHostError(thrown.code, doing ? `${doing}: ${detail}` : detail, { cause: thrown });
}

/** Runs `fn`, turning a host failure into a WorkbookHostError (see `toHostError`). */
export async function hostCall<T>(doing: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    throw toHostError(e, doing);
  }
}
