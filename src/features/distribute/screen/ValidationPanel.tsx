/**
 * The validation result: a summary (employees, total per product, grand total, balance and
 * shortfall) and the list of problems, each a button that selects the offending cell in Excel
 * through the Workbook port; then a checker that shows, for a chosen cell, the raw value and the
 * cents it became.
 */
import {
  Badge,
  Body1,
  Button,
  Caption1,
  Field,
  Input,
  makeStyles,
  Select,
  Subtitle2,
  tokens,
} from "@fluentui/react-components";
import { type Ref, useState } from "react";
import type { Issue } from "../../../workbook";
import type { Locale } from "../../../money";
import { useReport } from "../../../taskpane/ui/errors/ErrorCenter";
import { formatBRL, formatCount, useMessages, useWords } from "../../../taskpane/ui/i18n";
import type { CellInspection, DistributeServices, MappingView, ValidationView } from "../services";
import { useLayoutStyles } from "../../../taskpane/ui/layout";
import { DISTRIBUTE_WORDS } from "../words";
import { OutcomeHeading } from "./OutcomeHeading";

const useStyles = makeStyles({
  strong: { fontWeight: tokens.fontWeightSemibold },
  list: {
    listStyle: "none",
    margin: 0,
    padding: 0,
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalXS,
  },
  problem: {
    justifyContent: "flex-start",
    textAlign: "start",
    height: "auto",
    minHeight: "32px",
    width: "100%",
    whiteSpace: "normal",
    gap: tokens.spacingHorizontalS,
    alignItems: "flex-start",
    fontWeight: tokens.fontWeightRegular,
  },
  inspect: { display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: tokens.spacingHorizontalS },
  rowField: { flex: "0 1 120px", minWidth: 0 },
  colField: { flex: "1 1 140px", minWidth: 0 },
  select: { minWidth: 0, width: "100%", "& select": { minWidth: 0 } },
  input: { minWidth: 0, width: "100%" },
  group: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXXS },
  groupTitle: { display: "flex", gap: tokens.spacingHorizontalS, alignItems: "flex-start" },
  rows: {
    display: "flex",
    flexWrap: "wrap",
    gap: tokens.spacingHorizontalXS,
    paddingLeft: tokens.spacingHorizontalXXL,
  },
  rowButton: { minWidth: "48px" },
  tableIssue: {
    display: "flex",
    gap: tokens.spacingHorizontalS,
    alignItems: "flex-start",
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
  },
});

function where(issue: Issue): string {
  return [issue.row !== undefined ? `${issue.row}` : "", issue.column ?? ""].filter(Boolean).join(" · ");
}

/** Above this many problems, the list is grouped by kind and column (issue 20, item 5). */
export const GROUP_ABOVE = 8;

interface ProblemGroup {
  key: string;
  code: Issue["code"];
  column: string | undefined;
  severity: Issue["severity"];
  issues: Issue[];
}

/** The problems that have a cell or row, grouped by kind and column, in the order first seen. */
function groupProblems(issues: readonly Issue[]): ProblemGroup[] {
  const groups = new Map<string, ProblemGroup>();
  for (const issue of issues) {
    const key = `${issue.code}\u0000${issue.column ?? ""}`;
    const group = groups.get(key);
    if (group) group.issues.push(issue);
    else
      groups.set(key, {
        key,
        code: issue.code,
        column: issue.column,
        severity: issue.severity,
        issues: [issue],
      });
  }
  return [...groups.values()];
}

const rowList = (rows: readonly number[], locale: Locale) =>
  new Intl.ListFormat(locale, { type: "conjunction" }).format(rows.map(String));

export interface ValidationPanelProps {
  table: string;
  result: ValidationView;
  mapping: MappingView | undefined;
  services: Pick<DistributeServices, "selectIssue" | "inspectCell">;
  /** Opens Fund for the shortfall (shown under the summary when there is one). */
  onFund?: () => void;
  /** The problems' heading, focused after a validation (WCAG 2.4.3). */
  problemsHeadingRef?: Ref<HTMLHeadingElement>;
}

