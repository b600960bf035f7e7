/**
 * Every message the workbook layer shows, keyed by issue code, in pt-BR and en-US. Each says
 * what is wrong and what to do. Cell issues get a "Linha 12, coluna Refeição: " prefix with the
 * worksheet row number people see in Excel.
 *
 * Personal data: CPFs reach these messages masked (see matching.ts), because issue lists end up
 * in the run log and in screenshots.
 */

import { LOCALES, type Locale } from "../money";

export type Severity = "error" | "warning";
/** The one Locale type of src/money, re-exported for the workbook's callers. */
export { LOCALES, type Locale };

export interface IssueParams {
  /** The cell as the user wrote it. */
  input?: string;
  /** Suggestions for a sub-cent amount, in the sheet's money format. */
  down?: string;
  up?: string;
  /** The amount read as whole reais, for an ambiguous amount (e.g. "1234,00"). */
  whole?: string;
  /** The amount formatted (e.g. "R$ 12.000,00"). */
  amount?: string;
  limit?: string;
  /** normalizeCpf's reason. */
  reason?: string;
  /** The other identity column involved (header text). */
  other?: string;
  employeeName?: string;
  situation?: string;
  count?: number;
  /** Other worksheet rows involved (duplicates). */
  rows?: number[];
  /** Headers involved. */
  headers?: string[];
  product?: string;
  candidates?: string[];
  available?: string;
  total?: string;
  shortfall?: string;
}

interface Entry {
  severity: Severity;
  "pt-BR": (p: IssueParams) => string;
  "en-US": (p: IssueParams) => string;
}

const q = (s: string | undefined): string => `'${s ?? ""}'`;
const list = (xs: readonly (string | number)[] | undefined): string => (xs ?? []).join(", ");

const CPF_REASON_PT: Record<string, string> = {
  empty: "está vazio",
  not_digits: "tem caracteres que não são dígitos",
  wrong_length: "não tem 11 dígitos",
  check_digits: "tem dígitos verificadores que não conferem (há um dígito errado)",
  repeated_digits: "tem todos os dígitos iguais",
};
const CPF_REASON_EN: Record<string, string> = {
  empty: "is empty",
  not_digits: "has characters that are not digits",
  wrong_length: "does not have 11 digits",
  check_digits: "has check digits that do not match (a digit is wrong)",
  repeated_digits: "has all digits the same",
};

