/**
 * The task pane inside the preview, composed as in Excel: the per-user storage and token store of
 * src/excel (over the `OfficeRuntime.storage` the page stands up), the real Office.js adapter
 * (`officeWorkbook()`, over the `Excel` global, which is the fake Excel behind the spreadsheet
 * view) and the pane's real services. Mounted into #root after `Office.onReady`, as the pane's
 * own entry does.
 */
import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createTokenStore, createUserStorage, officeWorkbook } from "../excel";
import { createServices } from "../taskpane/adapter";
import { App } from "../taskpane/components/App";
import { uiLanguage } from "../taskpane/i18n";
import { ensureDemoConnection } from "./demo-connection";

export async function mountPane(
  container: HTMLElement,
  displayLanguage: string,
  sandboxUrl: string,
): Promise<void> {
  const locale = uiLanguage(displayLanguage);
  const userStorage = createUserStorage();
  const tokenStore = createTokenStore(userStorage);
  const workbook = officeWorkbook({
    onListenerError: (e) => console.error("ValePix: following a table change failed", e),
  });
  const services = createServices({ userStorage, tokenStore, workbook, locale });
  await ensureDemoConnection(services.connections, sandboxUrl);
  createRoot(container).render(
    <StrictMode>
      <FluentProvider theme={webLightTheme}>
        <App locale={locale} services={services} sandboxUrl={sandboxUrl} />
      </FluentProvider>
    </StrictMode>,
  );
}
