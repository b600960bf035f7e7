import { configure } from "@testing-library/dom";

// jsdom implements no layout, so it has no ResizeObserver; Fluent UI components (MessageBar,
// overflow) construct one. With no layout there is nothing to observe: an inert observer is
// exactly what a layout-less DOM would report.
class InertResizeObserver implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= InertResizeObserver;

// findBy*/waitFor wait for rendering; under CPU load Fluent UI renders slowly (see jest.config.js).
configure({ asyncUtilTimeout: 10_000 });

// jsdom's default style sheet does not know <wbr> and so makes it a block, which the accessible
// name computation reads as a word break ("ValePix_ Distribuicao"); browsers render it inline,
// a line-break opportunity that adds nothing to a name. (A test file may ask for the node
// environment: it has no document.)
if (typeof document !== "undefined") {
  const wbr = document.createElement("style");
  wbr.textContent = "wbr { display: inline; }";
  document.head.append(wbr);
}
