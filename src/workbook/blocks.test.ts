/** Row-block sizing (./blocks.ts): pure, shared by every Workbook implementation. */
import { BlockSizer, PROBE_ROWS, planWriteBlocks } from "./blocks";

test("BlockSizer.shrink halves the failed block and keeps later blocks small until reads succeed", () => {
  const sizer = new BlockSizer({ maxBlockBytes: 1_000_000 });
  expect(sizer.next()).toBe(PROBE_ROWS);
  sizer.observe([["a"]]);
  const big = sizer.next();
  expect(sizer.shrink(big)).toBe(Math.floor(big / 2));
  expect(sizer.next()).toBe(Math.floor(big / 2));
  expect(sizer.shrink(3)).toBe(1);
  expect(sizer.next()).toBe(1);
  expect(() => sizer.shrink(1)).toThrow(RangeError);
  // Successful reads let the block grow back (doubling), still bounded by the byte estimate.
  sizer.observe([["a"]]);
  expect(sizer.next()).toBe(2);
  const fixed = new BlockSizer({ blockRows: 100 });
  expect(fixed.shrink(100)).toBe(50);
  expect(fixed.next()).toBe(50);
});

test("planWriteBlocks covers every row once, in order", () => {
  const blocks = planWriteBlocks(10, (r) => (r === 4 ? 500 : 10), 100);
  expect(blocks[0]![0]).toBe(0);
  expect(blocks[blocks.length - 1]![1]).toBe(10);
  for (let i = 1; i < blocks.length; i++) expect(blocks[i]![0]).toBe(blocks[i - 1]![1]);
  expect(blocks).toContainEqual([4, 5]);
  expect(planWriteBlocks(0, () => 1)).toEqual([]);
});
