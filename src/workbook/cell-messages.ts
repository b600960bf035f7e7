/**
 * The issue catalogue's messages about one cell (./messages.ts assembles the catalogue): an
 * amount that cannot be paid as typed (from src/money's CentsProblem), and an identity (employee
 * ID, CPF, e-mail) that names no one, several people, someone inactive, or someone other than the
 * row's first identity does (from ./matching.ts's MatchProblem). Each says what is wrong and what
 * to do; ./issues.ts puts the "Linha 12, coluna Refeição: " prefix before it.
 */
import { type DocumentProblemCode, type Locale, defineWords, formatCents } from "../money";
import { type Catalogue, IDENTITY, en, pt, quoted } from "./message-parts";

/** A cell's input quoted; a number cell's decimal in the message's language ("12,345" in pt-BR). */
const shown = (p: { input: string; number?: true }, locale: Locale): string =>
  quoted(p.number && locale === "pt-BR" ? p.input.replace(".", ",") : p.input);

/** "12,35" (pt-BR) / "12.35" (en-US): an amount as the user would type it, without the currency mark. */
function plainAmount(cents: number, locale: Locale): string {
  return formatCents(cents, locale).replace(/^-?\s*R\$\s*/, "");
}

/** Why a CPF is invalid, as the end of "o CPF ... <reason>". */
const CPF_REASON = defineWords<Record<DocumentProblemCode, string>>(
  {
    empty: "está vazio",
    not_digits: "tem caracteres que não são dígitos",
    wrong_length: "não tem 11 dígitos",
    check_digits: "tem dígitos verificadores que não conferem (há um dígito errado)",
    repeated_digits: "tem todos os dígitos iguais",
  },
  {
    empty: "is empty",
    not_digits: "has characters that are not digits",
    wrong_length: "does not have 11 digits",
    check_digits: "has check digits that do not match (a digit is wrong)",
    repeated_digits: "has all digits the same",
  },
);

