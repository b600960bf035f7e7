import fc from "fast-check";
import { DEFAULT_MAX_CENTS } from "./cents";
import { formatCents, parseCents, type MoneyLocale, type ParseCentsResult } from "./index";

const locales: MoneyLocale[] = ["pt-BR", "en-US"];
const locale = fc.constantFrom(...locales);
const cents = fc.integer({ min: 0, max: DEFAULT_MAX_CENTS });
const digit = fc.constantFrom(..."0123456789");

function centsOf(result: ParseCentsResult): number | string {
  return result.ok ? result.cents : result.problem.code;
}

/** "1234567" -> "1.234.567" with `sep`, by string slicing. */
function group(intDigits: string, sep: string): string {
  const parts: string[] = [];
  for (let end = intDigits.length; end > 0; end -= 3)
    parts.unshift(intDigits.slice(Math.max(0, end - 3), end));
  return parts.join(sep);
}

/** Expected cents of integer digits and two decimal digits, by string manipulation only. */
function expectedCents(intDigits: string, frac2: string): number {
  return Number(BigInt(intDigits + frac2));
}

/**
 * Reference for a number cell, written independently of the parser: the exact decimal value of the
 * shortest round-trip text of x (String(x), exponent included), in BigInt arithmetic.
 */
function referenceNumberCents(x: number, maxCents: number): number | string {
  if (!Number.isFinite(x)) return "not_a_number";
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(x))!;
  const [, sign, int = "", frac = "", exp = "0"] = m;
  // value = digits * 10^(exponent - fraction length); cents = value * 100
  const digits = BigInt(int + frac);
  const shift = Number(exp) - frac.length + 2;
  let exact: bigint;
  if (shift >= 0) exact = digits * 10n ** BigInt(shift);
  else {
    const divisor = 10n ** BigInt(-shift);
    if (digits % divisor !== 0n) return "sub_cent";
    exact = digits / divisor;
  }
  if (exact > BigInt(maxCents)) return "too_large";
  if (sign === "-" && exact !== 0n) return "negative";
  return Number(exact);
}

