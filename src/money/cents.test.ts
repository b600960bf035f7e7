import { formatCents, parseCents, type CentsProblemCode, type Locale, type ParseCentsResult } from ".";

const NBSP = "\u00a0";
const NNBSP = "\u202f";

/** A number is the expected cents; a string is the expected problem code; "blank" is a blank cell. */
type Expected = number | CentsProblemCode | "blank";

function outcome(result: ParseCentsResult): Expected {
  if (!result.ok) return result.problem.code;
  return result.blank ? "blank" : result.cents;
}

// [cell, pt-BR, en-US]
const table: [unknown, Expected, Expected][] = [
  // number cells: exact to the cent, or sub_cent; never a float multiply
  [0, 0, 0],
  [-0, 0, 0],
  [12, 1200, 12_00],
  [0.29, 29, 29],
  [0.07, 7, 7],
  [1.1, 110, 110],
  [4.35, 435, 435],
  [1234.56, 123456, 123456],
  [1234567.89, 123456789, 123456789],
  [100_000_000, 100_000_000_00, 100_000_000_00],
  [100_000_000.01, "too_large", "too_large"],
  [1.005, "sub_cent", "sub_cent"],
  // formula results: binary noise past Excel's 15 significant digits is not a fraction of a cent
  [22 * 32.7, 71940, 71940], // 719.4000000000001, Excel shows 719,40
  [100.1 + 200.2, 30030, 30030], // 300.29999999999995
  [0.1 + 0.2, 30, 30], // 0.30000000000000004, Excel shows 0,3
  [1.1 * 3, 330, 330], // 3.3000000000000003
  [1234567.891, "sub_cent", "sub_cent"], // a real third decimal stays an error
  [0.285, "sub_cent", "sub_cent"],
  [0.001, "sub_cent", "sub_cent"],
  [1e-7, "sub_cent", "sub_cent"],
  [5e-324, "sub_cent", "sub_cent"],
  [1e21, "too_large", "too_large"],
  [1.5e300, "too_large", "too_large"],
  [-5, "negative", "negative"],
  [-0.5, "negative", "negative"],
  [-0.005, "sub_cent", "sub_cent"],
  [NaN, "not_a_number", "not_a_number"],
  [Infinity, "not_a_number", "not_a_number"],
  [-Infinity, "not_a_number", "not_a_number"],
  // blanks and non-numbers
  ["", "blank", "blank"],
  ["   ", "blank", "blank"],
  [`${NBSP}${NNBSP}\t`, "blank", "blank"],
  [null, "blank", "blank"],
  [undefined, "blank", "blank"],
  [true, "not_a_number", "not_a_number"],
  [false, "not_a_number", "not_a_number"],
  [{}, "not_a_number", "not_a_number"],
  [10n, "not_a_number", "not_a_number"],
  ["abc", "not_a_number", "not_a_number"],
  ["R$", "not_a_number", "not_a_number"],
  ["-", "not_a_number", "not_a_number"],
  [".", "not_a_number", "not_a_number"],
  ["()", "not_a_number", "not_a_number"],
  ["1e3", "not_a_number", "not_a_number"],
  ["12abc", "not_a_number", "not_a_number"],
  ["R$ R$ 5", "not_a_number", "not_a_number"],
  ["--5", "not_a_number", "not_a_number"],
  ["(5", "not_a_number", "not_a_number"],
  ["5,", "not_a_number", "not_a_number"],
  ["US$ 5", "not_a_number", "not_a_number"],
  ["5 R$ 3", "not_a_number", "not_a_number"],
  // plain and decimal forms
  ["0", 0, 0],
  [" 12 ", 1200, 1200],
  ["007", 700, 700],
  ["1234.56", 123456, 123456],
  ["1234,56", 123456, 123456],
  ["12,5", 1250, 1250],
  ["12.5", 1250, 1250],
  [",50", 50, 50],
  ["0,29", 29, 29],
  ["1.2345", "sub_cent", "sub_cent"],
  ["1.2300", 123, 123],
  ["1,005", "ambiguous", 100500],
  ["0,500", 50, 50],
  ["0.505", "sub_cent", "sub_cent"],
  ["1234,567", "sub_cent", "sub_cent"],
  ["1234,500", 123450, 123450],
  ["0.234", "sub_cent", "sub_cent"],
  ["0.230", 23, 23],
  ["01.234", "sub_cent", "sub_cent"],
  // currency marks, spaces as Intl writes them
  ["R$ 1.234,56", 123456, 123456],
  ["R$ 1.234,56", 123456, 123456],
  [`R$${NBSP}1.234,56`, 123456, 123456],
  [`R$${NNBSP}1.234,56`, 123456, 123456],
  ["R$ 1,234.56", 123456, 123456],
  ["r$ 10", 1000, 1000],
  ["BRL 10", 1000, 1000],
  ["10 BRL", 1000, 1000],
  ["1234,56 R$", 123456, 123456],
  ["+5", 500, 500],
  // grouping
  ["1.234,56", 123456, 123456],
  ["1,234.56", 123456, 123456],
  ["1.234.567,89", 123456789, 123456789],
  ["1,234,567.89", 123456789, 123456789],
  ["1.234.567", 123456700, 123456700],
  ["1,234,567", 123456700, 123456700],
  [`1${NNBSP}234,56`, 123456, 123456],
  ["1 234 567.89", 123456789, 123456789],
  ["1.23.4", "not_a_number", "not_a_number"],
  ["12,345,67", "not_a_number", "not_a_number"],
  ["1234.567,89", "not_a_number", "not_a_number"],
  ["0.123.456", "not_a_number", "not_a_number"],
  ["1.234,5.6", "not_a_number", "not_a_number"],
  ["1,234.567,8", "not_a_number", "not_a_number"],
  ["1 234,56,7", "not_a_number", "not_a_number"],
  ["12 5", "not_a_number", "not_a_number"],
  ["1,23 4", "not_a_number", "not_a_number"],
  ["1.234,567", "sub_cent", "sub_cent"],
  ["1.234,500", 123450, 123450],
  // a lone separator followed by three digits: the locale decides, or it is ambiguous (rule 4e)
  ["1.234", 123400, "ambiguous"],
  ["1,234", "ambiguous", 123400],
  ["10.000", 1000000, "ambiguous"],
  ["10,000", "ambiguous", 1000000],
  ["1,500", "ambiguous", 150000],
  ["1.500", 150000, "ambiguous"],
  ["999.999", 99999900, "ambiguous"],
  ["R$ 1.234", 123400, "ambiguous"],
  ["-1,234", "ambiguous", "negative"],
  // negatives: rejected, after the amount itself is valid
  ["-5", "negative", "negative"],
  ["R$ -5,00", "negative", "negative"],
  ["-R$ 5,00", "negative", "negative"],
  ["(5,00)", "negative", "negative"],
  ["(R$ 5,00)", "negative", "negative"],
  ["R$ (5,00)", "negative", "negative"],
  ["5,00-", "negative", "negative"],
  ["\u22125", "negative", "negative"],
  ["-0", 0, 0],
  ["(0,00)", 0, 0],
  ["-abc", "not_a_number", "not_a_number"],
  // sizes
  ["100.000.000,00", 100_000_000_00, 100_000_000_00],
  ["100.000.000,01", "too_large", "too_large"],
  ["100000000,01", "too_large", "too_large"],
  ["9".repeat(40), "too_large", "too_large"],
  ["1" + "0".repeat(5000), "too_large", "too_large"],
  ["0".repeat(5000) + "1", 100, 100],
];

