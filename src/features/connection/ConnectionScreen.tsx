/**
 * Connection: saved connections (several companies), environment, base URL, the token masked
 * with a reveal button, where it is kept, test (shows the balance), sign out. 401 and 403 come
 * back through `messageFor` with the next step. The token is only ever typed here and handed to
 * the TokenStore; it is never shown again, logged, or put in React state after saving.
 */
import {
  Badge,
  Body1,
  Button,
  Caption1,
  Field,
  Input,
  makeStyles,
  Radio,
  RadioGroup,
  Subtitle2,
  tokens,
} from "@fluentui/react-components";
import { Eye20Regular, EyeOff20Regular } from "@fluentui/react-icons";
import { type FormEvent, useCallback, useEffect, useId, useState } from "react";
import { connectionInputText } from "./error-words";
import { ConnectionInputError, originOf } from "./store";
import { useReport } from "../../taskpane/ui/errors/ErrorCenter";
import { ProgressPanel } from "../../taskpane/ui/ProgressPanel";
import { useTask } from "../../taskpane/ui/useTask";
import { formatBRL, useMessages, useWords } from "../../taskpane/ui/i18n";
import type { Persistence } from "../../api";
import type { ConnectionServices, ConnectionsState, Environment, SavedConnection } from "./services";
import { useLayoutStyles } from "../../taskpane/ui/layout";
import { CONNECTION_WORDS } from "./words";

const useStyles = makeStyles({
  item: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalS,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  itemHead: { display: "flex", flexWrap: "wrap", alignItems: "center", gap: tokens.spacingHorizontalS },
  url: { overflowWrap: "anywhere", color: tokens.colorNeutralForeground3 },
});

export interface ConnectionScreenProps {
  services: ConnectionServices;
  /** Default base URL of the sandbox environment. */
  sandboxUrl: string;
  onActiveChange: (active: SavedConnection | undefined) => void;
}

interface Draft {
  id?: string;
  label: string;
  environment: Environment;
  baseUrl: string;
  persistence: Persistence;
  token: string;
}

const EMPTY: Draft = { label: "", environment: "production", baseUrl: "", persistence: "device", token: "" };

type FieldErrors = Partial<Record<"label" | "baseUrl" | "token", string>>;

