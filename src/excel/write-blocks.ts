/**
 * What every write of the adapter shares: events off while it writes, column writes sized from the
 * JSON they send, and a block the host refuses for its size sent again in halves.
 *
 * - Events: `context.runtime.enableEvents = false` keeps the add-in's own writes from reaching
 *   its `Table.onChanged` handlers (live validation), "Work with events using the Excel JavaScript
 *   API", Enable and disable events (ExcelApi 1.8),
 *   https://learn.microsoft.com/office/dev/add-ins/excel/excel-add-ins-events. The setting is per
 *   runtime and lasts past the batch: a batch that fails between "off" and "on" (a sync stops at
 *   the failing operation and drops the ones after it) would leave live validation deaf for the
 *   rest of the session. `syncWithEventsOff` is the one place events are turned off, and it turns
 *   them back on in a batch of its own when the sync fails.
 * - Size: Excel on the web refuses a request above 5 MB (`RequestPayloadSizeLimitExceeded`,
 *   "Resource limits and performance optimization for Office Add-ins",
 *   https://learn.microsoft.com/office/dev/add-ins/concepts/resource-limits-and-performance-optimization).
 *   A column write sends its values and its number formats as arrays of one-cell rows
 *   (`[["a"],["b"]]`): `columnCellBytes` counts what each cell adds to both, and
 *   `requestOverheadBytes` what office.js adds around them, so a block planned under the budget
 *   is a request under the budget (./write-blocks.test.ts measures it on the wire).
 * - Refusal: a refused request applies nothing, so the block is sent again as two halves, down to
 *   one row, as reads do (../workbook/blocks.ts `readSizedBlock`).
 * - Memory: office.js keeps every range proxy an `Excel.run` makes, with the arrays assigned to its
 *   `values` and `numberFormat`, until the run ends (its auto-cleanup list, which releases the
 *   ranges' references then: `ClientObject` and `TrackedObjects._autoAdd` in excel-web-16.00.js).
 *   A write of many blocks in one run would hold every block's cells until its last sync, so the
 *   arrays a block hands over (`queueColumn` returns them) are emptied once its sync has sent them.
 */
import { planWriteBlocks, rowJsonBytes, utf8Length } from "../workbook/blocks";
import { type CellValue, TEXT_FORMAT } from "../workbook/port";
import { HOST_ERROR_CODES } from "./errors";
import type { CellInput, ExcelRun, RangeApi, RequestContextApi } from "./office-api";

/**
 * Queues `queue` between events off and on, syncs, and turns events back on in a batch of its own
 * when the sync fails. `suspendCalculation` also suspends calculation until this sync
 * (`Application.suspendApiCalculationUntilNextSync`, ExcelApi 1.6), for writes of many cells.
 */
export async function syncWithEventsOff(
  run: ExcelRun,
  context: RequestContextApi,
  queue: () => HandedOver | void,
  options: { suspendCalculation?: boolean } = {},
): Promise<void> {
  context.runtime.enableEvents = false;
  if (options.suspendCalculation) context.workbook.application.suspendApiCalculationUntilNextSync();
  let handedOver: HandedOver | void = undefined;
  try {
    handedOver = queue();
  } finally {
    context.runtime.enableEvents = true;
  }
  try {
    await context.sync();
  } catch (e) {
    // The failed batch may have stopped before turning events back on.
    await run(async (retryContext) => {
      retryContext.runtime.enableEvents = true;
      await retryContext.sync();
    });
    throw e;
  } finally {
    // Sent or refused, the request's text is built: the arrays are of no more use (file comment).
    for (const array of handedOver ?? []) array.length = 0;
  }
}

/** Arrays a batch assigned to range proxies, emptied by `syncWithEventsOff` after the sync. */
export type HandedOver = unknown[][];

/** How a column's cells are formatted before or after its values (see `queueColumn`). */
export type ColumnFormat =
  /** Every cell takes this format: "@" before the values, any other after them. */
  | { kind: "column"; format: string }
  /** No format asked for: the cells that get text are formatted "@" first, the others left alone. */
  | { kind: "text-cells" }
  /** The cells have the format asked for already (a new sheet's are General): values only. */
  | { kind: "values-only" };

export const columnFormat = (format: string | undefined): ColumnFormat =>
  format === undefined ? { kind: "text-cells" } : { kind: "column", format };

/**
 * Whether a value written to a cell is text that Excel might convert: a non-empty string. Excel
 * takes a string written through `Range.values` as if typed in en-US (a date, a percentage, a
 * number; OfficeDev/office-js#1559), unless the cell's format is text ("@"): product codes such
 * as "1-2" would become dates and change at every pull.
 */
export const isText = (v: CellValue | null): boolean => typeof v === "string" && v !== "";

/** The `{"values":…}` and `{"numberFormat":…}` wrappers of one column's operations. */
const OPERATION_BYTES = '{"numberFormat":}'.length * 2 + '{"values":}'.length + 2;

