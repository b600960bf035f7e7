import { isValidCpf } from "../../money";
import { makeCpf, makeEmployees } from "./people";

describe("test data", () => {
  test("makeCpf gives valid, distinct CPFs with leading zeros kept (checked by src/money)", () => {
    const seen = new Set<string>();
    for (let n = 0; n < 5000; n++) {
      const cpf = makeCpf(n);
      expect(cpf).toMatch(/^\d{11}$/);
      expect(isValidCpf(cpf)).toBe(true);
      seen.add(cpf);
    }
    expect(seen.size).toBe(5000);
    // Pinned: tests and the bench rely on these (e.g. makeCpf(1) loses zeros as a number).
    expect(makeCpf(1)).toBe("00000792004");
    expect(makeCpf(2)).toBe("00001583999");
  });

  test("a base of repeated digits has no valid CPF: makeCpf refuses it instead of returning one", () => {
    // (59_982_321 × 7919 + 1) mod 10^9 = 000000000; "00000000000" is not a valid CPF.
    expect(() => makeCpf(59_982_321)).toThrow(RangeError);
    expect(() => makeCpf(733_313_690)).toThrow(RangeError);
  });

  test("makeEmployees marks every inactiveEvery-th employee inactive", () => {
    const e = makeEmployees(6, 3);
    expect(e.map((x) => x.situation)).toEqual([
      "active",
      "active",
      "inactive",
      "active",
      "active",
      "inactive",
    ]);
    expect(e.every((x) => x.cpf !== undefined && isValidCpf(x.cpf))).toBe(true);
  });
});
