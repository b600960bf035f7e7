/**
 * The message catalogue of issues, in pt-BR and en-US. One entry per issue code (a total record
 * over `IssueCode`, each entry typed with that code's parameters, so a missing parameter is a
 * type error). The row states of the status column are ./status-rule.ts's. CPF/CNPJ and sheet/table name problems
 * are worded in ./problem-messages.ts.
 * src/money returns codes and data; only these files turn them into sentences, amounts included:
 * issues carry cents, and each language writes them its own way (pt-BR "R$ 1.234,56", en-US
 * "R$ 1,234.56", src/money's formatCents), whatever the sheet's money locale. Each message says
 * what is wrong and what to do. Cell issues get a "Linha 12, coluna Refeição: " prefix with the
 * worksheet row number people see in Excel.
 */
import { defineWords } from "../money";
import { type DocumentProblemCode, type Locale, formatCents } from "../money";
import type { IdentityKind, IssueCode, IssueParamsByCode, Severity } from "./issue-codes";

/** The one Locale type of src/money, re-exported here for callers that import it with the messages. */
export type { Locale };

interface Entry<P> {
  severity: Severity;
  "pt-BR": (p: P) => string;
  "en-US": (p: P) => string;
}

type Catalogue = { [C in IssueCode]: Entry<IssueParamsByCode[C]> };

const quoted = (s: string): string => `'${s}'`;
/** A cell's input quoted; a number cell's decimal in the message's language ("12,345" in pt-BR). */
const shown = (p: { input: string; number?: true }, locale: Locale): string =>
  quoted(p.number && locale === "pt-BR" ? p.input.replace(".", ",") : p.input);
const pt = (cents: number): string => formatCents(cents, "pt-BR");
const en = (cents: number): string => formatCents(cents, "en-US");

/** "12,35" (pt-BR) / "12.35" (en-US): an amount as the user would type it, without the currency mark. */
function plainAmount(cents: number, locale: Locale): string {
  return formatCents(cents, locale).replace(/^-?\s*R\$\s*/, "");
}
const list = (xs: readonly (string | number)[]): string => xs.join(", ");

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

/** An identity column as a sentence names it: "o CPF", "the employee ID". */
const IDENTITY = defineWords<Record<IdentityKind, string>>(
  { employee_id: "o ID do colaborador", cpf: "o CPF", email: "o e-mail" },
  { employee_id: "the employee ID", cpf: "the CPF", email: "the e-mail" },
);

const capitalize = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

