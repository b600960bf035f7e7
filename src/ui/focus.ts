/**
 * Whether nothing lasting holds the keyboard focus: it is on the page's body, on an element that
 * was disabled or removed (Chrome keeps reporting a button disabled under the focus as focused
 * until its next rendering, then drops the focus to the body), or in a region that holds it only
 * while work runs (the progress region, marked with TRANSIENT_FOCUS). A panel that appears after
 * an action takes the focus only then, so a control the person is on keeps it.
 */
export const TRANSIENT_FOCUS = "data-focus-transient";

export function focusLost(): boolean {
  const active = document.activeElement;
  if (!active || active === document.body || !active.isConnected) return true;
  return active.matches(":disabled") || active.closest(`[${TRANSIENT_FOCUS}]`) !== null;
}
