/**
 * Every long step shows a count and the time left (issue 20, item 10): when the work reports only
 * how far it is, the pane works out the time left at the phase's own pace.
 */
import { act, screen } from "@testing-library/react";
import { useEffect } from "react";
import type { Run } from "../api/progress";
import { renderScreen } from "./testing/render";
import { ProgressPanel } from "./ProgressPanel";
import { useTask } from "./useTask";

let clock = 0;
let run: Run | undefined;

function Working() {
  const task = useTask();
  useEffect(() => {
    void task.run(
      (r) =>
        new Promise<void>((resolve) => {
          run = r;
          r.signal.addEventListener("abort", () => resolve());
        }),
    );
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  return <ProgressPanel task={task} />;
}

beforeEach(() => {
  clock = 1_000_000;
  jest.spyOn(Date, "now").mockImplementation(() => clock);
});
afterEach(() => jest.restoreAllMocks());

test("counts and the time left at the phase's pace, when the work does not tell it", async () => {
  renderScreen(<Working />);
  const progress = await screen.findByTestId("progress");
  act(() => run!.onProgress({ phase: "rows", done: 100, total: 1_000 }));
  expect(progress.textContent).toContain("100 de 1.000");
  expect(progress.textContent).not.toContain("restante");
  clock += 2_000;
  act(() => run!.onProgress({ phase: "rows", done: 300, total: 1_000 }));
  // 200 rows in 2 s: 700 left take 7 s.
  expect(progress.textContent).toContain("300 de 1.000 · cerca de 7 s restante(s)");
  // A new phase has its own pace.
  clock += 5_000;
  act(() => run!.onProgress({ phase: "items", done: 0, total: 50 }));
  expect(progress.textContent).not.toContain("restante");
  clock += 1_000;
  act(() => run!.onProgress({ phase: "items", done: 10, total: 50 }));
  expect(progress.textContent).toContain("10 de 50 · cerca de 4 s restante(s)");
});

test("the work's own estimate wins", async () => {
  renderScreen(<Working />);
  const progress = await screen.findByTestId("progress");
  act(() => run!.onProgress({ phase: "rows", done: 1, total: 10 }));
  clock += 1_000;
  act(() => run!.onProgress({ phase: "rows", done: 2, total: 10, etaMs: 60_000 }));
  expect(progress.textContent).toContain("2 de 10 · cerca de 1 min 0 s restante(s)");
});
