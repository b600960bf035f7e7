/**
 * The transactions table as a finance person reads it: the date first, as an
 * Excel date in the local time zone (src/workbook/dates.ts; the API's `created_at` is ISO 8601
 * UTC text); the type and the state in the display language, each with the API's code in a column
 * of its own for filters (src/workbook/api-words.ts); a description in our words and the display
 * language, from what the add-in knows of the transaction (a deposit, a charge for a
 * distribution, a distribution by its label and table from the ledger); the API's own description
 * kept as sent, beside it; the amount a currency cell.
 */
import type { Transaction } from "../../api";
import { defineWords } from "../../money";
import { codeWord } from "../../workbook/api-words";
import { DATE_TIME_FORMAT, isoToSerial } from "../../workbook/dates";
import type { LedgerRow } from "../../workbook/ledger";
import type { Locale } from "../../workbook/messages";
import { type CellValue, TEXT_FORMAT } from "../../workbook/port";
import type { RunLogLink } from "../../workbook/run-log";
import type { TableSpec } from "../../workbook/table-sync";
import { CURRENCY_FORMAT } from "../../workbook/template";

const HEADERS = defineWords(
  {
    sheet: "Transações",
    id: "ID da transação",
    type: "Tipo",
    typeCode: "Código do tipo",
    amount: "Valor",
    status: "Situação",
    statusCode: "Código da situação",
    deposit: "ID do depósito",
    distribution: "ID da distribuição",
    description: "Descrição",
    apiDescription: "Descrição do ValePix",
    date: "Data",
    table: "Tabela de origem",
    sentAt: "Enviada em",
    lot: "Lote",
  },
  {
    sheet: "Transactions",
    id: "Transaction ID",
    type: "Type",
    typeCode: "Type code",
    amount: "Amount",
    status: "State",
    statusCode: "State code",
    deposit: "Deposit ID",
    distribution: "Distribution ID",
    description: "Description",
    apiDescription: "ValePix description",
    date: "Date",
    table: "Source table",
    sentAt: "Sent at",
    lot: "Lot",
  },
);

/** Our description of a transaction, by what it is. */
const DESCRIBE = defineWords(
  {
    deposit: "Depósito no saldo",
    charge: (id: string) => `Cobrança da distribuição ${id}`,
    paid: (label: string, table: string) => `${label}, tabela ${table}`,
    distribution: (id: string) => `Distribuição ${id}`,
  },
  {
    deposit: "Deposit to the balance",
    charge: (id: string) => `Charge for distribution ${id}`,
    paid: (label: string, table: string) => `${label}, table ${table}`,
    distribution: (id: string) => `Distribution ${id}`,
  },
);

/** The id a transaction is refreshed by: `id`, else `transaction_id`; "" when it has neither. */
export function transactionKey(transaction: Transaction): string {
  return transaction.id || transaction.transaction_id || "";
}

export const isDebit = (t: Transaction): boolean => t.type.toUpperCase() === "DISTRIBUTION" || t.amount < 0;

/** The API's time as an Excel date; text that is not a time is kept as sent. */
const dateCell = (iso: string | undefined): CellValue => isoToSerial(iso) ?? iso ?? "";

/** The distributions the ledger knows: their label and table. */
function ledgerLabels(ledger: readonly LedgerRow[]): Map<string, { label: string; table: string }> {
  const out = new Map<string, { label: string; table: string }>();
  for (const row of ledger)
    if (row.distributionId !== "" && !out.has(row.distributionId))
      out.set(row.distributionId, { label: row.label, table: row.table });
  return out;
}

export interface TransactionSheetInput {
  table: string;
  locale: Locale;
  link: (t: Transaction) => RunLogLink | undefined;
  ledger: readonly LedgerRow[];
}

/**
 * A transaction's description: a deposit or a charge; a payment with the ledger's label and table
 * when the ledger knows its distribution, else by its distribution id or its type.
 */
function describer(
  locale: Locale,
  known: ReadonlyMap<string, { label: string; table: string }>,
): (transaction: Transaction) => string {
  const descriptions = DESCRIBE[locale];
  return (transaction) => {
    const type = transaction.type.toUpperCase();
    const id = transaction.distribution_id;
    if (type === "DEPOSIT") return id ? descriptions.charge(id) : descriptions.deposit;
    if (!isDebit(transaction)) return codeWord("transactionType", transaction.type, locale);
    const paid = id ? known.get(id) : undefined;
    if (paid) return descriptions.paid(paid.label, paid.table);
    return id ? descriptions.distribution(id) : codeWord("transactionType", transaction.type, locale);
  };
}

export function transactionSpec(input: TransactionSheetInput): TableSpec<Transaction> {
  const { locale, link } = input;
  const headers = HEADERS[locale];
  const known = ledgerLabels(input.ledger);
  const describe = describer(locale, known);
  return {
    table: input.table,
    sheet: headers.sheet,
    key: transactionKey,
    keyHeader: headers.id,
    columns: [
      {
        header: headers.date,
        value: (t) => dateCell(t.created_at),
        numberFormat: DATE_TIME_FORMAT[locale],
        widthPoints: 110,
      },
      { header: headers.type, value: (t) => codeWord("transactionType", t.type, locale), widthPoints: 90 },
      { header: headers.description, value: describe, widthPoints: 260 },
      // Reais for people to read; the cents stay in the API's records.
      {
        header: headers.amount,
        value: (t) => t.amount / 100,
        numberFormat: CURRENCY_FORMAT,
        widthPoints: 110,
      },
      {
        header: headers.status,
        value: (t) => (t.status ? codeWord("transactionState", t.status, locale) : ""),
        widthPoints: 90,
      },
      { header: headers.id, value: transactionKey, numberFormat: TEXT_FORMAT, widthPoints: 150 },
      {
        header: headers.deposit,
        value: (t) => t.transaction_id ?? "",
        numberFormat: TEXT_FORMAT,
        widthPoints: 150,
      },
      {
        header: headers.distribution,
        value: (t) => t.distribution_id ?? "",
        numberFormat: TEXT_FORMAT,
        widthPoints: 150,
      },
      {
        header: headers.table,
        value: (t) => link(t)?.table ?? known.get(t.distribution_id ?? "")?.table ?? "",
        widthPoints: 140,
      },
      {
        header: headers.sentAt,
        value: (t) => dateCell(link(t)?.at),
        numberFormat: DATE_TIME_FORMAT[locale],
        widthPoints: 110,
      },
      {
        header: headers.lot,
        value: (t) => link(t)?.lotId ?? "",
        numberFormat: TEXT_FORMAT,
        widthPoints: 120,
      },
      { header: headers.typeCode, value: (t) => t.type, numberFormat: TEXT_FORMAT, widthPoints: 100 },
      {
        header: headers.statusCode,
        value: (t) => t.status ?? "",
        numberFormat: TEXT_FORMAT,
        widthPoints: 100,
      },
      { header: headers.apiDescription, value: (t) => t.description ?? "", widthPoints: 200 },
    ],
  };
}