/**
 * What office.js adds around the values, measured on its requests (the host's wire counts,
 * ./write-blocks.test.ts): a request's own object paths and actions (the workbook, events off
 * and on, calculation suspended) stay under `REQUEST_BYTES`; each column's path to its range
 * (table, column, data body, row, offset, resize, kept reference) under `COLUMN_BYTES`. An array
 * of more than 1,500 cells is split by the library into writes of 1,500 cells, each with its own
 * range path of about 1.7 KB (`setRangePropertiesInBulk` in excel-web-16.00.js): about 1.1 bytes
 * per cell and per property written, counted as `SPLIT_BYTES_PER_CELL`.
 */
const REQUEST_BYTES = 2_048;
const COLUMN_BYTES = 2_048;
const SPLIT_BYTES_PER_CELL = 2;

/** The bytes of a block's request that are not its cells, for `columns` columns. */
export const requestOverheadBytes = (columns: number): number => REQUEST_BYTES + columns * COLUMN_BYTES;

/** Bytes one cell adds to its column's requests: the value, and its number format entries. */
function columnCellBytes(value: CellValue, format: ColumnFormat): number {
  // `[v],` in the values array, and its share of the library's split.
  const valueBytes = rowJsonBytes([value]) + 1 + SPLIT_BYTES_PER_CELL;
  if (format.kind === "values-only") return valueBytes;
  if (format.kind === "text-cells") return valueBytes + "[null],".length + SPLIT_BYTES_PER_CELL;
  return valueBytes + utf8Length(JSON.stringify(format.format)) + 3 + SPLIT_BYTES_PER_CELL;
}

/**
 * Blocks [start, end) of `rowCount` rows for columns written together, each block's request
 * under `maxBlockBytes` (a single row above the budget gets a block of its own).
 */
export function planColumnBlocks(
  rowCount: number,
  columns: ReadonlyArray<{ value: (row: number) => CellValue; format: ColumnFormat }>,
  maxBlockBytes: number,
): Array<[number, number]> {
  const fixed = columns.length * OPERATION_BYTES + requestOverheadBytes(columns.length);
  const budget = Math.max(1, maxBlockBytes - fixed);
  return planWriteBlocks(
    rowCount,
    (row) => {
      let bytes = 0;
      for (const column of columns) bytes += columnCellBytes(column.value(row), column.format);
      // planWriteBlocks adds a comma per row; `columnCellBytes` counted every comma already.
      return bytes - 1;
    },
    budget,
  );
}

/**
 * One-cell rows for a column of `cellCount` cells. A row equal to the one above it is the same array: the
 * request's text is the same, and a column of one format, or of a value repeated down its rows (a
 * ledger's date, a run's status), makes one array where it would make one per cell.
 */
function oneColumn<T>(cellCount: number, at: (i: number) => T): T[][] {
  const rows: T[][] = [];
  let above: T[] | undefined;
  for (let i = 0; i < cellCount; i++) {
    const value = at(i);
    if (above === undefined || above[0] !== value) above = [value];
    rows.push(above);
  }
  return rows;
}

/**
 * Queues one column's values into a one-column range of `rowCount` rows, formatted as `format` says:
 * text formats go before the values (so the strings stay text), others after them. Returns the
 * arrays handed to the range, for `syncWithEventsOff` to empty after the sync.
 */
export function queueColumn(
  range: RangeApi,
  rowCount: number,
  value: (i: number) => CellInput,
  format: ColumnFormat,
): HandedOver {
  const handed: HandedOver = [];
  const assign = <T>(array: T[][]): T[][] => (handed.push(array), array);
  if (format.kind === "text-cells") {
    const formats = oneColumn(rowCount, (i) => (isText(value(i)) ? TEXT_FORMAT : null));
    if (formats.some(([f]) => f !== null)) range.numberFormat = assign(formats);
  } else if (format.kind === "column" && format.format === TEXT_FORMAT) {
    range.numberFormat = assign(oneColumn(rowCount, () => TEXT_FORMAT));
  }
  range.values = assign(oneColumn(rowCount, value));
  if (format.kind === "column" && format.format !== TEXT_FORMAT)
    range.numberFormat = assign(oneColumn(rowCount, () => format.format));
  return handed;
}

/** Whether the host refused a request for its size. */
function refusedForSize(thrown: unknown): boolean {
  return (
    typeof thrown === "object" &&
    thrown !== null &&
    "code" in thrown &&
    thrown.code === HOST_ERROR_CODES.requestPayloadSizeLimitExceeded
  );
}

/**
 * Sends rows [start, end) with `send`; a block the host refuses for its size (nothing of it was
 * applied) is sent again as two halves, down to one row, whose refusal is the caller's error.
 * Returns how many refusals were recovered.
 */
export async function sendInHalves(
  start: number,
  end: number,
  send: (start: number, end: number) => Promise<void>,
): Promise<number> {
  try {
    await send(start, end);
    return 0;
  } catch (e) {
    if (!refusedForSize(e) || end - start <= 1) throw e;
    const mid = start + Math.floor((end - start) / 2);
    return 1 + (await sendInHalves(start, mid, send)) + (await sendInHalves(mid, end, send));
  }
}
