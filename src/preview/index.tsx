/**
 * The preview page's first script (preview.html loads it before the task pane's own bundle):
 * stands up the Office globals, then draws the spreadsheet side. The task pane bundle that
 * follows mounts itself into #root, exactly as in Excel.
 *
 * The language switch stands in for Office's display language, which Office reads once when an
 * add-in starts: switching reloads the page, keeping the workbook in sessionStorage.
 */
import { FluentProvider, IdPrefixProvider, webLightTheme } from "@fluentui/react-components";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { PreviewApp } from "./components/PreviewApp";
import { demoWorkbook } from "./demo";
import type { DisplayLocale } from "./format";
import { installOfficeGlobals } from "./host";
import { previewLocale } from "./i18n";
import type { WorkbookModel } from "./model";
import { ModelSheetSource } from "./model-source";

const SAVED_WORKBOOK = "valepix-preview:workbook";
/** API sets the add-in asks for (manifest.xml) that the preview's host answers. */
const REQUIREMENT_SETS = { ExcelApi: 1.12, SharedRuntime: 1.1, RibbonApi: 1.1 };

const params = new URLSearchParams(location.search);
const locale = previewLocale(params.get("lang"));
const paneWidth = Math.min(400, Math.max(320, Number(params.get("pane") ?? 360) || 360));
document.documentElement.style.setProperty("--pane-width", `${paneWidth}px`);
document.documentElement.lang = locale;

installOfficeGlobals({ displayLanguage: locale, requirementSets: REQUIREMENT_SETS });

function startingWorkbook(): WorkbookModel {
  const saved = sessionStorage.getItem(SAVED_WORKBOOK);
  if (saved) {
    try {
      return JSON.parse(saved) as WorkbookModel;
    } catch {
      sessionStorage.removeItem(SAVED_WORKBOOK);
    }
  }
  return demoWorkbook();
}

const source = new ModelSheetSource(startingWorkbook());
// Keep the workbook across reloads of this tab (the language switch), as an open file would be.
source.subscribe(() => sessionStorage.setItem(SAVED_WORKBOOK, JSON.stringify(source.snapshot())));

function switchLocale(next: DisplayLocale): void {
  sessionStorage.setItem(SAVED_WORKBOOK, JSON.stringify(source.snapshot()));
  params.set("lang", next);
  location.search = params.toString();
}

// exceljs is large: load it when a file is first opened or saved.
const files = {
  read: async (data: ArrayBuffer) => (await import("./xlsx")).readXlsx(data),
  write: async (model: WorkbookModel) => (await import("./xlsx")).writeXlsx(model),
};

const container = document.getElementById("sheet");
if (!container) throw new Error("preview.html has no #sheet element");
createRoot(container).render(
  <StrictMode>
    {/* The task pane mounts its own FluentProvider from its own bundle: distinct ids keep the
        two themes' style sheets apart (https://aka.ms/fluentui-conflicting-ids). */}
    <IdPrefixProvider value="preview-">
      <FluentProvider theme={webLightTheme} style={{ height: "100%" }}>
        <PreviewApp source={source} locale={locale} onLocaleChange={switchLocale} files={files} />
      </FluentProvider>
    </IdPrefixProvider>
  </StrictMode>,
);
