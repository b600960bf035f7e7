/**
 * The saved connections (several companies): each with its environment and address, whether it
 * is in use and whether its origin has a token kept, and its actions (use, test, edit, sign out,
 * remove). Draws what ./useConnection.ts read; each button calls back.
 */
import { Badge, Body1, Button, Caption1, makeStyles, tokens } from "@fluentui/react-components";
import { useWords } from "../../taskpane/ui/i18n";
import { useLayoutStyles } from "../../taskpane/ui/layout";
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
  url: { overflowWrap: "anywhere", color: tokens.colorNeutralForeground3 },
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
  const c = useWords(CONNECTION_WORDS);
  const styles = useStyles();
  const layout = useLayoutStyles();
  const envLabel = (e: Environment) =>
    e === "production" ? c.envProduction : e === "sandbox" ? c.envSandbox : c.envCustom;

  return (
    <ul className={layout.list} aria-label={c.saved}>
      {saved?.connections.map((x) => {
        const active = x.id === saved.activeId;
        const hasToken = saved.withToken.includes(x.id);
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
                <Button size="small" onClick={() => onUse(x.id)} aria-label={`${c.use}: ${x.label}`}>
                  {c.use}
                </Button>
              )}
              {active && hasToken && (
                <Button size="small" appearance="primary" disabled={busy} onClick={() => onTest(x.id)}>
                  {c.test}
                </Button>
              )}
              <Button size="small" aria-label={`${c.edit}: ${x.label}`} onClick={() => onEdit(x)}>
                {c.edit}
              </Button>
              {hasToken && (
                <Button size="small" aria-label={`${c.signOut}: ${x.label}`} onClick={() => onSignOut(x.id)}>
                  {c.signOut}
                </Button>
              )}
              <Button
                size="small"
                appearance="subtle"
                aria-label={`${c.remove}: ${x.label}`}
                onClick={() => onRemove(x.id)}
              >
                {c.remove}
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
