/**
 * Registering employees from sheet rows. The table needs a name and a CPF
 * column (e-mail optional; headers matched as in the distribution mapping: "Nome", "CPF",
 * "E-mail", ...). Every row gets a status and a message; registered rows get their
 * `employee_id` in the ID column (added when missing), so the sheet can be used to distribute.
 *
 * 1. Rows are checked first (name, CPF check digits, e-mail, a CPF twice in the sheet): a bad row
 *    is marked and not sent; the others still are.
 * 2. The directory is read once: a CPF already registered gets its id and is not sent again, so
 *    running this twice converges instead of failing with conflicts.
 * 3. Few rows: one `POST /employees` per row. Many (`batchFrom`, default 50): one batch upload of
 *    a CSV (API rule 5; path, field and CSV header: docs/api-assumptions.md) whose per-line errors
 *    land on the rows they belong to (line n of the file is the (n-1)-th row sent).
 * 4. After a batch, a conflict, or a failure that leaves a creation unknown, the directory is read
 *    again and ids are filled by CPF (API rule 4: read before repeating). A row sent but not
 *    found is reported as such, never as registered.
 *
 * An optional benefits column ("Benefícios"/"Benefits", as the employees pull writes it: `benefit_id`s
 * separated by commas) makes the new employee a member of those conventions, so a `group`
 * distribution of them pays them (docs/workflows.md, mode group). The API has no path to change an
 * employee later, and the batch CSV carries name, CPF and e-mail only (docs/api-assumptions.md):
 * rows with benefits are therefore always created one by one, even in a batch run.
 */
import { z } from "zod";
import { APIUserAbortError, ApiError, ConflictError, type Employee, type ValePixClient } from "../../api";
import { normalizeCpf } from "../../money";
import { IDENTITY_HEADERS } from "../../workbook/headers";
import { computeMapping } from "../../workbook/mapping";
import type { Locale } from "../../workbook/messages";
import { documentProblemMessage } from "../../workbook/problem-messages";
import type { CellValue, TableInfo, Workbook } from "../../workbook/port";
import { pullAll } from "../../api";
import { DirectoryInputError, directoryHeaders } from "./directory";
import { type OnProgress, safeProgress } from "../../api/progress";
import { DIRECTORY_TEXT, type RowStatus, writeRowStatuses } from "../../workbook/row-status";
import { readAllRows } from "../../workbook/table-sync";

const DEFAULT_BATCH_FROM = 50;

export interface RegistrationResult {
  table: TableInfo;
  mode: "none" | "single" | "batch";
  created: number;
  alreadyRegistered: number;
  errors: number;
  notSent: number;
  statuses: RowStatus[];
}

interface Candidate {
  rowIndex: number;
  name: string;
  cpf: string;
  email?: string;
  /** `benefit_convention_ids` from the benefits column (none: the row may go in a batch). */
  benefitIds?: string[];
}

/** The benefits column, by its header in either language (the pull writes it in the pane's). */
function benefitsColumn(header: readonly string[]): number | undefined {
  const names = new Set(
    (["pt-BR", "en-US"] as const).map((l) => directoryHeaders(l).benefits.toLocaleLowerCase("pt-BR")),
  );
  const i = header.findIndex((h) => names.has(String(h).trim().toLocaleLowerCase("pt-BR")));
  return i < 0 ? undefined : i;
}

const text = (v: CellValue | undefined): string => (v === undefined ? "" : String(v).trim());
const isEmail = (s: string) => z.email().safeParse(s).success;

/** Employees by their CPF's 11 digits (a CPF the API masks or omits is not indexed). */
async function directoryByCpf(
  employees: Pick<ValePixClient["employees"], "list">,
  signal: AbortSignal | undefined,
  onProgress: OnProgress | undefined,
): Promise<Map<string, Employee>> {
  const all = await pullAll(employees.list({}, { signal }), "directory", {
    ...(signal ? { signal } : {}),
    ...(onProgress ? { onProgress } : {}),
  });
  const out = new Map<string, Employee>();
  for (const employee of all) {
    const cpf = employee.cpf === undefined ? undefined : normalizeCpf(employee.cpf);
    if (cpf?.ok) out.set(cpf.digits, employee);
  }
  return out;
}

