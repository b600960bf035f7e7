/**
 * Before sending: the mode (modes the host cannot send yet are shown disabled, with the reason,
 * never faked); for modes batch and group, the value for everyone per product and whether the
 * chosen table's rows override it per employee; the benefits of mode group; the Send button; and, when the table pays exactly
 * what an earlier distribution paid (docs/architecture.md §2 "No double payment"), the question asked again,
 * with a box that must be ticked on purpose before "Send anyway"; and, when earlier attempts to
 * create this table's draft got no answer (drafts that may exist and cannot be listed), what that
 * means and "Create another draft", the only way past the cap.
 */
import {
  Button,
  Caption1,
  Checkbox,
  Field,
  Input,
  Label,
  makeStyles,
  MessageBarBody,
  MessageBarTitle,
  Radio,
  RadioGroup,
  tokens,
} from "@fluentui/react-components";
import { LiveMessageBar } from "../../../ui/LiveMessageBar";
import { useId, useState } from "react";
import type { Benefit, Product } from "../../../api";
import { formatCount, useMessages, useWords } from "../../../ui/i18n";
import { MAX_UNANSWERED_CREATES } from "../../../workbook/run-log";
import type { DistributionMode } from "../services";
import { useLayoutStyles } from "../../../ui/layout";
import type { PaidBefore } from "../paid-before";
import { DISTRIBUTE_WORDS } from "../words";
import { PaidBeforeQuestion } from "./PaidBeforeQuestion";

const useStyles = makeStyles({
  values: {
    display: "grid",
    gridTemplateColumns: "repeat(auto-fill, minmax(140px, 1fr))",
    gap: tokens.spacingVerticalS,
  },
  input: { minWidth: 0, width: "100%" },
  benefits: { display: "flex", flexDirection: "column", alignItems: "flex-start" },
  warning: { color: tokens.colorPaletteDarkOrangeForeground1 },
});

/** An earlier run paid this same content (from `DoublePaymentError`). */
export interface RepeatQuestion extends PaidBefore {
  fingerprint: string;
}

/** Earlier draft creates got no answer (from `UnansweredDraftsError`). */
export interface DraftsQuestion {
  /** How many: a confirmation holds for this count only. */
  count: number;
  /** The repeat the person had confirmed for this send, kept for the next one. */
  confirmRepeatOf: string | undefined;
}

export interface SendPanelProps {
  modes: readonly DistributionMode[];
  mode: DistributionMode;
  onMode: (mode: DistributionMode) => void;
  benefits: Benefit[] | undefined;
  chosen: string[];
  onChosen: (ids: string[]) => void;
  /** Modes batch and group: the products, the typed value per product_id, those not valid. */
  products: Product[];
  values: Record<string, string>;
  onValues: (values: Record<string, string>) => void;
  invalidValues: string[];
  overrides: boolean;
  onOverrides: (on: boolean) => void;
  disabled: boolean;
  /** Why sending is not possible yet (shown beside the button). */
  blockedReason?: string;
  onSend: () => void;
  repeat: RepeatQuestion | undefined;
  onSendRepeat: (fingerprint: string) => void;
  drafts?: DraftsQuestion | undefined;
  onSendAnotherDraft?: (question: DraftsQuestion) => void;
}

const ALL_MODES: readonly DistributionMode[] = ["selected", "batch", "group"];

