/**
 * The form for a new connection or an edit: name, environment, base URL, the token (masked,
 * with a reveal button; empty on an edit keeps the one already kept) and where it is kept.
 * Draws the draft of ./connection-state.ts; every change is dispatched back.
 */
import { Button, Caption1, Field, Input, Radio, RadioGroup, Subtitle2 } from "@fluentui/react-components";
import { Eye20Regular, EyeOff20Regular } from "@fluentui/react-icons";
import type { Dispatch, FormEvent } from "react";
import type { Persistence } from "../../api";
import { useMessages, useWords } from "../../ui/i18n";
import { useLayoutStyles } from "../../ui/layout";
import type { ConnectionAction, Draft, FieldErrors } from "./connection-state";
import type { Environment, SavedConnection } from "./services";
import { CONNECTION_WORDS } from "./words";

export interface ConnectionFormProps {
  draft: Draft;
  errors: FieldErrors;
  reveal: boolean;
  /** The edited connection's origin has a token kept: the token field may stay empty. */
  tokenKept: boolean;
  /** Another saved connection at the same origin (they share its token). */
  sharedWith: SavedConnection | undefined;
  sandboxUrl: string;
  /** A test is running: saving waits. */
  busy: boolean;
  /** False while no connection is saved: there is nothing to go back to. */
  canCancel: boolean;
  dispatch: Dispatch<ConnectionAction>;
  onSubmit: (ev: FormEvent) => void;
}

export function ConnectionForm(props: ConnectionFormProps) {
  const { draft, errors, sharedWith, sandboxUrl, busy, canCancel, dispatch } = props;
  const { t } = useMessages();
  const words = useWords(CONNECTION_WORDS);
  const layout = useLayoutStyles();
  const edit = (patch: Extract<ConnectionAction, { type: "edited" }>["patch"]) =>
    dispatch({ type: "edited", patch });

  return (
    <form
      className={layout.stack}
      onSubmit={props.onSubmit}
      aria-label={draft.id ? words.edit : words.newConnection}
      noValidate
    >
      <Subtitle2 as="h3">{draft.id ? `${words.edit}: ${draft.label}` : words.newConnection}</Subtitle2>
      <Field label={words.label} hint={words.labelHint} required validationMessage={errors.label}>
        <Input value={draft.label} onChange={(_, d) => edit({ label: d.value })} />
      </Field>
      <Field label={words.environment}>
        <RadioGroup
          value={draft.environment}
          onChange={(_, d) =>
            dispatch({ type: "environmentChosen", environment: d.value as Environment, sandboxUrl })
          }
        >
          <Radio value="production" label={words.envProduction} />
          <Radio value="sandbox" label={words.envSandbox} />
          <Radio value="custom" label={words.envCustom} />
        </RadioGroup>
      </Field>
      <Field label={words.baseUrl} hint={words.baseUrlHint} required validationMessage={errors.baseUrl}>
        <Input
          type="url"
          inputMode="url"
          value={draft.baseUrl}
          onChange={(_, d) => edit({ baseUrl: d.value })}
        />
      </Field>
      <TokenField {...props} />
      <Field label={words.persistence}>
        <RadioGroup
          value={draft.persistence}
          onChange={(_, d) => edit({ persistence: d.value as Persistence })}
        >
          <Radio value="device" label={words.persistDevice} />
          <Radio value="session" label={words.persistSession} />
        </RadioGroup>
      </Field>
      {sharedWith && <Caption1 role="note">{words.sharedOrigin({ other: sharedWith.label })}</Caption1>}
      <div className={layout.actions}>
        {/* Keeps the focus while the connection is tested (a disabled button would drop it). */}
        <Button type="submit" appearance="primary" disabledFocusable={busy}>
          {words.saveAndTest}
        </Button>
        {canCancel && <Button onClick={() => dispatch({ type: "cancelled" })}>{t.common.cancel}</Button>}
      </div>
    </form>
  );
}

/** The token, hidden unless revealed; kept already when the connection has one stored. */
function TokenField({ draft, errors, reveal, tokenKept, dispatch }: ConnectionFormProps) {
  const words = useWords(CONNECTION_WORDS);
  return (
    <Field
      label={words.token}
      hint={tokenKept ? words.tokenKept : words.tokenHint}
      required={!tokenKept}
      validationMessage={errors.token}
    >
      <Input
        type={reveal ? "text" : "password"}
        autoComplete="off"
        spellCheck={false}
        value={draft.token}
        onChange={(_, d) => dispatch({ type: "edited", patch: { token: d.value } })}
        contentAfter={
          <Button
            size="small"
            appearance="transparent"
            aria-pressed={reveal}
            aria-label={reveal ? words.conceal : words.reveal}
            icon={reveal ? <EyeOff20Regular /> : <Eye20Regular />}
            onClick={() => dispatch({ type: "revealToggled" })}
          />
        }
      />
    </Field>
  );
}
