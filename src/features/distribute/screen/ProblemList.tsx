/**
 * The validation's problems, each a button that selects its cell (or row) in Excel; whole-table
 * problems as plain text, with no cell to go to. A long list (more than GROUP_ABOVE problems) is
 * grouped by kind and column: "CPF inválido (coluna CPF) — linhas 4 7 12", each row number a
 * button named by its full message. Icons are decoration, hidden from the
 * accessible names.
 */
import { Badge, Body1, Button, makeStyles, tokens } from "@fluentui/react-components";
import type { Locale } from "../../../money";
import type { Issue } from "../../../workbook";
import { useMessages, useWords } from "../../../ui/i18n";
import { DISTRIBUTE_WORDS } from "../words";

const useStyles = makeStyles({
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
    overflowWrap: "break-word",
    gap: tokens.spacingHorizontalS,
    alignItems: "flex-start",
    fontWeight: tokens.fontWeightRegular,
  },
  group: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXXS },
  groupTitle: {
    display: "flex",
    gap: tokens.spacingHorizontalS,
    alignItems: "flex-start",
    overflowWrap: "break-word",
  },
  rows: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalXS },
  rowButton: { minWidth: "44px" },
  tableIssue: {
    display: "flex",
    gap: tokens.spacingHorizontalS,
    alignItems: "flex-start",
    overflowWrap: "break-word",
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    ":focus-visible": { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
});

/** Above this many problems with a cell or row, the list is grouped by kind and column. */
const GROUP_ABOVE = 8;
/** One by one, at most this many are listed (grouped, every one is a small button). */
const LIST_AT_MOST = 200;

interface ProblemGroup {
  key: string;
  code: Issue["code"];
  column: string | undefined;
  severity: Issue["severity"];
  issues: Issue[];
}

/** The problems grouped by kind and column, in the order first seen. */
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

function where(issue: Issue): string {
  return [issue.row !== undefined ? `${issue.row}` : "", issue.column ?? ""].filter(Boolean).join(" · ");
}

const rowList = (rows: readonly number[], locale: Locale) =>
  new Intl.ListFormat(locale, { type: "conjunction" }).format(rows.map(String));

export function ProblemList({
  issues,
  onSelect,
}: {
  issues: readonly Issue[];
  onSelect: (issue: Issue) => void;
}) {
  const { locale } = useMessages();
  const words = useWords(DISTRIBUTE_WORDS);
  const styles = useStyles();
  const tableIssues = issues.filter((i) => i.row === undefined && i.column === undefined);
  const cellIssues = issues.filter((i) => i.row !== undefined || i.column !== undefined);
  const grouped = cellIssues.length > GROUP_ABOVE;
  const badge = (severity: Issue["severity"]) => (
    <Badge aria-hidden appearance="tint" color={severity === "error" ? "danger" : "warning"} size="small">
      {severity === "error" ? "!" : "i"}
    </Badge>
  );
  return (
    <ul className={styles.list} aria-label={words.problems({ count: String(issues.length) })}>
      {/* A problem of the whole table has no cell to go to, yet it is a stop of Tab like the
          others: a person who tabs through the list meets every problem in it. */}
      {tableIssues.map((issue, i) => (
        <li key={`t${i}`} className={styles.tableIssue} tabIndex={0}>
          {badge(issue.severity)}
          <Body1>{issue.message[locale]}</Body1>
        </li>
      ))}
      {grouped
        ? groupProblems(cellIssues).map((group) => {
            const kind = words.problemKinds[group.code];
            const title = group.column ? words.problemsGrouped({ kind, column: group.column }) : kind;
            const rows = group.issues.flatMap((issue) => (issue.row === undefined ? [] : [issue.row]));
            return (
              <li key={group.key} className={styles.group}>
                <Body1 className={styles.groupTitle}>
                  {badge(group.severity)}
                  <span>{`${title} — ${words.problemRowsLabel}`}</span>
                </Body1>
                <div
                  className={styles.rows}
                  role="group"
                  aria-label={`${title}: ${words.problemRows({ rows: rowList(rows, locale) })}`}
                >
                  {group.issues.map((issue, i) => (
                    <Button
                      key={i}
                      size="small"
                      className={styles.rowButton}
                      aria-label={issue.message[locale]}
                      aria-description={words.goToCell({ where: where(issue) })}
                      title={issue.message[locale]}
                      onClick={() => onSelect(issue)}
                    >
                      {issue.row ?? issue.column}
                    </Button>
                  ))}
                </div>
              </li>
            );
          })
        : cellIssues.slice(0, LIST_AT_MOST).map((issue, i) => (
            <li key={i}>
              <Button
                className={styles.problem}
                appearance="subtle"
                aria-description={words.goToCell({ where: where(issue) })}
                onClick={() => onSelect(issue)}
              >
                {badge(issue.severity)}
                <span>{issue.message[locale]}</span>
              </Button>
            </li>
          ))}
    </ul>
  );
}
