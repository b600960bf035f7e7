/**
 * The Office.js error codes the Workbook port's implementations fail with (src/excel's
 * `WorkbookHostError { code }`, the adapter's and the fake's): part of the port's contract, so the
 * layers above (the shared UI's error words) recognize a host failure without importing the host.
 * Office.js `OfficeExtension.ErrorCodes` ("Error handling with the application-specific JavaScript
 * APIs", error codes:
 * https://learn.microsoft.com/office/dev/add-ins/testing/application-specific-api-error-handling).
 */

/** The codes the adapter and the fake produce or react to (Office.js `OfficeExtension.ErrorCodes`). */
export const HOST_ERROR_CODES = {
  itemNotFound: "ItemNotFound",
  itemAlreadyExists: "ItemAlreadyExists",
  invalidArgument: "InvalidArgument",
  invalidOperation: "InvalidOperation",
  invalidSelection: "InvalidSelection",
  propertyNotLoaded: "PropertyNotLoaded",
  requestPayloadSizeLimitExceeded: "RequestPayloadSizeLimitExceeded",
  responsePayloadSizeLimitExceeded: "ResponsePayloadSizeLimitExceeded",
  generalException: "GeneralException",
} as const;

export type HostErrorCode = (typeof HOST_ERROR_CODES)[keyof typeof HOST_ERROR_CODES] | (string & {});
