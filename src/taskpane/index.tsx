/**
 * The edge of the pane: where the real host pieces are composed (the per-user storage and token
 * store, the API client through ./adapter.ts, later the Office.js workbook) and the React tree
 * is mounted inside `Office.onReady` (DESIGN §3 "UI").
 */
import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { ENVIRONMENTS } from "../api";
import { createServices } from "./adapter";
import { App } from "./components/App";
import { uiLanguage } from "./i18n";
import { MemoryTokenStore, MemoryUserStorage } from "./memory-host";

function mount(displayLanguage: string | undefined): void {
  const container = document.getElementById("root");
  if (!container) throw new Error("taskpane.html has no #root element");
  // Until src/excel's per-user stores land, nothing is persisted: connections and the token
  // last for this session only (the safe side; see ./memory-host.ts).
  const services = createServices({
    userStorage: new MemoryUserStorage(),
    tokenStore: new MemoryTokenStore(),
  });
  createRoot(container).render(
    <StrictMode>
      <FluentProvider theme={webLightTheme}>
        <App locale={uiLanguage(displayLanguage)} services={services} sandboxUrl={ENVIRONMENTS.sandbox} />
      </FluentProvider>
    </StrictMode>,
  );
}

// Inside Office, render only once Office is ready (Office.onReady): the host's language and APIs
// are known then. In the shared runtime this page also loads the `commands` chunk
// (webpack.config.js). Opened in a plain browser with no office.js (offline, or the dev server on
// its own), the pane still renders, in the browser's language.
if (typeof Office === "undefined") mount(navigator.language);
else void Office.onReady(() => mount(Office.context?.displayLanguage));
