/**
 * Row-block sizing, shared by every Workbook implementation.
 *
 * Excel on the web rejects a request or response payload above 5 MB ("Resource limits and
 * performance optimization for Office Add-ins", Office docs: "Excel add-ins ... payload size
 * limit for requests and responses of 5 MB"). A read cannot know its rows' size before it
 * reads them, so reads probe with a small first block and then size blocks from the widest
 * row seen, with a safety factor for wider rows still to come. Writes know their values, so
 * they cut blocks exactly by the JSON size of each row.
 */
import { type CellValue, DEFAULT_MAX_BLOCK_BYTES } from "./port";

/** Rows in the first (probe) block of a read sized by bytes. */
export const PROBE_ROWS = 256;
/** Upper bound on rows per block, whatever the budget (keeps one sync's work bounded). */
export const MAX_BLOCK_ROWS = 20_000;
/** Rows still to come may be wider than the widest seen: plan for this many times wider. */
const SAFETY_FACTOR = 2;

/** UTF-8 byte length of a string, without allocating. */
export function utf8Length(s: string): number {
  let bytes = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      // A surrogate pair is one 4-byte code point.
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** UTF-8 bytes of a cell value as JSON (quotes and escapes of strings included, approximately). */
export function cellJsonBytes(value: CellValue): number {
  if (typeof value === "string") {
    // 2 quotes; JSON escapes (\" \\ control characters) are rare enough to count once each.
    let escapes = 0;
    for (let i = 0; i < value.length; i++) {
      const c = value.charCodeAt(i);
      if (c === 0x22 || c === 0x5c || c < 0x20) escapes += c < 0x20 ? 5 : 1;
    }
    return utf8Length(value) + 2 + escapes;
  }
  if (typeof value === "boolean") return value ? 4 : 5;
  return String(value).length;
}

/** UTF-8 bytes of a row as a JSON array (brackets and commas included). */
export function rowJsonBytes(row: readonly CellValue[]): number {
  let bytes = 2 + Math.max(0, row.length - 1);
  for (const v of row) bytes += cellJsonBytes(v);
  return bytes;
}

/** UTF-8 bytes of rows as a JSON array of arrays. */
export function rowsJsonBytes(rows: readonly (readonly CellValue[])[]): number {
  let bytes = 2 + Math.max(0, rows.length - 1);
  for (const r of rows) bytes += rowJsonBytes(r);
  return bytes;
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
    if (this.fixed !== undefined) return this.fixed;
    if (!this.observed) return PROBE_ROWS;
    const perRow = Math.max(1, this.widestRow) * SAFETY_FACTOR;
    return Math.max(1, Math.min(MAX_BLOCK_ROWS, Math.floor(this.maxBlockBytes / perRow)));
  }

  /** Records a block that was read; returns its JSON size in bytes. */
  observe(rows: readonly (readonly CellValue[])[]): number {
    let total = 2 + Math.max(0, rows.length - 1);
    for (const r of rows) {
      const b = rowJsonBytes(r);
      total += b;
      if (b > this.widestRow) this.widestRow = b;
    }
    if (rows.length > 0) this.observed = true;
    return total;
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
    const b = rowBytes(i) + 1;
    if (i > start && (bytes + b > maxBlockBytes || i - start >= MAX_BLOCK_ROWS)) {
      blocks.push([start, i]);
      start = i;
      bytes = 2;
    }
    bytes += b;
  }
  if (rowCount > start) blocks.push([start, rowCount]);
  return blocks;
}
