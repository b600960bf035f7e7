/**
 * Deposits, the charges that fund the balance (document, "Deposit request body", "Deposit
 * states"; "Endpoints": `POST /deposits`, `GET /deposits/{transaction_id}`).
 *
 * The client sends a `transaction_id` it generated (a UUID, "when sent it must be a UUID"), so
 * that a repeat is checkable (rule 4): after an ambiguous failure it reads the deposit under that
 * id; found, it is the answer; 404, the POST is repeated with the same id. Whatever the server
 * answers or holds under that id must be the deposit sent (same id, amount and payer document),
 * or `DepositMismatchError`. When it gives up while the charge may exist (repeats spent, a failed
 * read, an abort once sent, or a 2xx it cannot read) it throws `DepositOutcomeUnknownError` with
 * the `transactionId` to read.
 *
 * A server may answer 409 to a create whose `transaction_id` it already holds, instead of the
 * existing deposit (the document shows 409 only for cancelling a paid charge):
 * the deposit under that id is read and compared. The same amount and payer document: it is the
 * deposit asked for, answered as a create would be. Different: `DepositMismatchError` naming both.
 * No deposit of ours under the id (404, or 403: another company's): the 409 is thrown as is.
 */
import {
  APIUserAbortError,
  ConflictError,
  DepositMismatchError,
  DepositOutcomeUnknownError,
  NotFoundError,
  PermissionDeniedError,
} from "../errors";
import { pollUntil, type WaitOptions } from "../polling";
import { depositDifferences, readBeforeRepeat } from "../recovery";
import { paths } from "../routes";
import { Deposit, type DepositCreate, DepositResponse, isFinalDepositStatus } from "../schemas";
import { type Context, definedOnly, type RequestOptions } from "./context";

/** `transaction_id` is optional: the client generates one so that a repeat is checkable. */
export type DepositCreateInput = Omit<DepositCreate, "transaction_id"> & {
  transaction_id?: string | undefined;
};

export type DepositWaitOptions = WaitOptions<Deposit>;

/** A PIX charge is paid by a person: give them time (expiry of a charge: not shown). */
const DEPOSIT_WAIT_DEFAULTS = {
  maxWaitMs: 15 * 60_000,
  initialIntervalMs: 2_000,
  maxIntervalMs: 15_000,
};

function newUuid(): string {
  const webCrypto = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (typeof webCrypto?.randomUUID !== "function") {
    throw new TypeError(
      "crypto.randomUUID is not available (it needs a secure https context); pass transaction_id yourself",
    );
  }
  return webCrypto.randomUUID();
}

/**
 * After a 409 to a create: the deposit already under our id, if it is the one sent. Another
 * company's (a 403 to the read) leaves the conflict standing; one that cannot be read may be our
 * charge, so its outcome is unknown.
 */
async function existingDeposit(
  find: () => Promise<Deposit | undefined>,
  sent: DepositCreateInput & { transaction_id: string },
  conflict: ConflictError,
): Promise<DepositResponse> {
  const transactionId = sent.transaction_id;
  let found: Deposit | undefined;
  try {
    found = await find();
  } catch (readError) {
    if (readError instanceof APIUserAbortError) throw readError;
    // Another company's deposit (rule 4 of "Authentication"): not ours, the conflict stands.
    if (readError instanceof PermissionDeniedError) throw conflict;
    // The server says something holds this id and it cannot be read: it may be our charge.
    throw new DepositOutcomeUnknownError({
      transactionId,
      cause: conflict,
      failure: conflict,
      readError,
    });
  }
  if (found === undefined) throw conflict;
  const differences = depositDifferences(sent, found);
  if (differences.length > 0)
    throw new DepositMismatchError({ transactionId, differences, sent, found, conflict: true });
  return found;
}

export function depositsResource(ctx: Context) {
  const get = async (transactionId: string, opts?: RequestOptions): Promise<Deposit> =>
    ctx.read(paths.deposit(transactionId), Deposit, opts);

  /** The deposit under `transactionId`, or undefined when the server has none (404). */
  const find = async (transactionId: string, opts?: RequestOptions): Promise<Deposit | undefined> => {
    try {
      return await get(transactionId, opts);
    } catch (e) {
      if (e instanceof NotFoundError) return undefined;
      throw e;
    }
  };

  return {
    create: async (body: DepositCreateInput, opts?: RequestOptions): Promise<DepositResponse> => {
      const transactionId = body.transaction_id ?? newUuid();
      const sent = { ...body, transaction_id: transactionId };
      const same = <D extends DepositResponse>(found: D): D => {
        const differences = depositDifferences(sent, found);
        if (differences.length > 0)
          throw new DepositMismatchError({ transactionId, differences, sent, found });
        return found;
      };
      return readBeforeRepeat(ctx.edge, {
        send: async () => {
          try {
            return same(await ctx.change("POST", paths.deposits(), DepositResponse, opts, { json: sent }));
          } catch (e) {
            if (e instanceof ConflictError) return existingDeposit(() => find(transactionId, opts), sent, e);
            throw e;
          }
        },
        check: async () => {
          const found = await find(transactionId, opts);
          return found && same(found);
        },
        signal: opts?.signal,
        outcomeUnknown: (u) => new DepositOutcomeUnknownError({ transactionId, ...u }),
      });
    },
    get,
    /**
     * Cancels a charge (path not shown: `POST /deposits/{id}/cancel`). After an ambiguous failure
     * the deposit is read: `CANCELLED` is the answer; anything else sends the cancel again and
     * lets the server answer (a charge paid meanwhile is a 409, as the document says).
     */
    cancel: async (transactionId: string, opts?: RequestOptions): Promise<DepositResponse> => {
      const path = paths.depositCancel(transactionId);
      return readBeforeRepeat(ctx.edge, {
        send: () => ctx.change("POST", path, DepositResponse, opts),
        check: async () => {
          const found = await find(transactionId, opts);
          return found?.status === "CANCELLED" ? found : undefined;
        },
        signal: opts?.signal,
      });
    },
    /** Reads until a final state ("Poll the deposit until its state is `COMPLETED`"). */
    waitUntilFinal: (transactionId: string, opts: DepositWaitOptions = {}): Promise<Deposit> =>
      pollUntil(
        (signal) => get(transactionId, { signal }),
        (d) => isFinalDepositStatus(d.status),
        {
          ...DEPOSIT_WAIT_DEFAULTS,
          ...definedOnly(opts),
          sleep: ctx.sleep,
          now: ctx.now,
          what: `deposit ${transactionId}`,
          describe: (d) => d.status,
        },
      ),
  };
}
