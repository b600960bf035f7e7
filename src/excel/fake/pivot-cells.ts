/**
 * The cells a PivotTable covers, by sheet, and the guard every write to cells passes: "Cannot
 * change this part of a PivotTable report." is Excel's refusal of an edit that would change part
 * of a PivotTable ("Excel.PivotTable": a report's cells are computed from its source; the message
 * Excel shows when one is typed over). The fake refuses such a write through `Range.values`,
 * `Range.formulas`, `Range.formulasLocal` and a person's typing with `InvalidOperation`, the code
 * Office.js gives an operation the object's state does not allow. The PivotTables themselves are
 * in ./pivots.ts: this module holds only where they are, so that ./range.ts can check a write and
 * ./charts.ts can bind a chart without importing them.
 *
 * A chart made from a PivotTable's cells is a PivotChart: "The PivotTable and PivotChart share the
 * same layout. Changes to one affect the other, so they're always in sync, so a chart cannot only
 * [be] based on part of the PivotTable" (Microsoft's answer in OfficeDev/office-js#419). It plots
 * the report's row items by its column items, without captions and grand totals, as the report is
 * now (`chartBox`).
 */
import type { Box } from "./cells";
import { overlaps } from "./box";
import { type FakeSheet, invalidOperation } from "./model";

/** The boxes one PivotTable covers on its sheet (its body and its filter area). */
export interface PivotPlace {
  name: string;
  boxes: () => Box[];
  /** The cells a PivotChart of it plots now; null once it is gone or shows no sums. */
  chartBox: () => Box | null;
}

const PLACES = new WeakMap<FakeSheet, PivotPlace[]>();

/** The PivotTables' places on a sheet (./pivots.ts adds and removes them). */
export function pivotPlaces(sheet: FakeSheet): PivotPlace[] {
  let list = PLACES.get(sheet);
  if (!list) {
    list = [];
    PLACES.set(sheet, list);
  }
  return list;
}

/** The PivotTable whose report holds the top-left cell of `box`, if any. */
export function pivotAt(sheet: FakeSheet, box: Box): PivotPlace | undefined {
  const corner = { top: box.top, left: box.left, rows: 1, cols: 1 };
  return PLACES.get(sheet)?.find((place) =>
    place
      .boxes()
      .slice(0, 1)
      .some((body) => overlaps(body, corner)),
  );
}

/**
 * Throws when cells that would move (a table growing into `box`) hold part of a PivotTable: a
 * report is laid out where it is, and Excel refuses to push it aside ("We can't make this change
 * for the selected cells because it will affect a PivotTable", the message Excel gives an insert
 * that would shift a report's cells), with `InvalidOperation`.
 */
export function refuseMovingPivot(sheet: FakeSheet, box: Box): void {
  if (PLACES.get(sheet)?.some((place) => place.boxes().some((b) => overlaps(b, box))))
    throw invalidOperation(
      "We can't make this change for the selected cells because it will affect a PivotTable.",
    );
}

/** Throws Excel's refusal when `box` meets a PivotTable of the sheet. */
export function refuseWriteInPivot(sheet: FakeSheet, box: Box): void {
  const list = PLACES.get(sheet);
  if (!list) return;
  for (const place of list)
    if (place.boxes().some((b) => overlaps(b, box)))
      throw invalidOperation(`Cannot change this part of a PivotTable report (${place.name}).`);
}
