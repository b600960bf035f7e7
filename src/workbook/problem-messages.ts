/**
 * Sentences for problems outside a distribution table's issues: a CPF or CNPJ typed in the task
 * pane (a payer's document, an employee to register) and a sheet or table name Excel refuses.
 * src/money and ./names.ts return codes; this file words them, in pt-BR and en-US. The issue
 * catalogue is ./messages.ts.
 */
import { defineWords } from "../money";
import type { DocumentKind, DocumentProblem, Locale } from "../money";
import type { SheetNameProblem, TableNameProblem } from "./names";

/**
 * A CPF or CNPJ problem of src/money as a sentence that says what to do (e.g. for a payer's
 * document typed in the task pane). Never shows the full number: at most the masked form.
 */
export function documentProblemMessage(kind: DocumentKind, problem: DocumentProblem, locale: Locale): string {
  const pt = locale === "pt-BR";
  const length = kind === "CPF" ? 11 : 14;
  const example = kind === "CPF" ? "123.456.789-09" : "12.345.678/0001-95";
  switch (problem.code) {
    case "empty":
      return pt
        ? `O ${kind} está vazio. Digite os ${length} caracteres do ${kind}, como ${example}.`
        : `The ${kind} is empty. Type the ${length}-character ${kind}, e.g. ${example}.`;
    case "not_digits":
      if (problem.cell === "text")
        return pt
          ? `O ${kind} tem caracteres que não são dígitos, ".", "-" ou "/". Digite só o ${kind}, como ${example}.`
          : `The ${kind} has characters other than digits, ".", "-" and "/". Type only the ${kind}, e.g. ${example}.`;
      return pt
        ? `Esta célula não é um ${kind}. Digite o ${kind} como texto, como ${example}.`
        : `This cell is not a ${kind}. Type the ${kind} as text, e.g. ${example}.`;
    case "wrong_length":
      return pt
        ? `O ${kind} tem ${problem.length} caracteres; um ${kind} tem ${length}. Confira o número.`
        : `The ${kind} has ${problem.length} characters; a ${kind} has ${length}. Check the number.`;
    case "repeated_digits":
      return pt
        ? `O ${kind} repete um só dígito (${problem.masked}) e não é um ${kind} de verdade.`
        : `The ${kind} repeats one digit (${problem.masked}) and is not a real ${kind}.`;
    case "check_digits": {
      const zeros = problem.zerosRestored
        ? pt
          ? `, lido como ${problem.masked} depois de repor os zeros à esquerda que o Excel apaga,`
          : `, read as ${problem.masked} after restoring the leading zeros Excel drops,`
        : "";
      return pt
        ? `O ${kind}${zeros} não confere nos dígitos verificadores, os dois últimos. Confira se falta ou sobra um dígito.`
        : `The ${kind}${zeros} fails its check digits, the last two. Check for a mistyped or missing digit.`;
    }
  }
}

type NameProblems = { sheet: Record<SheetNameProblem, string>; table: Record<TableNameProblem, string> };

const NAME_PROBLEM_TEXT = defineWords<NameProblems>(
  {
    sheet: {
      empty: "o nome da planilha não pode ficar vazio",
      too_long: "o nome da planilha tem no máximo 31 caracteres",
      forbidden_character: "o nome da planilha não pode ter : \\ / ? * [ ]",
      apostrophe_at_edge: "o nome da planilha não pode começar nem terminar com apóstrofo",
      reserved: '"History" é um nome reservado pelo Excel',
    },
    table: {
      empty: "o nome da tabela não pode ficar vazio",
      too_long: "o nome da tabela tem no máximo 255 caracteres",
      invalid_character: "o nome da tabela começa com uma letra ou _ e tem só letras, dígitos, _ e .",
      cell_reference: "o nome da tabela não pode parecer uma referência de célula",
    },
  },
  {
    sheet: {
      empty: "a sheet name cannot be empty",
      too_long: "a sheet name has at most 31 characters",
      forbidden_character: "a sheet name cannot contain : \\ / ? * [ ]",
      apostrophe_at_edge: "a sheet name cannot start or end with an apostrophe",
      reserved: '"History" is reserved by Excel',
    },
    table: {
      empty: "a table name cannot be empty",
      too_long: "a table name has at most 255 characters",
      invalid_character: "a table name starts with a letter or _ and has only letters, digits, _ and .",
      cell_reference: "a table name cannot look like a cell reference",
    },
  },
);

/** Why Excel refuses a sheet or table name (../workbook/names.ts), as a sentence. */
export function nameProblemMessage(
  problem: { kind: "sheet"; code: SheetNameProblem } | { kind: "table"; code: TableNameProblem },
  locale: Locale,
): string {
  return problem.kind === "sheet"
    ? NAME_PROBLEM_TEXT[locale].sheet[problem.code]
    : NAME_PROBLEM_TEXT[locale].table[problem.code];
}
