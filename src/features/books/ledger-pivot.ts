/**
 * The PivotTable of the ledger (cost centres on rows, products on columns, the sum of amounts,
 * the month as its report filter) with a column chart beside it, on a sheet of its own; and the
 * Workbook wrapper that refreshes it whenever the ledger grows, whoever writes the payment (the
 * pane's finalize, a status check, the settle after a pane was closed).
 */
import type { Locale } from "../../money";
import { LEDGER_HEADERS } from "../../workbook/ledger";
import { LEDGER_TABLES } from "../../workbook/ledger-table";
import type { PivotSheetCells, PivotSheetPort } from "../../workbook/pivot-sheet";
import type { Workbook } from "../../workbook/port";
import { CURRENCY_FORMAT } from "../../workbook/template";
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

/** The pivot's place: the sheet, the pivot and the chart keep the names of the language that built them. */
function names(locale: Locale) {
  const words = BOOKS_WORDS[locale];
  return { sheet: words.pivotSheetName, name: words.pivotName, chart: `${words.pivotName}_Grafico` };
}

/** Builds the ledger's pivot and chart, or refreshes them when they exist. */
export async function buildLedgerPivot(
  port: PivotSheetPort,
  ledger: { table: string; header: readonly string[] },
  locale: Locale,
): Promise<LedgerPivot> {
  const place = names(locale);
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

const LEDGER_NAMES = new Set(Object.values(LEDGER_TABLES).map((n) => n.toLowerCase()));

/**
 * The workbook, with the ledger's pivot (in either language) refreshed after rows are appended
 * to the ledger. A refresh that fails leaves the payment recorded as it is: the pivot is a view,
 * refreshed again by the next booking.
 */
export function refreshingLedgerPivot(workbook: Workbook, port: PivotSheetPort): Workbook {
  const refresh = async (): Promise<void> => {
    for (const locale of ["pt-BR", "en-US"] as const) {
      const place = names(locale);
      try {
        if (await port.refreshPivot(place)) return;
      } catch {
        return;
      }
    }
  };
  return new Proxy(workbook, {
    get(target, key, receiver) {
      if (key !== "appendRows") return Reflect.get(target, key, receiver) as unknown;
      const appendRows: Workbook["appendRows"] = async (table, rows, options) => {
        const grown = await target.appendRows(table, rows, options);
        if (LEDGER_NAMES.has(table.toLowerCase())) await refresh();
        return grown;
      };
      return appendRows;
    },
  });
}
