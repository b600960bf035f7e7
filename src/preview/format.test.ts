import { alignsRight, displayColour, displayText } from "./format";

const BRL = '"R$" #,##0.00';

describe("displayText", () => {
  it("shows reais with Brazilian separators in pt-BR and American ones in en-US", () => {
    expect(displayText({ value: 1234.56, format: BRL }, "pt-BR")).toBe("R$ 1.234,56");
    expect(displayText({ value: 1234.56, format: BRL }, "en-US")).toBe("R$ 1,234.56");
    expect(displayText({ value: 0.5, format: BRL }, "pt-BR")).toBe("R$ 0,50");
  });

  it("keeps a CPF typed as text with its leading zero", () => {
    expect(displayText({ value: "05537953412", format: "@" }, "pt-BR")).toBe("05537953412");
  });

  it("shows General numbers and booleans as Excel does in the language", () => {
    expect(displayText({ value: 1234.5 }, "pt-BR")).toBe("1234,5");
    expect(displayText({ value: true }, "pt-BR")).toBe("VERDADEIRO");
    expect(displayText({ value: false }, "en-US")).toBe("FALSE");
  });

  it("shows text in a number-formatted cell as typed (an amount typed wrongly stays visible)", () => {
    expect(displayText({ value: "66O,00", format: BRL }, "pt-BR")).toBe("66O,00");
  });

  it("shows dates from their serial number", () => {
    expect(displayText({ value: 46_347, format: "dd/mm/yyyy" }, "pt-BR")).toBe("21/11/2026");
  });

  it("falls back to General for a format code it cannot read", () => {
    expect(displayText({ value: 3, format: "[[[" }, "pt-BR")).toBe("3");
  });
});

describe("displayColour and alignment", () => {
  it("names the colour of a format section", () => {
    expect(displayColour({ value: -1, format: "0;[Red]-0" })).toBe("red");
    expect(displayColour({ value: 1, format: "0;[Red]-0" })).toBeNull();
  });

  it("aligns numbers right and text (CPF included) left", () => {
    expect(alignsRight({ value: 3 })).toBe(true);
    expect(alignsRight({ value: "3", format: "@" })).toBe(false);
  });
});
