/**
 * Data: pull employees (situation filter), products, benefits and transactions into tables;
 * register employees from a sheet; create or update a benefit from a table; the reconciliation
 * summary. Each action is one call to DataServices, with progress and cancel.
 *
 * The actions live in ./useData.ts (its reducer in ./data-state.ts); this file draws them, the
 * reconciliation in ./ReconciliationSummary.tsx.
 */
import { Button, Caption1, Field, makeStyles, Select, Subtitle2, tokens } from "@fluentui/react-components";
import { useId } from "react";
import { ProgressPanel } from "../../taskpane/ui/ProgressPanel";
import { TablePicker } from "../../taskpane/ui/TablePicker";
import { useWords } from "../../taskpane/ui/i18n";
import { useLayoutStyles } from "../../taskpane/ui/layout";
import { situationOptions } from "./data-state";
import { ReconciliationSummary } from "./ReconciliationSummary";
import type { DataServices } from "./services";
import { useData } from "./useData";
import { DIRECTORY_WORDS } from "./words";

const useStyles = makeStyles({
  row: { display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: tokens.spacingHorizontalS },
  grow: { flexGrow: 1, minWidth: "140px" },
});

export function DataScreen({ services }: { services: DataServices }) {
  const x = useWords(DIRECTORY_WORDS);
  const styles = useStyles();
  const layout = useLayoutStyles();
  const headingId = useId();
  const data = useData(services);
  const { state, dispatch, task, pull } = data;
  const { tables, registerTable, benefitTable, recon } = state;

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
            <Select
              value={state.situation}
              onChange={(_, v) => dispatch({ type: "situationChosen", situation: v.value })}
            >
              <option value="">{x.allSituations}</option>
              {situationOptions(state).map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label ? s.label : s.value}
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
              <Select
                value={state.transactionType}
                onChange={(_, v) => dispatch({ type: "transactionTypeChosen", transactionType: v.value })}
              >
                <option value="">{x.allTypes}</option>
                <option value="DEPOSIT">DEPOSIT</option>
                <option value="DISTRIBUTION">DISTRIBUTION</option>
              </Select>
            </Field>
            <Button disabled={task.running} onClick={data.pullTransactions}>
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
          onChange={(table) => dispatch({ type: "registerTablePicked", table })}
          onRefresh={() => void data.loadTables()}
        />
        <div>
          <Button disabled={task.running || registerTable === ""} onClick={data.register}>
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
          onChange={(table) => dispatch({ type: "benefitTablePicked", table })}
          onRefresh={() => void data.loadTables()}
        />
        <div>
          <Button disabled={task.running || benefitTable === ""} onClick={data.saveBenefits}>
            {x.benefitGo}
          </Button>
        </div>
      </div>

      {services.reconcile && (
        <div className={layout.stack}>
          <Subtitle2 as="h3">{x.reconcile}</Subtitle2>
          <div>
            <Button disabled={task.running} onClick={data.reconcile}>
              {x.reconcileGo}
            </Button>
          </div>
          {recon && <ReconciliationSummary recon={recon} />}
        </div>
      )}
    </section>
  );
}
