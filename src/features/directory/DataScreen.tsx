/**
 * Data: pull employees (situation filter), products, benefits and transactions into tables;
 * register employees from a sheet; create or update a benefit from a table; the reconciliation
 * summary. Each action is one call to DataServices, with progress and cancel.
 */
import {
  Body1,
  Button,
  Caption1,
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Select,
  Subtitle2,
  tokens,
} from "@fluentui/react-components";
import { useCallback, useEffect, useId, useState } from "react";
import type { Situation } from "../../api";
import type { TableInfo } from "../../workbook";
import { ProgressPanel } from "../../taskpane/ui/ProgressPanel";
import { TablePicker } from "../../taskpane/ui/TablePicker";
import { useReport } from "../../taskpane/ui/errors/ErrorCenter";
import { useTask } from "../../taskpane/ui/useTask";
import { formatBRL, formatCount, useMessages, useWords } from "../../taskpane/ui/i18n";
import type { DataServices, DirectoryKind } from "./services";
import type { ReconciliationView } from "../reconciliation";
import { useLayoutStyles } from "../../taskpane/ui/layout";
import { DIRECTORY_WORDS } from "./words";
import { type RowProblem, rowProblemsText } from "./row-problems";

const useStyles = makeStyles({
  row: { display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: tokens.spacingHorizontalS },
  grow: { flexGrow: 1, minWidth: "140px" },
});