export function ValidationPanel({
  table,
  result,
  mapping,
  services,
  onFund,
  problemsHeadingRef,
}: ValidationPanelProps) {
  const { locale } = useMessages();
  const d = useWords(DISTRIBUTE_WORDS);
  const styles = useStyles();
  const layout = useLayoutStyles();
  const report = useReport();
  const s = result.summary;
  const productName = (id: string) => mapping?.products.find((p) => p.id === id)?.name ?? id;
  const [row, setRow] = useState("");
  const [column, setColumn] = useState("");
  const [inspected, setInspected] = useState<CellInspection | undefined>(undefined);
  const productHeaders = mapping?.columns.filter((c) => c.role.role === "product").map((c) => c.header) ?? [];

  const tableIssues = result.issues.filter((i) => i.row === undefined && i.column === undefined);
  const allCellIssues = result.issues.filter((i) => i.row !== undefined || i.column !== undefined);
  const grouped = allCellIssues.length > GROUP_ABOVE;
  // Grouped, every problem is a small button; one by one, the first 200.
  const cellIssues = grouped ? allCellIssues : allCellIssues.slice(0, 200);
  const select = (issue: Issue) => {
    // The checker follows the problem clicked, for an amount cell.
    if (issue.row !== undefined && issue.column && productHeaders.includes(issue.column)) {
      setRow(String(issue.row));
      setColumn(issue.column);
    }
    void services.selectIssue(table, issue).catch((e: unknown) => report.error(e));
  };
  // The icon is decoration: the message says what it means, so names carry no "! ".
  const badge = (severity: Issue["severity"]) => (
    <Badge aria-hidden appearance="tint" color={severity === "error" ? "danger" : "warning"} size="small">
      {severity === "error" ? "!" : "i"}
    </Badge>
  );

  const inspect = async () => {
    const n = Number(row);
    if (!Number.isInteger(n) || n < 1 || column === "") return;
    try {
      setInspected(await services.inspectCell(table, n, column));
    } catch (e) {
      report.error(e);
    }
  };

  return (
    <div className={layout.stack}>
      <Subtitle2 as="h3">{d.summary}</Subtitle2>
      <dl className={layout.facts} data-testid="summary">
        <dt>{d.employees}</dt>
        <dd>{formatCount(s.employees, locale)}</dd>
        {[...s.perProduct].map(([id, cents]) => (
          <div key={id} style={{ display: "contents" }}>
            <dt>{productName(id)}</dt>
            <dd>{formatBRL(cents, locale)}</dd>
          </div>
        ))}
        <dt className={styles.strong}>{d.grandTotal}</dt>
        <dd className={styles.strong}>{formatBRL(s.grandTotalCents, locale)}</dd>
        {s.availableBalanceCents !== undefined && (
          <>
            <dt>{d.balance}</dt>
            <dd>{formatBRL(s.availableBalanceCents, locale)}</dd>
          </>
        )}
        {s.shortfallCents !== undefined && s.shortfallCents > 0 && (
          <>
            <dt>{d.shortfall}</dt>
            <dd>{formatBRL(s.shortfallCents, locale)}</dd>
          </>
        )}
        {s.rowsWithErrors > 0 && (
          <>
            <dt>{d.rowsWithErrors}</dt>
            <dd>{formatCount(s.rowsWithErrors, locale)}</dd>
          </>
        )}
      </dl>
      {onFund && (
        <div>
          <Button onClick={onFund}>{d.fundShortfall}</Button>
        </div>
      )}

      <OutcomeHeading headingRef={problemsHeadingRef}>
        {d.problems({ count: formatCount(result.issues.length, locale) })}
      </OutcomeHeading>
      {result.issues.length === 0 && <Body1>{d.noProblems}</Body1>}
      {!result.ok && <Body1 role="note">{d.errorsBlock}</Body1>}
      <ul className={styles.list} aria-label={d.problems({ count: String(result.issues.length) })}>
        {tableIssues.map((issue, i) => (
          // Whole-table issues have no cell to go to: plain text, not a dead button.
          <li key={`t${i}`} className={styles.tableIssue}>
            {badge(issue.severity)}
            <Body1>{issue.message[locale]}</Body1>
          </li>
        ))}
        {grouped
          ? groupProblems(cellIssues).map((g) => {
              const title = g.column
                ? d.problemsGrouped({ kind: d.problemKinds[g.code], column: g.column })
                : d.problemKinds[g.code];
              const rows = g.issues.flatMap((issue) => (issue.row === undefined ? [] : [issue.row]));
              return (
                <li key={g.key} className={styles.group}>
                  <Body1 className={styles.groupTitle}>
                    {badge(g.severity)}
                    <span>
                      {title} — {d.problemRows({ rows: rowList(rows, locale) })}
                    </span>
                  </Body1>
                  <div className={styles.rows} role="group" aria-label={title}>
                    {g.issues.map((issue, i) => (
                      <Button
                        key={i}
                        size="small"
                        className={styles.rowButton}
                        aria-label={issue.message[locale]}
                        aria-description={d.goToCell({ where: where(issue) })}
                        title={issue.message[locale]}
                        onClick={() => select(issue)}
                      >
                        {issue.row ?? issue.column}
                      </Button>
                    ))}
                  </div>
                </li>
              );
            })
          : cellIssues.map((issue, i) => (
              <li key={i}>
                <Button
                  className={styles.problem}
                  appearance="subtle"
                  aria-description={d.goToCell({ where: where(issue) })}
                  onClick={() => select(issue)}
                >
                  {badge(issue.severity)}
                  <span>{issue.message[locale]}</span>
                </Button>
              </li>
            ))}
      </ul>

      {productHeaders.length > 0 && (
        <>
          <Subtitle2 as="h3">{d.inspect}</Subtitle2>
          <div className={styles.inspect}>
            <Field className={styles.rowField} label={d.inspectRow}>
              <Input
                className={styles.input}
                type="number"
                min={1}
                value={row}
                onChange={(_, v) => setRow(v.value)}
              />
            </Field>
            <Field className={styles.colField} label={d.inspectColumn}>
              <Select className={styles.select} value={column} onChange={(_, v) => setColumn(v.value)}>
                <option value="" />
                {productHeaders.map((h) => (
                  <option key={h} value={h}>
                    {h}
                  </option>
                ))}
              </Select>
            </Field>
            <Button onClick={() => void inspect()}>{d.inspectGo}</Button>
          </div>
          {inspected?.outside && <Caption1 role="status">{d.inspectOutside}</Caption1>}
          {inspected && !inspected.outside && (
            <dl className={layout.facts} data-testid="inspection">
              <dt>{d.inspectRaw}</dt>
              <dd>{inspected.raw === "" ? "—" : String(inspected.raw)}</dd>
              {inspected.cents !== undefined ? (
                <>
                  <dt>{d.inspectCents}</dt>
                  <dd>{inspected.cents}</dd>
                  <dt>{d.inspectReais}</dt>
                  <dd>{formatBRL(inspected.cents, locale)}</dd>
                </>
              ) : (
                <>
                  <dt>{d.inspectProblem}</dt>
                  <dd />
                </>
              )}
            </dl>
          )}
          {inspected?.problem && (
            <Body1 data-testid="inspection-problem">{inspected.problem.message[locale]}</Body1>
          )}
          {inspected && inspected.raw === "" && <Caption1>{d.inspectEmpty}</Caption1>}
        </>
      )}
    </div>
  );
}
