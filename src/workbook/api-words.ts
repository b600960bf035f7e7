/**
 * The codes the API returns, as the sheets show them in the display language: payment methods
 * (API document, "Finalize body"), distribution states ("States and transitions"), transaction
 * types and deposit states, employee situations ("Employee situation": `active`; the sandbox adds
 * `inactive`). A sheet that shows a word also keeps the raw code in a column of its own, so
 * filters and formulas work whatever language wrote the rows. A code not listed here is shown as
 * the API sent it: a new state is never hidden behind a wrong word.
 */
import { type Locale, defineWords, labelsByCode } from "../money";

export type CodeKind =
  "paymentMethod" | "distributionState" | "transactionType" | "transactionState" | "situation";

const WORDS = defineWords(
  {
    paymentMethod: labelsByCode({
      PIX: "PIX",
      BOLETO: "Boleto",
      BALANCE: "Saldo",
      BALANCE_WITH_PIX: "Saldo + PIX",
      BALANCE_WITH_BOLETO: "Saldo + boleto",
    }),
    // `unknown` is the add-in's: a finalize whose outcome it could not learn.
    distributionState: labelsByCode({
      draft: "Rascunho",
      processing: "Em processamento",
      completed: "Pago",
      failed: "Falhou",
      unknown: "Sem resposta",
    }),
    transactionType: labelsByCode({ DEPOSIT: "Depósito", DISTRIBUTION: "Distribuição" }),
    transactionState: labelsByCode({
      PENDING: "Pendente",
      COMPLETED: "Concluído",
      FAILED: "Falhou",
      CANCELLED: "Cancelado",
      EXPIRED: "Expirado",
    }),
    situation: labelsByCode({ active: "Ativo", inactive: "Inativo" }),
  },
  {
    paymentMethod: labelsByCode({
      PIX: "PIX",
      BOLETO: "Boleto",
      BALANCE: "Balance",
      BALANCE_WITH_PIX: "Balance + PIX",
      BALANCE_WITH_BOLETO: "Balance + boleto",
    }),
    distributionState: labelsByCode({
      draft: "Draft",
      processing: "Processing",
      completed: "Paid",
      failed: "Failed",
      unknown: "No answer",
    }),
    transactionType: labelsByCode({ DEPOSIT: "Deposit", DISTRIBUTION: "Distribution" }),
    transactionState: labelsByCode({
      PENDING: "Pending",
      COMPLETED: "Completed",
      FAILED: "Failed",
      CANCELLED: "Cancelled",
      EXPIRED: "Expired",
    }),
    situation: labelsByCode({ active: "Active", inactive: "Inactive" }),
  },
);

/** A code in the display language ("COMPLETED" → "Concluído" / "Completed"); unknown codes as sent. */
export function codeWord(kind: CodeKind, code: string, locale: Locale): string {
  return WORDS[locale][kind][code] ?? code;
}

/**
 * A cell's word read back as its code, whichever language wrote it ("Inativo" or "Inactive" →
 * "inactive"); text that is no known word is returned trimmed, as it may be the code itself.
 */
export function codeOfWord(kind: CodeKind, text: string): string {
  const wanted = text.trim().toLowerCase();
  for (const words of Object.values(WORDS))
    for (const [code, word] of Object.entries(words[kind])) if (word.toLowerCase() === wanted) return code;
  return text.trim();
}
