/** Task pane strings in the two languages the add-in speaks. */
export type UiLanguage = "pt-BR" | "en-US";

const strings = {
  "pt-BR": {
    title: "ValePix para Excel",
    tagline:
      "Financie o saldo de benefícios e distribua vale-refeição, alimentação, mobilidade e outros a partir da planilha.",
    notConnected: "Não conectado",
    notConnectedDetail:
      "Nenhuma conexão com a API de benefícios foi configurada neste computador. O token fica guardado só para você, fora da pasta de trabalho.",
    steps: "Como funciona",
    step1: "Conecte-se com o token da sua empresa (ambiente sandbox ou produção).",
    step2: "Escolha a tabela com os colaboradores e uma coluna por benefício.",
    step3: "Revise os totais e envie: o status de cada linha volta para a planilha.",
  },
  "en-US": {
    title: "ValePix for Excel",
    tagline:
      "Fund the benefits balance and distribute meal, food, mobility and other benefits from the workbook.",
    notConnected: "Not connected",
    notConnectedDetail:
      "No connection to the Benefit API is set up on this computer yet. The token is kept for you only, outside the workbook.",
    steps: "How it works",
    step1: "Connect with your company's token (sandbox or production).",
    step2: "Pick the table with employees and one column per benefit.",
    step3: "Review the totals and send: each row's status comes back into the sheet.",
  },
} as const satisfies Record<UiLanguage, Record<string, string>>;

export type Strings = (typeof strings)[UiLanguage];

/** Office reports languages as BCP 47 tags ("pt-BR", "pt-PT", "en-GB"...); Portuguese wins for any "pt". */
export function uiLanguage(displayLanguage: string | undefined): UiLanguage {
  return displayLanguage?.toLowerCase().startsWith("pt") ? "pt-BR" : displayLanguage ? "en-US" : "pt-BR";
}

export function stringsFor(language: UiLanguage): Strings {
  return strings[language];
}
