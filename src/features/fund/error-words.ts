/** The fund feature's words for its errors (an `ErrorWords` the shell hands the error centre). */
import { type ErrorWords, paneError } from "../../taskpane/ui/errors/messageFor";
import { FundingInputError } from "./charges";
import { FUND_WORDS } from "./words";

export const fundErrorWords: ErrorWords = (error, t, locale) => {
  if (error instanceof FundingInputError) {
    const c = t.common;
    const body =
      error.code === "amount_invalid"
        ? c.amountInvalid
        : error.code === "payer_name_missing"
          ? c.payerNameRequired
          : c.payerDocumentInvalid;
    return paneError(FUND_WORDS[locale].title, body, undefined);
  }

  return undefined;
};
