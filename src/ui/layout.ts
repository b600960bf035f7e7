/**
 * The layout the screens and panels share (Fluent UI v9 `makeStyles` with `tokens`): a screen
 * is a column of sections, a panel or form a tighter column, actions a wrapping row of buttons,
 * facts a two-column list of labels and figures, and a list without bullets. Each screen keeps
 * its own `useStyles` for what only it needs.
 */
import { makeStyles, tokens } from "@fluentui/react-components";

/**
 * The pane's content narrower than this (the shell's root is the size container): a 320 px pane
 * at 200% zoom. Rows of a label beside a value stack there.
 */
export const NARROW = "@container (max-width: 240px)";

export const useLayoutStyles = makeStyles({
  /** A whole screen: its sections, one under the other. */
  screen: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  /** A panel, a form or a block inside a screen. */
  stack: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  /** Buttons side by side, wrapping on a narrow pane (320 px). */
  actions: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS },
  /**
   * A `<dl>` of labels and figures, the figures right-aligned in tabular digits; where the pane
   * has no room for both side by side (a 320 px pane at 200% zoom), each label above its figure.
   */
  facts: {
    margin: 0,
    display: "grid",
    gridTemplateColumns: "minmax(0, 1fr) auto",
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXXS,
    "& dd": { margin: 0, textAlign: "end", fontVariantNumeric: "tabular-nums" },
    [NARROW]: {
      gridTemplateColumns: "minmax(0, 1fr)",
      "& dt": { color: tokens.colorNeutralForeground3 },
      "& dd": { textAlign: "start", marginBottom: tokens.spacingVerticalXS },
    },
  },
  /** A `<ul>` without bullets or indent, its items one under the other. */
  list: {
    listStyle: "none",
    margin: 0,
    padding: 0,
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalS,
  },
});
