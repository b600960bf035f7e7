/**
 * What the accessibility journey checks on each state of the pane, beyond axe-core (which
 * PreviewPage.axe runs): every ARIA reference points at an element that exists, and at a
 * narrow width the pane reflows (WCAG 1.4.10): nothing wider than the pane, no text cut by its
 * box, no word of the language broken inside. Each check returns what it found, as lines that
 * name the element, so a journey can collect them and fail once with all of them.
 */
import type { Locator, Page } from "playwright-core";

/** The pane's width in CSS px: 320 is a narrow task pane, 160 the same pane at 200% zoom. */
export async function setPaneWidth(page: Page, px: number): Promise<void> {
  await page.evaluate((w) => document.documentElement.style.setProperty("--pane-width", `${w}px`), px);
  // Two frames: the layout of the new width, then whatever it moved (a message bar reflowing).
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(undefined)))),
  );
}

/** aria-labelledby, aria-describedby, aria-controls and aria-owns naming an id no element has. */
export async function danglingReferences(pane: Locator): Promise<string[]> {
  return pane.evaluate((root) => {
    const attrs = ["aria-labelledby", "aria-describedby", "aria-controls", "aria-owns"];
    const found: string[] = [];
    for (const el of root.querySelectorAll(attrs.map((a) => `[${a}]`).join(","))) {
      for (const attr of attrs) {
        for (const id of (el.getAttribute(attr) ?? "").split(/\s+/).filter(Boolean)) {
          if (!document.getElementById(id))
            found.push(`${attr}="${id}" points nowhere: ${el.outerHTML.slice(0, 120)}`);
        }
      }
    }
    return found;
  });
}

/**
 * At the pane's current width: the pane does not scroll sideways, no visible element reaches past
 * its edges, no element with text hides part of it (a box narrower than its content that clips
 * or scrolls it), and no word of letters alone is broken across two lines. Long values with
 * digits or punctuation (ids, PIX codes, URLs, amounts) may break: they must only stay inside.
 */
export async function reflowProblems(pane: Locator): Promise<string[]> {
  return pane.evaluate((root) => {
    const found: string[] = [];
    const name = (el: Element) =>
      `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${
        el.getAttribute("data-testid") ? ` ${el.getAttribute("data-testid")}` : ""
      }> "${(el.textContent ?? "").trim().slice(0, 40)}"`;
    if (root.scrollWidth > root.clientWidth)
      found.push(`the pane scrolls sideways: ${root.scrollWidth} px of content in ${root.clientWidth} px`);
    const box = root.getBoundingClientRect();
    const inner = { left: box.left + root.clientLeft, right: box.left + root.clientLeft + root.clientWidth };
    const visible = (el: Element) => {
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || style.display === "none") return false;
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0;
    };
    for (const el of root.querySelectorAll("*")) {
      if (!visible(el) || el.closest("[aria-hidden='true'], [data-tabster-dummy]")) continue;
      const r = el.getBoundingClientRect();
      if (r.left < inner.left - 1 || r.right > inner.right + 1)
        found.push(
          `wider than the pane (${Math.round(r.left - inner.left)}..${Math.round(r.right - inner.left)} of ${root.clientWidth} px): ${name(el)}`,
        );
      const style = getComputedStyle(el);
      const clips = style.overflowX !== "visible" || style.textOverflow === "ellipsis";
      if (clips && el.scrollWidth > el.clientWidth + 1 && (el.textContent ?? "").trim() !== "")
        found.push(`text cut (${el.scrollWidth} px in ${el.clientWidth} px): ${name(el)}`);
    }
    // Words of letters only broken across lines: each such word's range must sit on one line.
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !visible(parent) || parent.closest("[aria-hidden='true']")) continue;
      const text = node.textContent ?? "";
      for (const m of text.matchAll(/\p{L}{2,}/gu)) {
        const before = text[m.index - 1] ?? " ";
        const after = text[m.index + m[0].length] ?? " ";
        // Only whole words: a run of letters inside a token with digits or symbols is a value.
        if (!/\s|[(«"“]/.test(before) && m.index > 0) continue;
        if (!/\s|[),.:;!?»"”]/.test(after) && m.index + m[0].length < text.length) continue;
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (tops.size > 1) found.push(`word broken across lines: "${m[0]}" in ${name(parent)}`);
      }
    }
    return found;
  });
}

/** Where focus is, as a line a failure can show: the element's role or tag and its text. */
export async function focusedElement(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return "body";
    const role = el.getAttribute("role") ?? el.tagName.toLowerCase();
    const label = el.getAttribute("aria-label") ?? (el.textContent ?? "").trim().slice(0, 60);
    return `${role}: ${label}`;
  });
}

/**
 * Records where focus is at every frame from now until the returned function is called, which
 * gives the places it was, in order, each once per stay ("body" when it fell to the page's body).
 */
export async function watchFocus(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const w = window as unknown as { focusTrail: string[]; focusWatch: boolean };
    w.focusTrail = [];
    w.focusWatch = true;
    const where = () => {
      const el = document.activeElement;
      if (!el || el === document.body) return "body";
      const testId = el.closest("[data-testid]")?.getAttribute("data-testid");
      return `${el.tagName.toLowerCase()}${testId ? ` in ${testId}` : ""}: ${(el.textContent ?? "").trim().slice(0, 40)}`;
    };
    const tick = () => {
      const now = where();
      if (w.focusTrail.at(-1) !== now) w.focusTrail.push(now);
      if (w.focusWatch) requestAnimationFrame(tick);
    };
    tick();
  });
  return () =>
    page.evaluate(() => {
      const w = window as unknown as { focusTrail: string[]; focusWatch: boolean };
      w.focusWatch = false;
      return w.focusTrail;
    });
}
