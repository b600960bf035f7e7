/**
 * The table the person is in: the first table whose range holds the selection's top-left cell
 * ("Workbook.getSelectedRange", ExcelApi 1.1: the selected range, its sheet in `address`). The
 * ribbon's "Validate" and "Send to draft" act on it. Two syncs: the selection and the table list,
 * then every table's range (a workbook holds a handful of tables, not thousands).
 *
 * Excel refuses `getSelectedRange` with `InvalidSelection` when several areas are selected
 * (Ctrl+click) or when the selection is a chart or a shape (./fake/objects.ts cites where); that
 * refusal leaves here as a `WorkbookHostError` with that code, which the pane words as "select one
 * cell of the table" (src/ui/errors/messageFor.ts).
 */
import { hostCall } from "./errors";
import type { ExcelRun } from "./office-api";

/** The sheet of an A1 address ("'Folha 1'!B2:C3" → "Folha 1"), as Excel quotes it. */
export function sheetOfAddress(address: string): string {
  const bang = address.lastIndexOf("!");
  const sheet = bang < 0 ? "" : address.slice(0, bang);
  return sheet.startsWith("'") && sheet.endsWith("'") ? sheet.slice(1, -1).replace(/''/g, "'") : sheet;
}

const BOX = "address,rowIndex,columnIndex,rowCount,columnCount";

export function activeTableName(run: ExcelRun): Promise<string | undefined> {
  return hostCall("finding the table of the selection", () =>
    run(async (context) => {
      const selected = context.workbook.getSelectedRange().load(BOX);
      const tables = context.workbook.tables.load("items/name");
      await context.sync();
      const ranges = tables.items.map((t) => ({ name: t.name, range: t.getRange().load(BOX) }));
      if (ranges.length === 0) return undefined;
      await context.sync();
      const sheet = sheetOfAddress(selected.address).toLowerCase(); // Excel's names ignore case
      const row = selected.rowIndex;
      const column = selected.columnIndex;
      const holding = ranges.find(
        ({ range: r }) =>
          sheetOfAddress(r.address).toLowerCase() === sheet &&
          row >= r.rowIndex &&
          row < r.rowIndex + r.rowCount &&
          column >= r.columnIndex &&
          column < r.columnIndex + r.columnCount,
      );
      return holding?.name;
    }),
  );
}
