/**
 * Per-row outcome of the directory workflows (registering employees, saving benefits), written
 * into the add-in's status and message columns (added on the right when missing), and the
 * words they use in both languages. Messages are API or user text: written through `safeText`.
 */
import { defineWords } from "../money";
import { ADDIN_HEADERS } from "./headers";
import type { Locale } from "./messages";
import { STATUS_HIGHLIGHT } from "./status-rule";
import type { CellValue, ColumnWrite, TableInfo, Workbook } from "./port";
import { TEXT_FORMAT } from "./port";
import { safeText } from "./safe-text";
import { headerIndex } from "./table-sync";

type RowOutcome = "created" | "updated" | "unchanged" | "already_registered" | "error" | "not_sent";

export interface RowStatus {
  /** 0-based data row. */
  rowIndex: number;
  outcome: RowOutcome;
  message?: string;
}

const OUTCOME_TEXT = defineWords<Record<RowOutcome, string>>(
  {
    created: "Cadastrado",
    updated: "Atualizado",
    unchanged: "Sem alterações",
    already_registered: "Já cadastrado",
    error: "Erro",
    not_sent: "Não enviado",
  },
  {
    created: "Created",
    updated: "Updated",
    unchanged: "Unchanged",
    already_registered: "Already registered",
    error: "Error",
    not_sent: "Not sent",
  },
);

/** The column names and messages of the directory workflows. */
export const DIRECTORY_TEXT = defineWords(
  {
    nameMissing: "Nome vazio: escreva o nome da pessoa.",
    cpfInvalid: (why: string) => `CPF inválido. ${why}`,
    cpfRepeated: (row: number) => `CPF repetido (já está na linha ${row}): deixe uma linha por pessoa.`,
    emailInvalid: "E-mail inválido: corrija ou deixe vazio.",
    notFoundAfter: "Enviado, mas não encontrado na lista de colaboradores: confira no ValePix.",
    stopped: "Não enviado: o envio foi interrompido antes desta linha.",
    benefitNameMissing: "Nome do benefício vazio: escreva um nome.",
    amountInvalid: (header: string, input: string) =>
      `Valor '${input}' na coluna ${header} não é um valor em reais: escreva um número como 150,00 ou deixe vazio.`,
    benefitUnknown: (id: string) => `Benefício ${id} não existe: apague o ID para criar um novo.`,
    benefitNameTaken: (id: string) =>
      `Já existe um benefício com este nome (ID ${id}): escreva o ID na coluna de ID para atualizá-lo.`,
  },
  {
    nameMissing: "Name is empty: type the person's name.",
    cpfInvalid: (why: string) => `Invalid CPF. ${why}`,
    cpfRepeated: (row: number) => `CPF repeated (it is on row ${row} already): keep one row per person.`,
    emailInvalid: "Invalid e-mail: correct it or leave it empty.",
    notFoundAfter: "Sent, but not found in the employee list: check it in ValePix.",
    stopped: "Not sent: sending stopped before this row.",
    benefitNameMissing: "Benefit name is empty: type a name.",
    amountInvalid: (header: string, input: string) =>
      `Amount '${input}' in column ${header} is not an amount in reais: type a number such as 150.00 or leave it empty.`,
    benefitUnknown: (id: string) => `Benefit ${id} does not exist: clear the ID to create a new one.`,
    benefitNameTaken: (id: string) =>
      `A benefit with this name exists already (ID ${id}): put the ID in the ID column to update it.`,
  },
);

/** Widths, in points, of the columns this module adds (as the template's: src/workbook/template.ts). */
const STATUS_WIDTH = 110;
const MESSAGE_WIDTH = 320;
const ID_WIDTH = 120;

/**
 * Writes the status and message of every row (rows without a status are cleared) and, when
 * given, a whole id column (text-formatted). Missing columns are added on the right first.
 */
export async function writeRowStatuses(
  workbook: Workbook,
  table: TableInfo,
  statuses: readonly RowStatus[],
  options: {
    locale?: Locale;
    ids?: { header: string; values: readonly string[] };
    signal?: AbortSignal;
  } = {},
): Promise<TableInfo> {
  const locale = options.locale ?? "pt-BR";
  const own = ADDIN_HEADERS[locale];
  const wanted = [options.ids?.header, own.status, own.message].filter((h): h is string => h !== undefined);
  const absent = wanted.filter((h) => headerIndex(table.header, h) < 0);
  const info = absent.length > 0 ? await workbook.addColumns(table.name, absent) : table;
  // The status column added here gets the colours of the distribution table's ("Erro" in red).
  if (absent.includes(own.status)) await workbook.setColumnHighlight(info.name, own.status, STATUS_HIGHLIGHT);
  const rowCount = info.rowCount;
  const status = new Array<CellValue>(rowCount).fill("");
  const message = new Array<CellValue>(rowCount).fill("");
  for (const rowStatus of statuses) {
    status[rowStatus.rowIndex] = OUTCOME_TEXT[locale][rowStatus.outcome];
    message[rowStatus.rowIndex] = safeText(rowStatus.message ?? "");
  }
  const name = (h: string) => info.header[headerIndex(info.header, h)] ?? h;
  const writes: ColumnWrite[] = [
    { header: name(own.status), values: status },
    { header: name(own.message), values: message },
  ];
  if (options.ids) {
    writes.unshift({
      header: name(options.ids.header),
      values: options.ids.values.map((v) => safeText(v)),
      numberFormat: TEXT_FORMAT,
    });
  }
  await workbook.writeColumns(info.name, writes, options.signal ? { signal: options.signal } : {});
  // Columns added here get room for their words ("Já cadastrado", a sentence of message), as the
  // distribution template's; a column the person had keeps the width they gave it.
  const widths = [
    { header: own.status, widthPoints: STATUS_WIDTH },
    { header: own.message, widthPoints: MESSAGE_WIDTH },
    ...(options.ids ? [{ header: options.ids.header, widthPoints: ID_WIDTH }] : []),
  ].filter((w) => absent.includes(w.header));
  if (widths.length > 0) await workbook.setColumnWidths(info.name, widths);
  return info;
}
