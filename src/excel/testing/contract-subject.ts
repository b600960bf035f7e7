/**
 * What the Workbook contract suite (./workbook-contract.ts) is given, and the small helpers its
 * parts share: the seed, how the suite looks at cells as a person would, and the failure matcher.
 */
import { type CellValue, type RowBlock, type Workbook } from "../../workbook/port";

/** What the suite seeds: the same shape for every implementation. */
export interface ContractInit {
  sheets?: Record<string, CellValue[][]>;
  tables?: Array<{ name: string; sheet: string; header: string[]; rows: CellValue[][]; at?: string }>;
  payloadLimitBytes?: number;
}

/** How the suite looks at the workbook, as a person would (no port calls). */
export interface Looker {
  cell(sheet: string, a1: string): CellValue;
  numberFormat(sheet: string, a1: string): string;
  formula(sheet: string, a1: string): string | undefined;
  formulaCount(): number;
  sheetValues(sheet: string): CellValue[][];
  totalsRow(table: string): CellValue[] | null;
  activeSheet(): string | undefined;
  frozenRows(sheet: string): number;
  columnWidth(sheet: string, column: number): number | undefined;
  /** The selected cell as "Sheet!A1". */
  selection(): string | undefined;
  typeCell(sheet: string, a1: string, value: CellValue): void;
  /** Lets events raised so far reach their listeners. */
  settle(): Promise<void>;
}

export type ContractSubject = (init?: ContractInit) => { workbook: Workbook; look: Looker };

export async function collect(it: AsyncIterable<RowBlock>): Promise<RowBlock[]> {
  const out: RowBlock[] = [];
  for await (const block of it) out.push(block);
  return out;
}

/** A failure whose code (WorkbookHostError) or message names `pattern`. */
export async function failsWith(promise: Promise<unknown>, pattern: RegExp): Promise<void> {
  const failure: unknown = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(failure).toBeInstanceOf(Error);
  const code = (failure as { code?: unknown }).code;
  expect(`${typeof code === "string" ? code : ""} ${(failure as Error).message}`).toMatch(pattern);
}

export const fromTable = (
  header: string[],
  rows: CellValue[][],
  extra: Partial<ContractInit> = {},
): ContractInit => ({
  tables: [{ name: "Table1", sheet: "Sheet1", header, rows }],
  ...extra,
});
