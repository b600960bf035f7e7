/**
 * The distribute feature's words for its errors (an `ErrorWords` the shell hands the error
 * centre): the sheet, the send, the review, finalize and the modes.
 */
import { DoublePaymentError, MAX_UNANSWERED_CREATES, UnansweredDraftsError } from "../../workbook/run-log";
import { type ErrorWords, paneError } from "../../taskpane/ui/errors/messageFor";
import { formatCount, formatDateTime } from "../../taskpane/ui/i18n";
import {
  DraftChangedError,
  ReviewMismatchError,
  UnknownOutcomeNeedsConfirmationError,
} from "./finalize/finalize-draft";
import { SheetChangedError } from "./finalize/finalize";
import { ModeInputError } from "./modes/mode-input";
import { SendIncompleteError } from "./send/send";
import { SheetInvalidError, TableNotFoundError } from "./send/sheet";
import { ModeUnavailableError } from "./services";
import { DISTRIBUTE_WORDS } from "./words";

export const distributeErrorWords: ErrorWords = (error, t, locale, describe) => {
  const e = DISTRIBUTE_WORDS[locale].errors;
  if (error instanceof SheetInvalidError) {
    const count = error.issues.filter((i) => i.severity === "error").length;
    return paneError(
      e.sheetInvalidTitle,
      e.sheetInvalid({ count: formatCount(count, locale) }),
      e.sheetInvalidNext,
    );
  }
  if (error instanceof TableNotFoundError)
    return paneError(e.tableNotFoundTitle, e.tableNotFound({ table: error.table }), e.tableNotFoundNext);
  if (error instanceof DoublePaymentError) {
    const last = error.matches.at(-1);
    return paneError(
      e.doublePaymentTitle,
      e.doublePayment({
        id: last?.distributionId ?? "?",
        date: last ? formatDateTime(last.at, locale) : "?",
      }),
      e.doublePaymentNext,
    );
  }
  if (error instanceof SendIncompleteError) {
    const cause = error.cause;
    return paneError(
      e.sendIncompleteTitle,
      e.sendIncomplete({ done: formatCount(error.done, locale), total: formatCount(error.total, locale) }),
      e.sendIncompleteNext,
      // What stopped it, in its own words (a 401, a lost connection...).
      cause === undefined ? [] : [describe(cause).title],
    );
  }
  if (error instanceof SheetChangedError)
    return paneError(e.sheetChangedTitle, e.sheetChanged, e.sheetChangedNext);
  if (error instanceof ReviewMismatchError)
    return paneError(e.reviewMismatchTitle, e.reviewMismatch, e.reviewMismatchNext, [
      t.errors.technical({ text: error.message }),
    ]);
  if (error instanceof UnknownOutcomeNeedsConfirmationError)
    return {
      ...paneError(
        e.unknownOutcomeTitle,
        e.unknownOutcome({ id: error.distributionId }),
        e.unknownOutcomeNext,
      ),
      intent: "warning",
    };
  if (error instanceof UnansweredDraftsError) {
    const w = DISTRIBUTE_WORDS[locale];
    return {
      ...paneError(
        w.draftsTitle,
        w.draftsQuestion({
          count: formatCount(error.attempts.length, locale),
          max: formatCount(MAX_UNANSWERED_CREATES, locale),
        }),
        w.draftsNext,
      ),
      intent: "warning",
    };
  }
  if (error instanceof ModeInputError)
    return paneError(e.modeInputTitle, e.modeInput[error.code] ?? error.message, e.modeInputNext);
  if (error instanceof DraftChangedError)
    return paneError(e.draftChangedTitle, e.draftChanged, e.draftChangedNext);
  if (error instanceof ModeUnavailableError)
    return paneError(e.modeUnavailableTitle, e.modeUnavailable, undefined);

  return undefined;
};
