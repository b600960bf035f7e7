/** "2026-11" as a person reads it: "novembro de 2026", "November 2026". */
export function monthLabel(month: string, locale: string): string {
  const [year, number] = month.split("-").map(Number);
  if (!year || !number) return month;
  return new Date(year, number - 1, 1).toLocaleDateString(locale, { month: "long", year: "numeric" });
}
