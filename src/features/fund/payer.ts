/**
 * Checks a payer's CPF or CNPJ with src/money (check digits), before anything is sent, and says
 * what is wrong in a way that fits a typed field: empty, characters that are not part of a
 * document, a length that is neither a CPF's (11) nor a CNPJ's (14), one digit repeated, or check
 * digits that do not match. A typed field is not an Excel cell: no leading zeros are put back
 * (src/money does that for number cells), so 9 digits are "9 digits", not a wrong CNPJ.
 */
import { type DocumentKind, normalizeCnpj, normalizeCpf } from "../../money";

export type PayerDocumentProblem =
  | { code: "empty" }
  | { code: "not_digits" }
  | { code: "wrong_length"; length: number }
  | { code: "repeated_digits" }
  | { code: "check_digits"; kind: DocumentKind };

/** What is wrong with a typed CPF or CNPJ, or undefined when it is a valid one. */
export function payerDocumentProblem(raw: string): PayerDocumentProblem | undefined {
  if (raw.trim() === "") return { code: "empty" };
  const stripped = raw.replace(/[\s\u00a0\u202f./-]/g, "");
  if (!/^[0-9A-Za-z]+$/.test(stripped)) return { code: "not_digits" };
  if (stripped.length !== 11 && stripped.length !== 14)
    return { code: "wrong_length", length: stripped.length };
  const kind: DocumentKind = stripped.length === 11 ? "CPF" : "CNPJ";
  const normalized = kind === "CPF" ? normalizeCpf(stripped) : normalizeCnpj(stripped);
  if (normalized.ok) return undefined;
  switch (normalized.code) {
    case "repeated_digits":
      return { code: "repeated_digits" };
    case "check_digits":
      return { code: "check_digits", kind };
    case "wrong_length":
      return { code: "wrong_length", length: normalized.length };
    case "empty":
      return { code: "empty" };
    case "not_digits":
      // Letters where a CPF has only digits, or a letter in a CNPJ's check digits.
      return { code: "not_digits" };
  }
}

export function validPayerDocument(raw: string): boolean {
  return payerDocumentProblem(raw) === undefined;
}
