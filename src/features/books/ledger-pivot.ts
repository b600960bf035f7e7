/**
 * The PivotTable of the ledger (cost centres on rows, products on columns, the sum of amounts,
 * the month as its report filter) with a column chart beside it, on a sheet of its own
 * (./refreshing-pivot.ts keeps it fresh as the ledger grows).
 */
import type { Locale } from "../../money";
import { LEDGER_HEADERS } from "../../workbook/ledger";
import type { PivotSheetCells, PivotSheetPort } from "../../workbook/pivot-sheet";
import { CURRENCY_FORMAT } from "../../workbook/template";
import { pivotPlace } from "./refreshing-pivot";
import { BOOKS_WORDS } from "./words";

export interface LedgerPivot extends PivotSheetCells {
  sheet: string;
  name: string;
  created: boolean;
}

/** The ledger's column header of a key, in the language its table was created in. */
function headerOf(header: readonly string[], key: "costCentre" | "product" | "amount" | "month"): string {
  const found = header.find(
    (h) =>
      h.trim().toLowerCase() === LEDGER_HEADERS["pt-BR"][key].toLowerCase() ||
      h.trim().toLowerCase() === LEDGER_HEADERS["en-US"][key].toLowerCase(),
  );
  return found ?? LEDGER_HEADERS["pt-BR"][key];
}

/** Builds the ledger's pivot and chart, or refreshes them when they exist. */
export async function buildLedgerPivot(
  port: PivotSheetPort,
  ledger: { table: string; header: readonly string[] },
  locale: Locale,
): Promise<LedgerPivot> {
  const place = pivotPlace(locale);
  const built = await port.buildPivot({
    sheet: place.sheet,
    name: place.name,
    source: ledger.table,
    rows: headerOf(ledger.header, "costCentre"),
    columns: headerOf(ledger.header, "product"),
    values: headerOf(ledger.header, "amount"),
    valuesNumberFormat: CURRENCY_FORMAT,
    filter: headerOf(ledger.header, "month"),
    at: "A3",
    chart: { name: place.chart, title: BOOKS_WORDS[locale].chartTitle, from: "H3", to: "P22" },
  });
  return { ...built, sheet: place.sheet, name: place.name };
}
