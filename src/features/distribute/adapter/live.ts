/**
 * Live validation in the adapter: the last validation of each table, kept as a
 * `LiveValidation` (src/workbook), and brought up to date from the table's changes.
 *
 * A burst of edits costs two syncs, whatever the table's size: one to read the changed rows with
 * the table's facts (to see that nothing moved, and that the table still sits where the Office
 * adapter placed the edits from without a sync: src/excel `OfficeWorkbook`'s dispatch), one to
 * write the status cells of the rows whose standing changed (the edited ones and those sharing an
 * employee with them), within the table's rows as that sync finds them: a table that shrank in
 * between makes the write fail, never land below it.
 * Rows inserted or deleted, a header edited, a mapping saved, or more than `LIVE_MAX_ROWS` rows
 * changed: the table is validated again in full (src/workbook/live-changes.ts says why).
 *
 * The add-in's own writes: Office.js raises `Table.onChanged` for changes made by add-in code too
 * ("Work with events using the Excel JavaScript API",
 * https://learn.microsoft.com/office/dev/add-ins/excel/excel-add-ins-events), unless the runtime's
 * events are off; `TableChangedEventArgs` has `source` (Local or Remote) but, unlike
 * `WorksheetChangedEventArgs.triggerSource` (ExcelApi 1.14), nothing that names this add-in. So
 * the writes turn events off (src/excel/office-write.ts), and a change that touches only the
 * add-in's columns (status, message, total) is ignored here as well.
 */
import type { Product } from "../../../api";
import {
  addinColumns,
  type EmployeeIndex,
  LiveValidation,
  type LiveView,
  type Locale,
  loadMapping,
  onlyAddinColumns,
  type PaymentRecords,
  planLiveRevalidation,
  rowStatus,
  sitsAt,
  type TableChange,
  type TableInfo,
  type TableMapping,
  validationRowResults,
  type Workbook,
  writeRowResults,
  writeSomeRowResults,
} from "../../../workbook";
import { readPaymentRecords } from "../../../workbook/ledger";

/** What a validation needs from the API, read by the last explicit validation. */
export interface LiveDirectory {
  index: EmployeeIndex;
  products: readonly Product[];
  availableCents: number;
}

interface Held {
  live: LiveValidation;
  table: TableInfo;
  mapping: TableMapping;
  own: Set<number>;
  /** Each employee's last payment from this table (the ledger), read by the full validation. */
  records: PaymentRecords;
}

const sameShape = (a: TableInfo, b: TableInfo): boolean =>
  a.name === b.name &&
  a.rowCount === b.rowCount &&
  a.headerRow === b.headerRow &&
  a.header.length === b.header.length &&
  a.header.every((h, i) => h === b.header[i]);

export class LiveTables {
  private readonly held = new Map<string, Held>();

  constructor(
    private readonly workbook: Workbook,
    private readonly locale: Locale,
  ) {}

  /**
   * Validates the whole table (its mapping loaded again), writes every row's status, and keeps
   * the result for the changes to come.
   */
  async full(table: TableInfo, dir: LiveDirectory): Promise<LiveValidation> {
    const mapping = await loadMapping(this.workbook, table.name, table.header, dir.products);
    const live = new LiveValidation({
      header: table.header,
      mapping,
      employees: dir.index,
      products: dir.products,
      options: { availableBalanceCents: dir.availableCents },
    });
    for await (const block of this.workbook.readTableRows(table.name)) live.add(block);
    const result = live.result();
    // Each row's state beside it by the status rule: errors, ready to send, left out (with its
    // last payment, from the ledger), as a send would write them.
    const records = await readPaymentRecords(this.workbook, table.name);
    const now = await writeRowResults(
      this.workbook,
      table,
      mapping,
      validationRowResults(result, this.locale, records),
      this.locale,
    );
    // Writing may have added the add-in's columns: the mapping follows the header as it is now.
    const after =
      now.header.length === table.header.length
        ? mapping
        : await loadMapping(this.workbook, now.name, now.header, dir.products);
    this.held.set(now.name.toLowerCase(), {
      live,
      table: now,
      mapping: after,
      own: addinColumns(after),
      records,
    });
    return live;
  }

  /** Forgets a table's live result (its mapping changed): the next change validates it in full. */
  forget(table: string): void {
    this.held.delete(table.toLowerCase());
  }

  /** True when a change is only the add-in's own status cells (see the file comment). */
  isOwnWrite(table: string, change: TableChange): boolean {
    const held = this.held.get(table.toLowerCase());
    return held !== undefined && onlyAddinColumns(change, held.own);
  }

  /**
   * Brings the table's result up to date with `changes`: the changed rows only when it can, else
   * in full (`table` then gives the table as it is; `dir` the directory to validate against).
   */
  async update(
    name: string,
    changes: readonly TableChange[] | undefined,
    reload: () => Promise<{ table: TableInfo; dir: LiveDirectory }>,
  ): Promise<LiveView> {
    const held = this.held.get(name.toLowerCase());
    if (held && changes) {
      const plan = planLiveRevalidation(changes, held.live.rowCount, held.own);
      if (plan.kind === "none") return held.live.view();
      if (plan.kind === "rows") {
        const read = await this.workbook.readTableRowRanges(held.table.name, plan.ranges);
        // Changes placed from the table's last known position (no sync at the event) hold only
        // if the table still sits there, as read in the same sync as the rows.
        const placed = changes.every((c) => c.placedOn === undefined || sitsAt(read.table, c.placedOn));
        if (placed && sameShape(read.table, held.table)) {
          const rows = held.live.apply(read.blocks).map((rowIndex) => {
            const row = held.live.row(rowIndex);
            const record = row.employeeId === undefined ? undefined : held.records.get(row.employeeId);
            return {
              rowIndex,
              result: rowStatus(
                { rowIndex, issues: row.issues, totalCents: row.totalCents, record },
                this.locale,
              ),
            };
          });
          try {
            await writeSomeRowResults(this.workbook, held.table, held.mapping, rows, this.locale);
            return held.live.view();
          } catch {
            // The table changed under the write (it lost the rows, so Excel refused to write
            // them below it): the table as it is now is validated in full. A lasting failure
            // fails that too, and is reported from there.
          }
        }
      }
    }
    const { table, dir } = await reload();
    return (await this.full(table, dir)).view();
  }
}
