import fc from "fast-check";
import {
  formatCpf,
  isValidCnpj,
  isValidCpf,
  maskCnpj,
  maskCpf,
  normalizeCnpj,
  normalizeCpf,
  type NormalizeResult,
} from ".";

// Reference check digits written the other common way ("sum * 10 mod 11, 10 becomes 0" for CPF; weights
// cycling 2..9 from the right for CNPJ), so the tests do not just repeat the implementation.
function refCpfDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (digits.length + 1 - i);
  return ((sum * 10) % 11) % 10;
}
function refCpf(base9: string): string {
  const d1 = refCpfDigit(base9);
  return `${base9}${d1}${refCpfDigit(base9 + String(d1))}`;
}
// A character is worth its code minus 48 (IN RFB 2.229/2024): the digit itself, or 17.."Z"=42 for letters.
function refCnpjDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++)
    sum += (digits.charCodeAt(digits.length - 1 - i) - 48) * (2 + (i % 8));
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}
function refCnpj(base12: string): string {
  const d1 = refCnpjDigit(base12);
  return `${base12}${d1}${refCnpjDigit(base12 + String(d1))}`;
}
const refValidCpf = (d: string) => /^\d{11}$/.test(d) && !/^(\d)\1*$/.test(d) && refCpf(d.slice(0, 9)) === d;
const refValidCnpj = (d: string) =>
  /^\d{14}$/.test(d) && !/^(\d)\1*$/.test(d) && refCnpj(d.slice(0, 12)) === d;

