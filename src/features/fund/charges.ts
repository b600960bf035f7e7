/**
 * A PIX charge (API document "Deposit request body", "Deposit states"): creating it with a
 * client-generated `transaction_id`, following it to a final state (cancelling it is in
 * ./cancel-charge.ts). The funding workflow (./fund.ts) runs these; the charge a finalize opens
 * is followed the same way.
 *
 * Money moves here, so:
 * - the `transaction_id` is a UUID generated before sending and handed to `onTransactionId`
 *   first, so a caller can record it; after a failure that does not tell whether the charge
 *   exists, `DepositOutcomeUnknownError` carries it (read it, never create a second one);
 * - bad input (amount, payer) throws `FundingInputError` and nothing is sent;
 * - a payment that completed is never reported as failed: if the balance cannot be read
 *   afterwards, the outcome says so beside `paid: true`.
 */
import {
  APIUserAbortError,
  type Deposit,
  DepositOutcomeUnknownError,
  type DepositResponse,
  type FinalizeResult,
  isAmbiguousFailure,
  isFinalDepositStatus,
  MAX_AMOUNT_CENTS,
  NotFoundError,
  type ValePixClient,
} from "../../api";
import { normalizeCnpj, normalizeCpf } from "../../money";
import { documentProblemMessage } from "../../workbook/problem-messages";
import { type OnProgress, progressReporter } from "../../api/progress";

export interface Payer {
  /** Name of the payer (`name` of the deposit body). */
  name: string;
  /** CPF or CNPJ, punctuated or not (`document`: digits only on the wire). */
  document: string;
}

/** A charge as the person who pays needs it. */
export interface Charge {
  transactionId: string;
  status: string;
  amountCents?: number;
  /** The PIX "copia e cola" code, when the API returns one (response fields: not shown). */
  pixCopyPaste?: string;
  /** The boleto's digitable line, for a BOLETO charge (field not shown: docs/api-assumptions.md). */
  boletoLine?: string;
  /** When the charge stops being payable, as the API wrote it. */
  expiresAt?: string;
  /** When the charge was created, as the API wrote it (`created_at`, not shown: when echoed). */
  createdAt?: string;
}

export interface ChargeOutcome {
  charge: Charge;
  /** `COMPLETED`: the credit is done ("Deposit states"). */
  paid: boolean;
  /** The available balance read after the final state, in cents. */
  balanceCents?: number;
  /** Why the balance could not be read (the payment outcome stands). */
  balanceError?: unknown;
  /**
   * When the final state was read (ms since the epoch), and whether it was seen arriving (the
   * charge was still payable at the first read). The API shows no payment time: a change seen
   * while polling dates the payment to within one poll; a charge already final when first read
   * is only known to be final at `finalSeenAt`.
   */
  finalSeenAt: number;
  sawItArrive: boolean;
}

/** A charge the server does not know under this id (404 on `GET /deposits/{transaction_id}`). */
export class ChargeNotFoundError extends Error {
  override name = "ChargeNotFoundError";
  constructor(
    readonly transactionId: string,
    options: { cause: unknown },
  ) {
    super(`No deposit with transaction_id ${transactionId} under this connection.`, options);
  }
}

export interface FundingOptions {
  signal?: AbortSignal;
  onProgress?: OnProgress;
}

/** Bad input to a funding workflow; nothing was sent. `code` lets the task pane word it. */
export class FundingInputError extends Error {
  override name = "FundingInputError";
  constructor(
    readonly code: "amount_invalid" | "payer_name_missing" | "payer_document_invalid",
    message: string,
  ) {
    super(message);
  }
}

export const report = (onProgress: OnProgress | undefined, phase: string, done: number, total: number) =>
  progressReporter(onProgress)(phase, done, total);

function newTransactionId(): string {
  const webCrypto = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (typeof webCrypto?.randomUUID !== "function") {
    throw new TypeError("crypto.randomUUID is not available (it needs a secure https context)");
  }
  return webCrypto.randomUUID();
}

export function chargeOf(deposit: Deposit | DepositResponse): Charge {
  return {
    transactionId: deposit.transaction_id,
    // A creation answer may omit the state (the document promises only `transaction_id`); a
    // charge just created is not final, and PENDING is our name for that (src/api/schemas/funding.ts).
    status: deposit.status ?? "PENDING",
    ...(deposit.amount !== undefined ? { amountCents: deposit.amount } : {}),
    ...(deposit.pix_copy_paste ? { pixCopyPaste: deposit.pix_copy_paste } : {}),
    ...(deposit.boleto_line ? { boletoLine: deposit.boleto_line } : {}),
    ...(deposit.expires_at ? { expiresAt: deposit.expires_at } : {}),
    ...(deposit.created_at ? { createdAt: deposit.created_at } : {}),
  };
}

export interface DepositRequest {
  amountCents: number;
  payer: Payer;
  /**
   * Reuse an id recorded earlier (the server answers the existing deposit, or 409 and the client
   * reads it and compares it); else a new UUID.
   */
  transactionId?: string;
}

