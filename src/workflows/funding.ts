/**
 * Funding the balance with a PIX deposit (issue 10 item 4; API document "What the service does"
 * steps 2-4, "Deposit request body", "Deposit states"):
 *
 *   const target = await fundingTarget(api, { shortfallOf: distributionId }, { signal });
 *   const charge = await startDeposit(api.deposits, { amountCents: target.amountCents, payer }, opts);
 *   // show charge.pixCopyPaste and charge.expiresAt to the person who pays
 *   const outcome = await followCharge(api, charge.transactionId, opts);
 *
 * or all of it at once with `fund`. The charge a finalize opens with `BALANCE_WITH_PIX` /
 * `BALANCE_WITH_BOLETO` (or `PIX` / `BOLETO`) is followed the same way: `followFinalizeCharge`.
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
  ConflictError,
  type Deposit,
  DepositOutcomeUnknownError,
  type DepositResponse,
  type FinalizeResult,
  isAmbiguousFailure,
  isFinalDepositStatus,
  MAX_AMOUNT_CENTS,
  type ValePixClient,
} from "../api";
import { normalizeCnpj, normalizeCpf } from "../money";
import { documentProblemMessage } from "../workbook/problem-messages";
import { type OnProgress, progressReporter } from "./progress";

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
  /** When the charge stops being payable, as the API wrote it. */
  expiresAt?: string;
}

