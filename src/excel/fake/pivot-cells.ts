/**
 * The cells a PivotTable covers, by sheet, and the guard every write to cells passes: "Cannot
 * change this part of a PivotTable report." is Excel's refusal of an edit that would change part
 * of a PivotTable ("Excel.PivotTable": a report's cells are computed from its source; the message
 * Excel shows when one is typed over). The fake refuses such a write through `Range.values`,
 * `Range.formulas`, `Range.formulasLocal` and a person's typing with `InvalidOperation`, the code
 * Office.js gives an operation the object's state does not allow. The PivotTables themselves are
 * in ./pivots.ts: this module holds only where they are, so that ./range.ts can check a write
 * without importing them.
 */
import type { Box } from "./cells";
import { overlaps } from "./box";
import { type FakeSheet, invalidOperation } from "./model";

/** The boxes one PivotTable covers on its sheet (its body and its filter area). */
export interface PivotPlace {
  name: string;
  boxes: () => Box[];
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

/** Throws Excel's refusal when `box` meets a PivotTable of the sheet. */
export function refuseWriteInPivot(sheet: FakeSheet, box: Box): void {
  const list = PLACES.get(sheet);
  if (!list) return;
  for (const place of list)
    if (place.boxes().some((b) => overlaps(b, box)))
      throw invalidOperation(`Cannot change this part of a PivotTable report (${place.name}).`);
}
