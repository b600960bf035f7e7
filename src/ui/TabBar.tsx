/**
 * The pane's screen tabs: Fluent's TabList and Tab, with the keyboard handled here rather than by
 * Fluent's focus manager (Tabster). TabList asks Tabster for an arrow-key group, and Tabster puts
 * a focusable, aria-hidden `<i tabindex="0" data-tabster-dummy>` on each side of it, which a
 * screen reader's virtual cursor lands on and axe reports (aria-hidden-focus, serious). Without
 * that group (its `data-tabster` attribute dropped) there are no such elements, and the tabs
 * follow the ARIA tabs pattern themselves: one Tab stop (the selected tab), the arrow keys and
 * Home/End move between tabs, Enter or Space opens one. The list is named, as a tab list must be.
 */
import { Tab, TabList } from "@fluentui/react-components";
import type { KeyboardEvent } from "react";

export interface TabBarItem<V extends string> {
  value: V;
  label: string;
}

const STEP: Record<string, (i: number, n: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowDown: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  ArrowUp: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

/** Moves focus along the tabs as the arrow keys, Home and End ask. */
function moveFocus(ev: KeyboardEvent<HTMLElement>): void {
  const step = STEP[ev.key];
  if (!step) return;
  const tabs = [...ev.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')];
  const at = tabs.findIndex((tab) => tab === document.activeElement);
  if (at < 0 || tabs.length === 0) return;
  ev.preventDefault();
  tabs[step(at, tabs.length)]?.focus();
}

export function TabBar<V extends string>({
  label,
  items,
  selected,
  onSelect,
  className,
}: {
  /** The accessible name of the tab list. */
  label: string;
  items: readonly TabBarItem<V>[];
  selected: V;
  onSelect: (value: V) => void;
  className?: string;
}) {
  return (
    <TabList
      className={className}
      size="small"
      aria-label={label}
      // Drops Fluent's arrow-key group (and with it Tabster's hidden focusable elements): the
      // keys are handled by moveFocus, the Tab stop by each tab's tabIndex.
      data-tabster={undefined}
      selectedValue={selected}
      onTabSelect={(_, d) => onSelect(d.value as V)}
      onKeyDown={moveFocus}
    >
      {items.map((item) => (
        <Tab key={item.value} value={item.value} tabIndex={item.value === selected ? 0 : -1}>
          {item.label}
        </Tab>
      ))}
    </TabList>
  );
}