export const MESSAGES: Catalogue = {
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

  // ---- Rows
  employee_duplicate: {
    severity: "error",
    "pt-BR": (p) =>
      `${p.employeeName} também está na(s) linha(s) ${list(p.rows)}. Deixe a pessoa em uma linha só.`,
    "en-US": (p) => `${p.employeeName} is also on row(s) ${list(p.rows)}. Keep the person on one row.`,
  },
  name_mismatch: {
    severity: "warning",
    "pt-BR": (p) =>
      `${capitalize(IDENTITY["pt-BR"][p.by])} desta linha é de ${p.employeeName}, mas a linha diz ${quoted(p.rowName)}. ` +
      `Confira se a planilha não foi ordenada por uma coluna só ou colada uma linha fora do lugar.`,
    "en-US": (p) =>
      `${capitalize(IDENTITY["en-US"][p.by])} on this row belongs to ${p.employeeName}, but the row says ` +
      `${quoted(p.rowName)}. Check that the sheet was not sorted by one column alone or pasted one row off.`,
  },
  missing_identity: {
    severity: "error",
    "pt-BR": () => `a linha tem valores mas nenhum ID do colaborador, CPF ou e-mail. Preencha um deles.`,
    "en-US": () => `the row has amounts but no employee ID, CPF or e-mail. Fill in one of them.`,
  },
  incomplete_row: {
    severity: "warning",
    "pt-BR": () => `a linha não tem ID do colaborador, CPF nem e-mail, e nenhum valor; ela será ignorada.`,
    "en-US": () => `the row has no employee ID, CPF or e-mail, and no amounts; it is skipped.`,
  },
  totals_row_skipped: {
    severity: "warning",
    "pt-BR": (p) =>
      `${quoted(p.label)}: esta parece ser uma linha de total; ela foi ignorada e não será enviada.`,
    "en-US": (p) => `${quoted(p.label)}: this looks like a totals row; it was skipped and will not be sent.`,
  },

  // ---- Whole table
  no_identity_column: {
    severity: "error",
    "pt-BR": () =>
      `A tabela não tem coluna de ID do colaborador, CPF ou e-mail. Inclua uma (por exemplo, "CPF").`,
    "en-US": () => `The table has no employee ID, CPF or e-mail column. Add one (for example "CPF").`,
  },
  no_product_column: {
    severity: "error",
    "pt-BR": () =>
      `Nenhuma coluna corresponde a um produto. Dê às colunas de valores o nome do produto (ex.: "Vale Refeição") ` +
      `ou ajuste o mapeamento.`,
    "en-US": () =>
      `No column matches a product. Name the amount columns after the products (e.g. "Vale Refeição") or adjust ` +
      `the mapping.`,
  },
  duplicate_column: {
    severity: "error",
    "pt-BR": (p) =>
      `As colunas ${list(p.headers)} correspondem ao mesmo ${p.product ? `produto (${p.product})` : "campo"}. ` +
      `Remova uma ou ajuste o mapeamento.`,
    "en-US": (p) =>
      `The columns ${list(p.headers)} map to the same ${p.product ? `product (${p.product})` : "field"}. Remove one ` +
      `or adjust the mapping.`,
  },
  unmapped_amount_column: {
    severity: "warning",
    "pt-BR": (p) =>
      `tem valores (${pt(p.totalCents)} no total) mas não corresponde a nenhum produto, então NÃO será enviada. ` +
      `${p.candidates.length ? `Produtos parecidos: ${list(p.candidates)}. ` : ""}` +
      `Renomeie a coluna, escolha o produto no mapeamento ou marque-a como ignorada.`,
    "en-US": (p) =>
      `has amounts (${en(p.totalCents)} in total) but matches no product, so it will NOT be sent. ` +
      `${p.candidates.length ? `Similar products: ${list(p.candidates)}. ` : ""}` +
      `Rename the column, pick the product in the mapping, or mark it as ignored.`,
  },
  product_loose_match: {
    severity: "warning",
    "pt-BR": (p) =>
      `foi ligada ao produto ${quoted(p.product)} por semelhança do nome; confirme no mapeamento.`,
    "en-US": (p) =>
      `was linked to the product ${quoted(p.product)} by a similar name; confirm it in the mapping.`,
  },
  mapping_stale: {
    severity: "warning",
    "pt-BR": (p) =>
      `O mapeamento salvo cita colunas que não existem mais (${list(p.headers)}); essas escolhas foram ignoradas.`,
    "en-US": (p) =>
      `The saved mapping names columns that no longer exist (${list(p.headers)}); those were ignored.`,
  },
  mapping_unknown_product: {
    severity: "warning",
    "pt-BR": (p) =>
      `o mapeamento salvo liga esta coluna a um produto que não existe mais (${p.product}); ` +
      `a escolha foi ignorada. Escolha o produto de novo.`,
    "en-US": (p) =>
      `the saved mapping links this column to a product that no longer exists (${p.product}); it was ignored. ` +
      `Pick the product again.`,
  },
  mapping_invalid: {
    severity: "warning",
    "pt-BR": () =>
      `O mapeamento salvo nesta pasta de trabalho está ilegível e foi ignorado; as colunas foram reconhecidas de novo.`,
    "en-US": () =>
      `The mapping saved in this workbook is unreadable and was ignored; the columns were recognized again.`,
  },
  duplicate_employees: {
    severity: "error",
    "pt-BR": (p) =>
      `${p.count} colaborador(es) aparecem em mais de uma linha. Deixe cada pessoa em uma linha só.`,
    "en-US": (p) => `${p.count} employee(s) appear on more than one row. Keep each person on one row.`,
  },
  nothing_to_send: {
    severity: "error",
    "pt-BR": () =>
      `Não há nenhum valor a enviar: preencha os valores dos produtos para pelo menos um colaborador.`,
    "en-US": () => `There is nothing to send: fill in product amounts for at least one employee.`,
  },
  insufficient_balance: {
    severity: "warning",
    "pt-BR": (p) =>
      `O total (${pt(p.totalCents)}) é maior que o saldo disponível (${pt(p.availableCents)}); ` +
      `faltam ${pt(p.shortfallCents)}. ` +
      `Faça um depósito ou pague a diferença por PIX ou boleto.`,
    "en-US": (p) =>
      `The total (${en(p.totalCents)}) is above the available balance (${en(p.availableCents)}); ` +
      `${en(p.shortfallCents)} short. ` +
      `Make a deposit or pay the difference by PIX or boleto.`,
  },
};

/** "Linha 12, coluna Refeição: ", "Linha 12: ", "Coluna Refeição: " or "". */
export function locationPrefix(
  locale: Locale,
  row: number | undefined,
  rawColumn: string | undefined,
): string {
  const pt = locale === "pt-BR";
  const column = rawColumn?.trim();
  if (row !== undefined && column !== undefined)
    return pt ? `Linha ${row}, coluna ${column}: ` : `Row ${row}, column ${column}: `;
  if (row !== undefined) return pt ? `Linha ${row}: ` : `Row ${row}: `;
  if (column !== undefined) return pt ? `Coluna ${column}: ` : `Column ${column}: `;
  return "";
}
