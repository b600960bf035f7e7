/**
 * The pane's disclosure (WAI-ARIA "Disclosure (Show/Hide)"): a button whose `aria-expanded` says
 * whether the block it controls is shown, the block absent while folded; by itself or controlled
 * by its screen (the cell checker opens when a problem is followed).
 */
import { fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { renderScreen } from "./testing/render";
import { Disclosure } from "./Disclosure";

it("a button shows and hides its block, saying so with aria-expanded and naming it with aria-controls", () => {
  renderScreen(
    <Disclosure title="Detalhes" size="small">
      <p>dst_1</p>
    </Disclosure>,
  );
  const button = screen.getByRole("button", { name: "Detalhes" });
  expect(button.getAttribute("aria-expanded")).toBe("false");
  expect(screen.queryByText("dst_1")).toBeNull();
  const panel = document.getElementById(button.getAttribute("aria-controls")!);
  expect(panel?.hidden).toBe(true);

  fireEvent.click(button);
  expect(button.getAttribute("aria-expanded")).toBe("true");
  expect(panel?.hidden).toBe(false);
  expect(panel?.textContent).toBe("dst_1");

  fireEvent.click(button);
  expect(button.getAttribute("aria-expanded")).toBe("false");
  expect(screen.queryByText("dst_1")).toBeNull();
});

it("with a heading level, the button sits in that heading; controlled, it opens when its screen says", () => {
  function Screen() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button onClick={() => setOpen(true)}>follow a problem</button>
        <Disclosure title="Conferir uma célula" as="h3" open={open} onOpenChange={setOpen}>
          <p>cell</p>
        </Disclosure>
      </>
    );
  }
  renderScreen(<Screen />);
  const heading = screen.getByRole("heading", { level: 3, name: "Conferir uma célula" });
  const button = screen.getByRole("button", { name: "Conferir uma célula" });
  expect(heading.contains(button)).toBe(true);
  expect(screen.queryByText("cell")).toBeNull();
  fireEvent.click(screen.getByRole("button", { name: "follow a problem" }));
  expect(button.getAttribute("aria-expanded")).toBe("true");
  expect(screen.getByText("cell")).toBeTruthy();
  fireEvent.click(button);
  expect(screen.queryByText("cell")).toBeNull();
});
