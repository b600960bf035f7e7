import { safeText } from "./safe-text";

test("safeText protects formula starters and leading apostrophes", () => {
  expect(safeText("=1+1")).toBe("'=1+1");
  expect(safeText("+55 11")).toBe("'+55 11");
  expect(safeText("-x")).toBe("'-x");
  expect(safeText("@user")).toBe("'@user");
  expect(safeText("\tx")).toBe("'\tx");
  expect(safeText("'quoted")).toBe("''quoted");
  expect(safeText("Ana Lima")).toBe("Ana Lima");
  expect(safeText("00123")).toBe("00123");
  expect(safeText("00123", { keepDigits: true })).toBe("'00123");
});
