/**
 * Row-block sizing, shared by every Workbook implementation.
 *
 * Excel on the web rejects a request or response payload above 5 MB ("Resource limits and
 * performance optimization for Office Add-ins", Office docs: "Excel add-ins ... payload size
 * limit for requests and responses of 5 MB"). A read cannot know its rows' size before it
 * reads them, so reads probe with a small first block and then size blocks from the widest
 * row seen, with a safety factor for wider rows still to come. Writes know their values, so
 * they cut blocks exactly by the JSON size of each row.
 *
 * The safety factor is a guess: rows far wider than any seen so far (a notes column empty in
 * the probe, full later) can still push a block past the host's limit. The host then refuses
 * the block (Office.js: an error with `code` "ResponsePayloadSizeLimitExceeded"), and
 * `readSizedBlock` halves it (`BlockSizer.shrink`) and reads it again, down to one row; a single
 * row above the limit is a `RowTooLargeError`. After a refusal the next blocks stay at most the
 * size that worked and grow back by doubling while reads succeed.
 */
import { type CellValue, DEFAULT_MAX_BLOCK_BYTES } from "./port";

/**
 * `code` of the error Office.js throws when a response is above the payload limit
 * (Excel JavaScript API error codes: "ResponsePayloadSizeLimitExceeded").
 */
const RESPONSE_PAYLOAD_LIMIT_CODE = "ResponsePayloadSizeLimitExceeded";

/** Rows in the first (probe) block of a read sized by bytes. */
export const PROBE_ROWS = 256;
/**
 * Upper bound on rows per block: a worksheet's row count (Excel specifications and limits:
 * 1,048,576 rows). Blocks are sized by bytes alone, so a table takes the fewest syncs its
 * payload allows; a row cap below the payload budget would only add syncs.
 */
export const MAX_BLOCK_ROWS = 1_048_576;
/** Rows still to come may be wider than the widest seen: plan for this many times wider. */
const SAFETY_FACTOR = 2;

/** UTF-8 byte length of a string, without allocating. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const codeUnit = text.charCodeAt(i);
    if (codeUnit < 0x80) bytes += 1;
    else if (codeUnit < 0x800) bytes += 2;
    else if (codeUnit >= 0xd800 && codeUnit <= 0xdbff && i + 1 < text.length) {
      // A surrogate pair is one 4-byte code point.
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** UTF-8 bytes of a cell value as JSON (quotes and escapes of strings included, approximately). */
function cellJsonBytes(value: CellValue): number {
  if (typeof value === "string") {
    // 2 quotes; JSON escapes (\" \\ control characters) are rare enough to count once each.
    let escapes = 0;
    for (let i = 0; i < value.length; i++) {
      const codeUnit = value.charCodeAt(i);
      if (codeUnit === 0x22 || codeUnit === 0x5c || codeUnit < 0x20) escapes += codeUnit < 0x20 ? 5 : 1;
    }
    return utf8Length(value) + 2 + escapes;
  }
  if (typeof value === "boolean") return value ? 4 : 5;
  return String(value).length;
}

/** UTF-8 bytes of a row as a JSON array (brackets and commas included). */
export function rowJsonBytes(row: readonly CellValue[]): number {
  let bytes = 2 + Math.max(0, row.length - 1);
  for (const cell of row) bytes += cellJsonBytes(cell);
  return bytes;
}

/** UTF-8 bytes of rows as a JSON array of arrays. */
export function rowsJsonBytes(rows: readonly (readonly CellValue[])[]): number {
  let bytes = 2 + Math.max(0, rows.length - 1);
  for (const row of rows) bytes += rowJsonBytes(row);
  return bytes;
}

/** Whether `error` is the host refusing a response for its size (Office.js error `code`). */
function isPayloadLimitError(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    "code" in error &&
    error.code === RESPONSE_PAYLOAD_LIMIT_CODE
  );
}

/** One row is larger than the host accepts in a response: it cannot be read as values. */
export class RowTooLargeError extends Error {
  constructor(
    /** 1-based worksheet row number of the row. */
    readonly sheetRow: number,
    cause: unknown,
  ) {
    super(
      `Row ${sheetRow} is too large to read in one request (Excel on the web limits a response to 5 MB); ` +
        `shorten the text in its cells.`,
      { cause },
    );
    this.name = "RowTooLargeError";
  }
}

export interface BlockSizerOptions {
  /** Fixed rows per block (the caller's choice); overrides the byte budget. */
  blockRows?: number | undefined;
  maxBlockBytes?: number | undefined;
}

/**
 * Chooses the size of the next block of a read. Call `next()` for the number of rows to read,
 * then `observe(rows)` with what came back.
 */
