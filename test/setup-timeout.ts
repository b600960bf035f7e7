// Many tests start the sandbox on loopback, render Fluent UI in jsdom, or run a workflow end to
// end: CPU-bound work that, on a shared 2-core machine, can take several seconds for one test.
// Their waits are for work and conditions, never for fixed timers, so a longer limit hides no
// hang that a shorter one would catch (`testTimeout` is global-only in jest's config).
jest.setTimeout(30_000);
