import fc from "fast-check";
import { DEFAULT_MAX_CENTS } from "./cents";
import { formatCents, parseCents, type CentsProblemCode, type Locale, type ParseCentsResult } from ".";

const locales: Locale[] = ["pt-BR", "en-US"];
const locale = fc.constantFrom(...locales);
const cents = fc.integer({ min: 0, max: DEFAULT_MAX_CENTS });
const digit = fc.constantFrom(..."0123456789");

const codes: CentsProblemCode[] = ["not_a_number", "negative", "sub_cent", "too_large", "ambiguous"];

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

/** The exact value of a finite double as num / den (BigInts; den a power of two), its sign dropped. */
function exactFraction(x: number): { num: bigint; den: bigint } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(x));
  const bits = view.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  const mantissa = biased === 0 ? fraction : fraction | (1n << 52n);
  const e = (biased === 0 ? 1 : biased) - 1075; // |x| = mantissa × 2^e
  return e >= 0 ? { num: mantissa << BigInt(e), den: 1n } : { num: mantissa, den: 1n << BigInt(-e) };
}

/**
 * |x| rounded to 15 significant digits, half up, as Excel shows it: n × 10^p with 10^14 <= n < 10^15.
 * Written from the double's bits in BigInt arithmetic, independently of toPrecision.
 */
function excel15(x: number): { n: bigint; p: number } {
  const { num, den } = exactFraction(x);
  if (num === 0n) return { n: 0n, p: 0 };
  const scaled = (p: number): [bigint, bigint] =>
    p >= 0 ? [num, den * 10n ** BigInt(p)] : [num * 10n ** BigInt(-p), den];
  let p = Math.floor(Math.log10(Math.abs(x))) - 14;
  for (;;) {
    const [a, b] = scaled(p);
    if (a >= 10n ** 15n * b) p++;
    else if (a < 10n ** 14n * b) p--;
    else break;
  }
  const [a, b] = scaled(p);
  const n = (2n * a + b) / (2n * b);
  return n === 10n ** 15n ? { n: 10n ** 14n, p: p + 1 } : { n, p };
}

/** Reference for a number cell: the exact cents of the 15-significant-digit decimal Excel shows. */
function referenceNumberCents(x: number, maxCents: number): number | string {
  if (!Number.isFinite(x)) return "not_a_number";
  const { n, p } = excel15(x);
  let exact: bigint;
  if (p + 2 >= 0) exact = n * 10n ** BigInt(p + 2);
  else {
    const divisor = 10n ** BigInt(-(p + 2));
    if (n % divisor !== 0n) return "sub_cent";
    exact = n / divisor;
  }
  if (exact > BigInt(maxCents)) return "too_large";
  if (x < 0 && exact !== 0n) return "negative";
  return Number(exact);
}

/** `x` moved by `k` units in the last place (x > 0, k small): the noise a formula leaves. */
function ulps(x: number, k: number): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  view.setBigUint64(0, view.getBigUint64(0) + BigInt(k));
  return view.getFloat64(0);
}

describe("parseCents properties", () => {
  test("number cells agree with an exact BigInt reference of Excel's 15 digits at every magnitude", () => {
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
        22 * 32.7,
        100.1 + 200.2,
        0.285,
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

  test("a formula's float noise below Excel's 15th digit reads as the cents the user means", () => {
    const positive = fc.integer({ min: 1, max: DEFAULT_MAX_CENTS });
    // [the cents meant, the double a formula hands back]
    const formula = fc.oneof(
      // the neighbouring doubles of c / 100, a few units in the last place away
      fc.tuple(positive, fc.integer({ min: -3, max: 3 })).map(([c, k]) => [c, ulps(c / 100, k)] as const),
      // =A2+B2
      fc
        .tuple(
          fc.integer({ min: 0, max: DEFAULT_MAX_CENTS / 2 }),
          fc.integer({ min: 1, max: DEFAULT_MAX_CENTS / 2 }),
        )
        .map(([a, b]) => [a + b, a / 100 + b / 100] as const),
      // =22*32,7: working days times a daily allowance
      fc
        .tuple(fc.integer({ min: 1, max: 31 }), fc.integer({ min: 1, max: 3_000_000 }))
        .map(([days, daily]) => [days * daily, days * (daily / 100)] as const),
      // =SUM(...) of a dozen amounts
      fc
        .array(fc.integer({ min: 0, max: 100_000_000 }), { minLength: 2, maxLength: 12 })
        .filter((parts) => parts.some((x) => x > 0))
        .map((parts) => [parts.reduce((s, x) => s + x, 0), parts.reduce((s, x) => s + x / 100, 0)] as const),
    );
    // Below the 15th digit: less than half a unit of the 15th significant digit of c / 100 away (0.4 of
    // it, so that the float arithmetic of this check cannot let a borderline case through).
    const below15th = ([c, x]: readonly [number, number]) =>
      Math.abs(x - c / 100) < 0.4 * 10 ** (Math.floor(Math.log10(c / 100)) - 14);
    let noisy = 0;
    fc.assert(
      fc.property(formula.filter(below15th), ([c, x]) => {
        if (x !== c / 100) noisy++;
        expect(centsOf(parseCents(x))).toBe(c);
      }),
      { numRuns: 20_000 },
    );
    // The generators do produce noise (else this test would prove nothing about it).
    expect(noisy).toBeGreaterThan(1000);
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

  test("any input gives a safe integer in range or a problem with the input, never a throw", () => {
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
          expect(codes).toContain(result.problem.code);
          if (typeof c === "string") expect(result.problem.input).toBe(c.trim());
        }
      }),
      { numRuns: 5000 },
    );
  });
});
