import { LIVE_MAX_ROWS, mergeRowRanges, onlyAddinColumns, planLiveRevalidation } from "./live-changes";
import type { TableChange } from "./port";

const change = (firstRow: number, rowCount: number, over: Partial<TableChange> = {}): TableChange => ({
  table: "T",
  firstRow,
  rowCount,
  firstColumn: 2,
  columnCount: 1,
  structural: false,
  ...over,
});
const OWN = new Set([5, 6, 7]);

describe("live changes", () => {
  test("row ranges are sorted, joined when they overlap or touch, and cut to the table", () => {
    expect(
      mergeRowRanges(
        [
          { firstRow: 10, rowCount: 2 },
          { firstRow: 3, rowCount: 1 },
          { firstRow: 12, rowCount: 1 },
          { firstRow: 4, rowCount: 3 },
          { firstRow: 98, rowCount: 10 },
          { firstRow: 11, rowCount: 1 },
        ],
        100,
      ),
    ).toEqual([
      { firstRow: 3, rowCount: 4 },
      { firstRow: 10, rowCount: 3 },
      { firstRow: 98, rowCount: 2 },
    ]);
  });

  test("a change to the add-in's own columns only is its own write", () => {
    expect(onlyAddinColumns(change(1, 1, { firstColumn: 5, columnCount: 3 }), OWN)).toBe(true);
    expect(onlyAddinColumns(change(1, 1, { firstColumn: 4, columnCount: 2 }), OWN)).toBe(false);
    expect(onlyAddinColumns(change(1, 1, { firstColumn: 5, columnCount: 1, structural: true }), OWN)).toBe(
      false,
    );
    expect(onlyAddinColumns(change(1, 1, { firstColumn: 5, columnCount: 1 }), new Set())).toBe(false);
  });

  test("a burst becomes row ranges; own writes are dropped; structure or size asks for a full validation", () => {
    expect(planLiveRevalidation([change(4, 1), change(5, 1), change(40, 2)], 100, OWN)).toEqual({
      kind: "rows",
      ranges: [
        { firstRow: 4, rowCount: 2 },
        { firstRow: 40, rowCount: 2 },
      ],
    });
    expect(planLiveRevalidation([change(4, 1, { firstColumn: 6 })], 100, OWN)).toEqual({ kind: "none" });
    expect(planLiveRevalidation([change(0, 0)], 100, OWN)).toEqual({ kind: "none" });
    expect(planLiveRevalidation([change(4, 1), change(0, 0, { structural: true })], 100, OWN)).toEqual({
      kind: "full",
    });
    expect(planLiveRevalidation([change(0, LIVE_MAX_ROWS)], 50_000, OWN).kind).toBe("rows");
    expect(planLiveRevalidation([change(0, LIVE_MAX_ROWS), change(LIVE_MAX_ROWS, 1)], 50_000, OWN)).toEqual({
      kind: "full",
    });
  });
});
