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

type EmployeesApi = Pick<ValePixClient["employees"], "create" | "uploadBatch" | "list">;

/** What a registration has found so far, written to the sheet whatever happens. */
interface Registration {
  /** Each row's `employee_id`, as the ID column will hold it ("" for none). */
  ids: string[];
  statuses: Map<number, RowStatus>;
  words: (typeof DIRECTORY_TEXT)[Locale];
  signal: AbortSignal | undefined;
  onProgress: OnProgress | undefined;
}

/** Sent, outcome to be read: `conflict` when the server said the CPF exists already, `batch`
 * when it went in the upload (not found afterwards is then an error of its own). */
type Unsettled = Candidate & { conflict: boolean; batch: boolean };

const mark = (run: Registration, status: RowStatus): void => {
  run.statuses.set(status.rowIndex, status);
};

/** The table to register from, with its name and CPF columns (refused without them). */
async function registrationTable(workbook: Workbook, table: string, locale: Locale) {
  const info = await workbook.getTable(table);
  if (!info) throw new DirectoryInputError("table_not_found", `There is no table named ${table}.`);
  const mapping = computeMapping(info.header, []);
  const { nameColumn, cpfColumn } = mapping;
  if (nameColumn === undefined || cpfColumn === undefined) {
    throw new DirectoryInputError(
      "column_missing",
      `Table ${info.name} needs a name column ("Nome") and a CPF column ("CPF") to register employees.`,
    );
  }
  const idHeader =
    mapping.employeeIdColumn === undefined
      ? IDENTITY_HEADERS[locale].employee_id
      : info.header[mapping.employeeIdColumn]!;
  return { info, mapping, nameColumn, cpfColumn, idHeader, benefitsCol: benefitsColumn(info.header) };
}

/**
 * 1. Every row checked: a blank row is skipped, a row with an id is registered already, a row
 * with a problem is marked; the others are the candidates to send.
 */
function checkRows(
  rows: readonly (readonly CellValue[])[],
  table: Awaited<ReturnType<typeof registrationTable>>,
  run: Registration,
  locale: Locale,
): Candidate[] {
  const { info, mapping, nameColumn, cpfColumn, benefitsCol } = table;
  const { words } = run;
  const sheetRow = (r: number) => info.headerRow + 1 + r;
  const candidates: Candidate[] = [];
  const firstRowOfCpf = new Map<string, number>();
  rows.forEach((row, rowIndex) => {
    const name = text(row[nameColumn]).replace(/\s+/g, " ");
    const rawCpf = text(row[cpfColumn]);
    const email = mapping.emailColumn === undefined ? "" : text(row[mapping.emailColumn]);
    if (name === "" && rawCpf === "" && email === "") return; // a blank row
    if (run.ids[rowIndex] !== "") return mark(run, { rowIndex, outcome: "already_registered" });
    const problems: string[] = [];
    if (name === "") problems.push(words.nameMissing);
    const cpf = normalizeCpf(row[cpfColumn]);
    if (!cpf.ok) problems.push(words.cpfInvalid(documentProblemMessage("CPF", cpf, locale)));
    if (email !== "" && !isEmail(email)) problems.push(words.emailInvalid);
    if (cpf.ok) {
      const first = firstRowOfCpf.get(cpf.digits);
      if (first !== undefined) problems.push(words.cpfRepeated(sheetRow(first)));
      else firstRowOfCpf.set(cpf.digits, rowIndex);
    }
    if (problems.length > 0 || !cpf.ok)
      return mark(run, { rowIndex, outcome: "error", message: problems.join(" ") });
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
  return candidates;
}

/** 2. The candidates not registered yet; those the directory holds get its id. */
async function notRegisteredYet(
  employees: EmployeesApi,
  candidates: readonly Candidate[],
  run: Registration,
): Promise<Candidate[]> {
  const before =
    candidates.length > 0
      ? await directoryByCpf(employees, run.signal, run.onProgress)
      : new Map<string, Employee>();
  return candidates.filter((candidate) => {
    const known = before.get(candidate.cpf);
    if (known === undefined) return true;
    run.ids[candidate.rowIndex] = known.employee_id;
    mark(run, { rowIndex: candidate.rowIndex, outcome: "already_registered" });
    return false;
  });
}

/** 3a. Many rows in one upload; each line's errors land on its row, the rest are read after. */
async function uploadBatch(
  employees: EmployeesApi,
  viaBatch: readonly Candidate[],
  run: Registration,
  unsettled: Unsettled[],
): Promise<void> {
  const { onProgress } = run;
  onProgress?.({ phase: "upload", done: 0, total: viaBatch.length });
  const csv = new Blob([employeesCsv(viaBatch)], { type: "text/csv;charset=utf-8" });
  const result = await employees.uploadBatch(csv, "colaboradores.csv", { signal: run.signal });
  const byLine = new Map<number, string[]>();
  for (const problem of result.errors)
    byLine.set(problem.line, [...(byLine.get(problem.line) ?? []), problem.message]);
  viaBatch.forEach((candidate, index) => {
    const errors = byLine.get(index + 2); // line 1 is the header
    if (errors) mark(run, { rowIndex: candidate.rowIndex, outcome: "error", message: errors.join(" ") });
    else unsettled.push({ ...candidate, conflict: false, batch: true });
  });
  onProgress?.({ phase: "upload", done: viaBatch.length, total: viaBatch.length });
}

/** 3b. One `POST /employees` per row; a conflict or an unknown outcome is read after. */
async function createOneByOne(
  employees: EmployeesApi,
  oneByOne: readonly Candidate[],
  run: Registration,
  unsettled: Unsettled[],
): Promise<void> {
  const { onProgress } = run;
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
        { signal: run.signal },
      );
      run.ids[candidate.rowIndex] = created.employee_id;
      mark(run, { rowIndex: candidate.rowIndex, outcome: "created" });
    } catch (err) {
      if (err instanceof APIUserAbortError) throw err;
      // A conflict (registered meanwhile) or an unknown outcome is settled by the read below.
      if (err instanceof ConflictError || !(err instanceof ApiError) || err.retryable) {
        unsettled.push({ ...candidate, conflict: err instanceof ConflictError, batch: false });
        mark(run, {
          rowIndex: candidate.rowIndex,
          outcome: "error",
          message: err instanceof Error ? err.message : String(err),
        });
      } else {
        mark(run, {
          rowIndex: candidate.rowIndex,
          outcome: "error",
          message: err.serverMessage ?? err.message,
        });
      }
    }
  }
  onProgress?.({ phase: "register", done: oneByOne.length, total: oneByOne.length });
}

