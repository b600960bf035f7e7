/**
 * Numbers, money and time as people read them, with `Intl` (issue 12, item 7: BRL through
 * `Intl.NumberFormat`). Formatters are cached per locale: building one is the slow part.
 */
import type { Locale } from "./messages";

const money = new Map<Locale, Intl.NumberFormat>();
const counts = new Map<Locale, Intl.NumberFormat>();
const dates = new Map<Locale, Intl.DateTimeFormat>();

/**
 * 123456 → "R$ 1.234,56" (pt-BR) / "R$ 1,234.56" (en-US, with the space the cells show), exact for every safe integer of cents
 * (issue 22, item 4): `cents / 100` is a binary fraction, and above 2^53 / 100 (about 9e13 reais)
 * `Intl` would print the float's digits, not the cents. So the amount is split with BigInt
 * arithmetic (reais and cents, no division of floats); `Intl` lays out the sign, the symbol and
 * the decimal separator (the parts of ±1.00) and groups the reais (a BigInt, formatted exactly),
 * and the two digits of cents are put in as they are. Throws a RangeError for anything but a
 * safe integer, like `formatCents` in src/money.
 */
export function formatBRL(cents: number, locale: Locale): string {
  if (!Number.isSafeInteger(cents))
    throw new RangeError(`cents must be a safe integer, got ${String(cents)}`);
  let f = money.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: "currency", currency: "BRL" });
    money.set(locale, f);
  }
  const big = BigInt(cents);
  const abs = big < 0n ? -big : big;
  const reais = f
    .formatToParts(abs / 100n)
    .filter((p) => p.type === "integer" || p.type === "group")
    .map((p) => p.value)
    .join("");
  const centsDigits = String(abs % 100n).padStart(2, "0");
  const parts = f.formatToParts(cents < 0 ? -1 : 1);
  return parts
    .map((p, i) => {
      if (p.type === "integer") return reais;
      if (p.type === "fraction") return centsDigits;
      // "R$" then a no-break space in both languages, as the cells' currency format shows it
      // (en-US Intl writes "R$ 1.00"; issue 20, item 8).
      if (p.type === "currency" && parts[i + 1]?.type !== "literal") return `${p.value}\u00a0`;
      return p.value;
    })
    .join("");
}

export function formatCount(n: number, locale: Locale): string {
  let f = counts.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale);
    counts.set(locale, f);
  }
  return f.format(n);
}

export function formatDateTime(iso: string | Date, locale: Locale): string {
  const d = typeof iso === "string" ? new Date(iso) : iso;
  if (Number.isNaN(d.getTime())) return String(iso);
  let f = dates.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "short" });
    dates.set(locale, f);
  }
  return f.format(d);
}

/** 95_000 ms → "1 min 35 s"; under a second is "0 s". Rounded to whole seconds. */
export function formatDuration(ms: number, locale: Locale): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const unit = (value: number, u: "hour" | "minute" | "second") =>
    new Intl.NumberFormat(locale, { style: "unit", unit: u, unitDisplay: "narrow" }).format(value);
  if (h > 0) return `${unit(h, "hour")} ${unit(m, "minute")}`;
  if (m > 0) return `${unit(m, "minute")} ${unit(s, "second")}`;
  return unit(s, "second");
}
