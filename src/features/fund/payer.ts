/** Checks a payer's CPF or CNPJ with src/money (check digits), before anything is sent. */
import { normalizeCnpj, normalizeCpf } from "../../money";

export function validPayerDocument(raw: string): boolean {
  const digits = raw.replace(/[^0-9A-Za-z]/g, "");
  const r = digits.length === 11 ? normalizeCpf(raw) : normalizeCnpj(raw);
  return r.ok;
}
