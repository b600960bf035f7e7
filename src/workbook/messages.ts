/**
 * The message catalogue of issues, in pt-BR and en-US. One entry per issue code (a total record
 * over `IssueCode`, each entry typed with that code's parameters, so a missing parameter is a
 * type error): the rows' and the whole table's messages here, an amount or an identity cell's in
 * ./cell-messages.ts, the pieces both are worded with in ./message-parts.ts. The row states of
 * the status column are ./status-rule.ts's; CPF/CNPJ and sheet/table name problems are worded in
 * ./problem-messages.ts.
 * src/money returns codes and data; only these files turn them into sentences, amounts included:
 * issues carry cents, and each language writes them its own way (pt-BR "R$ 1.234,56", en-US
 * "R$ 1,234.56", src/money's formatCents), whatever the sheet's money locale. Each message says
 * what is wrong and what to do. Cell issues get a "Linha 12, coluna Refeição: " prefix with the
 * worksheet row number people see in Excel.
 */
import type { Locale } from "../money";
import { CELL_MESSAGES } from "./cell-messages";
import { type Catalogue, IDENTITY, en, pt, quoted } from "./message-parts";

/** The one Locale type of src/money, re-exported here for callers that import it with the messages. */
export type { Locale };

const list = (xs: readonly (string | number)[]): string => xs.join(", ");
const capitalize = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

export const MESSAGES: Catalogue = {
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

  // ---- Amount and identity cells (./cell-messages.ts), last: a code worded in both files is then
  // a type error ("specified more than once"), not a silent override.
  ...CELL_MESSAGES,
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
