/**
 * Connection: saved connections (several companies), environment, base URL, the token masked
 * with a reveal button, where it is kept, test (shows the balance), sign out. 401 and 403 come
 * back through `messageFor` with the next step. The token is only ever typed here and handed to
 * the TokenStore; it is never shown again, logged, or put in React state after saving.
 *
 * The flow lives in ./useConnection.ts (its reducer in ./connection-state.ts); this file draws
 * it: the list in ./SavedConnectionList.tsx, the form in ./ConnectionForm.tsx.
 */
import { Body1, Button, Caption1, Subtitle2 } from "@fluentui/react-components";
import { useId } from "react";
import { ProgressPanel } from "../../ui/ProgressPanel";
import { useWords } from "../../ui/i18n";
import { useLayoutStyles } from "../../ui/layout";
import { sharedWith, tokenKept } from "./connection-state";
import { ConnectionForm } from "./ConnectionForm";
import { SavedConnectionList } from "./SavedConnectionList";
import type { ConnectionServices, SavedConnection } from "./services";
import { useConnection } from "./useConnection";
import { CONNECTION_WORDS } from "./words";

export interface ConnectionScreenProps {
  services: ConnectionServices;
  /** Default base URL of the sandbox environment. */
  sandboxUrl: string;
  onActiveChange: (active: SavedConnection | undefined) => void;
}

export function ConnectionScreen({ services, sandboxUrl, onActiveChange }: ConnectionScreenProps) {
  const words = useWords(CONNECTION_WORDS);
  const layout = useLayoutStyles();
  const headingId = useId();
  const flow = useConnection(services, onActiveChange);
  const { state, dispatch, task } = flow;
  const { saved, draft } = state;

  return (
    <section className={layout.screen} aria-labelledby={headingId}>
      <Subtitle2 as="h2" id={headingId}>
        {words.title}
      </Subtitle2>
      <Caption1>{words.intro}</Caption1>

      <Subtitle2 as="h3">{words.saved}</Subtitle2>
      {saved && saved.connections.length === 0 && <Body1>{words.none}</Body1>}
      <SavedConnectionList
        saved={saved}
        busy={task.running}
        onUse={flow.activate}
        onTest={(id) => void flow.test(id)}
        onEdit={(connection) => dispatch({ type: "opened", connection })}
        onSignOut={flow.signOut}
        onRemove={flow.remove}
      />
      <ProgressPanel task={task} label={words.testing} />

      {!draft && <Button onClick={() => dispatch({ type: "opened" })}>{words.newConnection}</Button>}

      {draft && (
        <ConnectionForm
          draft={draft}
          errors={state.errors}
          reveal={state.reveal}
          tokenKept={tokenKept(state)}
          sharedWith={sharedWith(state)}
          sandboxUrl={sandboxUrl}
          busy={task.running}
          canCancel={!!saved && saved.connections.length > 0}
          dispatch={dispatch}
          onSubmit={(ev) => void flow.submit(ev)}
        />
      )}
    </section>
  );
}
