/**
 * A disclosure: a button that shows or hides the block under it (WAI-ARIA Authoring Practices,
 * "Disclosure (Show/Hide)" pattern: a `button` with `aria-expanded` and `aria-controls`). The
 * pane's folded blocks ("Detalhes", the cell checker, following a charge) use it instead of
 * Fluent's Accordion, whose component and motion weighed on the pane's start (the
 * start weight under its 300 KB budget). The button is a Fluent `Button`, so keyboard access
 * (Tab, Enter, Space) and focus ring are Fluent's; with `as`, it sits in a heading of that level.
 * The block is rendered only while open, as Accordion's panel was.
 */
import { Button, makeStyles, tokens } from "@fluentui/react-components";
import { ChevronDown20Regular, ChevronRight20Regular } from "@fluentui/react-icons";
import { type ReactNode, useId, useState } from "react";

const useStyles = makeStyles({
  heading: { margin: 0 },
  button: { justifyContent: "flex-start", textAlign: "start", maxWidth: "100%" },
  panel: { paddingTop: tokens.spacingVerticalXS, paddingInlineStart: tokens.spacingHorizontalS },
});

export interface DisclosureProps {
  /** The button's words, its accessible name. */
  title: string;
  /** A heading level for the title (a section's title); without it, a plain button ("Detalhes"). */
  as?: "h3" | "h4";
  size?: "small" | "medium";
  /** Controlled when given, with `onOpenChange`; otherwise the disclosure keeps its own state. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  children: ReactNode;
}

export function Disclosure({ title, as, size = "medium", open, onOpenChange, children }: DisclosureProps) {
  const styles = useStyles();
  const panelId = useId();
  const [own, setOwn] = useState(false);
  const shown = open ?? own;
  const toggle = () => {
    setOwn(!shown);
    onOpenChange?.(!shown);
  };
  const button = (
    <Button
      className={styles.button}
      appearance="transparent"
      size={size}
      icon={shown ? <ChevronDown20Regular /> : <ChevronRight20Regular />}
      aria-expanded={shown}
      aria-controls={panelId}
      onClick={toggle}
    >
      {title}
    </Button>
  );
  const Heading = as;
  return (
    <div>
      {Heading ? <Heading className={styles.heading}>{button}</Heading> : button}
      <div id={panelId} className={styles.panel} hidden={!shown}>
        {shown && children}
      </div>
    </div>
  );
}