export class BlockSizer {
  readonly maxBlockBytes: number;
  private readonly fixed: number | undefined;
  private widestRow = 0;
  private observed = false;
  /** Set by `shrink`: no block above this many rows until reads succeed again. */
  private cap: number | undefined;

  constructor(options: BlockSizerOptions = {}) {
    const { blockRows, maxBlockBytes } = options;
    if (blockRows !== undefined && (!Number.isInteger(blockRows) || blockRows < 1)) {
      throw new RangeError(`blockRows must be a positive integer, got ${blockRows}`);
    }
    if (maxBlockBytes !== undefined && !(maxBlockBytes >= 1024)) {
      throw new RangeError(`maxBlockBytes must be at least 1024, got ${maxBlockBytes}`);
    }
    this.fixed = blockRows;
    this.maxBlockBytes = maxBlockBytes ?? DEFAULT_MAX_BLOCK_BYTES;
  }

  /** Rows to ask for in the next block. */
  next(): number {
    const planned = this.planned();
    return this.cap === undefined ? planned : Math.min(planned, this.cap);
  }

  private planned(): number {
    if (this.fixed !== undefined) return this.fixed;
    if (!this.observed) return PROBE_ROWS;
    const perRow = Math.max(1, this.widestRow) * SAFETY_FACTOR;
    return Math.max(1, Math.min(MAX_BLOCK_ROWS, Math.floor(this.maxBlockBytes / perRow)));
  }

  /**
   * The host refused a block of `failedRows` rows for its size: returns the rows to ask for
   * instead (half, at least 1), and caps the next blocks to that until reads succeed again.
   * A block of one row cannot shrink: RangeError (see `readSizedBlock` for the user's error).
   */
  shrink(failedRows: number): number {
    if (!Number.isInteger(failedRows) || failedRows <= 1) {
      throw new RangeError(`a block of ${failedRows} row(s) cannot be made smaller`);
    }
    this.cap = Math.floor(failedRows / 2);
    return this.cap;
  }

  /** Records a block that was read; returns its JSON size in bytes. */
  observe(rows: readonly (readonly CellValue[])[]): number {
    if (this.cap !== undefined && rows.length > 0) {
      // A read succeeded: let blocks grow back, by doubling, to what the byte estimate allows.
      this.cap *= 2;
      if (this.cap >= MAX_BLOCK_ROWS) this.cap = undefined;
    }
    let total = 2 + Math.max(0, rows.length - 1);
    for (const row of rows) {
      const rowBytes = rowJsonBytes(row);
      total += rowBytes;
      if (rowBytes > this.widestRow) this.widestRow = rowBytes;
    }
    if (rows.length > 0) this.observed = true;
    return total;
  }
}

/**
 * Reads the next block of a read: `read(count)` fetches `count` rows (one sync). When the host
 * refuses the response for its size (`isPayloadLimitError`), the block is halved and read again,
 * down to one row; one row above the limit is a `RowTooLargeError` naming its worksheet row.
 * Every Workbook implementation reads through this, so they all recover the same way (see
 * `Workbook.readTableRows` in ./port.ts). The caller still calls `sizer.observe` on the rows.
 */
export async function readSizedBlock<T>(
  sizer: BlockSizer,
  remaining: number,
  firstSheetRow: number,
  read: (count: number) => T | Promise<T>,
): Promise<{ count: number; value: T }> {
  let count = Math.max(1, Math.min(sizer.next(), remaining));
  for (;;) {
    try {
      return { count, value: await read(count) };
    } catch (e) {
      if (!isPayloadLimitError(e)) throw e;
      if (count <= 1) throw new RowTooLargeError(firstSheetRow, e);
      count = sizer.shrink(count);
    }
  }
}

/**
 * Cuts `rowCount` rows into consecutive blocks [start, end) whose JSON stays within
 * `maxBlockBytes` (a single row above the budget gets a block of its own).
 */
export function planWriteBlocks(
  rowCount: number,
  rowBytes: (row: number) => number,
  maxBlockBytes: number = DEFAULT_MAX_BLOCK_BYTES,
): Array<[number, number]> {
  const blocks: Array<[number, number]> = [];
  let start = 0;
  let bytes = 2;
  for (let i = 0; i < rowCount; i++) {
    const entryBytes = rowBytes(i) + 1;
    if (i > start && (bytes + entryBytes > maxBlockBytes || i - start >= MAX_BLOCK_ROWS)) {
      blocks.push([start, i]);
      start = i;
      bytes = 2;
    }
    bytes += entryBytes;
  }
  if (rowCount > start) blocks.push([start, rowCount]);
  return blocks;
}