export const MESSAGES = {
  // ---- Amount cells
  amount_not_a_number: {
    severity: "error",
    "pt-BR": (p) =>
      `${q(p.input)} não é um valor em reais; escreva um número como 150,00 ou deixe a célula vazia.`,
    "en-US": (p) =>
      `${q(p.input)} is not an amount in reais; type a number such as 150.00 or leave the cell empty.`,
  },
  amount_negative: {
    severity: "error",
    "pt-BR": (p) =>
      `${q(p.input)} é negativo; os valores de benefício são zero ou mais. Corrija o valor ou deixe vazio.`,
    "en-US": (p) =>
      `${q(p.input)} is negative; benefit amounts are zero or more. Fix it or leave the cell empty.`,
  },
  amount_sub_cent: {
    severity: "error",
    "pt-BR": (p) =>
      p.down !== undefined && p.up !== undefined
        ? `${q(p.input)} tem mais de duas casas decimais; escreva ${p.up} ou ${p.down}.`
        : `${q(p.input)} tem mais de duas casas decimais; arredonde para centavos.`,
    "en-US": (p) =>
      p.down !== undefined && p.up !== undefined
        ? `${q(p.input)} has more than two decimal places; type ${p.up} or ${p.down}.`
        : `${q(p.input)} has more than two decimal places; round it to cents.`,
  },
  amount_too_large: {
    severity: "error",
    "pt-BR": (p) => `${q(p.input)} passa do limite de ${p.limit ?? ""} por célula; confira o valor.`,
    "en-US": (p) => `${q(p.input)} is above the limit of ${p.limit ?? ""} per cell; check the amount.`,
  },
  amount_ambiguous: {
    severity: "error",
    "pt-BR": (p) =>
      `${q(p.input)} é ambíguo: pode ser milhar ou decimal. Se são ${p.whole ?? ""} reais, escreva ${p.whole ?? ""}; ` +
      `se há centavos, use no máximo duas casas decimais.`,
    "en-US": (p) =>
      `${q(p.input)} is ambiguous: the separator may mean thousands or decimals. For ${p.whole ?? ""} reais type ` +
      `${p.whole ?? ""}; for cents use at most two decimal places.`,
  },
  amount_large: {
    severity: "warning",
    "pt-BR": (p) => `${p.amount ?? ""} é um valor alto para um benefício; confira antes de enviar.`,
    "en-US": (p) => `${p.amount ?? ""} is a large amount for a benefit; check it before sending.`,
  },

  // ---- Identity cells
  employee_id_unknown: {
    severity: "error",
    "pt-BR": (p) =>
      `nenhum colaborador tem o ID ${q(p.input)}. Confira o ID, ou apague a célula para identificar a pessoa pelo CPF.`,
    "en-US": (p) =>
      `no employee has the ID ${q(p.input)}. Check the ID, or clear the cell to identify the person by CPF.`,
  },
  employee_id_ambiguous: {
    severity: "error",
    "pt-BR": (p) =>
      `o ID ${q(p.input)} é um número, e o Excel apaga os zeros à esquerda: ${p.count ?? 2} colaboradores têm esse ID ` +
      `com ou sem zeros (como 123 e 0123). Formate a coluna do ID como Texto e digite os IDs de novo, com os zeros.`,
    "en-US": (p) =>
      `the ID ${q(p.input)} is a number, and Excel drops leading zeros: ${p.count ?? 2} employees have this ID with ` +
      `or without zeros (such as 123 and 0123). Format the ID column as Text and type the IDs again, with their zeros.`,
  },
  employee_id_number_unsafe: {
    severity: "error",
    "pt-BR": (p) =>
      `o ID ${q(p.input)} está guardado como número, e o Excel só guarda 15 dígitos exatos (e nenhuma fração ou ` +
      `sinal num ID): os dígitos podem não ser os digitados. Formate a coluna do ID como Texto e digite o ID de novo.`,
    "en-US": (p) =>
      `the ID ${q(p.input)} is stored as a number, and Excel keeps only 15 exact digits (and an ID has no fraction ` +
      `or sign): the digits may not be the ones typed. Format the ID column as Text and type the ID again.`,
  },
  cpf_unknown: {
    severity: "error",
    "pt-BR": (p) =>
      `nenhum colaborador cadastrado tem o CPF ${p.input ?? ""}. Confira o número ou cadastre a pessoa antes de enviar.`,
    "en-US": (p) =>
      `no registered employee has the CPF ${p.input ?? ""}. Check it or register the person first.`,
  },
  email_unknown: {
    severity: "error",
    "pt-BR": (p) => `nenhum colaborador tem o e-mail ${q(p.input)}. Confira o e-mail ou use o CPF.`,
    "en-US": (p) => `no employee has the e-mail ${q(p.input)}. Check it or use the CPF.`,
  },
  cpf_invalid: {
    severity: "error",
    "pt-BR": (p) =>
      `o CPF ${p.input ?? ""} ${CPF_REASON_PT[p.reason ?? ""] ?? "é inválido"}. Escreva os 11 dígitos, como 123.456.789-09.`,
    "en-US": (p) =>
      `the CPF ${p.input ?? ""} ${CPF_REASON_EN[p.reason ?? ""] ?? "is invalid"}. Type its 11 digits, e.g. 123.456.789-09.`,
  },
  cpf_ambiguous: {
    severity: "error",
    "pt-BR": (p) =>
      `${p.count ?? 2} colaboradores ativos têm o CPF ${p.input ?? ""}. Use a coluna de ID do colaborador nesta linha.`,
    "en-US": (p) =>
      `${p.count ?? 2} active employees share the CPF ${p.input ?? ""}. Use the employee ID column here.`,
  },
  email_ambiguous: {
    severity: "error",
    "pt-BR": (p) =>
      `${p.count ?? 2} colaboradores têm o e-mail ${q(p.input)}. Use o CPF ou o ID do colaborador.`,
    "en-US": (p) =>
      `${p.count ?? 2} employees share the e-mail ${q(p.input)}. Use the CPF or the employee ID.`,
  },
  identity_conflict: {
    severity: "error",
    "pt-BR": (p) =>
      `${q(p.input)} é de ${p.employeeName ?? (p.count !== undefined ? `${p.count} outros colaboradores` : "outra pessoa")}, ` +
      `mas a coluna ${p.other ?? ""} aponta outro colaborador. Corrija uma das duas.`,
    "en-US": (p) =>
      `${q(p.input)} belongs to ${p.employeeName ?? (p.count !== undefined ? `${p.count} other employees` : "someone else")}, ` +
      `but the ${p.other ?? ""} column names another employee. Fix one of them.`,
  },
  identity_mismatch: {
    severity: "warning",
    "pt-BR": (p) =>
      `${q(p.input)} não é o que está cadastrado para ${p.employeeName ?? "o colaborador"} (encontrado pela coluna ` +
      `${p.other ?? ""}). Confira a linha.`,
    "en-US": (p) =>
      `${q(p.input)} is not what is on record for ${p.employeeName ?? "the employee"} (found by the ${p.other ?? ""} ` +
      `column). Check the row.`,
  },
  employee_inactive: {
    severity: "error",
    "pt-BR": (p) =>
      `${p.employeeName ?? "o colaborador"} não está ativo (situação ${q(p.situation)}) e não pode receber benefícios. ` +
      `Apague os valores da linha ou reative a pessoa.`,
    "en-US": (p) =>
      `${p.employeeName ?? "the employee"} is not active (situation ${q(p.situation)}) and cannot receive benefits. ` +
      `Clear the row's amounts or reactivate the person.`,
  },
  employee_duplicate: {
    severity: "error",
    "pt-BR": (p) =>
      `${p.employeeName ?? "o colaborador"} também está na(s) linha(s) ${list(p.rows)}. Deixe a pessoa em uma linha só.`,
    "en-US": (p) =>
      `${p.employeeName ?? "the employee"} is also on row(s) ${list(p.rows)}. Keep the person on one row.`,
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
    "pt-BR": () => `esta parece ser uma linha de total; ela foi ignorada e não será enviada.`,
    "en-US": () => `this looks like a totals row; it was skipped and will not be sent.`,
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
      `tem valores (${p.total ?? ""} no total) mas não corresponde a nenhum produto, então NÃO será enviada. ` +
      `${p.candidates?.length ? `Produtos parecidos: ${list(p.candidates)}. ` : ""}` +
      `Renomeie a coluna, escolha o produto no mapeamento ou marque-a como ignorada.`,
    "en-US": (p) =>
      `has amounts (${p.total ?? ""} in total) but matches no product, so it will NOT be sent. ` +
      `${p.candidates?.length ? `Similar products: ${list(p.candidates)}. ` : ""}` +
      `Rename the column, pick the product in the mapping, or mark it as ignored.`,
  },
  product_loose_match: {
    severity: "warning",
    "pt-BR": (p) => `foi ligada ao produto ${q(p.product)} por semelhança do nome; confirme no mapeamento.`,
    "en-US": (p) => `was linked to the product ${q(p.product)} by a similar name; confirm it in the mapping.`,
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
      `o mapeamento salvo liga esta coluna a um produto que não existe mais (${p.product ?? ""}); ` +
      `a escolha foi ignorada. Escolha o produto de novo.`,
    "en-US": (p) =>
      `the saved mapping links this column to a product that no longer exists (${p.product ?? ""}); it was ignored. ` +
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
      `${p.count ?? 0} colaborador(es) aparecem em mais de uma linha. Deixe cada pessoa em uma linha só.`,
    "en-US": (p) => `${p.count ?? 0} employee(s) appear on more than one row. Keep each person on one row.`,
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
      `O total (${p.total ?? ""}) é maior que o saldo disponível (${p.available ?? ""}); faltam ${p.shortfall ?? ""}. ` +
      `Faça um depósito ou pague a diferença por PIX ou boleto.`,
    "en-US": (p) =>
      `The total (${p.total ?? ""}) is above the available balance (${p.available ?? ""}); ${p.shortfall ?? ""} short. ` +
      `Make a deposit or pay the difference by PIX or boleto.`,
  },
} satisfies Record<string, Entry>;

