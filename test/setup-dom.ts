// jsdom implements no layout, so it has no ResizeObserver; Fluent UI components (MessageBar,
// overflow) construct one. With no layout there is nothing to observe: an inert observer is
// exactly what a layout-less DOM would report.
class InertResizeObserver implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= InertResizeObserver;
