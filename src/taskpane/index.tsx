/**
 * The pane's page: composes the real host pieces once for the page (./composition-root.ts: the per-user
 * token store, the Workbook port over `Excel.run`, the services) and mounts the React tree inside
 * `Office.onReady` (docs/architecture.md §3 "UI"). The ribbon commands (src/commands) share the same host.
 */
import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { CommandNotice } from "./CommandNotice";
import { type Host, sharedHost } from "./composition-root";

function mount(host: Host): void {
  const container = document.getElementById("root");
  if (!container) throw new Error("taskpane.html has no #root element");
  createRoot(container).render(
    <StrictMode>
      <FluentProvider theme={webLightTheme}>
        <CommandNotice notices={host.notices} locale={host.locale} />
        <App locale={host.locale} services={host.services} sandboxUrl={host.sandboxUrl} />
      </FluentProvider>
    </StrictMode>,
  );
}

// Inside Office, render only once Office is ready (Office.onReady): the host's language and APIs
// are known then. Opened in a plain browser with no office.js (offline, or the dev server on its
// own), the pane still renders, in the browser's language, with no workbook.
if (typeof Office === "undefined") mount(sharedHost());
else void Office.onReady(() => mount(sharedHost()));
