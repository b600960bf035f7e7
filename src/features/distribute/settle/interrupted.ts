/**
 * Where a run stopped, for the pane that opens after it (the pane reloaded, the workbook closed
 * mid-send or before finalize): the newest distribution of the run log (or its journal) that is
 * not known to be final, settled first (./settle.ts), and what its draft holds against what its
 * table asks for. A run found paid by the settle is recorded as such and is not interrupted.
 */
import { type Locale, type Workbook, writeRowResults } from "../../../workbook";
import { compareWithSheet, readDraftItems } from "../send/review";
import { mismatchDetails, runRowResults } from "../send/row-results";
import { latestByDistribution, readRunLogEntries } from "../../../workbook/run-log";
import { settleJournal } from "../../../workbook/run-journal";
import type { DistributionMode, InterruptedRun } from "../services";
import { readDistributionSheet, SheetInvalidError, TableNotFoundError } from "../send/sheet";
import { type SettleApi, settleTable } from "./settle";

const MODES: readonly string[] = ["selected", "batch", "group"];
const OPEN_STATES: readonly string[] = ["draft", "finalizing", "unknown", "processing"];

export async function interruptedRun(
  api: SettleApi,
  workbook: Workbook,
  options: { signal: AbortSignal; locale: Locale },
): Promise<InterruptedRun | undefined> {
  await settleJournal(workbook);
  const last = latestByDistribution(await readRunLogEntries(workbook))
    .filter((e) => MODES.includes(e.mode) && OPEN_STATES.includes(e.state))
    .at(-1);
  if (!last) return undefined;
  const settled = await settleTable(api, { workbook, table: last.table }, options);
  const open = settled.open.find((o) => o.mode === last.mode);
  if (!open) return undefined;
  const run: InterruptedRun = {
    table: last.table,
    mode: last.mode as DistributionMode,
    distributionId: open.distributionId,
    state: open.state,
    draftEmployees: open.employees,
    draftCents: open.totalCents,
    since: open.since,
  };
  if (open.mode !== "selected") return run;
  try {
    const sheet = await readDistributionSheet(api, workbook, last.table, options);
    const cents = sheet.desired.reduce(
      (sum, d) => sum + [...d.values.values()].reduce((a, b) => a + b, 0),
      0,
    );
    // Each row says whether the draft holds it yet ("No rascunho", or what the draft holds instead).
    const held = await readDraftItems(api.distributions, open.distributionId, options.signal);
    const names = new Map(sheet.products.map((p) => [p.id, p.name]));
    const { mismatches } = compareWithSheet(sheet.desired, held);
    const details = mismatchDetails(mismatches, (id) => names.get(id) ?? id, options.locale);
    const results = runRowResults(sheet, "draft", open.distributionId, options.locale, {
      mismatched: details,
    });
    await writeRowResults(workbook, sheet.table, sheet.mapping, results, options.locale);
    return { ...run, sheetEmployees: sheet.desired.length, sheetCents: cents };
  } catch (e) {
    // The table was renamed, deleted or has errors now: the draft's own figures still stand.
    if (e instanceof SheetInvalidError || e instanceof TableNotFoundError) return run;
    throw e;
  }
}