describe("parseCents properties", () => {
  test("number cells agree with an exact BigInt reference at every magnitude (fast path included)", () => {
    const max = Number.MAX_SAFE_INTEGER;
    const number = fc.oneof(
      fc.double({ min: 0, max: 1e16, noNaN: true }),
      fc.double({ min: -1e6, max: 1e6 }),
      fc.integer({ min: 0, max: max }).map((c) => c / 100),
      fc.integer({ min: 1e14 - 10_000, max: 1e14 + 10_000 }).map((c) => c / 100), // around the fast-path limit
      fc.integer({ min: 0, max: 1e12 }).map((c) => (c * 10 + 3) / 1000),
      fc.constantFrom(
        0.29,
        1.005,
        1234567.89,
        0.1 + 0.2,
        1e21,
        5e-324,
        -0,
        999999999999.99,
        1e12,
        1e12 + 0.01,
      ),
    );
    fc.assert(
      fc.property(number, (x) => {
        expect(centsOf(parseCents(x, { maxCents: max }))).toBe(referenceNumberCents(x, max));
        expect(centsOf(parseCents(x))).toBe(referenceNumberCents(x, DEFAULT_MAX_CENTS));
      }),
      { numRuns: 20_000 },
    );
  });

  test("formatCents output reads back exactly, in both locales", () => {
    fc.assert(
      fc.property(cents, locale, (c, l) => {
        expect(parseCents(formatCents(c, l), { locale: l })).toEqual({ ok: true, cents: c, blank: false });
      }),
      { numRuns: 2000 },
    );
  });

  test("Intl.NumberFormat BRL output (non-breaking spaces) reads back exactly", () => {
    fc.assert(
      fc.property(cents, locale, (c, l) => {
        const text = new Intl.NumberFormat(l, { style: "currency", currency: "BRL" }).format(c / 100);
        expect(centsOf(parseCents(text, { locale: l }))).toBe(c);
      }),
      { numRuns: 1000 },
    );
  });

  test("digits, one separator and two decimals read as exactly those cents, in both locales", () => {
    const max = Number.MAX_SAFE_INTEGER;
    fc.assert(
      fc.property(
        fc.string({ unit: digit, minLength: 1, maxLength: 12 }),
        fc.string({ unit: digit, minLength: 2, maxLength: 2 }),
        fc.constantFrom(".", ","),
        locale,
        (int, frac, sep, l) => {
          const text = `${int}${sep}${frac}`;
          expect(centsOf(parseCents(text, { locale: l, maxCents: max }))).toBe(expectedCents(int, frac));
        },
      ),
    );
  });

  test("grouped thousands with the other decimal separator read exactly, in both locales", () => {
    const max = Number.MAX_SAFE_INTEGER;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 90_071_992_547_408 }).map(String),
        fc.string({ unit: digit, minLength: 2, maxLength: 2 }),
        fc.constantFrom<[string, string]>([".", ","], [",", "."], [" ", ","], ["\u00a0", "."]),
        locale,
        (int, frac, [groupSep, decimalSep], l) => {
          const text = `R$ ${group(int, groupSep)}${decimalSep}${frac}`;
          expect(centsOf(parseCents(text, { locale: l, maxCents: max }))).toBe(expectedCents(int, frac));
        },
      ),
    );
  });

  test("a number cell c/100 reads as c", () => {
    fc.assert(
      fc.property(cents, (c) => {
        expect(centsOf(parseCents(c / 100))).toBe(c);
      }),
      { numRuns: 5000 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 14 }), (c) => {
        expect(centsOf(parseCents(c / 100, { maxCents: Number.MAX_SAFE_INTEGER }))).toBe(c);
      }),
    );
  });

  test("a number cell with a third decimal digit is sub_cent, never rounded (fails for Math.round(x*100))", () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 1, max: 9 }), (c, d) => {
        const x = (c * 10 + d) / 1000;
        expect(centsOf(parseCents(x))).toBe("sub_cent");
      }),
      { numRuns: 5000 },
    );
  });

  test("text with a non-zero third decimal is sub_cent; trailing zeros are fine", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: digit, minLength: 4, maxLength: 8 }),
        fc.string({ unit: digit, minLength: 2, maxLength: 2 }),
        fc.integer({ min: 1, max: 9 }),
        fc.nat({ max: 3 }),
        fc.constantFrom(".", ","),
        locale,
        (int, frac, d, zeros, sep, l) => {
          const extra = `${d}${"0".repeat(zeros)}`;
          expect(centsOf(parseCents(`${int}${sep}${frac}${extra}`, { locale: l }))).toBe("sub_cent");
          const padded = `${int}${sep}${frac}${"0".repeat(zeros + 1)}`;
          expect(centsOf(parseCents(padded, { locale: l }))).toBe(expectedCents(int, frac));
        },
      ),
    );
  });

  test("the locale never changes an accepted amount: both ok means the same cents", () => {
    const text = fc.string({ unit: fc.constantFrom(..."0123456789.,  -R$()"), maxLength: 14 });
    fc.assert(
      fc.property(text, (s) => {
        const [pt, en] = locales.map((l) => parseCents(s, { locale: l }));
        if (pt?.ok && en?.ok) expect(pt.cents).toBe(en.cents);
      }),
      { numRuns: 5000 },
    );
  });

  test("any input gives a safe integer in range or a problem with a message, never a throw", () => {
    const cell = fc.oneof(
      fc.string(),
      fc.string({ unit: fc.constantFrom(..."0123456789.,  \u00a0-+R$BRL()e"), maxLength: 24 }),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
    );
    fc.assert(
      fc.property(cell, locale, (c, l) => {
        const result = parseCents(c, { locale: l });
        if (result.ok) {
          expect(Number.isSafeInteger(result.cents) && result.cents >= 0).toBe(true);
          expect(result.cents).toBeLessThanOrEqual(DEFAULT_MAX_CENTS);
        } else {
          expect(result.problem.message.length).toBeGreaterThan(10);
        }
      }),
      { numRuns: 5000 },
    );
  });
});
