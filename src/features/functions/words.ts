/**
 * The words the VALEPIX functions put into cells: the header row of TRANSACOES and the messages
 * of their errors (shown by Excel in the cell's error indicator, beside `#N/D` / `#N/A` or
 * `#VALOR!` / `#VALUE!`). pt-BR when Office's display language is any Portuguese, as the pane.
 * Each message says what to do, in the fewest words: Excel shows it in a small flyout.
 */
import { defineWords, type Locale, type Widen } from "../../money";

const ptBR = {
  transactionHeader: ["Data", "Tipo", "Situação", "Valor", "Descrição", "ID", "Referência"] as const,
  notConnected: "Conecte-se no painel ValePix (Conexão) e atualize (ValePix > Atualizar funções).",
  unauthorized: "O token foi recusado (401): conecte-se de novo no painel ValePix.",
  forbidden: "Este token não tem acesso a este dado (403): peça o acesso a quem administra a conta.",
  notFound: (what: "distribution" | "deposit") =>
    `${what === "deposit" ? "Depósito não encontrado" : "Distribuição não encontrada"} (404): confira o ID e o ambiente da conexão.`,
  rateLimited: "Limite de consultas da API atingido (429): aguarde um minuto e atualize.",
  offline: "Sem conexão com a API: verifique a internet e atualize (ValePix > Atualizar funções).",
  serverFailed: (status: string) => `A API falhou (${status}): atualize em alguns instantes.`,
  unreadable: "A API respondeu algo que o ValePix não entende: tente de novo mais tarde.",
  tooMany: (max: string) => `Mais de ${max} transações: filtre por tipo ("DEPOSITO" ou "DISTRIBUICAO").`,
  unknown: "Não foi possível consultar a API: atualize em alguns instantes.",
  badType: (given: string) => `Tipo "${given}" desconhecido: use "DEPOSITO", "DISTRIBUICAO" ou deixe vazio.`,
  badField: (given: string, fields: string) => `Campo "${given}" desconhecido: use ${fields}.`,
  badId: (what: "distribution" | "deposit") =>
    `Informe o ID ${what === "deposit" ? "do depósito" : "da distribuição"}.`,
  badDates: "A data final é anterior à inicial.",
  noAmount: "A API não informou o valor deste depósito.",
};

const enUS: Widen<typeof ptBR> = {
  transactionHeader: ["Date", "Type", "State", "Amount", "Description", "ID", "Reference"],
  notConnected: "Connect in the ValePix pane (Connection), then refresh (ValePix > Refresh functions).",
  unauthorized: "The token was refused (401): connect again in the ValePix pane.",
  forbidden: "This token has no access to this data (403): ask the account's administrator for it.",
  notFound: (what) =>
    `${what === "deposit" ? "Deposit" : "Distribution"} not found (404): check the ID and the connection's environment.`,
  rateLimited: "The API's call limit was reached (429): wait a minute and refresh.",
  offline: "The API cannot be reached: check the internet connection and refresh.",
  serverFailed: (status) => `The API failed (${status}): refresh in a moment.`,
  unreadable: "The API answered something ValePix does not understand: try again later.",
  tooMany: (max) => `More than ${max} transactions: filter by type ("DEPOSIT" or "DISTRIBUTION").`,
  unknown: "The API could not be asked: refresh in a moment.",
  badType: (given) => `Unknown type "${given}": use "DEPOSIT", "DISTRIBUTION" or leave it empty.`,
  badField: (given, fields) => `Unknown field "${given}": use ${fields}.`,
  badId: (what) => `Give the ${what === "deposit" ? "deposit's" : "distribution's"} ID.`,
  badDates: "The end date is before the start date.",
  noAmount: "The API did not give this deposit's amount.",
};

const FUNCTION_WORDS = defineWords(ptBR, enUS);

export function functionWords(locale: Locale) {
  return FUNCTION_WORDS[locale];
}
