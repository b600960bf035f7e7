import { etaFrom, progressReporter, safeProgress } from "./progress";

describe("progress reporting", () => {
  it("passes every report on to the caller", () => {
    const seen: unknown[] = [];
    progressReporter((p) => seen.push(p))("send", 2, 5, 1500);
    progressReporter((p) => seen.push(p))("read", 0, 1);
    expect(seen).toEqual([
      { phase: "send", done: 2, total: 5, etaMs: 1500 },
      { phase: "read", done: 0, total: 1 },
    ]);
  });

  it("never lets a failing display throw into the work", () => {
    const failing = () => {
      throw new Error("display broke");
    };
    expect(() => safeProgress(failing)({ phase: "x", done: 0, total: 1 })).not.toThrow();
    expect(() => progressReporter(failing)("x", 0, 1)).not.toThrow();
    expect(() => progressReporter(undefined)("x", 0, 1)).not.toThrow();
  });
});

test("etaFrom: the time left at the pace so far; none before anything is done", () => {
  expect(etaFrom(1_000, 1_000, 0, 10)).toBeUndefined();
  expect(etaFrom(1_000, 3_000, 4, 10)).toBe(3_000);
  expect(etaFrom(1_000, 3_000, 10, 10)).toBe(0);
});