export function ConnectionScreen({ services, sandboxUrl, onActiveChange }: ConnectionScreenProps) {
  const { t, locale } = useMessages();
  const c = useWords(CONNECTION_WORDS);
  const styles = useStyles();
  const layout = useLayoutStyles();
  const report = useReport();
  const task = useTask();
  const [state, setState] = useState<ConnectionsState | undefined>(undefined);
  const [draft, setDraft] = useState<Draft | undefined>(undefined);
  const [reveal, setReveal] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const headingId = useId();

  const apply = useCallback(
    (s: ConnectionsState) => {
      setState(s);
      onActiveChange(s.connections.find((x) => x.id === s.activeId));
      if (s.connections.length === 0) setDraft((d) => d ?? { ...EMPTY });
    },
    [onActiveChange],
  );
  const reload = useCallback(async () => apply(await services.load()), [services, apply]);

  useEffect(() => {
    let live = true;
    services.load().then(
      (s) => live && apply(s),
      (e: unknown) => report.error(e),
    );
    return () => {
      live = false;
    };
  }, [services, apply, report]);

  const test = async (id: string) => {
    const r = await task.run((run) => services.test(id, run.signal));
    if (r) report.notice(c.ok({ balance: formatBRL(r.availableCents, locale) }));
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    if (!draft) return;
    setErrors({});
    let saved: SavedConnection;
    try {
      saved = await services.save(draft);
    } catch (e) {
      if (e instanceof ConnectionInputError) {
        const text = connectionInputText(e, locale);
        setErrors({ [e.field]: text });
      } else report.error(e);
      return;
    }
    setDraft(undefined);
    setReveal(false);
    await reload();
    await test(saved.id);
  };

  const envLabel = (e: Environment) =>
    e === "production" ? c.envProduction : e === "sandbox" ? c.envSandbox : c.envCustom;
  const sharedWith = (() => {
    if (!draft || !state) return undefined;
    let origin: string;
    try {
      origin = originOf(draft.baseUrl);
    } catch {
      return undefined;
    }
    return state.connections.find((x) => x.id !== draft.id && originOf(x.baseUrl) === origin);
  })();

  const act = (f: () => Promise<void>) => () => {
    f()
      .then(reload)
      .catch((e: unknown) => report.error(e));
  };

  return (
    <section className={layout.screen} aria-labelledby={headingId}>
      <Subtitle2 as="h2" id={headingId}>
        {c.title}
      </Subtitle2>
      <Caption1>{c.intro}</Caption1>

      <Subtitle2 as="h3">{c.saved}</Subtitle2>
      {state && state.connections.length === 0 && <Body1>{c.none}</Body1>}
      <ul className={layout.list} aria-label={c.saved}>
        {state?.connections.map((x) => {
          const active = x.id === state.activeId;
          const hasToken = state.withToken.includes(x.id);
          return (
            <li key={x.id} className={styles.item}>
              <div className={styles.itemHead}>
                <Body1 as="span">
                  <strong>{x.label}</strong> · {envLabel(x.environment)}
                </Body1>
                {active && (
                  <Badge appearance="tint" color="success">
                    {c.inUse}
                  </Badge>
                )}
                {!hasToken && (
                  <Badge appearance="tint" color="warning">
                    {c.noToken}
                  </Badge>
                )}
              </div>
              <Caption1 className={styles.url}>{x.baseUrl}</Caption1>
              <div className={layout.actions}>
                {!active && (
                  <Button
                    size="small"
                    onClick={act(() => services.activate(x.id))}
                    aria-label={`${c.use}: ${x.label}`}
                  >
                    {c.use}
                  </Button>
                )}
                {active && hasToken && (
                  <Button
                    size="small"
                    appearance="primary"
                    disabled={task.running}
                    onClick={() => void test(x.id)}
                  >
                    {c.test}
                  </Button>
                )}
                <Button
                  size="small"
                  aria-label={`${c.edit}: ${x.label}`}
                  onClick={() => {
                    setErrors({});
                    setDraft({ ...x, token: "" });
                  }}
                >
                  {c.edit}
                </Button>
                {hasToken && (
                  <Button
                    size="small"
                    aria-label={`${c.signOut}: ${x.label}`}
                    onClick={act(async () => {
                      await services.signOut(x.id);
                      report.notice(c.signedOut);
                    })}
                  >
                    {c.signOut}
                  </Button>
                )}
                <Button
                  size="small"
                  appearance="subtle"
                  aria-label={`${c.remove}: ${x.label}`}
                  onClick={act(() => services.remove(x.id))}
                >
                  {c.remove}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <ProgressPanel task={task} label={c.testing} />

      {!draft && (
        <Button
          onClick={() => {
            setErrors({});
            setDraft({ ...EMPTY });
          }}
        >
          {c.newConnection}
        </Button>
      )}

      {draft && (
        <form
          className={layout.stack}
          onSubmit={(ev) => void submit(ev)}
          aria-label={draft.id ? c.edit : c.newConnection}
          noValidate
        >
          <Subtitle2 as="h3">{draft.id ? `${c.edit}: ${draft.label}` : c.newConnection}</Subtitle2>
          <Field label={c.label} hint={c.labelHint} required validationMessage={errors.label}>
            <Input value={draft.label} onChange={(_, d) => setDraft({ ...draft, label: d.value })} />
          </Field>
          <Field label={c.environment}>
            <RadioGroup
              value={draft.environment}
              onChange={(_, d) => {
                const environment = d.value as Environment;
                const baseUrl =
                  environment === "sandbox" && draft.baseUrl === "" ? sandboxUrl : draft.baseUrl;
                setDraft({ ...draft, environment, baseUrl });
              }}
            >
              <Radio value="production" label={c.envProduction} />
              <Radio value="sandbox" label={c.envSandbox} />
              <Radio value="custom" label={c.envCustom} />
            </RadioGroup>
          </Field>
          <Field label={c.baseUrl} hint={c.baseUrlHint} required validationMessage={errors.baseUrl}>
            <Input
              type="url"
              inputMode="url"
              value={draft.baseUrl}
              onChange={(_, d) => setDraft({ ...draft, baseUrl: d.value })}
            />
          </Field>
          <Field
            label={c.token}
            hint={draft.id && state?.withToken.includes(draft.id) ? c.tokenKept : c.tokenHint}
            required={!(draft.id && state?.withToken.includes(draft.id))}
            validationMessage={errors.token}
          >
            <Input
              type={reveal ? "text" : "password"}
              autoComplete="off"
              spellCheck={false}
              value={draft.token}
              onChange={(_, d) => setDraft({ ...draft, token: d.value })}
              contentAfter={
                <Button
                  size="small"
                  appearance="transparent"
                  aria-pressed={reveal}
                  aria-label={reveal ? c.conceal : c.reveal}
                  icon={reveal ? <EyeOff20Regular /> : <Eye20Regular />}
                  onClick={() => setReveal(!reveal)}
                />
              }
            />
          </Field>
          <Field label={c.persistence}>
            <RadioGroup
              value={draft.persistence}
              onChange={(_, d) => setDraft({ ...draft, persistence: d.value as Persistence })}
            >
              <Radio value="device" label={c.persistDevice} />
              <Radio value="session" label={c.persistSession} />
            </RadioGroup>
          </Field>
          {sharedWith && <Caption1 role="note">{c.sharedOrigin({ other: sharedWith.label })}</Caption1>}
          <div className={layout.actions}>
            <Button type="submit" appearance="primary" disabled={task.running}>
              {c.saveAndTest}
            </Button>
            {state && state.connections.length > 0 && (
              <Button onClick={() => setDraft(undefined)}>{t.common.cancel}</Button>
            )}
          </div>
        </form>
      )}
    </section>
  );
}
