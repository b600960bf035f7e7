/**
 * The distribute feature's words for its errors (an `ErrorWords` the shell hands the error
 * centre): the sheet, the send, the review, finalize and the modes.
 */
import { DoublePaymentError, MAX_UNANSWERED_CREATES, UnansweredDraftsError } from "../../workbook/run-log";
import { type ErrorWords, paneError } from "../../ui/errors/messageFor";
import { formatCount, formatDateTime } from "../../ui/i18n";
import { FinalizeInFlightError } from "./settle/in-flight";
import {
  DraftChangedError,
  ReviewMismatchError,
  UnknownOutcomeNeedsConfirmationError,
} from "./finalize/finalize-draft";
import { SheetChangedError } from "./finalize/finalize";
import { ModeInputError } from "./modes/mode-input";
import { describePaidBefore } from "./paid-before";
import { SendIncompleteError } from "./send/send";
import { SheetInvalidError, TableNotFoundError } from "./send/sheet";
import { ModeUnavailableError } from "./services";
import { DISTRIBUTE_WORDS } from "./words";

/** The sheet, the send and the modes: the input and how far the send got. */
const sendErrorWords: ErrorWords = (error, _messages, locale, describe) => {
  const errorWords = DISTRIBUTE_WORDS[locale].errors;
  if (error instanceof SheetInvalidError) {
    const count = error.issues.filter((i) => i.severity === "error").length;
    return paneError(
      errorWords.sheetInvalidTitle,
      errorWords.sheetInvalid({ count: formatCount(count, locale) }),
      errorWords.sheetInvalidNext,
    );
  }
  if (error instanceof TableNotFoundError)
    return paneError(
      errorWords.tableNotFoundTitle,
      errorWords.tableNotFound({ table: error.table }),
      errorWords.tableNotFoundNext,
    );
  if (error instanceof SendIncompleteError) {
    const cause = error.cause;
    return paneError(
      errorWords.sendIncompleteTitle,
      errorWords.sendIncomplete({
        done: formatCount(error.done, locale),
        total: formatCount(error.total, locale),
      }),
      errorWords.sendIncompleteNext,
      // What stopped it, in its own words (a 401, a lost connection...).
      cause === undefined ? [] : [describe(cause).title],
    );
  }
  if (error instanceof SheetChangedError)
    return paneError(errorWords.sheetChangedTitle, errorWords.sheetChanged, errorWords.sheetChangedNext);
  if (error instanceof UnansweredDraftsError) {
    const words = DISTRIBUTE_WORDS[locale];
    return {
      ...paneError(
        words.draftsTitle,
        words.draftsQuestion({
          count: formatCount(error.attempts.length, locale),
          max: formatCount(MAX_UNANSWERED_CREATES, locale),
        }),
        words.draftsNext,
      ),
      intent: "warning",
    };
  }
  if (error instanceof ModeInputError)
    return paneError(
      errorWords.modeInputTitle,
      errorWords.modeInput[error.code] ?? error.message,
      errorWords.modeInputNext,
    );
  if (error instanceof ModeUnavailableError)
    return paneError(errorWords.modeUnavailableTitle, errorWords.modeUnavailable, undefined);
  return undefined;
};

/** Finalize and the money: paid before, another finalize on its way, a draft not as reviewed. */
const paymentErrorWords: ErrorWords = (error, messages, locale) => {
  const errorWords = DISTRIBUTE_WORDS[locale].errors;
  const paidBefore = error instanceof DoublePaymentError ? error.matches.at(-1) : undefined;
  if (paidBefore) {
    return paneError(
      errorWords.doublePaymentTitle,
      errorWords.doublePayment(describePaidBefore(paidBefore, locale)),
      errorWords.doublePaymentNext,
      // The id, for support, under the plain words.
      [errorWords.doublePaymentId({ id: paidBefore.distributionId })],
    );
  }
  if (error instanceof FinalizeInFlightError)
    return paneError(
      errorWords.finalizeInFlightTitle,
      errorWords.finalizeInFlight({
        table: error.table,
        date: formatDateTime(error.since, locale),
        who: errorWords.finalizeInFlightWho[error.by === "this-pane" ? "thisPane" : "anotherPane"],
      }),
      errorWords.finalizeInFlightNext,
      [errorWords.doublePaymentId({ id: error.distributionId })],
    );
  if (error instanceof ReviewMismatchError)
    return paneError(
      errorWords.reviewMismatchTitle,
      errorWords.reviewMismatch,
      errorWords.reviewMismatchNext,
      [messages.errors.technical({ text: error.message })],
    );
  if (error instanceof UnknownOutcomeNeedsConfirmationError)
    return {
      ...paneError(
        errorWords.unknownOutcomeTitle,
        errorWords.unknownOutcome({ id: error.distributionId }),
        errorWords.unknownOutcomeNext,
      ),
      intent: "warning",
    };
  if (error instanceof DraftChangedError)
    return paneError(errorWords.draftChangedTitle, errorWords.draftChanged, errorWords.draftChangedNext);
  return undefined;
};

export const distributeErrorWords: ErrorWords = (error, messages, locale, describe) =>
  sendErrorWords(error, messages, locale, describe) ?? paymentErrorWords(error, messages, locale, describe);