describe("parseCents table", () => {
  test.each(table)("%p -> pt-BR %p, en-US %p", (cell, ptBR, enUS) => {
    expect(outcome(parseCents(cell))).toEqual(ptBR);
    expect(outcome(parseCents(cell, { locale: "pt-BR" }))).toEqual(ptBR);
    expect(outcome(parseCents(cell, { locale: "en-US" }))).toEqual(enUS);
  });
});

describe("parseCents results", () => {
  test("blank is flagged only for blank cells", () => {
    expect(parseCents("")).toEqual({ ok: true, cents: 0, blank: true });
    expect(parseCents(0)).toEqual({ ok: true, cents: 0, blank: false });
    expect(parseCents("0,00")).toEqual({ ok: true, cents: 0, blank: false });
  });

  test("-0 is plain zero, not negative zero", () => {
    const result = parseCents(-0);
    expect(result.ok && Object.is(result.cents, 0)).toBe(true);
  });

  test("problems are codes and data (the text lives in the message catalogue of src/workbook)", () => {
    const problem = (cell: unknown, locale: Locale = "pt-BR") => {
      const r = parseCents(cell, { locale });
      return r.ok ? undefined : r.problem;
    };
    expect(problem("abc")).toEqual({ code: "not_a_number", input: "abc" });
    expect(problem(true)).toEqual({ code: "not_a_number", input: "true" });
    expect(problem("-5")).toEqual({ code: "negative", input: "-5" });
    expect(problem(1.005)).toEqual({
      code: "sub_cent",
      input: "1.005",
      nearest: { down: 100, up: 101 },
      fromNumber: true,
    });
    expect(problem(" 12,3456 ")).toEqual({
      code: "sub_cent",
      input: "12,3456",
      nearest: { down: 1234, up: 1235 },
    });
    expect(problem("1.234,567")).toEqual({
      code: "sub_cent",
      input: "1.234,567",
      nearest: { down: 123456, up: 123457 },
    });
    // No suggestion for a negative amount: the nearest cents would carry the wrong sign.
    expect(problem("-1,0051")).toEqual({ code: "sub_cent", input: "-1,0051" });
    expect(problem(-0.005)).toEqual({ code: "sub_cent", input: "-0.005", fromNumber: true });
    expect(problem("200.000.000,00")).toEqual({
      code: "too_large",
      input: "200.000.000,00",
      maxCents: 100_000_000_00,
    });
    expect(problem(` R$ 1,234 `)).toEqual({ code: "ambiguous", input: "R$ 1,234", asThousandsCents: 123400 });
    expect(problem("1.500", "en-US")).toEqual({
      code: "ambiguous",
      input: "1.500",
      asThousandsCents: 150000,
    });
  });

  test("long inputs are kept whole in `input`", () => {
    const long = "9".repeat(100);
    const result = parseCents(long);
    if (result.ok) throw new Error("expected a problem");
    expect(result.problem.input).toBe(long);
  });

  test("maxCents bounds the result and is itself checked", () => {
    expect(outcome(parseCents("10,00", { maxCents: 1000 }))).toBe(1000);
    expect(outcome(parseCents("10,01", { maxCents: 1000 }))).toBe("too_large");
    expect(outcome(parseCents(10.01, { maxCents: 1000 }))).toBe("too_large");
    expect(outcome(parseCents("0", { maxCents: 0 }))).toBe(0);
    const max = Number.MAX_SAFE_INTEGER;
    expect(outcome(parseCents("90071992547409,91", { maxCents: max }))).toBe(max);
    expect(outcome(parseCents("90071992547409,92", { maxCents: max }))).toBe("too_large");
    expect(() => parseCents("1", { maxCents: max + 1 })).toThrow(RangeError);
    expect(() => parseCents("1", { maxCents: -1 })).toThrow(RangeError);
    expect(() => parseCents("1", { maxCents: 1.5 })).toThrow(RangeError);
    expect(() => parseCents("1", { maxCents: NaN })).toThrow(RangeError);
  });
});

