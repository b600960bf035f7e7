/**
 * CPF check digits (Receita Federal's modulo-11 rule), a deterministic generator for seed data,
 * and masking for logs ("Tax numbers ... are masked in operational logs", Authentication §5).
 */
import type { Random } from "./random";

function checkDigit(digits: readonly number[]): number {
  const weightStart = digits.length + 1;
  let sum = 0;
  digits.forEach((d, i) => (sum += d * (weightStart - i)));
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

export function isValidCpf(cpf: string): boolean {
  if (!/^\d{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false;
  const digits = [...cpf].map(Number);
  const d1 = checkDigit(digits.slice(0, 9));
  const d2 = checkDigit([...digits.slice(0, 9), d1]);
  return digits[9] === d1 && digits[10] === d2;
}

/** A valid CPF from nine random digits plus the two computed check digits. */
export function generateCpf(random: Random): string {
  for (;;) {
    const base = Array.from({ length: 9 }, () => Math.floor(random() * 10));
    if (base.every((d) => d === base[0])) continue;
    const d1 = checkDigit(base);
    const d2 = checkDigit([...base, d1]);
    return [...base, d1, d2].join("");
  }
}
