import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { TabBar } from "./TabBar";

const ITEMS = [
  { value: "a", label: "Conexão" },
  { value: "b", label: "Distribuir" },
  { value: "c", label: "Dados" },
] as const;

function Bar() {
  const [selected, setSelected] = useState<"a" | "b" | "c">("a");
  return (
    <FluentProvider theme={webLightTheme}>
      <TabBar label="Telas" items={ITEMS} selected={selected} onSelect={setSelected} />
    </FluentProvider>
  );
}

describe("the screen tabs", () => {
  it("are a named tab list with one Tab stop and no focus helpers hidden from screen readers", () => {
    const { container } = render(<Bar />);
    const list = screen.getByRole("tablist", { name: "Telas" });
    expect(list.hasAttribute("data-tabster")).toBe(false);
    expect(container.querySelectorAll("[data-tabster-dummy], [aria-hidden='true'][tabindex]")).toHaveLength(
      0,
    );
    const tabs = screen.getAllByRole("tab");
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
  });

  it("move along with the arrow keys, Home and End, and open a screen on Enter", () => {
    render(<Bar />);
    const [first, second, third] = screen.getAllByRole("tab");
    first!.focus();
    fireEvent.keyDown(first!, { key: "ArrowRight" });
    expect(document.activeElement).toBe(second);
    fireEvent.keyDown(second!, { key: "End" });
    expect(document.activeElement).toBe(third);
    fireEvent.keyDown(third!, { key: "ArrowRight" });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first!, { key: "ArrowLeft" });
    expect(document.activeElement).toBe(third);
    fireEvent.click(third!);
    expect(third!.getAttribute("aria-selected")).toBe("true");
    expect(screen.getAllByRole("tab").map((tab) => tab.tabIndex)).toEqual([-1, -1, 0]);
  });
});
