import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./components/App";
import { uiLanguage } from "./i18n";

function mount(displayLanguage: string | undefined): void {
  const container = document.getElementById("root");
  if (!container) throw new Error("taskpane.html has no #root element");
  const language = uiLanguage(displayLanguage);
  createRoot(container).render(
    <StrictMode>
      <FluentProvider theme={webLightTheme}>
        <App language={language} />
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
