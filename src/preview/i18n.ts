/** The preview's own words (the task pane has its own map). pt-BR is the source. */
import { defineWords } from "../money";
import type { DisplayLocale } from "./format";

const PT = {
  title: "ValePix para Excel: prévia no navegador",
  open: "Abrir .xlsx",
  save: "Salvar .xlsx",
  language: "Idioma do Office",
  nameBox: "Caixa de nome",
  formulaBar: "Barra de fórmulas",
  sheets: "Planilhas",
  charts: "Gráficos desta planilha",
  taskPane: "Painel do ValePix",
  openFailed: "Não foi possível abrir o arquivo: ",
  noSuchCell: "Endereço de célula inválido: ",
};

export type PreviewMessages = typeof PT;

const EN: PreviewMessages = {
  title: "ValePix for Excel: browser preview",
  open: "Open .xlsx",
  save: "Save .xlsx",
  language: "Office language",
  nameBox: "Name box",
  formulaBar: "Formula bar",
  sheets: "Sheets",
  charts: "Charts on this sheet",
  taskPane: "ValePix pane",
  openFailed: "Could not open the file: ",
  noSuchCell: "Not a cell address: ",
};

export const PREVIEW_MESSAGES = defineWords(PT, EN);

/** Office's display language → the preview's: any Portuguese is pt-BR, anything else en-US. */
export function previewLocale(displayLanguage: string | null | undefined): DisplayLocale {
  return /^pt\b/i.test(displayLanguage ?? "pt-BR") ? "pt-BR" : "en-US";
}
