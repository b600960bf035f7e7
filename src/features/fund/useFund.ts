/**
 * The Fund screen's state and actions, apart from its rendering: the balance, the payer
 * (remembered per connection), what the draft lacks (shown before anything is created), the
 * charge being created or followed, and its outcome.
 *
 * Two ways to a charge on screen: create one (`create`), or follow one that exists by its
 * `transaction_id` (`follow`). A creation whose outcome is unknown goes to the second on its own:
 * its id was kept before anything was sent, so the screen reads it; a charge the server does not
 * know was never created (nothing was charged, the person may create again), and one it knows is
 * followed to its end like any other. Never a second charge to find out.
 */
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { DepositOutcomeUnknownError } from "../../api";
import { readAmount } from "../../ui/amount-input";
import { useReport } from "../../ui/errors/ErrorCenter";
import { formatBRL, formatDateTime, useMessages, useWords } from "../../ui/i18n";
import { useTask } from "../../ui/useTask";
import type { Run } from "../../api/progress";
import { type Charge, ChargeNotFoundError, type ChargeOutcome } from "./charges";
import { payerDocumentProblem, type PayerDocumentProblem } from "./payer";
import type { FundServices } from "./services";
import type { Locale } from "../../ui/i18n";
import { FUND_WORDS, type FundWords } from "./words";

export type FundErrors = Partial<Record<"amount" | "name" | "document" | "transactionId", string>>;

/** The draft's shortfall as the screen knows it: read when it opens, read again before creating. */
export type ShortfallView =
  { state: "no-draft" } | { state: "reading" } | { state: "unknown" } | { state: "known"; cents: number };

function documentWords(problem: PayerDocumentProblem, words: FundWords): string {
  switch (problem.code) {
    case "empty":
      return words.documentEmpty;
    case "not_digits":
      return words.documentNotDigits;
    case "wrong_length":
      return words.documentLength({ count: problem.length });
    case "repeated_digits":
      return words.documentRepeated;
    case "check_digits":
      return words.documentCheckDigits({ kind: problem.kind });
  }
}

