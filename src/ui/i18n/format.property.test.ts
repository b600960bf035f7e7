/**
 * `formatBRL` is exact for every safe integer of cents (issue 22, item 4): the same digits as the
 * integer, grouped, with the cents as they are, for both languages; it agrees with src/money's
 * hand-built `formatCents` (spaces aside: `Intl` puts a no-break space in pt-BR) and reads back
 * with `parseCents`.
 */
import fc from "fast-check";
import { formatCents, parseCents } from "../../money";
import { formatBRL } from "./format";

const LOCALES = ["pt-BR", "en-US"] as const;
const anyCents = fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });
/** Large amounts are where float division went wrong: weight the edges. */
const cents = fc.oneof(
  anyCents,
  fc.integer({ min: 2 ** 52, max: Number.MAX_SAFE_INTEGER }),
  fc.integer({ min: -999, max: 999 }),
  fc.constantFrom(0, 1, -1, 99, 100, -100, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER),
);
const plain = (s: string) => s.replace(/\s/g, " ");

test.each(LOCALES)("%s: the digits are the integer's, exactly, for any safe integer (property)", (locale) => {
  fc.assert(
    fc.property(cents, (c) => {
      const text = formatBRL(c, locale);
      expect(text.replace(/\D/g, "").replace(/^0+(?=\d{3})/, "")).toBe(String(Math.abs(c)).padStart(3, "0"));
      expect(text.startsWith("-")).toBe(c < 0);
      expect(plain(text)).toBe(formatCents(c, locale));
    }),
    { numRuns: 2000 },
  );
});

test("reads back with parseCents for any non-negative safe integer (property)", () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (c) => {
      for (const locale of LOCALES) {
        const read = parseCents(formatBRL(c, locale), { locale, maxCents: Number.MAX_SAFE_INTEGER });
        expect(read).toMatchObject({ ok: true });
        expect(String((read as { cents: unknown }).cents)).toBe(String(c));
      }
    }),
    { numRuns: 500 },
  );
});

test("the largest safe integer, where cents / 100 was wrong", () => {
  expect(plain(formatBRL(Number.MAX_SAFE_INTEGER, "pt-BR"))).toBe("R$ 90.071.992.547.409,91");
  expect(formatBRL(Number.MIN_SAFE_INTEGER, "en-US")).toBe("-R$\u00a090,071,992,547,409.91");
  expect(plain(formatBRL(-5, "pt-BR"))).toBe("-R$ 0,05");
  expect(() => formatBRL(2 ** 53, "pt-BR")).toThrow(RangeError);
  expect(() => formatBRL(1.5, "pt-BR")).toThrow(RangeError);
});
