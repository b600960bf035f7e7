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
import { ProgressPanel } from "../../ui/ProgressPanel";
import { TablePicker } from "../../ui/TablePicker";
import { useWords } from "../../ui/i18n";
import { useLayoutStyles } from "../../ui/layout";
import { situationOptions } from "./data-state";
import { ReconciliationSummary } from "./ReconciliationSummary";
import type { DataServices } from "./services";
import { useData } from "./useData";
import { DIRECTORY_WORDS } from "./words";

const useStyles = makeStyles({
  row: { display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: tokens.spacingHorizontalS },
  grow: { flexGrow: 1, minWidth: "140px" },
});

/** A situation the API has not named yet, in the person's words (its code only when unknown). */
function situationName(value: string, words: { situationNames: Record<"active" | "inactive", string> }) {
  return value === "active" || value === "inactive" ? words.situationNames[value] : value;
}

type Data = ReturnType<typeof useData>;

/** Pull employees (with the situation filter), products, benefits and transactions into tables. */
function PullsSection({ data, hasTransactions }: { data: Data; hasTransactions: boolean }) {
  const words = useWords(DIRECTORY_WORDS);
  const styles = useStyles();
  const layout = useLayoutStyles();
  const { state, dispatch, task, pull } = data;
  return (
    <div className={layout.stack}>
      <Subtitle2 as="h3">{words.pulls}</Subtitle2>
      <Caption1>{words.pullsHint}</Caption1>
      <div className={styles.row}>
        <Field className={styles.grow} label={words.situation}>
          <Select
            value={state.situation}
            onChange={(_, v) => dispatch({ type: "situationChosen", situation: v.value })}
          >
            <option value="">{words.allSituations}</option>
            {situationOptions(state).map((s) => (
              <option key={s.value} value={s.value}>
                {s.label || situationName(s.value, words)}
              </option>
            ))}
          </Select>
        </Field>
        <Button disabledFocusable={task.running} onClick={() => pull("employees")}>
          {words.pullEmployees}
        </Button>
      </div>
      <div className={styles.row}>
        <Button disabledFocusable={task.running} onClick={() => pull("products")}>
          {words.pullProducts}
        </Button>
        <Button disabledFocusable={task.running} onClick={() => pull("benefits")}>
          {words.pullBenefits}
        </Button>
      </div>
      {hasTransactions && (
        <div className={styles.row}>
          <Field className={styles.grow} label={words.transactionType}>
            <Select
              value={state.transactionType}
              onChange={(_, v) => dispatch({ type: "transactionTypeChosen", transactionType: v.value })}
            >
              <option value="">{words.allTypes}</option>
              {Object.entries(words.transactionTypes).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          </Field>
          <Button disabledFocusable={task.running} onClick={data.pullTransactions}>
            {words.pullTransactions}
          </Button>
        </div>
      )}
    </div>
  );
}

/** A table picked, then one action on it (register employees, save benefits). */
function TableAction(props: {
  data: Data;
  title: string;
  hint: string;
  table: string;
  onPick: (table: string) => void;
  go: string;
  onGo: () => void;
}) {
  const layout = useLayoutStyles();
  const { data } = props;
  return (
    <div className={layout.stack}>
      <Subtitle2 as="h3">{props.title}</Subtitle2>
      <Caption1>{props.hint}</Caption1>
      <TablePicker
        tables={data.tables}
        value={props.table}
        onChange={props.onPick}
        onRefresh={() => void data.loadTables()}
      />
      <div>
        <Button disabled={data.task.running || props.table === ""} onClick={props.onGo}>
          {props.go}
        </Button>
      </div>
    </div>
  );
}

export function DataScreen({ services }: { services: DataServices }) {
  const words = useWords(DIRECTORY_WORDS);
  const layout = useLayoutStyles();
  const headingId = useId();
  const data = useData(services);
  const { state, dispatch, task } = data;
  const { registerTable, benefitTable, recon } = state;

  return (
    <section className={layout.screen} aria-labelledby={headingId}>
      <Subtitle2 as="h2" id={headingId}>
        {words.title}
      </Subtitle2>
      <PullsSection data={data} hasTransactions={services.pullTransactions !== undefined} />
      <ProgressPanel task={task} />
      <TableAction
        data={data}
        title={words.register}
        hint={words.registerHint}
        table={registerTable}
        onPick={(table) => dispatch({ type: "registerTablePicked", table })}
        go={words.registerGo}
        onGo={data.register}
      />
      <TableAction
        data={data}
        title={words.benefit}
        hint={words.benefitHint}
        table={benefitTable}
        onPick={(table) => dispatch({ type: "benefitTablePicked", table })}
        go={words.benefitGo}
        onGo={data.saveBenefits}
      />
      {services.reconcile && (
        <div className={layout.stack}>
          <Subtitle2 as="h3">{words.reconcile}</Subtitle2>
          <div>
            <Button disabledFocusable={task.running} onClick={data.reconcile}>
              {words.reconcileGo}
            </Button>
          </div>
          {recon && <ReconciliationSummary recon={recon} />}
        </div>
      )}
    </section>
  );
}
