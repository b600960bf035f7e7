/**
 * A small RFC 4180 CSV reader for the batch employee upload: quoted fields, doubled quotes,
 * CRLF or LF, a UTF-8 BOM, and `;` as separator when the header uses it (Excel in pt-BR
 * saves "CSV" with semicolons).
 */
export interface CsvRow {
  /** 1-based line number in the file where the row starts (the header is line 1). */
  line: number;
  fields: string[];
}

export function parseCsv(text: string): CsvRow[] {
  const src = text.replace(/^\uFEFF/, "");
  const firstLine = src.split(/\r?\n/, 1)[0] ?? "";
  const sep = firstLine.includes(";") && !firstLine.includes(",") ? ";" : ",";
  const rows: CsvRow[] = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let i = 0;
  const endRow = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0]?.trim() === "")) rows.push({ line: rowLine, fields });
    fields = [];
    field = "";
  };
  while (i < src.length) {
    const ch = src[i] as string;
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (ch === "\n") line++;
        field += ch;
      }
      i++;
      continue;
    }
    if (ch === '"' && field === "") quoted = true;
    else if (ch === sep) {
      fields.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && src[i + 1] === "\n") i++;
      endRow();
      line++;
      rowLine = line;
    } else field += ch;
    i++;
  }
  if (field !== "" || fields.length > 0) endRow();
  return rows;
}