export type IssueCode = keyof typeof MESSAGES;

export interface Issue {
  code: IssueCode;
  severity: Severity;
  /** Worksheet row number as Excel shows it; absent for whole-table issues. */
  row?: number;
  /** 0-based index among the data rows; absent for whole-table issues. */
  rowIndex?: number;
  /** Header of the column, when the issue is about one. */
  column?: string;
  params: IssueParams;
  message: Record<Locale, string>;
}

export interface IssueInit {
  code: IssueCode;
  severity?: Severity;
  row?: number;
  rowIndex?: number;
  column?: string;
  params?: IssueParams;
}

function prefix(locale: Locale, row: number | undefined, rawColumn: string | undefined): string {
  const pt = locale === "pt-BR";
  const column = rawColumn?.trim();
  if (row !== undefined && column !== undefined)
    return pt ? `Linha ${row}, coluna ${column}: ` : `Row ${row}, column ${column}: `;
  if (row !== undefined) return pt ? `Linha ${row}: ` : `Row ${row}: `;
  if (column !== undefined) return pt ? `Coluna ${column}: ` : `Column ${column}: `;
  return "";
}

/** Builds an issue with its messages in every locale. */
export function makeIssue(init: IssueInit): Issue {
  const entry: Entry = MESSAGES[init.code];
  const params = init.params ?? {};
  const message = {} as Record<Locale, string>;
  for (const locale of LOCALES) {
    const body = entry[locale](params);
    const head = prefix(locale, init.row, init.column);
    message[locale] = head === "" ? body : head + body;
  }
  return {
    code: init.code,
    severity: init.severity ?? entry.severity,
    ...(init.row !== undefined ? { row: init.row } : {}),
    ...(init.rowIndex !== undefined ? { rowIndex: init.rowIndex } : {}),
    ...(init.column !== undefined ? { column: init.column } : {}),
    params,
    message,
  };
}
