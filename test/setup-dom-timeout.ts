// Screen tests render Fluent UI in jsdom, which is CPU-bound: on a shared 2-core machine one test
// can take several seconds. Their waits are for rendering, never for timers.
jest.setTimeout(30_000);