export const CELL_MESSAGES = {
  // ---- Amount cells
  amount_not_a_number: {
    severity: "error",
    "pt-BR": (p) =>
      `${shown(p, "pt-BR")} não é um valor em reais; escreva um número como 150,00 ou deixe a célula vazia.`,
    "en-US": (p) =>
      `${shown(p, "en-US")} is not an amount in reais; type a number such as 150.00 or leave the cell empty.`,
  },
  amount_formula_error: {
    severity: "error",
    "pt-BR": (p) =>
      p.input.toUpperCase() === "#BUSY!"
        ? "A fórmula ainda está calculando; espere o resultado e valide de novo."
        : `A fórmula dá o erro ${p.input}; corrija a fórmula ou escreva o valor.`,
    "en-US": (p) =>
      p.input.toUpperCase() === "#BUSY!"
        ? "The formula is still calculating; wait for its result and validate again."
        : `The formula gives the error ${p.input}; fix the formula or type the amount.`,
  },
  amount_negative: {
    severity: "error",
    "pt-BR": (p) =>
      `${shown(p, "pt-BR")} é negativo; os valores de benefício são zero ou mais. Corrija o valor ou deixe vazio.`,
    "en-US": (p) =>
      `${shown(p, "en-US")} is negative; benefit amounts are zero or more. Fix it or leave the cell empty.`,
  },
  amount_sub_cent: {
    severity: "error",
    "pt-BR": (p) =>
      p.nearest
        ? `${shown(p, "pt-BR")} tem mais de duas casas decimais; escreva ${plainAmount(p.nearest.upCents, "pt-BR")} ` +
          `ou ${plainAmount(p.nearest.downCents, "pt-BR")}.`
        : `${shown(p, "pt-BR")} tem mais de duas casas decimais; arredonde para centavos.`,
    "en-US": (p) =>
      p.nearest
        ? `${shown(p, "en-US")} has more than two decimal places; type ${plainAmount(p.nearest.upCents, "en-US")} ` +
          `or ${plainAmount(p.nearest.downCents, "en-US")}.`
        : `${shown(p, "en-US")} has more than two decimal places; round it to cents.`,
  },
  amount_too_large: {
    severity: "error",
    "pt-BR": (p) =>
      `${shown(p, "pt-BR")} passa do limite de ${pt(p.limitCents)} por célula; confira o valor.`,
    "en-US": (p) =>
      `${shown(p, "en-US")} is above the limit of ${en(p.limitCents)} per cell; check the amount.`,
  },
  amount_ambiguous: {
    severity: "error",
    "pt-BR": (params) => {
      const whole = plainAmount(params.wholeCents, "pt-BR");
      return (
        `${shown(params, "pt-BR")} é ambíguo: pode ser milhar ou decimal. Se são ${whole} reais, escreva ${whole}; ` +
        `se há centavos, use no máximo duas casas decimais.`
      );
    },
    "en-US": (params) => {
      const whole = plainAmount(params.wholeCents, "en-US");
      return (
        `${shown(params, "en-US")} is ambiguous: the separator may mean thousands or decimals. For ${whole} reais type ` +
        `${whole}; for cents use at most two decimal places.`
      );
    },
  },
  amount_large: {
    severity: "warning",
    "pt-BR": (p) => `${pt(p.cents)} é um valor alto para um benefício; confira antes de enviar.`,
    "en-US": (p) => `${en(p.cents)} is a large amount for a benefit; check it before sending.`,
  },

  // ---- Identity cells
  employee_id_unknown: {
    severity: "error",
    "pt-BR": (p) =>
      `nenhum colaborador tem o ID ${quoted(p.input)}. Confira o ID, ou apague a célula para identificar a pessoa pelo CPF.`,
    "en-US": (p) =>
      `no employee has the ID ${quoted(p.input)}. Check the ID, or clear the cell to identify the person by CPF.`,
  },
  employee_id_ambiguous: {
    severity: "error",
    "pt-BR": (p) =>
      `o ID ${quoted(p.input)} é um número, e o Excel apaga os zeros à esquerda: ${p.count} colaboradores têm esse ID ` +
      `com ou sem zeros (como 123 e 0123). Formate a coluna do ID como Texto e digite os IDs de novo, com os zeros.`,
    "en-US": (p) =>
      `the ID ${quoted(p.input)} is a number, and Excel drops leading zeros: ${p.count} employees have this ID with ` +
      `or without zeros (such as 123 and 0123). Format the ID column as Text and type the IDs again, with their zeros.`,
  },
  employee_id_number_unsafe: {
    severity: "error",
    "pt-BR": (p) =>
      `o ID ${quoted(p.input)} está guardado como número, e o Excel só guarda 15 dígitos exatos (e nenhuma fração ou ` +
      `sinal num ID): os dígitos podem não ser os digitados. Formate a coluna do ID como Texto e digite o ID de novo.`,
    "en-US": (p) =>
      `the ID ${quoted(p.input)} is stored as a number, and Excel keeps only 15 exact digits (and an ID has no fraction ` +
      `or sign): the digits may not be the ones typed. Format the ID column as Text and type the ID again.`,
  },
  cpf_unknown: {
    severity: "error",
    "pt-BR": (p) =>
      `nenhum colaborador cadastrado tem o CPF ${p.input}. Confira o número ou cadastre a pessoa antes de enviar.`,
    "en-US": (p) => `no registered employee has the CPF ${p.input}. Check it or register the person first.`,
  },
  email_unknown: {
    severity: "error",
    "pt-BR": (p) => `nenhum colaborador tem o e-mail ${quoted(p.input)}. Confira o e-mail ou use o CPF.`,
    "en-US": (p) => `no employee has the e-mail ${quoted(p.input)}. Check it or use the CPF.`,
  },
  cpf_invalid: {
    severity: "error",
    "pt-BR": (p) =>
      `o CPF ${p.input} ${CPF_REASON["pt-BR"][p.reason]}. Escreva os 11 dígitos, como 123.456.789-09.`,
    "en-US": (p) =>
      `the CPF ${p.input} ${CPF_REASON["en-US"][p.reason]}. Type its 11 digits, e.g. 123.456.789-09.`,
  },
  cpf_ambiguous: {
    severity: "error",
    "pt-BR": (p) =>
      `${p.count} colaboradores ativos têm o CPF ${p.input}. Use a coluna de ID do colaborador nesta linha.`,
    "en-US": (p) => `${p.count} active employees share the CPF ${p.input}. Use the employee ID column here.`,
  },
  email_ambiguous: {
    severity: "error",
    "pt-BR": (p) =>
      `${p.count} colaboradores têm o e-mail ${quoted(p.input)}. Use o CPF ou o ID do colaborador.`,
    "en-US": (p) =>
      `${p.count} employees share the e-mail ${quoted(p.input)}. Use the CPF or the employee ID.`,
  },
  identity_conflict: {
    severity: "error",
    "pt-BR": (p) =>
      `${quoted(p.input)} é de ${"employeeName" in p ? p.employeeName : `${p.count} outros colaboradores`}, ` +
      `mas ${IDENTITY["pt-BR"][p.other]} da linha aponta outro colaborador. Corrija um dos dois.`,
    "en-US": (p) =>
      `${quoted(p.input)} belongs to ${"employeeName" in p ? p.employeeName : `${p.count} other employees`}, ` +
      `but ${IDENTITY["en-US"][p.other]} on the row names another employee. Fix one of them.`,
  },
  identity_mismatch: {
    severity: "warning",
    "pt-BR": (p) =>
      `${quoted(p.input)} não é o que está cadastrado para ${p.employeeName} (encontrado por ` +
      `${IDENTITY["pt-BR"][p.other]}). Confira a linha.`,
    "en-US": (p) =>
      `${quoted(p.input)} is not what is on record for ${p.employeeName} (found by ${IDENTITY["en-US"][p.other]}). ` +
      `Check the row.`,
  },
  employee_inactive: {
    severity: "error",
    "pt-BR": (p) =>
      `${p.employeeName} não está ativo (situação ${quoted(p.situation)}) e não pode receber benefícios. ` +
      `Apague os valores da linha ou reative a pessoa.`,
    "en-US": (p) =>
      `${p.employeeName} is not active (situation ${quoted(p.situation)}) and cannot receive benefits. ` +
      `Clear the row's amounts or reactivate the person.`,
  },
} satisfies Partial<Catalogue>;