const fmtCnpj = (d: string) =>
  `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;

function outcome(result: NormalizeResult): string {
  return result.ok ? result.digits : result.code;
}

const digit = fc.constantFrom(..."0123456789");
const notRepeated = (s: string) => !/^(\d)\1*$/.test(s);
const cpfBase = fc.string({ unit: digit, minLength: 9, maxLength: 9 }).filter(notRepeated);
const cnpjBase = fc.string({ unit: digit, minLength: 12, maxLength: 12 }).filter(notRepeated);

describe("normalizeCpf", () => {
  test.each<[unknown, string]>([
    ["123.456.789-09", "12345678909"],
    ["12345678909", "12345678909"],
    [" 123 456 789 09 ", "12345678909"],
    ["123.456.789/09", "12345678909"],
    ["\u00a0123.456.789-09\u202f", "12345678909"],
    [12345678909, "12345678909"],
    [1234567890, "01234567890"], // Excel dropped the leading zero
    ["1234567890", "01234567890"], // a CSV that went through a number
    ["012.345.678-90", "01234567890"],
    [191, "00000000191"], // 000.000.001-91
    ["191", "00000000191"],
    ["", "empty"],
    ["   ", "empty"],
    [null, "empty"],
    [undefined, "empty"],
    ["123.456.789-0X", "not_digits"],
    ["CPF 12345678909", "not_digits"],
    ["123_456_789_09", "not_digits"],
    ["...-", "not_digits"],
    [1.5e10 + 0.5, "not_digits"],
    [1234567890.5, "not_digits"],
    [-12345678909, "not_digits"],
    [NaN, "not_digits"],
    [Infinity, "not_digits"],
    [true, "not_digits"],
    [{}, "not_digits"],
    ["23.456.789-09", "wrong_length"], // punctuated: zeros are not guessed
    ["123.456.789-091", "wrong_length"],
    ["123456789091", "wrong_length"],
    [123456789091, "wrong_length"],
    [1e21, "wrong_length"],
    [2 ** 53, "wrong_length"],
    ["111.111.111-11", "repeated_digits"],
    ["00000000000", "repeated_digits"],
    [0, "repeated_digits"],
    ["99999999999", "repeated_digits"],
    ["123.456.789-00", "check_digits"],
    ["123.456.789-19", "check_digits"],
    [1234567891, "check_digits"],
    ["12.345.678/0001-95", "wrong_length"],
  ])("%p -> %p", (cell, expected) => {
    expect(outcome(normalizeCpf(cell))).toBe(expected);
  });

  test("problems are codes and data: never the full CPF, at most the masked form", () => {
    for (const cell of ["123.456.789-00", 1234567891, "123.456.789-0X", "123456789091", "111.111.111-11"]) {
      const result = normalizeCpf(cell);
      if (result.ok) throw new Error("expected a problem");
      expect(JSON.stringify(result)).not.toMatch(/\d{6}/);
    }
    expect(normalizeCpf("123.456.789-00")).toEqual({
      ok: false,
      code: "check_digits",
      masked: "***.456.789-**",
      zerosRestored: false,
    });
    expect(normalizeCpf(1234567891)).toEqual({
      ok: false,
      code: "check_digits",
      masked: "***.345.678-**",
      zerosRestored: true,
    });
    expect(normalizeCpf("111.111.111-11")).toEqual({
      ok: false,
      code: "repeated_digits",
      masked: "***.111.111-**",
    });
    expect(normalizeCpf("123456789091")).toEqual({ ok: false, code: "wrong_length", length: 12 });
    expect(normalizeCpf(2 ** 60)).toEqual({ ok: false, code: "wrong_length", length: 19 });
    expect(normalizeCpf("123.456.789-0X")).toEqual({ ok: false, code: "not_digits", cell: "text" });
    expect(normalizeCpf(1.5)).toEqual({ ok: false, code: "not_digits", cell: "number" });
    expect(normalizeCpf(true)).toEqual({ ok: false, code: "not_digits", cell: "other" });
    expect(normalizeCpf(" ")).toEqual({ ok: false, code: "empty" });
  });

  test("random bases: check digits computed by the reference round-trip through every cell shape", () => {
    fc.assert(
      fc.property(cpfBase, (base) => {
        const cpf = refCpf(base);
        expect(isValidCpf(cpf)).toBe(true);
        expect(normalizeCpf(formatCpf(cpf))).toEqual({ ok: true, digits: cpf });
        expect(normalizeCpf(cpf)).toEqual({ ok: true, digits: cpf });
        expect(normalizeCpf(Number(cpf))).toEqual({ ok: true, digits: cpf });
        expect(normalizeCpf(String(Number(cpf)))).toEqual({ ok: true, digits: cpf });
      }),
      { numRuns: 2000 },
    );
  });

  test("changing a check digit always invalidates; changing a base digit agrees with the reference", () => {
    let baseChanges = 0;
    let baseCaught = 0;
    fc.assert(
      fc.property(cpfBase, fc.nat({ max: 10 }), fc.integer({ min: 1, max: 9 }), (base, pos, delta) => {
        const cpf = refCpf(base);
        const changed = cpf.slice(0, pos) + String((Number(cpf[pos]) + delta) % 10) + cpf.slice(pos + 1);
        expect(isValidCpf(changed)).toBe(refValidCpf(changed));
        expect(normalizeCpf(changed).ok).toBe(refValidCpf(changed));
        if (pos >= 9) {
          expect(isValidCpf(changed)).toBe(false);
        } else {
          baseChanges++;
          if (!isValidCpf(changed)) baseCaught++;
        }
      }),
      { numRuns: 3000 },
    );
    // Módulo 11 catches almost every single-digit change; a remainder of 0 or 1 both giving 0 lets a few by.
    expect(baseCaught / baseChanges).toBeGreaterThan(0.85);
  });
});

describe("normalizeCnpj", () => {
  test.each<[unknown, string]>([
    ["12.345.678/0001-95", "12345678000195"],
    ["12345678000195", "12345678000195"],
    [12345678000195, "12345678000195"],
    ["11.222.333/0001-81", "11222333000181"],
    ["00.360.305/0001-04", "00360305000104"], // Caixa Econômica Federal
    [360305000104, "00360305000104"],
    ["360305000104", "00360305000104"],
    ["0.360.305/0001-04", "wrong_length"],
    ["12.345.678/0001-96", "check_digits"],
    ["12.345.678/0001-59", "check_digits"],
    ["00.000.000/0000-00", "repeated_digits"],
    ["11.111.111/1111-11", "repeated_digits"],
    ["12.345.678/0001-9X", "not_digits"],
    ["AB.345.678/0001-95", "check_digits"], // letters are allowed there since July 2026; these digits are wrong
    ["12.ABC.345/01DE-35", "12ABC34501DE35"], // Receita Federal's published alphanumeric example
    ["12.abc.345/01de-35", "12ABC34501DE35"], // typed in lower case
    ["12ABC34501DE35", "12ABC34501DE35"],
    ["12.ABC.345/01DE-36", "check_digits"],
    ["12.ABD.345/01DE-35", "check_digits"],
    ["12.ABC.345/01DE-3A", "not_digits"], // check digits stay numeric
    ["12.ABC.345/01DÉ-35", "not_digits"],
    ["AAAAAAAAAAAAAA", "not_digits"],
    ["123.456.789-09", "wrong_length"],
    ["12.345.678/0001-955", "wrong_length"],
    [1.2e13 + 0.5, "not_digits"],
    ["", "empty"],
    [null, "empty"],
  ])("%p -> %p", (cell, expected) => {
    expect(outcome(normalizeCnpj(cell))).toBe(expected);
  });

  test("random bases round-trip; changing a check digit always invalidates", () => {
    fc.assert(
      fc.property(cnpjBase, fc.nat({ max: 13 }), fc.integer({ min: 1, max: 9 }), (base, pos, delta) => {
        const cnpj = refCnpj(base);
        expect(isValidCnpj(cnpj)).toBe(true);
        expect(normalizeCnpj(fmtCnpj(cnpj))).toEqual({ ok: true, digits: cnpj });
        expect(normalizeCnpj(Number(cnpj))).toEqual({ ok: true, digits: cnpj });
        const changed = cnpj.slice(0, pos) + String((Number(cnpj[pos]) + delta) % 10) + cnpj.slice(pos + 1);
        expect(isValidCnpj(changed)).toBe(refValidCnpj(changed));
        if (pos >= 12) expect(isValidCnpj(changed)).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });
});

describe("alphanumeric CNPJ (IN RFB 2.229/2024)", () => {
  const alnum = fc.constantFrom(..."0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ");
  const alnumBase = fc.string({ unit: alnum, minLength: 12, maxLength: 12 }).filter((s) => /[A-Z]/.test(s));

  test("random alphanumeric bases round-trip; changing a check digit always invalidates", () => {
    fc.assert(
      fc.property(alnumBase, fc.integer({ min: 1, max: 9 }), (base, delta) => {
        const cnpj = refCnpj(base);
        expect(isValidCnpj(cnpj)).toBe(true);
        expect(normalizeCnpj(fmtCnpj(cnpj).toLowerCase())).toEqual({ ok: true, digits: cnpj });
        expect(maskCnpj(cnpj)).toBe(`**.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-**`);
        const last = cnpj.slice(0, 13) + String((Number(cnpj[13]) + delta) % 10);
        expect(isValidCnpj(last)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  test("a CPF never takes letters", () => {
    expect(outcome(normalizeCpf("123.ABC.789-09"))).toBe("not_digits");
    expect(isValidCpf("12ABC34501D")).toBe(false);
  });
});

describe("isValidCpf / isValidCnpj take bare digits only", () => {
  test.each([
    ["12345678909", true, false],
    ["123.456.789-09", false, false],
    ["1234567890", false, false],
    ["11111111111", false, false],
    ["12345678000195", false, true],
    ["12.345.678/0001-95", false, false],
    ["12ABC34501DE35", false, true],
    ["12abc34501de35", false, false],
    ["00000000000000", false, false],
    ["", false, false],
    ["١٢٣٤٥٦٧٨٩٠٩", false, false],
  ])("%p -> CPF %p, CNPJ %p", (digits, cpf, cnpj) => {
    expect(isValidCpf(digits)).toBe(cpf);
    expect(isValidCnpj(digits)).toBe(cnpj);
  });
});

describe("masks and formatting", () => {
  test("maskCpf shows only the middle six digits", () => {
    expect(maskCpf("12345678909")).toBe("***.456.789-**");
    expect(maskCpf("123.456.789-09")).toBe("***.456.789-**");
    expect(maskCpf("1234")).toBe("***.***.***-**");
    expect(maskCpf("")).toBe("***.***.***-**");
  });

  test("maskCnpj hides the first two and the check digits", () => {
    expect(maskCnpj("12345678000195")).toBe("**.345.678/0001-**");
    expect(maskCnpj("12.345.678/0001-95")).toBe("**.345.678/0001-**");
    expect(maskCnpj("123")).toBe("**.***.***/****-**");
  });

  test("formatCpf", () => {
    expect(formatCpf("12345678909")).toBe("123.456.789-09");
    expect(formatCpf("01234567890")).toBe("012.345.678-90");
    expect(formatCpf("123")).toBe("123");
  });

  test("masks never reveal the first three or the check digits", () => {
    fc.assert(
      fc.property(cpfBase, (base) => {
        const cpf = refCpf(base);
        const masked = maskCpf(cpf);
        expect(masked.replace(/\D/g, "")).toBe(cpf.slice(3, 9));
      }),
    );
  });
});
