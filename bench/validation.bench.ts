/**
 * Validation speed: 50,000 generated rows × 6 products with a few errors, validated as the
 * add-in does (read through the Workbook port in blocks: the Office.js adapter and Microsoft's
 * office.js here, the fake Excel on its own thread, ./excel-thread.ts; then validated),
 * against a lower bound: a bare loop that only reads every cell of the same blocks.
 *
 * Prints ratios, not absolute claims: machines differ, the ratio to the lower bound says how
 * much work validation adds per cell. Run alone with `npm run bench -- validation`.
 */
import { formatCents, formatCpf, normalizeCpf, parseCents } from "../src/money";
import { computeMapping } from "../src/workbook/mapping";
import { EmployeeIndex } from "../src/workbook/matching";
import { OfficeWorkbook } from "../src/excel/office-workbook";
import type { CellValue, RowBlock } from "../src/workbook/port";
import type { Employee } from "../src/api";
import { PRODUCTS, makeEmployees } from "../src/workbook/testing/people";
import { LiveValidation } from "../src/workbook/live-validation";
import { DistributionValidator, type ValidationContext } from "../src/workbook/validation";
import { type ExcelThread, startExcelThread } from "./excel-thread";

const ROWS = 50_000;
/**
 * Runs per measurement, the median reported. `--quick` (CI's gate, under a minute) runs each
 * once: nothing here is asserted but the planted errors found, and a figure to quote is the full
 * form's median of 5.
 */
const runsOf = (quick: boolean) => (quick ? 1 : 5);

