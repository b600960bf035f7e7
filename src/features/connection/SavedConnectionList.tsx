/**
 * The saved connections (several companies): each with its environment and address, whether it
 * is in use and whether its origin has a token kept, and its actions (use, test, edit, sign out,
 * remove). Draws what ./useConnection.ts read; each button calls back.
 */
import { Badge, Body1, Button, Caption1, makeStyles, tokens } from "@fluentui/react-components";
import { Breakable } from "../../ui/Breakable";
import { useWords } from "../../ui/i18n";
import { useLayoutStyles } from "../../ui/layout";
import type { ConnectionsState, Environment, SavedConnection } from "./services";
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
  url: { overflowWrap: "break-word", color: tokens.colorNeutralForeground3 },
});

export interface SavedConnectionListProps {
  saved: ConnectionsState | undefined;
  /** A test is running: the test button waits. */
  busy: boolean;
  onUse: (id: string) => void;
  onTest: (id: string) => void;
  onEdit: (connection: SavedConnection) => void;
  onSignOut: (id: string) => void;
  onRemove: (id: string) => void;
}

export function SavedConnectionList({
  saved,
  busy,
  onUse,
  onTest,
  onEdit,
  onSignOut,
  onRemove,
}: SavedConnectionListProps) {
  const words = useWords(CONNECTION_WORDS);
  const styles = useStyles();
  const layout = useLayoutStyles();
  return (
    <ul className={layout.list} aria-label={words.saved}>
      {saved?.connections.map((connection) => {
        const active = connection.id === saved.activeId;
        const hasToken = saved.withToken.includes(connection.id);
        return (
          <li key={connection.id} className={styles.item}>
            <ConnectionHead connection={connection} active={active} hasToken={hasToken} />
            <div className={layout.actions}>
              {!active && (
                <Button
                  size="small"
                  onClick={() => onUse(connection.id)}
                  aria-label={`${words.use}: ${connection.label}`}
                >
                  {words.use}
                </Button>
              )}
              {/* Keeps the focus while the test runs (a disabled button would drop it). */}
              {active && hasToken && (
                <Button
                  size="small"
                  appearance="primary"
                  disabledFocusable={busy}
                  onClick={() => onTest(connection.id)}
                >
                  {words.test}
                </Button>
              )}
              <Button
                size="small"
                aria-label={`${words.edit}: ${connection.label}`}
                onClick={() => onEdit(connection)}
              >
                {words.edit}
              </Button>
              {hasToken && (
                <Button
                  size="small"
                  aria-label={`${words.signOut}: ${connection.label}`}
                  onClick={() => onSignOut(connection.id)}
                >
                  {words.signOut}
                </Button>
              )}
              <Button
                size="small"
                appearance="subtle"
                aria-label={`${words.remove}: ${connection.label}`}
                onClick={() => onRemove(connection.id)}
              >
                {words.remove}
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** A saved connection's name, environment, address and badges (in use, no token). */
function ConnectionHead({
  connection,
  active,
  hasToken,
}: {
  connection: SavedConnection;
  active: boolean;
  hasToken: boolean;
}) {
  const words = useWords(CONNECTION_WORDS);
  const styles = useStyles();
  const envLabel = (e: Environment) =>
    e === "production" ? words.envProduction : e === "sandbox" ? words.envSandbox : words.envCustom;
  return (
    <>
      <div className={styles.itemHead}>
        <Body1 as="span">
          <strong>{connection.label}</strong> · {envLabel(connection.environment)}
        </Body1>
        {active && (
          <Badge appearance="tint" color="success">
            {words.inUse}
          </Badge>
        )}
        {!hasToken && (
          <Badge appearance="tint" color="warning">
            {words.noToken}
          </Badge>
        )}
      </div>
      <Caption1 className={styles.url}>
        <Breakable>{connection.baseUrl}</Breakable>
      </Caption1>
    </>
  );
}