function checkedBody(req: DepositRequest) {
  const { amountCents, payer } = req;
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > MAX_AMOUNT_CENTS) {
    throw new FundingInputError(
      "amount_invalid",
      `The deposit amount must be a whole number of cents above zero (got ${String(amountCents)}).`,
    );
  }
  const name = payer.name.trim();
  if (name === "") throw new FundingInputError("payer_name_missing", "Type the payer's name.");
  const raw = payer.document.trim();
  const digits = raw.replace(/[^0-9A-Za-z]/g, "");
  const kind = digits.length === 11 ? "CPF" : "CNPJ";
  const doc = kind === "CPF" ? normalizeCpf(raw) : normalizeCnpj(raw);
  if (!doc.ok) {
    throw new FundingInputError(
      "payer_document_invalid",
      `The payer's document is not a valid CPF or CNPJ: ${documentProblemMessage(kind, doc, "en-US")}`,
    );
  }
  return { amount: amountCents, method: "PIX" as const, name, document: doc.digits };
}

/**
 * Creates a PIX charge with a client-generated UUID `transaction_id` (handed to
 * `onTransactionId` before anything is sent). One POST; the client reads the deposit before
 * repeating it after an ambiguous failure (API rule 4). When that still leaves the outcome
 * unknown, throws `DepositOutcomeUnknownError` with the id.
 */
export async function startDeposit(
  deposits: Pick<ValePixClient["deposits"], "create">,
  request: DepositRequest,
  options: FundingOptions & {
    onTransactionId?: (transactionId: string) => void;
    /** Awaited before the POST leaves: where the charge is written ahead (./pending-charges.ts). */
    beforeSend?: (transactionId: string) => Promise<void>;
  } = {},
): Promise<Charge> {
  const body = checkedBody(request);
  options.signal?.throwIfAborted();
  const transactionId = request.transactionId ?? newTransactionId();
  options.onTransactionId?.(transactionId);
  await options.beforeSend?.(transactionId);
  report(options.onProgress, "deposit", 0, 1);
  try {
    const deposit = await deposits.create(
      { ...body, transaction_id: transactionId },
      { signal: options.signal },
    );
    report(options.onProgress, "deposit", 1, 1);
    return chargeOf(deposit);
  } catch (err) {
    // The client hands the id over itself; kept for a stand-in `create` that does not.
    if (err instanceof DepositOutcomeUnknownError) throw err;
    if (isAmbiguousFailure(err) || err instanceof APIUserAbortError) {
      throw new DepositOutcomeUnknownError({ transactionId, cause: err, failure: err });
    }
    throw err;
  }
}

export interface FollowOptions extends FundingOptions {
  /** Called with the charge as first read (its PIX code and expiry) before waiting. */
  onCharge?: (charge: Charge) => void;
  /** Wait bounds (defaults: the client's `DEPOSIT_WAIT_DEFAULTS`). */
  maxWaitMs?: number;
  /** The clock that dates the final state (tests). */
  now?: () => number;
}

/**
 * Reads the charge (handing its PIX code and expiry to `onCharge`), polls it to a final state,
 * then reads the balance. A wait that runs out throws the API's `PollTimeoutError` (the charge
 * is still payable: follow it again, or cancel it).
 */
export async function followCharge(
  api: {
    deposits: Pick<ValePixClient["deposits"], "get" | "waitUntilFinal">;
    balances: Pick<ValePixClient["balances"], "get">;
  },
  transactionId: string,
  options: FollowOptions = {},
): Promise<ChargeOutcome> {
  const { signal, onProgress } = options;
  const now = options.now ?? Date.now;
  report(onProgress, "payment", 0, 1);
  let first: Deposit;
  try {
    first = await api.deposits.get(transactionId, { signal });
  } catch (err) {
    if (err instanceof NotFoundError) throw new ChargeNotFoundError(transactionId, { cause: err });
    throw err;
  }
  options.onCharge?.(chargeOf(first));
  let deposit = first;
  if (!isFinalDepositStatus(deposit.status)) {
    deposit = await api.deposits.waitUntilFinal(transactionId, {
      signal,
      maxWaitMs: options.maxWaitMs,
      onProgress: () => report(onProgress, "payment", 0, 1),
    });
  }
  report(onProgress, "payment", 1, 1);
  // Keep the code and expiry seen while pending: the final read may no longer carry them.
  const charge = { ...chargeOf(first), ...chargeOf(deposit) };
  const outcome: ChargeOutcome = {
    charge,
    paid: deposit.status === "COMPLETED",
    finalSeenAt: now(),
    sawItArrive: deposit !== first,
  };
  report(onProgress, "balance", 0, 1);
  try {
    outcome.balanceCents = (await api.balances.get({ signal })).available_amount;
  } catch (err) {
    outcome.balanceError = err;
  }
  report(onProgress, "balance", 1, 1);
  return outcome;
}

/**
 * The charge a finalize opened for the part the balance did not cover (`BALANCE_WITH_PIX`,
 * `BALANCE_WITH_BOLETO`, `PIX`, `BOLETO`), followed like a deposit. Null when there is none
 * (`BALANCE`, or a balance that covered everything: "With `payment_method` = `BALANCE` the
 * response omits `transaction_id`").
 */
export async function followFinalizeCharge(
  api: Parameters<typeof followCharge>[0],
  finalized: Pick<FinalizeResult, "transaction_id" | "lot">,
  options: FollowOptions = {},
): Promise<ChargeOutcome | null> {
  const transactionId = finalized.transaction_id ?? finalized.lot?.transaction_id;
  if (transactionId === undefined || transactionId === "") return null;
  return followCharge(api, transactionId, options);
}
