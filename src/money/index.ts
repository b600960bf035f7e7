// Integer cents and Brazilian tax documents (docs/architecture.md §1 src/money, §2 "Money" and "Identity").
// This layer imports nothing from the other layers.
export type { Locale } from "./locale";
export { LOCALES, defineWords, labelsByCode, type Widen, type Words } from "./locale";
export { isBlankCell } from "./blank";
export type { CentsProblemCode, CentsProblem, ParseCentsResult } from "./cents-amount";
export { parseCents } from "./cents";
export { formatCents } from "./cents-format";
export type { DocumentKind, DocumentProblem, DocumentProblemCode, NormalizeResult } from "./documents";
export {
  normalizeCpf,
  normalizeCnpj,
  isValidCpf,
  isValidCnpj,
  cpfCheckDigits,
  maskCpf,
  maskCnpj,
  formatCpf,
} from "./documents";