export interface ChargeOutcome {
  charge: Charge;
  /** `COMPLETED`: the credit is done ("Deposit states"). */
  paid: boolean;
  /** The available balance read after the final state, in cents. */
  balanceCents?: number;
  /** Why the balance could not be read (the payment outcome stands). */
  balanceError?: unknown;
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

const report = (onProgress: OnProgress | undefined, phase: string, done: number, total: number) =>
  progressReporter(onProgress)(phase, done, total);

export function newTransactionId(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (typeof c?.randomUUID !== "function") {
    throw new TypeError("crypto.randomUUID is not available (it needs a secure https context)");
  }
  return c.randomUUID();
}

export function chargeOf(d: Deposit | DepositResponse): Charge {
  return {
    transactionId: d.transaction_id,
    // A creation answer may omit the state (the document promises only `transaction_id`); a
    // charge just created is not final, and PENDING is our name for that (DEPOSIT_STATES).
    status: d.status ?? "PENDING",
    ...(d.amount !== undefined ? { amountCents: d.amount } : {}),
    ...(d.pix_copy_paste ? { pixCopyPaste: d.pix_copy_paste } : {}),
    ...(d.expires_at ? { expiresAt: d.expires_at } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// How much

export interface Shortfall {
  distributionId: string;
  /** The draft's `total_amount`. */
  totalCents: number;
  /** The available balance (a negative one counts as zero). */
  availableCents: number;
  /** What is missing for `BALANCE` to cover the draft: max(0, total − available). */
  shortfallCents: number;
}

export function shortfallCents(totalCents: number, availableCents: number): number {
  return Math.max(0, totalCents - Math.max(0, availableCents));
}

/** Reads the draft's total and the balance, and what is missing between them. Two reads. */
export async function readShortfall(
  api: {
    distributions: Pick<ValePixClient["distributions"], "get">;
    balances: Pick<ValePixClient["balances"], "get">;
  },
  distributionId: string,
  options: { signal?: AbortSignal } = {},
): Promise<Shortfall> {
  const opts = { signal: options.signal };
  const [distribution, balance] = await Promise.all([
    api.distributions.get(distributionId, opts),
    api.balances.get(opts),
  ]);
  return {
    distributionId,
    totalCents: distribution.total_amount,
    availableCents: balance.available_amount,
    shortfallCents: shortfallCents(distribution.total_amount, balance.available_amount),
  };
}

// ---------------------------------------------------------------------------------------------
// Creating and following a charge

export interface DepositRequest {
  amountCents: number;
  payer: Payer;
  /** Reuse an id recorded earlier (the server answers the existing deposit); else a new UUID. */
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
  options: FundingOptions & { onTransactionId?: (transactionId: string) => void } = {},
): Promise<Charge> {
  const body = checkedBody(request);
  options.signal?.throwIfAborted();
  const transactionId = request.transactionId ?? newTransactionId();
  options.onTransactionId?.(transactionId);
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
  report(onProgress, "payment", 0, 1);
  const first = await api.deposits.get(transactionId, { signal });
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
  const outcome: ChargeOutcome = { charge, paid: deposit.status === "COMPLETED" };
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

export type CancelOutcome =
  | { outcome: "cancelled"; charge: Charge }
  /** HTTP 409: "An attempt to cancel an already paid charge is a conflict". */
  | { outcome: "already_paid"; charge?: Charge }
  /** The charge had already failed or expired: nothing to cancel, nothing was paid. */
  | { outcome: "already_final"; charge: Charge };

/**
 * Cancels a charge still waiting for payment (path: not shown, see docs/api-assumptions.md).
 * A 409 is read as "already paid", as the document says; the charge is read to tell a paid one
 * from one that failed or expired (a failed read keeps "already paid").
 */
export async function cancelCharge(
  deposits: Pick<ValePixClient["deposits"], "cancel" | "get">,
  transactionId: string,
  options: { signal?: AbortSignal } = {},
): Promise<CancelOutcome> {
  const { signal } = options;
  try {
    return { outcome: "cancelled", charge: chargeOf(await deposits.cancel(transactionId, { signal })) };
  } catch (err) {
    if (!(err instanceof ConflictError)) throw err;
    let deposit: Deposit;
    try {
      deposit = await deposits.get(transactionId, { signal });
    } catch (readErr) {
      if (readErr instanceof APIUserAbortError) throw readErr;
      return { outcome: "already_paid" };
    }
    const charge = chargeOf(deposit);
    if (deposit.status === "CANCELLED") return { outcome: "cancelled", charge };
    if (isFinalDepositStatus(deposit.status) && deposit.status !== "COMPLETED")
      return { outcome: "already_final", charge };
    return { outcome: "already_paid", charge };
  }
}

// ---------------------------------------------------------------------------------------------
// The whole workflow

export type FundingTarget = { amountCents: number } | { shortfallOf: string };

export interface FundingResult {
  amountCents: number;
  /** Present when the target was a draft's shortfall. */
  shortfall?: Shortfall;
  /** Null when nothing was missing (no charge was created). */
  outcome: ChargeOutcome | null;
}

/**
 * The funding workflow: the amount (given, or the shortfall of a draft), a PIX charge, the PIX
 * code handed to `onCharge`, the wait for a final state, the balance. A shortfall of zero
 * creates nothing.
 */
export async function fund(
  api: {
    deposits: Pick<ValePixClient["deposits"], "create" | "get" | "waitUntilFinal">;
    balances: Pick<ValePixClient["balances"], "get">;
    distributions: Pick<ValePixClient["distributions"], "get">;
  },
  request: { target: FundingTarget; payer: Payer; transactionId?: string },
  options: FollowOptions & { onTransactionId?: (transactionId: string) => void } = {},
): Promise<FundingResult> {
  const { target } = request;
  let shortfall: Shortfall | undefined;
  let amountCents: number;
  if ("shortfallOf" in target) {
    report(options.onProgress, "shortfall", 0, 1);
    shortfall = await readShortfall(api, target.shortfallOf, options);
    report(options.onProgress, "shortfall", 1, 1);
    amountCents = shortfall.shortfallCents;
    if (amountCents === 0) return { amountCents, shortfall, outcome: null };
  } else {
    amountCents = target.amountCents;
  }
  const charge = await startDeposit(
    api.deposits,
    {
      amountCents,
      payer: request.payer,
      ...(request.transactionId ? { transactionId: request.transactionId } : {}),
    },
    options,
  );
  options.onCharge?.(charge);
  const { onCharge: _handedOver, ...follow } = options;
  const outcome = await followCharge(api, charge.transactionId, follow);
  // The final read may drop the PIX code; keep what the creation answered.
  outcome.charge = { ...charge, ...outcome.charge };
  return { amountCents, ...(shortfall ? { shortfall } : {}), outcome };
}
