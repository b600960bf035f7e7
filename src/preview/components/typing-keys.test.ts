import { startingText } from "./SheetGrid";

const key = (k: string, mods: Partial<Record<"ctrlKey" | "metaKey" | "altKey", boolean>> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe("the key that starts an edit", () => {
  it("starts the editor with a printable key, as Excel's Enter mode replaces the cell", () => {
    expect(startingText(key("6"))).toBe("6");
    expect(startingText(key("ç"))).toBe("ç");
    expect(startingText(key("="))).toBe("=");
  });

  it("starts empty on Backspace and keeps the content on Enter, F2 and shortcuts", () => {
    expect(startingText(key("Backspace"))).toBe("");
    expect(startingText(key("Enter"))).toBeNull();
    expect(startingText(key("F2"))).toBeNull();
    expect(startingText(key("c", { ctrlKey: true }))).toBeNull();
  });
});
