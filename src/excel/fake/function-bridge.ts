/**
 * Custom-function invocations between the fake Excel and Microsoft's office.js, in the messages
 * a native host and the library exchange over `window._richApiNativeBridge` (Excel's shared
 * runtime; the library's side is `CustomFunctionProxy` in excel-web-16.00.debug.js):
 * - an invocation is a bridge message of type 3 (`HostBridge.onMessageFromHost` hands it to the
 *   handler `CustomFunctionProxy._initFromHostBridge` adds) whose entry has `messageCategory` 1
 *   and `messageType` 1000, its message `[invocationId, functionName, parameterValues, address,
 *   flags]` (`_batchInvocationEntries`; flags: 1 cancelable, 2 streaming). The library finds the
 *   function the add-in associated with that name (`_getFunction`, upper case, through
 *   `CustomFunctions.associate`), appends an `InvocationContext` to the arguments and calls it;
 * - a cancellation is `messageType` 1001 with `{invocationId}` (`_handleCancellationEntries`: the
 *   library calls the invocation's `onCanceled` and drops later results);
 * - results come back as a request of the library (`_executeSetResultsTask`, its own
 *   `CustomFunctionRequestContext`, which sends through `HostBridgeSession`): bridge message type
 *   1 whose body calls `SetInvocationArrayResults` (CustomFunctions 1.7: each result
 *   `[id, succeeded, value, errorCode?]`, `_convertCustomFunctionInvocationResultToArray`) or
 *   `SetInvocationResults` (each `{id, value, failed, errorCode}`) on
 *   `Microsoft.ExcelServices.CustomFunctions`. The host answers with the message's `id` and
 *   `{statusCode: 200, body: {Results: []}}` (`HostBridgeRequestExecutor.executeAsync`).
 * The library buffers results: it sends what is set 50 ms later at the earliest, one request at a
 * time, at least 500 ms apart, a result replacing the one of the same invocation not yet sent
 * (`_setResultsDelayMillis`, `_minContextSyncIntervalMills`, `_resultEntryBuffer`).
 */

/** `CustomFunctionProxy._handleMessage`: the entries of category 1 are custom functions'. */
const CUSTOM_FUNCTIONS_CATEGORY = 1;
const INVOCATION_TYPE = 1000;
const CANCELLATION_TYPE = 1001;
/** `HostBridge`: 1 is a request of the add-in, 3 a message of the host. */
const REQUEST_MESSAGE = 1;
const HOST_MESSAGE = 3;
/** Invocation flags (`_batchInvocationEntries`). */
export const CANCELABLE_FLAG = 1;
export const STREAMING_FLAG = 2;

interface InvocationMessage {
  invocationId: number;
  /** The function's id in the metadata, which `CustomFunctions.associate` names. */
  functionName: string;
  parameterValues: unknown[];
  /** The cell ("Sheet1!B2"). */
  address: string;
  flags: number;
}

/** One result the library sends, either form. */
export interface InvocationResult {
  id: number;
  succeeded: boolean;
  value: unknown;
  /** The library's code for a failure (`_getCustomFunctionResultErrorCodeFromErrorCode`). */
  errorCode?: number;
}

/** What runs the add-in's functions: it invokes one, and hands each of its results to `settle`. */
export interface FunctionRunner {
  invoke(
    call: Omit<InvocationMessage, "invocationId">,
    settle: (result: InvocationResult) => void,
  ): { cancel(): void };
}

function hostMessage(messageType: number, message: unknown): string {
  const entry = { messageCategory: CUSTOM_FUNCTIONS_CATEGORY, messageType, targetId: "", message };
  return JSON.stringify({ type: HOST_MESSAGE, message: { entries: [entry] } });
}

/** The bridge message that invokes a function. */
function invocationText(call: InvocationMessage): string {
  return hostMessage(INVOCATION_TYPE, [
    call.invocationId,
    call.functionName,
    call.parameterValues,
    call.address,
    call.flags,
  ]);
}

/** The bridge message that cancels an invocation. */
function cancellationText(invocationId: number): string {
  return hostMessage(CANCELLATION_TYPE, { invocationId });
}

/** Where each invocation's results go, by invocation id (unique in this thread). */
const receivers = new Map<number, (result: InvocationResult) => void>();
let lastInvocationId = 0;

/** A new invocation id whose results go to `receive` until `releaseInvocation`. */
function newInvocation(receive: (result: InvocationResult) => void): number {
  const id = ++lastInvocationId;
  receivers.set(id, receive);
  return id;
}

function releaseInvocation(id: number): void {
  receivers.delete(id);
}

/**
 * Microsoft's office.js as the add-in's runtime: each invocation is a bridge message given to
 * `send` (the library's `onMessageFromHost`, in this thread or across one), its results arrive
 * through `messageToHost`. Cancelling one the library knows as cancelable or streaming sends
 * the cancellation; a function that does not stream gives one result.
 */
export function libraryRunner(send: (text: string) => void): FunctionRunner {
  return {
    invoke(call, settle) {
      const streaming = (call.flags & STREAMING_FLAG) !== 0;
      const invocationId = newInvocation((result) => {
        if (!streaming) releaseInvocation(invocationId);
        settle(result);
      });
      send(invocationText({ invocationId, ...call }));
      return {
        cancel() {
          releaseInvocation(invocationId);
          if ((call.flags & (STREAMING_FLAG | CANCELABLE_FLAG)) !== 0) send(cancellationText(invocationId));
        },
      };
    },
  };
}

interface BridgeRequest {
  id?: number;
  type?: number;
  message?: {
    body?: {
      Actions?: Array<{ ActionType?: number; Name?: string; ArgumentInfo?: { Arguments?: unknown[] } }>;
    };
  };
}

function resultOf(entry: unknown): InvocationResult | undefined {
  if (Array.isArray(entry)) {
    const [id, succeeded, value, errorCode] = entry as [number, boolean, unknown, number | undefined];
    return { id, succeeded, value, ...(errorCode !== undefined ? { errorCode } : {}) };
  }
  if (typeof entry !== "object" || entry === null) return undefined;
  const reported = entry as { id: number; value: unknown; failed?: boolean; errorCode?: number };
  return {
    id: reported.id,
    succeeded: !reported.failed,
    value: reported.value,
    ...(reported.errorCode !== undefined ? { errorCode: reported.errorCode } : {}),
  };
}

/**
 * A message of the library to its host (`_richApiNativeBridge.sendMessageToHost`): a request
 * setting invocation results hands each to the cell that asked (a result for an invocation no
 * longer running is dropped) and is answered; the answer's text, or undefined when the message
 * is not one the host answers here.
 */
export function messageToHost(text: string): string | undefined {
  const request = JSON.parse(text) as BridgeRequest;
  if (request.type !== REQUEST_MESSAGE || typeof request.id !== "number") return undefined;
  const actions = request.message?.body?.Actions ?? [];
  const setting = actions.find(
    (a) => a.Name === "SetInvocationArrayResults" || a.Name === "SetInvocationResults",
  );
  if (!setting) return undefined;
  const entries = (setting.ArgumentInfo?.Arguments?.[0] ?? []) as unknown[];
  for (const entry of entries) {
    const result = resultOf(entry);
    if (result) receivers.get(result.id)?.(result);
  }
  // `HostBridge.dispatchMessage` matches the answer to its request by `id`.
  return JSON.stringify({
    id: request.id,
    type: 2,
    message: { statusCode: 200, headers: {}, body: { Results: [] } },
  });
}