/** 4. Read before concluding: what was sent without a clear answer, found (or not) by CPF. */
async function settleByReading(
  employees: EmployeesApi,
  unsettled: readonly Unsettled[],
  run: Registration,
): Promise<void> {
  if (unsettled.length === 0) return;
  const after = await directoryByCpf(employees, run.signal, run.onProgress);
  for (const candidate of unsettled) {
    const found = after.get(candidate.cpf);
    if (found) {
      run.ids[candidate.rowIndex] = found.employee_id;
      mark(run, {
        rowIndex: candidate.rowIndex,
        outcome: candidate.conflict ? "already_registered" : "created",
      });
    } else if (candidate.batch) {
      mark(run, { rowIndex: candidate.rowIndex, outcome: "error", message: run.words.notFoundAfter });
    }
  }
}

/** Steps 2 to 4 for the checked candidates; the mode they were sent in. */
async function sendCandidates(
  employees: EmployeesApi,
  candidates: readonly Candidate[],
  run: Registration,
  batchFrom: number,
): Promise<RegistrationResult["mode"]> {
  const toSend = await notRegisteredYet(employees, candidates, run);
  toSend.forEach((c) => mark(run, { rowIndex: c.rowIndex, outcome: "not_sent", message: run.words.stopped }));
  // Many rows in one upload, except rows with benefits (the CSV cannot carry them).
  const viaBatch = toSend.length >= batchFrom ? toSend.filter((c) => !c.benefitIds) : [];
  const oneByOne = toSend.filter((c) => !viaBatch.includes(c));
  const unsettled: Unsettled[] = [];
  if (viaBatch.length > 0) await uploadBatch(employees, viaBatch, run, unsettled);
  if (oneByOne.length > 0) await createOneByOne(employees, oneByOne, run, unsettled);
  await settleByReading(employees, unsettled, run);
  return viaBatch.length > 0 ? "batch" : oneByOne.length > 0 ? "single" : "none";
}

export async function registerEmployees(
  employees: EmployeesApi,
  workbook: Workbook,
  options: {
    table: string;
    locale?: Locale;
    batchFrom?: number;
    signal?: AbortSignal;
    onProgress?: OnProgress;
  },
): Promise<RegistrationResult> {
  const locale = options.locale ?? "pt-BR";
  const table = await registrationTable(workbook, options.table, locale);
  const { info, mapping } = table;
  const rows = await readAllRows(workbook, info.name, options.signal);
  const run: Registration = {
    ids: rows.map((r) => (mapping.employeeIdColumn === undefined ? "" : text(r[mapping.employeeIdColumn]))),
    statuses: new Map(),
    words: DIRECTORY_TEXT[locale],
    signal: options.signal,
    onProgress: safeProgress(options.onProgress),
  };
  const candidates = checkRows(rows, table, run, locale);
  let mode: RegistrationResult["mode"];
  try {
    mode = await sendCandidates(employees, candidates, run, options.batchFrom ?? DEFAULT_BATCH_FROM);
  } finally {
    // Whatever happened, the sheet shows it (without the caller's signal: it may be aborted).
    const list = [...run.statuses.values()].sort((a, b) => a.rowIndex - b.rowIndex);
    await writeRowStatuses(workbook, info, list, {
      locale,
      ids: { header: table.idHeader, values: run.ids },
    });
  }
  const list = [...run.statuses.values()].sort((a, b) => a.rowIndex - b.rowIndex);
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