/** Deterministic pseudo-random numbers (mulberry32), so every run validates the same sheet. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function buildSheet(): { header: string[]; rows: CellValue[][]; errorsPlanted: number } {
  const employees = makeEmployees(ROWS, 0);
  const header = [
    "ID do colaborador",
    "CPF",
    "Nome",
    "E-mail",
    ...PRODUCTS.map((p) => p.name),
    "Observações",
  ];
  const rand = rng(42);
  let errorsPlanted = 0;
  const rows = employees.map((e, i): CellValue[] => {
    // Identity as people keep it: by CPF (half as numbers that lost their zeros), some by id or e-mail.
    const how = i % 10;
    const cpf = e.cpf ?? "";
    const amounts = PRODUCTS.map((_, p): CellValue => {
      const r = rand();
      if (r < 0.25) return "";
      const cents = Math.floor(rand() * 150_000);
      // Numbers mostly (Excel's own), some pt-BR text, some fixed common values.
      if (r < 0.6) return cents / 100;
      if (r < 0.8) return formatCents(cents, "pt-BR");
      return [600, 450.5, 1200, 35][p % 4]!;
    });
    // One error per planted row, so rows with errors must equal errors planted (never on the same
    // row: i ≡ 17 mod 5000 and i ≡ 3 mod 7000 have no common solution, 1000 does not divide 14).
    if (i % 5000 === 17) {
      amounts[1] = "12,3456"; // sub-cent
      errorsPlanted++;
    } else if (i % 7000 === 3) {
      amounts[2] = "abc"; // not a number
      errorsPlanted++;
    }
    return [
      how === 0 ? e.employee_id : "",
      how === 0 || how === 9 ? "" : how < 5 ? Number(cpf) : formatCpf(cpf),
      e.name,
      how === 9 ? (e.email ?? "") : "",
      ...amounts,
      "",
    ];
  });
  return { header, rows, errorsPlanted };
}

async function readBlocks(wb: OfficeWorkbook): Promise<RowBlock[]> {
  const out: RowBlock[] = [];
  for await (const b of wb.readTableRows("Dist")) out.push(b);
  return out;
}

/** The read's syncs and largest answer, on the wire (office.js's releases of ranges apart). */
function wireOf(excel: ExcelThread): { syncs: number; maxResponseBytes: number } {
  const syncs = excel.syncs.filter((s) => !s.cleanup);
  return { syncs: syncs.length, maxResponseBytes: Math.max(0, ...syncs.map((s) => s.response_bytes)) };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

type Sheet = ReturnType<typeof buildSheet>;

/** Lower bound: touch every cell once, nothing else. */
function measureBare(blocks: readonly RowBlock[], runs: number): { times: number[]; sink: number } {
  const bare: number[] = [];
  let sink = 0;
  for (let k = 0; k < runs; k++) {
    const t = performance.now();
    for (const b of blocks) {
      for (const row of b.rows) {
        for (let c = 0; c < row.length; c++) {
          const v = row[c];
          if (v !== "") sink++;
        }
      }
    }
    bare.push(performance.now() - t);
  }
  return { times: bare, sink };
}

/**
 * Second reference: only the src/money primitives validation cannot avoid (parse every amount
 * cell, normalize every CPF cell), to show what the workbook layer adds on top of them.
 */
function measurePrimitives(blocks: readonly RowBlock[], runs: number): { times: number[]; sink: number } {
  let sink = 0;
  const amountColumns = PRODUCTS.map((_, p) => 4 + p);
  const primitives: number[] = [];
  for (let k = 0; k < runs; k++) {
    const t = performance.now();
    for (const b of blocks) {
      for (const row of b.rows) {
        if (row[1] !== "") sink += normalizeCpf(row[1]).ok ? 1 : 0;
        for (const c of amountColumns) {
          const r = parseCents(row[c]);
          if (r.ok) sink += r.cents;
        }
      }
    }
    primitives.push(performance.now() - t);
  }
  return { times: primitives, sink };
}

/** The full validation, with the employee index built once per run (the list comes from the API once per send). */
function measureValidation(sheet: Sheet, employees: Employee[], blocks: readonly RowBlock[], runs: number) {
  const { header, errorsPlanted } = sheet;
  const RUNS = runs;
  const indexTimes: number[] = [];
  const validateTimes: number[] = [];
  let summary = "";
  for (let k = 0; k < RUNS; k++) {
    let t = performance.now();
    const index = new EmployeeIndex(employees);
    indexTimes.push(performance.now() - t);
    const ctx: ValidationContext = {
      header,
      mapping: computeMapping(header, PRODUCTS),
      employees: index,
      products: PRODUCTS,
    };
    t = performance.now();
    const v = new DistributionValidator(ctx);
    for (const b of blocks) v.add(b);
    const result = v.finish();
    validateTimes.push(performance.now() - t);
    // A planted error that validation misses (or an error nobody planted) is a bug, not a number.
    if (result.summary.rowsWithErrors !== errorsPlanted) {
      throw new Error(
        `validation bench: ${result.summary.rowsWithErrors} rows with errors, but ${errorsPlanted} errors were planted`,
      );
    }
    summary =
      `rows valid ${result.summary.rowsValid}, with errors ${result.summary.rowsWithErrors} ` +
      `(planted ${errorsPlanted}), grand total ${formatCents(result.summary.grandTotalCents)}`;
  }

  return { indexTimes, validateTimes, summary };
}

/**
 * Live validation: kept from a full read, then one row edited at a time (an amount typed, then
 * a CPF typed over with a duplicate's, then put back), each followed by the view the pane shows
 * (issues and summary). Against the full validation.
 */
function measureLive(sheet: Sheet, employees: Employee[], blocks: readonly RowBlock[], runs: number) {
  const { header, rows } = sheet;
  const RUNS = runs;
  const ctx: ValidationContext = {
    header,
    mapping: computeMapping(header, PRODUCTS),
    employees: new EmployeeIndex(employees),
    products: PRODUCTS,
  };
  const buildTimes: number[] = [];
  let live = new LiveValidation(ctx);
  for (let k = 0; k < RUNS; k++) {
    const t = performance.now();
    live = new LiveValidation(ctx);
    for (const b of blocks) live.add(b);
    live.view();
    buildTimes.push(performance.now() - t);
  }
  const full = new DistributionValidator(ctx);
  for (const b of blocks) full.add(b);
  const before = full.finish().summary;
  if (live.view().summary.grandTotalCents !== before.grandTotalCents)
    throw new Error("validation bench: live validation disagrees with the full validation");
  const EDITS = 300;
  const editTimes: number[] = [];
  for (let k = 0; k < EDITS; k++) {
    const at = (k * 7919) % ROWS;
    const original = rows[at]!;
    const edited = [...original];
    if (k % 2 === 0) edited[5] = "1.234,56";
    else edited[1] = rows[(at + 1) % ROWS]![1]!; // another row's identity: a duplicate
    const edit = (cells: CellValue[]) => ({ offset: at, firstSheetRow: at + 2, rows: [cells] });
    const t = performance.now();
    live.apply([edit(edited)]);
    live.view();
    editTimes.push(performance.now() - t);
    live.apply([edit(original)]);
  }
  if (live.view().summary.grandTotalCents !== before.grandTotalCents)
    throw new Error("validation bench: live validation did not come back to the full validation");
  return { buildTimes, editTimes, EDITS };
}

export default async function run(options: {
  quick: boolean;
}): Promise<{ validation: Record<string, number> }> {
  const RUNS = runsOf(options.quick);
  const sheet = buildSheet();
  const { header, rows } = sheet;
  const employees = makeEmployees(ROWS, 0);
  const excel = await startExcelThread({ tables: [{ name: "Dist", sheet: "Sheet1", header, rows }] });
  const blocks = await readBlocks(new OfficeWorkbook(excel.run)).finally(() => excel.close());
  const stats = wireOf(excel);

  const { times: bare, sink: bareSink } = measureBare(blocks, RUNS);
  const { times: primitives, sink: primitiveSink } = measurePrimitives(blocks, RUNS);
  const sink = bareSink + primitiveSink;
  const { indexTimes, validateTimes, summary } = measureValidation(sheet, employees, blocks, RUNS);
  const { buildTimes, editTimes, EDITS } = measureLive(sheet, employees, blocks, RUNS);
  const liveBuildMs = median(buildTimes);
  const liveEditMs = median(editTimes);

  const bareMs = median(bare);
  const indexMs = median(indexTimes);
  const primitivesMs = median(primitives);
  const validateMs = median(validateTimes);
  const cells = ROWS * header.length;
  console.log(
    `validation: ${ROWS} rows × ${PRODUCTS.length} products (${cells} cells), median of ${RUNS} runs`,
  );
  console.log(`  ${summary}`);
  console.log(
    `  read through the port (Office.js adapter over the fake Excel): ${blocks.length} blocks = ${stats.syncs} syncs, largest response ${stats.maxResponseBytes} bytes`,
  );
  console.log(`  lower bound (read every cell): ${bareMs.toFixed(2)} ms`);
  console.log(`  money primitives only (parseCents + normalizeCpf per cell): ${primitivesMs.toFixed(1)} ms`);
  console.log(`  employee index (${employees.length}):    ${indexMs.toFixed(1)} ms`);
  console.log(
    `  validation:                     ${validateMs.toFixed(1)} ms, ${Math.round(ROWS / (validateMs / 1000))} rows/s`,
  );
  console.log(`  ratio validation / lower bound: ${(validateMs / Math.max(bareMs, 0.001)).toFixed(0)}×`);
  console.log(`  ratio validation / money primitives: ${(validateMs / primitivesMs).toFixed(2)}×`);
  console.log(`  ratio (index + validation) / 1 s budget: ${((indexMs + validateMs) / 1000).toFixed(2)}`);
  console.log(`  live validation, built from the same blocks: ${liveBuildMs.toFixed(1)} ms`);
  console.log(
    `  live validation, one row edited (+ issues and summary): ${liveEditMs.toFixed(3)} ms, median of ${EDITS}; ` +
      `full / incremental ${(validateMs / liveEditMs).toFixed(0)}×`,
  );
  if (sink < 0) console.log(sink);
  return {
    validation: {
      rows: ROWS,
      validate_ms: Math.round(validateMs),
      index_ms: Math.round(indexMs),
      live_build_ms: Math.round(liveBuildMs),
      live_edit_ms: Math.round(liveEditMs * 1000) / 1000,
    },
  };
}
