/**
 * Header text: how a header is compared (`headerKey`, `looseKey`: case-, accent-, punctuation-
 * and space-insensitive, in Portuguese and English), the aliases that make a header an identity,
 * info or add-in column, and the headers the add-in itself writes. The mapping (./mapping.ts)
 * decides roles from these.
 */
import { defineWords } from "../money";
import type { ColumnRole, RoleName } from "./roles";

/** "Vale-Refeição (R$)" → "valerefeicao": lower case, no accents, letters and digits only. */
export function headerKey(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/r\$/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, "");
}

const GENERIC_WORDS = new Set([
  "vale",
  "auxilio",
  "beneficio",
  "valor",
  "valores",
  "de",
  "do",
  "da",
  "dos",
  "das",
  "em",
  "reais",
  "r",
  "brl",
  "cartao",
  "credito",
  "benefit",
  "allowance",
  "amount",
  "card",
]);

/** The header or product name without generic words: "Valor Vale Refeição (R$)" → "refeicao". */
export function looseKey(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/r\$/g, " ")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== "" && !GENERIC_WORDS.has(w))
    .join("");
}

const ALIASES: Record<Exclude<RoleName, "product" | "ignore" | "unmapped">, string[]> = {
  employee_id: [
    "employee_id",
    "employee id",
    "id do colaborador",
    "id colaborador",
    "colaborador id",
    "id do funcionário",
    "id funcionário",
    "id do empregado",
    "id valepix",
    "valepix id",
  ],
  cpf: [
    "CPF",
    "Documento",
    "CPF do colaborador",
    "CPF colaborador",
    "CPF do funcionário",
    "Número do CPF",
    "Nº CPF",
  ],
  email: [
    "E-mail",
    "Email",
    "E-mail do colaborador",
    "E-mail corporativo",
    "Correio eletrônico",
    "Mail",
    "Email address",
  ],
  name: [
    "Nome",
    "Name",
    "Colaborador",
    "Funcionário",
    "Empregado",
    "Nome do colaborador",
    "Nome do funcionário",
    "Nome completo",
    "Full name",
    "Employee",
    "Employee name",
  ],
  info: [
    "Situação",
    "Situation",
    "Status",
    "Matrícula",
    "Registration",
    "Setor",
    "Cargo",
    "Position",
    "Salário",
    "Salary",
    "Total",
    "Observação",
    "Observações",
    "Obs",
    "Notes",
    "Admissão",
    "Data de admissão",
    "Hire date",
  ],
  // Strongest first: when a table has several, the first in this list is the cost centre and
  // the others stay the person's own columns (./mapping.ts).
  cost_centre: [
    "Centro de custo",
    "Centro de custos",
    "Cost center",
    "Cost centre",
    "CC",
    "C. custo",
    "Departamento",
    "Department",
  ],
  status: ["Status ValePix", "ValePix status", "Status do envio"],
  message: ["Mensagem ValePix", "ValePix message", "Mensagem do envio"],
  total: ["Total da linha", "Row total", "Total ValePix", "ValePix total"],
};

const ALIAS_INDEX = new Map<string, ColumnRole>();
for (const [role, names] of Object.entries(ALIASES)) {
  for (const alias of names) ALIAS_INDEX.set(headerKey(alias), { role } as ColumnRole);
}

/** How strongly an alias header names a cost centre: 0 is the strongest, -1 when it does not. */
export function costCentreRank(header: string): number {
  const key = headerKey(header);
  return ALIASES.cost_centre.findIndex((alias) => headerKey(alias) === key);
}

/** The role an alias header gives its column (identity, info or add-in), if it is one. */
export function aliasRole(header: string): ColumnRole | undefined {
  return ALIAS_INDEX.get(headerKey(header));
}

/**
 * The normalized keys (`headerKey`) of every alias header: a header with one of these keys maps
 * as an identity, info or add-in column, never as a product. Whoever writes a product header
 * (the template) must not write one of these bare.
 */
export const ALIAS_KEYS: ReadonlySet<string> = new Set(ALIAS_INDEX.keys());

/** Headers the add-in writes for its own columns and the identity columns of the template. */
export const ADDIN_HEADERS = defineWords<{ status: string; message: string; total: string }>(
  { status: "Status ValePix", message: "Mensagem ValePix", total: "Total da linha" },
  { status: "ValePix status", message: "ValePix message", total: "Row total" },
);
export const IDENTITY_HEADERS = defineWords(
  {
    employee_id: "ID do colaborador",
    cpf: "CPF",
    name: "Nome",
    email: "E-mail",
    costCentre: "Centro de custo",
  },
  { employee_id: "Employee ID", cpf: "CPF", name: "Name", email: "E-mail", costCentre: "Cost centre" },
);