const csvField = (s: string) => (/[",;\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

function employeesCsv(rows: readonly Candidate[]): string {
  const lines = [
    "name,cpf,email",
    ...rows.map((r) => [r.name, r.cpf, r.email ?? ""].map(csvField).join(",")),
  ];
  return `${lines.join("\r\n")}\r\n`;
}

export async function registerEmployees(
  employees: Pick<ValePixClient["employees"], "create" | "uploadBatch" | "list">,
  workbook: Workbook,
  options: {
    table: string;
    locale?: Locale;
    batchFrom?: number;
    signal?: AbortSignal;
    onProgress?: OnProgress;
  },
): Promise<RegistrationResult> {
  const { signal } = options;
  const onProgress = safeProgress(options.onProgress);
  const locale = options.locale ?? "pt-BR";
  const words = DIRECTORY_TEXT[locale];
  const info = await workbook.getTable(options.table);
  if (!info) throw new DirectoryInputError("table_not_found", `There is no table named ${options.table}.`);
  const mapping = computeMapping(info.header, []);
  if (mapping.nameColumn === undefined || mapping.cpfColumn === undefined) {
    throw new DirectoryInputError(
      "column_missing",
      `Table ${info.name} needs a name column ("Nome") and a CPF column ("CPF") to register employees.`,
    );
  }
  const idHeader =
    mapping.employeeIdColumn === undefined
      ? IDENTITY_HEADERS[locale].employee_id
      : info.header[mapping.employeeIdColumn]!;
  const benefitsCol = benefitsColumn(info.header);
  const rows = await readAllRows(workbook, info.name, signal);
  const ids = rows.map((r) =>
    mapping.employeeIdColumn === undefined ? "" : text(r[mapping.employeeIdColumn]),
  );
  const statuses = new Map<number, RowStatus>();
  const set = (s: RowStatus) => statuses.set(s.rowIndex, s);
  const sheetRow = (r: number) => info.headerRow + 1 + r;

  // 1. Check every row.
  const candidates: Candidate[] = [];
  const firstRowOfCpf = new Map<string, number>();
  rows.forEach((row, rowIndex) => {
    const name = text(row[mapping.nameColumn!]).replace(/\s+/g, " ");
    const rawCpf = text(row[mapping.cpfColumn!]);
    const email = mapping.emailColumn === undefined ? "" : text(row[mapping.emailColumn]);
    if (name === "" && rawCpf === "" && email === "") return; // a blank row
    if (ids[rowIndex] !== "") return set({ rowIndex, outcome: "already_registered" });
    const problems: string[] = [];
    if (name === "") problems.push(words.nameMissing);
    const cpf = normalizeCpf(row[mapping.cpfColumn!]);
    if (!cpf.ok) problems.push(words.cpfInvalid(documentProblemMessage("CPF", cpf, locale)));
    if (email !== "" && !isEmail(email)) problems.push(words.emailInvalid);
    if (cpf.ok) {
      const first = firstRowOfCpf.get(cpf.digits);
      if (first !== undefined) problems.push(words.cpfRepeated(sheetRow(first)));
      else firstRowOfCpf.set(cpf.digits, rowIndex);
    }
    if (problems.length > 0 || !cpf.ok)
      return set({ rowIndex, outcome: "error", message: problems.join(" ") });
    const benefitIds = [
      ...new Set(
        (benefitsCol === undefined ? "" : text(row[benefitsCol])).split(/[,;\s]+/).filter((b) => b !== ""),
      ),
    ];
    candidates.push({
      rowIndex,
      name,
      cpf: cpf.digits,
      ...(email !== "" ? { email } : {}),
      ...(benefitIds.length > 0 ? { benefitIds } : {}),
    });
  });

  let mode: RegistrationResult["mode"] = "none";
  /**
   * Sent, outcome to be read: `conflict` when the server said the CPF exists already, `batch`
   * when it went in the upload (not found afterwards is then an error of its own).
   */
  const unsettled: Array<Candidate & { conflict: boolean; batch: boolean }> = [];
  try {
    // 2. Who is registered already.
    const before =
      candidates.length > 0
        ? await directoryByCpf(employees, signal, onProgress)
        : new Map<string, Employee>();
    const toSend = candidates.filter((candidate) => {
      const known = before.get(candidate.cpf);
      if (known === undefined) return true;
      ids[candidate.rowIndex] = known.employee_id;
      set({ rowIndex: candidate.rowIndex, outcome: "already_registered" });
      return false;
    });
    toSend.forEach((c) => set({ rowIndex: c.rowIndex, outcome: "not_sent", message: words.stopped }));

    // 3. Send: many rows in one upload, except rows with benefits (the CSV cannot carry them).
    const viaBatch =
      toSend.length >= (options.batchFrom ?? DEFAULT_BATCH_FROM) ? toSend.filter((c) => !c.benefitIds) : [];
    const oneByOne = toSend.filter((c) => !viaBatch.includes(c));
    if (viaBatch.length > 0) {
      mode = "batch";
      onProgress?.({ phase: "upload", done: 0, total: viaBatch.length });
      const csv = new Blob([employeesCsv(viaBatch)], { type: "text/csv;charset=utf-8" });
      const result = await employees.uploadBatch(csv, "colaboradores.csv", { signal });
      const byLine = new Map<number, string[]>();
      for (const problem of result.errors)
        byLine.set(problem.line, [...(byLine.get(problem.line) ?? []), problem.message]);
      viaBatch.forEach((candidate, index) => {
        const errors = byLine.get(index + 2); // line 1 is the header
        if (errors) set({ rowIndex: candidate.rowIndex, outcome: "error", message: errors.join(" ") });
        else unsettled.push({ ...candidate, conflict: false, batch: true });
      });
      onProgress?.({ phase: "upload", done: viaBatch.length, total: viaBatch.length });
    }
    if (oneByOne.length > 0) {
      if (mode === "none") mode = "single";
      for (const [index, candidate] of oneByOne.entries()) {
        onProgress?.({ phase: "register", done: index, total: oneByOne.length });
        try {
          const created = await employees.create(
            {
              name: candidate.name,
              cpf: candidate.cpf,
              ...(candidate.email ? { email: candidate.email } : {}),
              ...(candidate.benefitIds ? { benefit_convention_ids: candidate.benefitIds } : {}),
            },
            { signal },
          );
          ids[candidate.rowIndex] = created.employee_id;
          set({ rowIndex: candidate.rowIndex, outcome: "created" });
        } catch (err) {
          if (err instanceof APIUserAbortError) throw err;
          // A conflict (registered meanwhile) or an unknown outcome is settled by the read below.
          if (err instanceof ConflictError || !(err instanceof ApiError) || err.retryable) {
            unsettled.push({ ...candidate, conflict: err instanceof ConflictError, batch: false });
            set({
              rowIndex: candidate.rowIndex,
              outcome: "error",
              message: err instanceof Error ? err.message : String(err),
            });
          } else {
            set({
              rowIndex: candidate.rowIndex,
              outcome: "error",
              message: err.serverMessage ?? err.message,
            });
          }
        }
      }
      onProgress?.({ phase: "register", done: oneByOne.length, total: oneByOne.length });
    }

    // 4. Read before concluding.
    if (unsettled.length > 0) {
      const after = await directoryByCpf(employees, signal, onProgress);
      for (const candidate of unsettled) {
        const found = after.get(candidate.cpf);
        if (found) {
          ids[candidate.rowIndex] = found.employee_id;
          set({
            rowIndex: candidate.rowIndex,
            outcome: candidate.conflict ? "already_registered" : "created",
          });
        } else if (candidate.batch) {
          set({ rowIndex: candidate.rowIndex, outcome: "error", message: words.notFoundAfter });
        }
      }
    }
  } finally {
    // Whatever happened, the sheet shows it (without the caller's signal: it may be aborted).
    const list = [...statuses.values()].sort((a, b) => a.rowIndex - b.rowIndex);
    await writeRowStatuses(workbook, info, list, { locale, ids: { header: idHeader, values: ids } });
  }
  const list = [...statuses.values()].sort((a, b) => a.rowIndex - b.rowIndex);
  const count = (o: RowStatus["outcome"]) => list.filter((s) => s.outcome === o).length;
  return {
    table: (await workbook.getTable(info.name)) ?? info,
    mode,
    created: count("created"),
    alreadyRegistered: count("already_registered"),
    errors: count("error"),
    notSent: count("not_sent"),
    statuses: list,
  };
}