/** A `transaction_id` as the person pastes it: trimmed, at least something, no spaces inside. */
const TRANSACTION_ID = /^[^\s/?#]{1,200}$/;

/** The balance, read once per services; a charge's outcome may set it again. */
function useBalance(services: FundServices) {
  const [balance, setBalance] = useState<number | undefined>(undefined);
  useEffect(() => {
    const controller = new AbortController();
    services.balance(controller.signal).then(setBalance, () => {
      // The balance is a convenience here; the charge itself reports its errors.
    });
    return () => controller.abort();
  }, [services]);
  return [balance, setBalance] as const;
}

/** The payer's fields, filled in with the payer of the last charge on this connection. */
function usePayer(services: FundServices) {
  const [name, setName] = useState("");
  const [document, setDocument] = useState("");
  const [recalled, setRecalled] = useState(false);
  const typedPayer = useRef(false);

  // The payer of the last charge on this connection (per-user storage, never the workbook).
  useEffect(() => {
    let live = true;
    services.payer.recall().then(
      (payer) => {
        // Never over what the person has started typing.
        if (!live || !payer || typedPayer.current) return;
        setName(payer.name);
        setDocument(payer.document);
        setRecalled(true);
      },
      () => {
        // A convenience: the person types the payer when it cannot be read.
      },
    );
    return () => {
      live = false;
    };
  }, [services]);

  const typePayer = (field: "name" | "document", value: string) => {
    typedPayer.current = true;
    (field === "name" ? setName : setDocument)(value);
  };
  return { name, document, recalled, typePayer };
}

/** What the draft lacks, shown before the charge is created: read when the screen opens. */
function useDraftShortfall(
  services: FundServices,
  draftId: string | undefined,
  suggestedCents: number | undefined,
) {
  const [draftShortfall, setShortfall] = useState<ShortfallView>(
    suggestedCents !== undefined ? { state: "known", cents: suggestedCents } : { state: "reading" },
  );
  useEffect(() => {
    if (!draftId) return;
    const controller = new AbortController();
    services.shortfall(draftId, controller.signal).then(
      (cents) => setShortfall({ state: "known", cents }),
      () => {
        if (!controller.signal.aborted)
          setShortfall((old) => (old.state === "known" ? old : { state: "unknown" }));
      },
    );
    return () => controller.abort();
  }, [services, draftId]);
  const shortfall: ShortfallView = draftId ? draftShortfall : { state: "no-draft" };
  return [shortfall, setShortfall] as const;
}

/** The form's problems, and the amount typed when the person chose one. */
function fundFormErrors(
  form: { what: "amount" | "shortfall"; amount: string; name: string; document: string },
  locale: Locale,
  common: { amountInvalid: string; payerNameRequired: string },
  words: FundWords,
): { errors: FundErrors; typed: number | undefined } {
  const errors: FundErrors = {};
  const typed = form.what === "amount" ? readAmount(form.amount, locale) : undefined;
  if (form.what === "amount" && typed === undefined) errors.amount = common.amountInvalid;
  if (form.name.trim() === "") errors.name = common.payerNameRequired;
  const problem = payerDocumentProblem(form.document);
  if (problem) errors.document = documentWords(problem, words);
  return { errors, typed };
}

/** The charge on screen: what the server last said of it, its outcome once final, the id to follow. */
interface ChargeState {
  charge: Charge | undefined;
  outcome: ChargeOutcome | undefined;
  /** The id in the "follow a charge" field (filled in with a charge whose creation went unanswered). */
  followId: string;
}

type ChargeAction =
  /** A creation or a follow starts: nothing on screen until the server answers. */
  | { type: "cleared" }
  /** A charge just created. */
  | { type: "created"; charge: Charge }
  /** The server's latest word on the charge (its code and expiry while payable). */
  | { type: "read"; charge: Charge }
  /** The charge reached its final state. */
  | { type: "ended"; outcome: ChargeOutcome }
  /** The charge was cancelled, or found paid: it leaves the screen. */
  | { type: "cancelled" }
  | { type: "followIdSet"; id: string }
  /** Put away for a new one. */
  | { type: "startedOver" };

const NO_CHARGE: ChargeState = { charge: undefined, outcome: undefined, followId: "" };

function chargeReducer(state: ChargeState, action: ChargeAction): ChargeState {
  switch (action.type) {
    case "cleared":
      return { ...state, charge: undefined, outcome: undefined };
    case "created":
      return { ...state, charge: action.charge };
    case "read":
      return { ...state, charge: { ...state.charge, ...action.charge } };
    case "ended":
      return { ...state, charge: { ...state.charge, ...action.outcome.charge }, outcome: action.outcome };
    case "cancelled":
      return { ...state, charge: undefined };
    case "followIdSet":
      return { ...state, followId: action.id };
    case "startedOver":
      return NO_CHARGE;
  }
}

/**
 * The charge on screen: followed to its end, read after a creation whose answer was lost,
 * followed by its id, cancelled, or put away for a new one.
 */
function useCharge(
  services: FundServices,
  task: ReturnType<typeof useTask>,
  setBalance: (cents: number) => void,
  setErrors: (errors: FundErrors) => void,
) {
  const words = useWords(FUND_WORDS);
  const report = useReport();
  const [{ charge, outcome, followId }, dispatch] = useReducer(chargeReducer, NO_CHARGE);
  const setFollowId = useCallback((id: string) => dispatch({ type: "followIdSet", id }), []);
  usePendingCharge(services, setFollowId);

  /** Follows a charge to its end: its code and expiry while payable, then its final state. */
  const followTo = async (transactionId: string, run: Run) => {
    const result = await services.followCharge(transactionId, {
      ...run,
      onCharge: (c) => dispatch({ type: "read", charge: c }),
    });
    dispatch({ type: "ended", outcome: result });
    if (result.balanceCents !== undefined) setBalance(result.balanceCents);
  };

  /** After a creation whose answer was lost: the charge, if the server has it; else "not created". */
  const readUnanswered = async (unknown: DepositOutcomeUnknownError, run: Run) => {
    try {
      await followTo(unknown.transactionId, run);
    } catch (error) {
      if (error instanceof ChargeNotFoundError) {
        setFollowId("");
        report.notice(words.chargeNotCreated, "info");
        return;
      }
      if (run.signal.aborted) throw error;
      // Still unknown: say so with the id (the follow field holds it, to try again).
      throw unknown;
    }
  };

  const follow = async () => {
    const id = followId.trim();
    if (!TRANSACTION_ID.test(id)) {
      setErrors({ transactionId: words.followIdInvalid });
      return;
    }
    setErrors({});
    dispatch({ type: "cleared" });
    await task.run(async (run) => {
      try {
        await followTo(id, run);
      } catch (error) {
        if (!(error instanceof ChargeNotFoundError)) throw error;
        setErrors({ transactionId: words.followNotFound });
      }
    });
  };

  const cancelCharge = async () => {
    if (!charge) return;
    try {
      const cancelled = await services.cancelCharge(charge.transactionId);
      // Stop waiting; the outcome of the cancel is what the person needs to read.
      task.cancel(true);
      if (cancelled.outcome === "already_paid") report.notice(words.alreadyPaid, "warning");
      else report.notice(words.states[cancelled.charge.status] ?? cancelled.charge.status, "info");
      dispatch({ type: "cancelled" });
    } catch (e) {
      report.error(e);
    }
  };

  const clear = () => dispatch({ type: "cleared" });
  const created = (c: Charge) => dispatch({ type: "created", charge: c });
  const startOver = () => dispatch({ type: "startedOver" });
  const state = { charge, outcome, followId, setFollowId };
  return { ...state, clear, created, followTo, readUnanswered, follow, cancelCharge, startOver };
}

/**
 * A charge created on this computer and never seen final (the pane closed while it was created
 * or awaited) fills in the "follow a charge" field, and the person is told, before creating another.
 */
function usePendingCharge(services: FundServices, setFollowId: (id: string) => void) {
  const { locale } = useMessages();
  const words = useWords(FUND_WORDS);
  const report = useReport();
  useEffect(() => {
    let live = true;
    services.pendingCharge?.().then(
      (pending) => {
        if (!live || !pending) return;
        setFollowId(pending.transactionId);
        const amount = formatBRL(pending.amountCents, locale);
        report.notice(words.pendingFound({ amount, date: formatDateTime(pending.at, locale) }), "warning");
      },
      () => {
        // Unreadable storage: the charge stays readable by its id in the API.
      },
    );
    return () => {
      live = false;
    };
    // Once per screen opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [services]);
}

export function useFund(
  services: FundServices,
  draftId: string | undefined,
  suggestedCents: number | undefined,
) {
  const { t, locale } = useMessages();
  const words = useWords(FUND_WORDS);
  const report = useReport();
  const task = useTask();
  const [balance, setBalance] = useBalance(services);
  const payer = usePayer(services);
  const [chosen, choose] = useState<"amount" | "shortfall">(
    draftId && suggestedCents !== undefined ? "shortfall" : "amount",
  );
  const [amount, setAmount] = useState(suggestedCents ? formatBRL(suggestedCents, locale) : "");
  const [shortfall, setShortfall] = useDraftShortfall(services, draftId, suggestedCents);
  const [errors, setErrors] = useState<FundErrors>({});
  const charges = useCharge(services, task, setBalance, setErrors);

  const noShortfallNow = shortfall.state === "known" && shortfall.cents === 0;
  // Nothing missing: only an amount can be deposited.
  const what = noShortfallNow ? "amount" : chosen;

  /** The amount to charge, or undefined when the person must first see one (already reported). */
  const amountToCharge = async (typed: number | undefined, run: Run): Promise<number | undefined> => {
    if (typed !== undefined) return typed;
    // Read again: the balance may have moved since the amount was shown.
    const cents = draftId ? await services.shortfall(draftId, run.signal) : 0;
    const shown = shortfall.state === "known" ? shortfall.cents : undefined;
    if (draftId) setShortfall({ state: "known", cents });
    if (cents === 0) {
      report.notice(words.noShortfall, "info");
      return undefined;
    }
    if (shown !== cents) {
      // Never charge an amount the person has not seen.
      const amountText = formatBRL(cents, locale);
      report.notice(
        shown === undefined
          ? words.shortfallIs({ amount: amountText })
          : words.shortfallChanged({ amount: amountText }),
        "warning",
      );
      return undefined;
    }
    return cents;
  };

  const create = async () => {
    const { errors: errs, typed } = fundFormErrors({ what, amount, ...payer }, locale, t.common, words);
    setErrors(errs);
    if (Object.keys(errs).length > 0) return;
    charges.clear();
    const paying = { name: payer.name.trim(), document: payer.document.trim() };
    await task.run(async (run) => {
      const amountCents = await amountToCharge(typed, run);
      if (amountCents === undefined) return;
      await services.payer.remember(paying).catch(() => {
        // Remembering is a convenience; the charge does not wait on the storage.
      });
      let created: Charge;
      try {
        created = await services.createCharge({ amountCents, payer: paying }, run.signal);
      } catch (error) {
        if (!(error instanceof DepositOutcomeUnknownError)) throw error;
        // Whether the charge exists is unknown: read it by the id kept before sending.
        charges.setFollowId(error.transactionId);
        await charges.readUnanswered(error, run);
        return;
      }
      charges.created(created);
      await charges.followTo(created.transactionId, run);
    });
  };

  const form = { task, balance, shortfall, noShortfallNow, what, choose, amount, setAmount, errors, create };
  const { charge, outcome, followId, setFollowId, follow, cancelCharge, startOver } = charges;
  return { ...form, ...payer, charge, outcome, followId, setFollowId, follow, cancelCharge, startOver };
}
