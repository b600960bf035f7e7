import type { Employee } from "../api/schemas";
import { EmployeeIndex } from "./matching";
import { makeCpf } from "./testing";

const cpfA = makeCpf(1); // "00000792004": Excel keeps it as 792004
const cpfB = makeCpf(2);
const cpfC = makeCpf(3);
const cpfShared = makeCpf(4);
const employees: Employee[] = [
  { employee_id: "e1", name: "Ana", cpf: cpfA, email: "ana@x.com", situation: "active" },
  { employee_id: "e2", name: "Bruno", cpf: cpfB, email: "Bruno@X.com", situation: "active" },
  { employee_id: "e3", name: "Carla", cpf: cpfC, situation: "on_leave" },
  // A re-hire: the same person under two ids, only one active.
  { employee_id: "e4", name: "Davi (antigo)", cpf: cpfShared, email: "davi@x.com", situation: "inactive" },
  { employee_id: "e5", name: "Davi", cpf: cpfShared, email: "davi@x.com", situation: "active" },
  // Two active people with the same e-mail (a shared mailbox).
  { employee_id: "e6", name: "Eva", email: "rh@x.com", situation: "active" },
  { employee_id: "e7", name: "Fábio", email: "rh@x.com", situation: "active" },
  { employee_id: "00042", name: "Gil", situation: "active" },
];
const ix = new EmployeeIndex(employees);

const idOf = (r: ReturnType<EmployeeIndex["match"]>): string | undefined =>
  r.ok ? r.employee.employee_id : undefined;
const codes = (r: ReturnType<EmployeeIndex["match"]>): string[] =>
  (r.ok ? r.warnings : r.problems).map((p) => `${p.code}:${p.severity}`);

describe("EmployeeIndex", () => {
  test("matches by employee_id, then CPF, then e-mail", () => {
    expect(idOf(ix.match({ employee_id: "e2" }))).toBe("e2");
    expect(ix.match({ employee_id: "e2" })).toMatchObject({ by: "employee_id" });
    expect(idOf(ix.match({ cpf: Number(cpfA) }))).toBe("e1"); // leading zeros lost by Excel
    expect(
      idOf(ix.match({ cpf: `${cpfB.slice(0, 3)}.${cpfB.slice(3, 6)}.${cpfB.slice(6, 9)}-${cpfB.slice(9)}` })),
    ).toBe("e2");
    expect(idOf(ix.match({ email: "  bruno@x.COM " }))).toBe("e2");
    expect(ix.match({ email: "bruno@x.com" })).toMatchObject({ by: "email" });
    // A digit-only id that Excel turned into a number.
    expect(idOf(ix.match({ employee_id: 42 }))).toBe("00042");
  });

  test("no identity at all is neither a match nor a problem", () => {
    expect(ix.match({ employee_id: "", cpf: "  ", email: undefined })).toEqual({ ok: false, problems: [] });
  });

  test("unknown identities are errors, and an unknown id does not fall back to the CPF", () => {
    expect(codes(ix.match({ employee_id: "e99", cpf: cpfA }))).toEqual(["employee_id_unknown:error"]);
    expect(codes(ix.match({ cpf: makeCpf(999) }))).toEqual(["cpf_unknown:error"]);
    expect(codes(ix.match({ email: "nobody@x.com" }))).toEqual(["email_unknown:error"]);
  });

  test("an invalid CPF says why, and the full number never appears", () => {
    const bad = cpfB.slice(0, 10) + String((Number(cpfB[10]) + 1) % 10);
    const r = ix.match({ cpf: bad });
    expect(r).toMatchObject({ ok: false, problems: [{ code: "cpf_invalid", reason: "check_digits" }] });
    expect(JSON.stringify(r)).not.toContain(bad);
    expect(codes(ix.match({ cpf: "111.111.111-11" }))).toEqual(["cpf_invalid:error"]);
    // As a secondary identity, an invalid CPF is only a warning.
    expect(codes(ix.match({ employee_id: "e1", cpf: "123" }))).toEqual(["cpf_invalid:warning"]);
  });

  test("inactive or on-leave employees are errors with their situation", () => {
    const r = ix.match({ cpf: cpfC });
    expect(r).toMatchObject({
      ok: false,
      problems: [{ code: "employee_inactive", situation: "on_leave", employeeName: "Carla" }],
    });
    expect(codes(ix.match({ employee_id: "e4" }))).toEqual(["employee_inactive:error"]);
  });

  test("shared CPF or e-mail: the single active one wins, otherwise ambiguous", () => {
    expect(idOf(ix.match({ cpf: cpfShared }))).toBe("e5");
    expect(idOf(ix.match({ email: "davi@x.com" }))).toBe("e5");
    expect(codes(ix.match({ email: "rh@x.com" }))).toEqual(["email_ambiguous:error"]);
    const twoActive = new EmployeeIndex([
      { employee_id: "a", name: "A", cpf: cpfA, situation: "active" },
      { employee_id: "b", name: "B", cpf: cpfA, situation: "active" },
    ]);
    expect(twoActive.match({ cpf: cpfA })).toMatchObject({
      ok: false,
      problems: [{ code: "cpf_ambiguous", count: 2 }],
    });
    // The id settles it.
    expect(idOf(twoActive.match({ employee_id: "b", cpf: cpfA }))).toBe("b");
  });

  test("employee_id and CPF naming different people is an error; a CPF not on record a warning", () => {
    const r = ix.match({ employee_id: "e1", cpf: cpfB });
    expect(r).toMatchObject({
      ok: false,
      problems: [{ code: "identity_conflict", column: "cpf", other: "employee_id", employeeName: "Bruno" }],
    });
    expect(codes(ix.match({ employee_id: "e1", email: "bruno@x.com" }))).toEqual(["identity_conflict:error"]);
    expect(codes(ix.match({ employee_id: "e1", cpf: makeCpf(500) }))).toEqual(["identity_mismatch:warning"]);
    expect(idOf(ix.match({ employee_id: "e1", cpf: makeCpf(500) }))).toBe("e1");
    // Consistent identities are silent.
    expect(codes(ix.match({ employee_id: "e1", cpf: Number(cpfA), email: "ANA@x.com" }))).toEqual([]);
    // An employee with no e-mail on record cannot contradict the row's e-mail.
    expect(codes(ix.match({ employee_id: "e3", email: "carla@x.com" }))).toEqual(["employee_inactive:error"]);
  });
});
