/**
 * An amount read from a cell: exact cents in a BigInt, or what is wrong with it as a code and the data a
 * message needs. Both readers (cents-number.ts, cents-text.ts) end here, so a number cell and a text cell
 * give the same problems for the same amount. The rules are the file comment of cents.ts.
 */

/**
 * What is wrong with a cell, as a code and the data a message needs (the text itself lives in the message
 * catalogue of src/workbook, in each locale). Amounts in the data are cents.
 */
export type CentsProblem = (
  | { code: "not_a_number"; input: string }
  /** The cell holds a formula whose result is an error value (`input` is the code, e.g. "#DIV/0!"). */
  | { code: "formula_error"; input: string }
  | { code: "negative"; input: string }
  /** `nearest`: the amounts on either side, when the amount is not negative (e.g. 1.005 -> 100 and 101). */
  | { code: "sub_cent"; input: string; nearest?: { down: number; up: number } }
  | { code: "too_large"; input: string; maxCents: number }
  /** `asThousandsCents`: the amount if the separator groups thousands ("1,234" -> 123400). */
  | { code: "ambiguous"; input: string; asThousandsCents: number }
) & {
  /** The cell holds a number: `input` is its decimal in JavaScript's form ("12.345"), not text the person typed. */
  fromNumber?: true;
};

export type CentsProblemCode = CentsProblem["code"];

export type ParseCentsResult =
  { ok: true; cents: number; blank: boolean } | { ok: false; problem: CentsProblem };

export type Amount =
  | { ok: true; cents: bigint }
  | { ok: false; code: "not_a_number" | "too_large" }
  | { ok: false; code: "sub_cent"; down?: bigint }
  | { ok: false; code: "ambiguous"; asThousands: bigint };

/** Exact cents of a decimal written as integer digits and fraction digits (both ASCII digits, maybe empty). */
export function centsOf(intDigits: string, fracDigits: string): Amount {
  const frac = fracDigits.replace(/0+$/, "");
  const whole = intDigits.replace(/^0+/, "");
  if (frac.length > 2) {
    // The cents below: the digits up to the second decimal (a message offers them and one cent more).
    return whole.length > 16
      ? { ok: false, code: "sub_cent" }
      : { ok: false, code: "sub_cent", down: BigInt(whole + frac.slice(0, 2)) };
  }
  // More than 16 digits of reais is above any maxCents (MAX_SAFE_INTEGER has 16 digits in all); this also
  // spares BigInt a cell of a million digits.
  if (whole.length > 16) return { ok: false, code: "too_large" };
  return { ok: true, cents: BigInt(whole + frac.padEnd(2, "0")) };
}

export function finish(amount: Amount, negative: boolean, input: string, maxCents: number): ParseCentsResult {
  if (!amount.ok) return { ok: false, problem: amountProblem(amount, negative, input, maxCents) };
  if (amount.cents > BigInt(maxCents)) return { ok: false, problem: { code: "too_large", input, maxCents } };
  if (negative && amount.cents !== 0n) return { ok: false, problem: { code: "negative", input } };
  return { ok: true, cents: Number(amount.cents), blank: false };
}

function amountProblem(
  amount: Exclude<Amount, { ok: true }>,
  negative: boolean,
  input: string,
  maxCents: number,
): CentsProblem {
  switch (amount.code) {
    case "not_a_number":
      return { code: "not_a_number", input };
    case "too_large":
      return { code: "too_large", input, maxCents };
    case "ambiguous":
      return { code: "ambiguous", input, asThousandsCents: Number(amount.asThousands) };
    case "sub_cent": {
      // No suggestion for a negative amount: the nearest cents would carry the wrong sign.
      const down = amount.down;
      if (negative || down === undefined || down + 1n > BigInt(Number.MAX_SAFE_INTEGER))
        return { code: "sub_cent", input };
      return { code: "sub_cent", input, nearest: { down: Number(down), up: Number(down) + 1 } };
    }
  }
}
