/**
 * The Connection screen's actions: each runs ConnectionServices (the test through one task:
 * progress, cancel, errors to the error centre) and dispatches what came back to the screen's
 * reducer (./connection-state.ts). Nothing here draws.
 */
import { type FormEvent, useCallback, useEffect, useReducer } from "react";
import { useReport } from "../../ui/errors/ErrorCenter";
import { formatBRL, useMessages, useWords } from "../../ui/i18n";
import { useTask } from "../../ui/useTask";
import { connectionReducer, initialState } from "./connection-state";
import { connectionInputText } from "./error-words";
import type { ConnectionServices, ConnectionsState, SavedConnection } from "./services";
import { ConnectionInputError } from "./store";
import { CONNECTION_WORDS } from "./words";

export function useConnection(
  services: ConnectionServices,
  onActiveChange: (active: SavedConnection | undefined) => void,
) {
  const { locale } = useMessages();
  const words = useWords(CONNECTION_WORDS);
  const report = useReport();
  const task = useTask();
  const [state, dispatch] = useReducer(connectionReducer, initialState);

  const apply = useCallback(
    (saved: ConnectionsState) => {
      dispatch({ type: "loaded", saved });
      onActiveChange(saved.connections.find((x) => x.id === saved.activeId));
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

  /** Calls the API with the kept token; the balance it answers is the proof. */
  const test = async (id: string) => {
    const checked = await task.run((run) => services.test(id, run.signal));
    if (checked) report.notice(words.ok({ balance: formatBRL(checked.availableCents, locale) }));
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const { draft } = state;
    if (!draft) return;
    dispatch({ type: "submitted" });
    let saved: SavedConnection;
    try {
      saved = await services.save(draft);
    } catch (e) {
      if (e instanceof ConnectionInputError)
        dispatch({ type: "rejected", field: e.field, text: connectionInputText(e, locale) });
      else report.error(e);
      return;
    }
    dispatch({ type: "saved" });
    await reload();
    await test(saved.id);
  };

  /** A change to the saved connections, then the list read again. */
  const act = (change: () => Promise<void>) => {
    change()
      .then(reload)
      .catch((e: unknown) => report.error(e));
  };

  return {
    state,
    dispatch,
    task,
    test,
    submit,
    activate: (id: string) => act(() => services.activate(id)),
    remove: (id: string) => act(() => services.remove(id)),
    signOut: (id: string) =>
      act(async () => {
        await services.signOut(id);
        report.notice(words.signedOut);
      }),
  };
}
