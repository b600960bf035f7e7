import fc from "fast-check";
import { isFormulaLike, safeText } from "./safe-text";

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

describe("leading blanks before a formula starter (issue 22, item 8)", () => {
  /** What a reader may skip before a formula: whitespace, control and invisible format characters. */
  const BLANKS = [" ", "\u00a0", "\t", "\r", "\n", "\v", "\f", "\u0000", "\u001b", "\u007f", "\u0085"];
  const MORE = [
    "\u2000",
    "\u2007",
    "\u200a",
    "\u200b",
    "\u200d",
    "\u2028",
    "\u202f",
    "\u3000",
    "\ufeff",
    "\u200e",
  ];
  const blank = fc.constantFrom(...BLANKS, ...MORE);
  const starter = fc.constantFrom("=", "+", "-", "@");

  test("examples", () => {
    expect(safeText(" =1+1")).toBe("' =1+1");
    expect(safeText("\u00a0+55 11")).toBe("'\u00a0+55 11");
    expect(safeText("\t\r\n@SUM(A1)")).toBe("'\t\r\n@SUM(A1)");
    expect(safeText("\u200b-2+3")).toBe("'\u200b-2+3");
    expect(safeText("\nplain")).toBe("'\nplain");
    expect(safeText(" Ana = Lima")).toBe(" Ana = Lima");
    expect(safeText("Ana - RH")).toBe("Ana - RH");
  });

  test("any run of blanks then a starter gets the text prefix, and only it (property)", () => {
    fc.assert(
      fc.property(fc.array(blank, { maxLength: 8 }), starter, fc.string(), (lead, s, rest) => {
        const text = lead.join("") + s + rest;
        const out = safeText(text);
        expect(out).toBe(`'${text}`);
        // The prefix is Excel's, not part of the value: the rest is the text unchanged.
        expect(out.slice(1)).toBe(text);
        expect(isFormulaLike(text)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  test("text whose first visible character is not a starter is left alone (property)", () => {
    const visible = fc
      .string({ minLength: 1, maxLength: 1, unit: "grapheme-ascii" })
      .filter((c) => /[!-~]/.test(c) && !"=+-@'".includes(c));
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(" ", "\u00a0", "\u200b"), { maxLength: 5 }),
        visible,
        fc.string(),
        (lead, first, rest) => {
          const text = lead.join("") + first + rest;
          expect(safeText(text)).toBe(text);
          expect(isFormulaLike(text)).toBe(false);
        },
      ),
      { numRuns: 1000 },
    );
  });

  test("never writes a value whose first non-blank character starts a formula (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        const out = safeText(text);
        const start = /^[\s\p{Cc}\p{Cf}]*[=+\-@]/u.test(out) || /^[\t\r\n]/.test(out);
        // Either it is safe as written, or it carries the apostrophe prefix over the original.
        expect(!start || (out.startsWith("'") && out.slice(1) === text)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
