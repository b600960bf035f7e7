import type { Employee } from "../api/schemas";
import { EmployeeIndex } from "./matching";
import { makeIssue } from "./issues";
import { makeCpf } from "./testing/people";

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
    expect(r).toMatchObject({
      ok: false,
      problems: [{ code: "cpf_invalid", params: { reason: "check_digits" } }],
    });
    expect(JSON.stringify(r)).not.toContain(bad);
    expect(codes(ix.match({ cpf: "111.111.111-11" }))).toEqual(["cpf_invalid:error"]);
    // As a secondary identity, an invalid CPF is only a warning.
    expect(codes(ix.match({ employee_id: "e1", cpf: "123" }))).toEqual(["cpf_invalid:warning"]);
  });

  test("inactive or on-leave employees are errors with their situation", () => {
    const r = ix.match({ cpf: cpfC });
    expect(r).toMatchObject({
      ok: false,
      problems: [{ code: "employee_inactive", params: { situation: "on_leave", employeeName: "Carla" } }],
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
      problems: [{ code: "cpf_ambiguous", params: { count: 2 } }],
    });
    // The id settles it.
    expect(idOf(twoActive.match({ employee_id: "b", cpf: cpfA }))).toBe("b");
  });

  test("employee_id and CPF naming different people is an error; a CPF not on record a warning", () => {
    const r = ix.match({ employee_id: "e1", cpf: cpfB });
    expect(r).toMatchObject({
      ok: false,
      problems: [
        { code: "identity_conflict", column: "cpf", params: { other: "employee_id", employeeName: "Bruno" } },
      ],
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

describe("EmployeeIndex: employee_id typed as a number cell", () => {
  const withZeros = new EmployeeIndex([
    { employee_id: "123", name: "Cento e vinte e três", situation: "active" },
    { employee_id: "0123", name: "Zero cento e vinte e três", situation: "active" },
    { employee_id: "0077", name: "Setenta e sete", situation: "active" },
    { employee_id: "1234567890123450", name: "Longo", situation: "active" },
    { employee_id: "999999999999999", name: "Quinze noves", situation: "active" },
  ]);

  test("a number that both '123' and '0123' could be is ambiguous, never the exact text", () => {
    const r = withZeros.match({ employee_id: 123 });
    expect(r).toMatchObject({ ok: false, problems: [{ code: "employee_id_ambiguous", severity: "error" }] });
    expect(r).toMatchObject({ problems: [{ params: { count: 2 } }] });
    // As text the cell says exactly which one.
    expect(idOf(withZeros.match({ employee_id: "123" }))).toBe("123");
    expect(idOf(withZeros.match({ employee_id: "0123" }))).toBe("0123");
    // A unique holder once zeros are dropped is still found.
    expect(idOf(withZeros.match({ employee_id: 77 }))).toBe("0077");
  });

  test("numbers Excel cannot hold exactly are refused: format the column as text and retype", () => {
    // 1234567890123456 typed into a number cell is stored as 1234567890123450 (15 digits).
    expect(codes(withZeros.match({ employee_id: 1234567890123450 }))).toEqual([
      "employee_id_number_unsafe:error",
    ]);
    expect(codes(withZeros.match({ employee_id: 1e15 }))).toEqual(["employee_id_number_unsafe:error"]);
    expect(codes(withZeros.match({ employee_id: 2 ** 60 }))).toEqual(["employee_id_number_unsafe:error"]);
    expect(codes(withZeros.match({ employee_id: 12.5 }))).toEqual(["employee_id_number_unsafe:error"]);
    expect(codes(withZeros.match({ employee_id: -5 }))).toEqual(["employee_id_number_unsafe:error"]);
    // Fifteen digits are exact in Excel, so they still match.
    expect(idOf(withZeros.match({ employee_id: 999999999999999 }))).toBe("999999999999999");
  });

  test("both problems tell the user to format the ID column as text and retype", () => {
    const where = { row: 7, column: "ID" };
    for (const issue of [
      makeIssue("employee_id_ambiguous", { input: "123", count: 2 }, where),
      makeIssue("employee_id_number_unsafe", { input: "123" }, where),
    ]) {
      expect(issue.severity).toBe("error");
      expect(issue.message["pt-BR"]).toMatch(/Formate a coluna do ID como Texto e digite/);
      expect(issue.message["en-US"]).toMatch(/Format the ID column as Text and type/);
    }
    const conflict = makeIssue("identity_conflict", { input: "x", other: "employee_id", count: 2 });
    expect(conflict.message["en-US"]).toBe(
      "'x' belongs to 2 other employees, but the employee ID on the row names another employee. Fix one of them.",
    );
  });
});

describe("EmployeeIndex: a secondary identity shared by several people", () => {
  const shared = makeCpf(600);
  const sharedMail = "time@x.com";
  const people: Employee[] = [
    { employee_id: "e1", name: "Ana", cpf: makeCpf(601), email: "ana@x.com", situation: "active" },
    { employee_id: "e1b", name: "Ana sem CPF", situation: "active" },
    { employee_id: "o1", name: "Outro 1", cpf: shared, email: sharedMail, situation: "active" },
    { employee_id: "o2", name: "Outro 2", cpf: shared, email: sharedMail, situation: "active" },
    { employee_id: "h1", name: "Holder", cpf: makeCpf(602), situation: "active" },
    { employee_id: "h2", name: "Holder 2", cpf: makeCpf(602), situation: "active" },
  ];
  const shx = new EmployeeIndex(people);

  test("a CPF or e-mail held by two OTHER people contradicts the employee_id: error", () => {
    expect(codes(shx.match({ employee_id: "e1", cpf: shared }))).toEqual(["identity_conflict:error"]);
    expect(shx.match({ employee_id: "e1", cpf: shared })).toMatchObject({
      ok: false,
      problems: [{ code: "identity_conflict", column: "cpf", params: { other: "employee_id", count: 2 } }],
    });
    // Even when the matched employee has no CPF or e-mail on record.
    expect(codes(shx.match({ employee_id: "e1b", cpf: shared }))).toEqual(["identity_conflict:error"]);
    expect(codes(shx.match({ employee_id: "e1b", email: sharedMail }))).toEqual(["identity_conflict:error"]);
    expect(codes(shx.match({ employee_id: "e1", email: "TIME@x.com" }))).toEqual(["identity_conflict:error"]);
  });

  test("the employee being one of the holders is consistent", () => {
    expect(codes(shx.match({ employee_id: "h2", cpf: makeCpf(602) }))).toEqual([]);
    expect(idOf(shx.match({ employee_id: "o1", cpf: shared, email: sharedMail }))).toBe("o1");
  });
});
