/** The fund feature's words for its errors (an `ErrorWords` the shell hands the error centre). */
import { type ErrorWords, paneError } from "../../ui/errors/messageFor";
import { FundingInputError } from "./charges";
import { FUND_WORDS } from "./words";

export const fundErrorWords: ErrorWords = (error, messages, locale) => {
  if (error instanceof FundingInputError) {
    const common = messages.common;
    const body =
      error.code === "amount_invalid"
        ? common.amountInvalid
        : error.code === "payer_name_missing"
          ? common.payerNameRequired
          : common.payerDocumentInvalid;
    return paneError(FUND_WORDS[locale].title, body, undefined);
  }

  return undefined;
};
