import { activityReducer, initialState } from "./activity-state";

const entry = {
  at: "2026-11-20T15:00:00Z",
  table: "Novembro",
  mode: "selected",
  distributionId: "d-2",
  state: "draft",
};

describe("the Activity screen's state", () => {
  it("keeps the entries read before when a refresh fails, and marks the read in progress", () => {
    const loaded = activityReducer(activityReducer(initialState, { type: "loadStarted" }), {
      type: "loaded",
      entries: [entry],
    });
    expect(loaded.loading).toBe(false);
    const refreshing = activityReducer(loaded, { type: "loadStarted" });
    expect(refreshing.loading).toBe(true);
    const failed = activityReducer(refreshing, { type: "loadFailed" });
    expect(failed).toEqual({ ...loaded, loading: false });
  });

  it("tracks each distribution asked for until it answers or fails, and keeps each answer by id", () => {
    let s = activityReducer(initialState, { type: "checkStarted", distributionId: "d-1" });
    s = activityReducer(s, { type: "checkStarted", distributionId: "d-2" });
    s = activityReducer(s, { type: "checkStarted", distributionId: "d-2" });
    expect(s.checking).toEqual(["d-1", "d-2"]);
    const now = { status: "completed", totalEmployees: 12, totalCents: 250_000 };
    s = activityReducer(s, { type: "checked", distributionId: "d-2", current: now });
    expect(s.checking).toEqual(["d-1"]);
    expect(s.current).toEqual({ "d-2": now });
    s = activityReducer(s, { type: "checkFailed", distributionId: "d-1" });
    expect(s.checking).toEqual([]);
    expect(s.current).toEqual({ "d-2": now });
  });
});
