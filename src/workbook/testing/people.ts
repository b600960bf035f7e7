/**
 * Generated data for tests, benchmarks and the browser preview's demo workbook: valid CPFs,
 * employees and products. Deterministic (no randomness), so failures reproduce.
 */
import { type Employee, type Product, SITUATION_ACTIVE } from "../../api/schemas";
import { cpfCheckDigits } from "../../money";

/**
 * The `ordinal`-th valid CPF (11 digits, leading zeros kept): a 9-digit base from `ordinal` plus
 * the check digits of src/money (the rule lives in one place). The bases are spread so that many
 * have leading zeros; the few ordinals whose base is one digit repeated (the smallest is
 * 59,982,321) are never issued and throw a RangeError.
 */
export function makeCpf(ordinal: number): string {
  const base = String((ordinal * 7919 + 1) % 1_000_000_000).padStart(9, "0");
  if (/^(\d)\1*$/.test(base))
    throw new RangeError(`makeCpf(${ordinal}): the base ${base} has no valid CPF (all digits the same)`);
  return base + cpfCheckDigits(base);
}

export const PRODUCTS: Product[] = [
  { id: "prod_refeicao", name: "Vale Refeição", code: "VR" },
  { id: "prod_alimentacao", name: "Vale Alimentação", code: "VA" },
  { id: "prod_transporte", name: "Vale Transporte", code: "VT" },
  { id: "prod_saude", name: "Auxílio Saúde" },
  { id: "prod_home_office", name: "Home Office" },
  { id: "prod_cultura", name: "Cultura" },
];

/** `count` employees e1..e<count>; every `inactiveEvery`-th one is inactive (0 = none). */
export function makeEmployees(count: number, inactiveEvery = 0): Employee[] {
  return Array.from({ length: count }, (_, i) => ({
    employee_id: `e${i + 1}`,
    name: `Pessoa ${i + 1}`,
    cpf: makeCpf(i + 1),
    email: `pessoa${i + 1}@empresa.com.br`,
    situation: inactiveEvery > 0 && (i + 1) % inactiveEvery === 0 ? "inactive" : SITUATION_ACTIVE,
  }));
}
