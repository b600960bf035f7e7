/**
 * A DOM for a test that runs in jest's node environment: the task pane over the real adapter and
 * the sandbox on a loopback socket needs Node's own fetch, crypto.subtle, TextDecoder and sockets,
 * which jest's jsdom environment hides. Import this first in such a test (`@jest-environment
 * node`): it copies a jsdom window's globals onto Node's global, as global-jsdom does, without
 * replacing any global Node already has.
 */
import { JSDOM } from "jsdom";

const dom = new JSDOM("<!doctype html><html><body></body></html>", {
  url: "http://localhost/",
  pretendToBeVisual: true,
});
const win = dom.window as unknown as Record<string, unknown>;
const nodeGlobal = globalThis as unknown as Record<string, unknown>;
for (const key of [
  ...Object.getOwnPropertyNames(win),
  ...Object.getOwnPropertyNames(Object.getPrototypeOf(win)),
]) {
  if (key in nodeGlobal) continue;
  Object.defineProperty(nodeGlobal, key, { configurable: true, get: () => win[key] });
}
nodeGlobal.window = win;
nodeGlobal.document = win.document;
// jsdom implements no layout (see test/setup-dom.ts).
nodeGlobal.ResizeObserver ??= class {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
};

export function closeDom(): void {
  dom.window.close();
}
