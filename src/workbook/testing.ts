/**
 * Generated data for tests, benchmarks and the browser preview's demo workbook: valid CPFs,
 * employees and products. Deterministic (no randomness), so failures reproduce.
 */
import { type Employee, type Product, SITUATION_ACTIVE } from "../api/schemas";

/** Check digits by the Receita Federal "módulo 11" rule, over the digits given. */
function cpfCheckDigit(digits: string): string {
  let sum = 0;
  const weight = digits.length + 1;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (weight - i);
  const r = sum % 11;
  return String(r < 2 ? 0 : 11 - r);
}

/** The n-th valid CPF (11 digits, leading zeros kept): a 9-digit base from n plus check digits. */
export function makeCpf(n: number): string {
  // Spread the bases so that many have leading zeros and none is all-same-digit.
  const base = String((n * 7919 + 1) % 1_000_000_000).padStart(9, "0");
  const d1 = cpfCheckDigit(base);
  return base + d1 + cpfCheckDigit(base + d1);
}

export const PRODUCTS: Product[] = [
  { id: "prod_refeicao", name: "Vale Refeição", code: "VR" },
  { id: "prod_alimentacao", name: "Vale Alimentação", code: "VA" },
  { id: "prod_transporte", name: "Vale Transporte", code: "VT" },
  { id: "prod_saude", name: "Auxílio Saúde" },
  { id: "prod_home_office", name: "Home Office" },
  { id: "prod_cultura", name: "Cultura" },
];

/** `n` employees e1..en; every `inactiveEvery`-th one is inactive (0 = none). */
export function makeEmployees(n: number, inactiveEvery = 0): Employee[] {
  return Array.from({ length: n }, (_, i) => ({
    employee_id: `e${i + 1}`,
    name: `Pessoa ${i + 1}`,
    cpf: makeCpf(i + 1),
    email: `pessoa${i + 1}@empresa.com.br`,
    situation: inactiveEvery > 0 && (i + 1) % inactiveEvery === 0 ? "inactive" : SITUATION_ACTIVE,
  }));
}
