/**
 * Numbers, money and time as people read them, with `Intl` (BRL through
 * `Intl.NumberFormat`). Formatters are cached per locale: building one is the slow part.
 */
import type { Locale } from "./messages";

const money = new Map<Locale, Intl.NumberFormat>();
const counts = new Map<Locale, Intl.NumberFormat>();
const dates = new Map<Locale, Intl.DateTimeFormat>();

/**
 * 123456 → "R$ 1.234,56" (pt-BR) / "R$ 1,234.56" (en-US, with the space the cells show), exact for every safe integer of cents:
 * `cents / 100` is a binary fraction, and above 2^53 / 100 (about 9e13 reais)
 * `Intl` would print the float's digits, not the cents. So the amount is split with BigInt
 * arithmetic (reais and cents, no division of floats); `Intl` lays out the sign, the symbol and
 * the decimal separator (the parts of ±1.00) and groups the reais (a BigInt, formatted exactly),
 * and the two digits of cents are put in as they are. Throws a RangeError for anything but a
 * safe integer, like `formatCents` in src/money.
 */
export function formatBRL(cents: number, locale: Locale): string {
  if (!Number.isSafeInteger(cents))
    throw new RangeError(`cents must be a safe integer, got ${String(cents)}`);
  let formatter = money.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: "currency", currency: "BRL" });
    money.set(locale, formatter);
  }
  const big = BigInt(cents);
  const abs = big < 0n ? -big : big;
  const reais = formatter
    .formatToParts(abs / 100n)
    .filter((p) => p.type === "integer" || p.type === "group")
    .map((p) => p.value)
    .join("");
  const centsDigits = String(abs % 100n).padStart(2, "0");
  const parts = formatter.formatToParts(cents < 0 ? -1 : 1);
  return parts
    .map((part, i) => {
      if (part.type === "integer") return reais;
      if (part.type === "fraction") return centsDigits;
      // "R$" then a no-break space in both languages, as the cells' currency format shows it
      // (en-US Intl writes "R$ 1.00").
      if (part.type === "currency" && parts[i + 1]?.type !== "literal") return `${part.value}\u00a0`;
      return part.value;
    })
    .join("");
}

export function formatCount(count: number, locale: Locale): string {
  let formatter = counts.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale);
    counts.set(locale, formatter);
  }
  return formatter.format(count);
}

export function formatDateTime(iso: string | Date, locale: Locale): string {
  const date = typeof iso === "string" ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return String(iso);
  let formatter = dates.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "short" });
    dates.set(locale, formatter);
  }
  return formatter.format(date);
}

/** 95_000 ms → "1 min 35 s"; under a second is "0 s". Rounded to whole seconds. */
export function formatDuration(ms: number, locale: Locale): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const unit = (value: number, u: "hour" | "minute" | "second") =>
    new Intl.NumberFormat(locale, { style: "unit", unit: u, unitDisplay: "narrow" }).format(value);
  if (hours > 0) return `${unit(hours, "hour")} ${unit(minutes, "minute")}`;
  if (minutes > 0) return `${unit(minutes, "minute")} ${unit(seconds, "second")}`;
  return unit(seconds, "second");
}
