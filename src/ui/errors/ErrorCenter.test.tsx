/**
 * The one message area: an error pressed at the bottom of a long screen is where the person is
 * (sticky at the top of the pane's scroll) and takes the focus, so a screen reader reads it.
 */
import { Button } from "@fluentui/react-components";
import { fireEvent, screen } from "@testing-library/react";
import { AuthenticationError } from "../../api";
import { renderScreen } from "../testing/render";
import { useReport } from "./ErrorCenter";

function Screen() {
  const report = useReport();
  return (
    <div>
      <Button
        onClick={() =>
          report.error(new AuthenticationError("x", { method: "GET", url: "https://a.b/c", status: 401 }))
        }
      >
        fail
      </Button>
      <Button onClick={() => report.notice("saved")}>notice</Button>
    </div>
  );
}

test("an error is an alert in a sticky area, and takes the focus; pressing again focuses it anew", () => {
  renderScreen(<Screen />);
  fireEvent.click(screen.getByRole("button", { name: "fail" }));
  const alert = screen.getByRole("alert");
  const area = screen.getByTestId("message-area");
  expect(area.contains(alert)).toBe(true);
  expect(document.activeElement).toBe(area);
  // Griffel's rule for the area: sticky at the top of the scroll.
  const rules = [...document.styleSheets].flatMap((s) => [...s.cssRules].map((r) => r.cssText));
  const sticky = rules.filter((r) => /position: ?sticky/.test(r));
  expect(sticky.some((r) => [...area.classList].some((c) => r.includes(`.${c}`)))).toBe(true);

  // The person moves on; the same error again is focused again (a new message each time).
  fireEvent.click(screen.getByRole("button", { name: "notice" }));
  expect(screen.queryByRole("alert")).toBeNull();
  screen.getByRole("button", { name: "fail" }).focus();
  fireEvent.click(screen.getByRole("button", { name: "fail" }));
  expect(document.activeElement).toBe(screen.getByTestId("message-area"));
});

test("a notice is a status and leaves the focus where it is", () => {
  renderScreen(<Screen />);
  const button = screen.getByRole("button", { name: "notice" });
  button.focus();
  fireEvent.click(button);
  expect(screen.getByRole("status").textContent).toContain("saved");
  expect(document.activeElement).toBe(button);
});