export function SendPanel(props: SendPanelProps) {
  const words = useWords(DISTRIBUTE_WORDS);
  const layout = useLayoutStyles();
  const [repeatOk, setRepeatOk] = useState(false);
  const { mode, chosen } = props;
  const label = { selected: words.modeSelected, batch: words.modeBatch, group: words.modeGroup };
  const someUnavailable = ALL_MODES.some((m) => !props.modes.includes(m));
  const canSend = !props.disabled && (mode !== "group" || chosen.length > 0);
  return (
    <div className={layout.stack}>
      <Field label={words.mode} hint={someUnavailable ? words.modeSoon : undefined}>
        <RadioGroup value={mode} onChange={(_, v) => props.onMode(v.value as DistributionMode)}>
          {ALL_MODES.map((m) => (
            <Radio key={m} value={m} label={label[m]} disabled={!props.modes.includes(m)} />
          ))}
        </RadioGroup>
      </Field>
      {mode !== "selected" && <ValuesForAll {...props} />}
      {mode === "group" && <BenefitChoice {...props} />}
      {props.drafts && <DraftsAsked {...props} drafts={props.drafts} />}
      {props.repeat ? (
        <>
          <PaidBeforeQuestion paid={props.repeat} checked={repeatOk} onChecked={setRepeatOk} titled />
          <div className={layout.actions}>
            <Button
              appearance="primary"
              disabled={!repeatOk || props.disabled}
              onClick={() => props.onSendRepeat(props.repeat!.fingerprint)}
            >
              {words.doubleSend}
            </Button>
          </div>
        </>
      ) : (
        <div className={layout.actions}>
          <Button appearance="primary" onClick={props.onSend} disabled={!canSend}>
            {words.send}
          </Button>
          {props.blockedReason && <Caption1>{props.blockedReason}</Caption1>}
        </div>
      )}
    </div>
  );
}

/** Modes batch and group: the value for everyone per product, and whether the table's rows override it. */
function ValuesForAll(props: SendPanelProps) {
  const words = useWords(DISTRIBUTE_WORDS);
  const styles = useStyles();
  return (
    <>
      <Caption1>{words.modeServerPicks}</Caption1>
      <Field label={words.valuesForAll} hint={words.valuesHint}>
        <div className={styles.values} role="group" aria-label={words.valuesForAll}>
          {props.products.map((p) => (
            <Field
              key={p.id}
              label={p.name}
              validationMessage={props.invalidValues.includes(p.id) ? words.valueInvalid : undefined}
            >
              <Input
                className={styles.input}
                inputMode="decimal"
                value={props.values[p.id] ?? ""}
                onChange={(_, v) => props.onValues({ ...props.values, [p.id]: v.value })}
              />
            </Field>
          ))}
        </div>
      </Field>
      <Checkbox
        checked={props.overrides}
        onChange={(_, v) => props.onOverrides(v.checked === true)}
        label={words.overridesFromTable}
      />
    </>
  );
}

/** Mode group: the benefits (conventions) whose members are paid, at least one. */
function BenefitChoice({ benefits, chosen, onChosen }: SendPanelProps) {
  const words = useWords(DISTRIBUTE_WORDS);
  const styles = useStyles();
  const benefitsLabel = useId();
  const benefitsHint = useId();
  return (
    // Not a Field: a Field gives its one control id to every checkbox inside it, so each label
    // would tick the first benefit and every box would be named "Benefícios".
    <div
      className={styles.benefits}
      role="group"
      aria-labelledby={benefitsLabel}
      {...(chosen.length === 0 ? { "aria-describedby": benefitsHint } : {})}
    >
      <Label id={benefitsLabel}>{words.benefits}</Label>
      {benefits?.map((b) => (
        <Checkbox
          key={b.id}
          label={b.name}
          checked={chosen.includes(b.id)}
          onChange={(_, v) => onChosen(v.checked ? [...chosen, b.id] : chosen.filter((x) => x !== b.id))}
        />
      ))}
      {chosen.length === 0 && (
        <Caption1 id={benefitsHint} className={styles.warning}>
          {words.benefitsRequired}
        </Caption1>
      )}
    </div>
  );
}

/** Earlier creates of this table's draft got no answer: what that means, and one more on purpose. */
function DraftsAsked(props: SendPanelProps & { drafts: DraftsQuestion }) {
  const { locale } = useMessages();
  const words = useWords(DISTRIBUTE_WORDS);
  const layout = useLayoutStyles();
  return (
    <>
      <LiveMessageBar titled intent="warning" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>{words.draftsTitle}</MessageBarTitle>
          {words.draftsQuestion({
            count: formatCount(props.drafts.count, locale),
            max: formatCount(MAX_UNANSWERED_CREATES, locale),
          })}{" "}
          {words.draftsNext}
        </MessageBarBody>
      </LiveMessageBar>
      <div className={layout.actions}>
        <Button disabled={props.disabled} onClick={() => props.onSendAnotherDraft?.(props.drafts)}>
          {words.draftsAnother}
        </Button>
      </div>
    </>
  );
}