describe("parseCents on pathological cells", () => {
  test.each([
    ["(".repeat(100_000) + "5", "not_a_number"],
    ["5" + ")".repeat(100_000), "not_a_number"],
    ["R$".repeat(100_000) + "5", "not_a_number"],
    ["-".repeat(100_000) + "5", "not_a_number"],
    ["1.".repeat(100_000) + "5", "not_a_number"],
    ["1" + ".000".repeat(100_000), "too_large"],
    [" ".repeat(100_000) + "5" + "\u00a0".repeat(100_000), 500],
  ])("huge cell #%# is answered quickly", (cell, expected) => {
    const started = Date.now();
    expect(outcome(parseCents(cell))).toBe(expected);
    // Not a speed test: a catastrophic pattern on 100,000 characters takes minutes, a linear one
    // milliseconds; the bound only has to tell the two apart on a busy shared machine.
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe("formatCents", () => {
  test.each([
    [0, "R$ 0,00", "R$ 0.00"],
    [5, "R$ 0,05", "R$ 0.05"],
    [99, "R$ 0,99", "R$ 0.99"],
    [100, "R$ 1,00", "R$ 1.00"],
    [123456, "R$ 1.234,56", "R$ 1,234.56"],
    [100_000_000_00, "R$ 100.000.000,00", "R$ 100,000,000.00"],
    [-100, "-R$ 1,00", "-R$ 1.00"],
    [-123456789, "-R$ 1.234.567,89", "-R$ 1,234,567.89"],
    [Number.MAX_SAFE_INTEGER, "R$ 90.071.992.547.409,91", "R$ 90,071,992,547,409.91"],
  ])("%p -> %p / %p", (cents, ptBR, enUS) => {
    expect(formatCents(cents)).toBe(ptBR);
    expect(formatCents(cents, "pt-BR")).toBe(ptBR);
    expect(formatCents(cents, "en-US")).toBe(enUS);
  });

  test("-0 formats as zero", () => {
    expect(formatCents(-0)).toBe("R$ 0,00");
  });

  test("rejects anything but a safe integer", () => {
    for (const bad of [1.5, NaN, Infinity, Number.MAX_SAFE_INTEGER + 1]) {
      expect(() => formatCents(bad)).toThrow(RangeError);
    }
  });

  test("a negative amount reads back as the negative problem", () => {
    for (const locale of ["pt-BR", "en-US"] as const) {
      expect(outcome(parseCents(formatCents(-123456, locale), { locale }))).toBe("negative");
    }
  });
});