export function DataScreen({ services }: { services: DataServices }) {
  const { locale } = useMessages();
  const x = useWords(DIRECTORY_WORDS);
  const styles = useStyles();
  const layout = useLayoutStyles();
  const report = useReport();
  const task = useTask();
  const headingId = useId();
  const [situations, setSituations] = useState<Situation[]>([]);
  const [situation, setSituation] = useState("active");
  const [type, setType] = useState("");
  const [tables, setTables] = useState<TableInfo[] | undefined>(undefined);
  const [registerTable, setRegisterTable] = useState("");
  const [benefitTable, setBenefitTable] = useState("");
  const [recon, setRecon] = useState<ReconciliationView | undefined>(undefined);

  const loadTables = useCallback(
    () => services.listTables().then(setTables, (e: unknown) => report.error(e)),
    [services, report],
  );
  useEffect(() => {
    const c = new AbortController();
    void loadTables();
    services.situations(c.signal).then(setSituations, () => {
      // Without the list, the filter still offers "active" (the document's value) and "all".
    });
    return () => c.abort();
  }, [services, loadTables]);

  const pulled = async (r: { table: string; added: number; updated: number }) => {
    report.notice(
      x.pulled({
        table: r.table,
        added: formatCount(r.added, locale),
        updated: formatCount(r.updated, locale),
      }),
    );
    await loadTables();
  };
  const pull = (kind: DirectoryKind) =>
    void task.run(async (run) => {
      const filter = kind === "employees" && situation !== "" ? { situation } : {};
      await pulled(await services.pull(kind, filter, run));
    });
  const pullTransactions = () =>
    void task.run(async (run) => {
      if (services.pullTransactions) await pulled(await services.pullTransactions(type ? { type } : {}, run));
    });

  /** The counts, then the rows that failed and why (their full message is in their status cell). */
  const withProblems = (counts: string, problems: readonly RowProblem[]) =>
    problems.length === 0 ? counts : `${counts} ${rowProblemsText(problems, locale)}`;

  const register = () =>
    void task.run(async (run) => {
      const r = await services.registerEmployees(registerTable, run);
      report.notice(
        withProblems(
          x.registered({
            created: formatCount(r.created, locale),
            already: formatCount(r.alreadyRegistered, locale),
            errors: formatCount(r.errors + r.notSent, locale),
          }),
          r.problems,
        ),
        r.errors + r.notSent > 0 ? "warning" : "success",
      );
    });

  const saveBenefits = () =>
    void task.run(async (run) => {
      const r = await services.saveBenefits(benefitTable, run);
      report.notice(
        withProblems(
          x.benefitSaved({
            created: formatCount(r.created, locale),
            updated: formatCount(r.updated, locale),
            errors: formatCount(r.errors, locale),
          }),
          r.problems,
        ),
        r.errors > 0 ? "warning" : "success",
      );
    });

  const reconcile = () =>
    void task.run(async (run) => {
      if (services.reconcile) setRecon(await services.reconcile(run));
    });

  const situationOptions = situations.length > 0 ? situations : [{ value: "active" }];
  return (
    <section className={layout.screen} aria-labelledby={headingId}>
      <Subtitle2 as="h2" id={headingId}>
        {x.title}
      </Subtitle2>

      <div className={layout.stack}>
        <Subtitle2 as="h3">{x.pulls}</Subtitle2>
        <Caption1>{x.pullsHint}</Caption1>
        <div className={styles.row}>
          <Field className={styles.grow} label={x.situation}>
            <Select value={situation} onChange={(_, v) => setSituation(v.value)}>
              <option value="">{x.allSituations}</option>
              {situationOptions.map((s) => (
                <option key={s.value} value={s.value}>
                  {"label" in s && s.label ? s.label : s.value}
                </option>
              ))}
            </Select>
          </Field>
          <Button disabled={task.running} onClick={() => pull("employees")}>
            {x.pullEmployees}
          </Button>
        </div>
        <div className={styles.row}>
          <Button disabled={task.running} onClick={() => pull("products")}>
            {x.pullProducts}
          </Button>
          <Button disabled={task.running} onClick={() => pull("benefits")}>
            {x.pullBenefits}
          </Button>
        </div>
        {services.pullTransactions && (
          <div className={styles.row}>
            <Field className={styles.grow} label={x.transactionType}>
              <Select value={type} onChange={(_, v) => setType(v.value)}>
                <option value="">{x.allTypes}</option>
                <option value="DEPOSIT">DEPOSIT</option>
                <option value="DISTRIBUTION">DISTRIBUTION</option>
              </Select>
            </Field>
            <Button disabled={task.running} onClick={pullTransactions}>
              {x.pullTransactions}
            </Button>
          </div>
        )}
      </div>

      <ProgressPanel task={task} />

      <div className={layout.stack}>
        <Subtitle2 as="h3">{x.register}</Subtitle2>
        <Caption1>{x.registerHint}</Caption1>
        <TablePicker
          tables={tables}
          value={registerTable}
          onChange={setRegisterTable}
          onRefresh={() => void loadTables()}
        />
        <div>
          <Button disabled={task.running || registerTable === ""} onClick={register}>
            {x.registerGo}
          </Button>
        </div>
      </div>

      <div className={layout.stack}>
        <Subtitle2 as="h3">{x.benefit}</Subtitle2>
        <Caption1>{x.benefitHint}</Caption1>
        <TablePicker
          tables={tables}
          value={benefitTable}
          onChange={setBenefitTable}
          onRefresh={() => void loadTables()}
        />
        <div>
          <Button disabled={task.running || benefitTable === ""} onClick={saveBenefits}>
            {x.benefitGo}
          </Button>
        </div>
      </div>

      {services.reconcile && (
        <div className={layout.stack}>
          <Subtitle2 as="h3">{x.reconcile}</Subtitle2>
          <div>
            <Button disabled={task.running} onClick={reconcile}>
              {x.reconcileGo}
            </Button>
          </div>
          {recon && (
            <>
              <dl className={layout.facts} data-testid="reconciliation">
                <dt>{x.deposits}</dt>
                <dd>{formatBRL(recon.depositsCents, locale)}</dd>
                <dt>{x.distributions}</dt>
                <dd>{formatBRL(-recon.distributionsCents, locale)}</dd>
                <dt>{x.expected}</dt>
                <dd>{formatBRL(recon.expectedCents, locale)}</dd>
                <dt>{x.actual}</dt>
                <dd>{formatBRL(recon.balanceCents, locale)}</dd>
                <dt>{x.difference}</dt>
                <dd>{formatBRL(recon.differenceCents, locale)}</dd>
              </dl>
              <MessageBar intent={recon.differenceCents === 0 ? "success" : "warning"} layout="multiline">
                <MessageBarBody>{recon.differenceCents === 0 ? x.balanced : x.unbalanced}</MessageBarBody>
              </MessageBar>
              {recon.unlinkedDebits !== undefined && recon.unlinkedDebits > 0 && (
                <Body1>{x.unlinked({ count: formatCount(recon.unlinkedDebits, locale) })}</Body1>
              )}
            </>
          )}
        </div>
      )}
    </section>
  );
}
