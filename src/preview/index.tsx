/**
 * The preview page's first script (preview.html loads it before the very chunks taskpane.html
 * loads in Excel): stands up the Office globals with the fake Excel as `Excel`, opens the workbook
 * in it (the demo workbook, or the one this tab had before a reload), saves the sandbox's demo
 * connection through the pane's own host (src/taskpane/composition-root.ts, the composition Excel runs), and
 * draws the spreadsheet side over that fake. `Office.onReady` answers once all that is done; the
 * task pane's bundle then mounts itself into #root, exactly as in Excel.
 *
 * The language switch stands in for Office's display language, which Office reads once when an
 * add-in starts: switching reloads the page, keeping the workbook for the tab in IndexedDB
 * (./workbook-store.ts). Opening a file reloads too, as Excel opens another workbook with its own
 * task pane.
 *
 * `?sandbox=` gives the sandbox's address (the end-to-end tests start one on a free port),
 * `?lang=` the display language, `?pane=` the pane's width (320-400 px).
 */
import { FluentProvider, IdPrefixProvider, webLightTheme } from "@fluentui/react-components";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { ENVIRONMENTS } from "../api";
import type { ExcelRun } from "../excel";
import { sharedHost } from "../taskpane/composition-root";
import { ensureDemoConnection } from "./demo-connection";
import { PreviewApp } from "./components/PreviewApp";
import { demoWorkbook } from "./demo";
import { fakeFromSnapshot } from "./fake-io";
import { FakeSheetSource } from "./fake-source";
import { useLibraryCustomFunctions } from "./custom-functions";
import { installCustomFunctions } from "./functions-host";
import type { DisplayLocale } from "./format";
import { installOfficeGlobals, supportsSets } from "./host";
import { excelNamespace, loadOfficeLibraryInFrame } from "./office-library";
import { officeLibrary, provideOfficeLibrary } from "../excel/fake/client";
import { previewLocale } from "./i18n";
import { keepAfterChanges, workbookStore } from "./workbook-store";

/** API sets the add-in asks for (manifest.xml) that the preview's host answers. */
const REQUIREMENT_SETS = {
  ExcelApi: "1.12",
  SharedRuntime: "1.1",
  RibbonApi: "1.1",
  CustomFunctionsRuntime: "1.3",
};

const params = new URLSearchParams(location.search);
const locale = previewLocale(params.get("lang"));
const sandboxUrl = params.get("sandbox") ?? ENVIRONMENTS.sandbox;
const paneWidth = Math.min(400, Math.max(320, Number(params.get("pane") ?? 360) || 360));
document.documentElement.style.setProperty("--pane-width", `${paneWidth}px`);
document.documentElement.lang = locale;

// The fake Excel's client is Microsoft's office.js, as in the tests (./office-library.ts); once
// it has loaded, its `CustomFunctions` is the page's, with what the functions chunk associated
// (./custom-functions.ts), before the fake can invoke anything through it.
provideOfficeLibrary(async () => {
  const library = await loadOfficeLibraryInFrame({ isSetSupported: supportsSets(REQUIREMENT_SETS) });
  useLibraryCustomFunctions(library.CustomFunctions);
  return library;
});

const kept = workbookStore();
// The workbook this tab had before a reload, or the demo one.
const opened = kept
  .load()
  .then((saved) => fakeFromSnapshot(saved ?? demoWorkbook()))
  .then((excel) => new FakeSheetSource(excel, locale));
// `Excel.run` of the add-in: the fake behind the spreadsheet view, once the workbook is open.
const run: ExcelRun = (batch) => opened.then((source) => source.run(batch));
let hostReady!: () => void;
installOfficeGlobals({
  displayLanguage: locale,
  requirementSets: REQUIREMENT_SETS,
  ready: new Promise<void>((resolve) => (hostReady = resolve)),
});

/** Set when the page is about to reload with another workbook: nothing may overwrite it then. */
let leaving = false;

async function keep(source: FakeSheetSource): Promise<void> {
  const snapshot = await source.snapshot();
  if (!leaving) await kept.save(snapshot);
}

async function start(): Promise<void> {
  const source = await opened;
  // The add-in's `Excel`: the library's namespace (its `RequestContext`, errors and enums), whose
  // `run` sends the add-in's batches to the fake behind the spreadsheet view.
  (globalThis as { Excel?: unknown }).Excel = excelNamespace(await officeLibrary(), run);
  // The add-in's VALEPIX functions, computed by the fake as Excel computes them, invoked through
  // the library's runtime.
  await installCustomFunctions(source.excel);
  // Keep the workbook across reloads of this tab (the language switch), as an open file would be.
  source.subscribe(keepAfterChanges(() => keep(source)));

  const switchLocale = (next: DisplayLocale) => {
    void keep(source).then(() => {
      leaving = true;
      params.set("lang", next);
      location.search = params.toString();
    });
  };
  // exceljs is large: load it when a file is first opened or saved.
  const files = {
    open: async (data: ArrayBuffer) => {
      const snapshot = await (await import("./xlsx")).readXlsx(data);
      // No keep of the workbook on screen may start from here on: one that saved after the file
      // would reopen the old workbook (IndexedDB commits writes in the order they start).
      leaving = true;
      try {
        // Kept before the reload, or the file would be lost: a refusal is the open's error.
        await kept.saveOrThrow(snapshot);
      } catch (error) {
        leaving = false;
        throw error;
      }
      location.reload();
    },
    save: async () => (await import("./xlsx")).writeXlsx(await source.snapshot()),
  };

  const sheet = document.getElementById("sheet");
  if (!sheet) throw new Error("preview.html has no #sheet element");
  createRoot(sheet).render(
    <StrictMode>
      {/* The task pane mounts its own FluentProvider: distinct ids keep the two themes' style
          sheets apart (https://aka.ms/fluentui-conflicting-ids). */}
      <IdPrefixProvider value="preview-">
        <FluentProvider theme={webLightTheme} style={{ height: "100%" }}>
          <PreviewApp
            source={source}
            locale={locale}
            onLocaleChange={switchLocale}
            initial={await source.snapshot()}
            files={files}
          />
        </FluentProvider>
      </IdPrefixProvider>
    </StrictMode>,
  );
  // The pane's host is the page's one (webpack's single runtime shares it with the pane's chunk).
  await ensureDemoConnection(sharedHost().services.connections, sandboxUrl);
  hostReady();
}

start().catch((error: unknown) => {
  console.error(error);
  document.body.textContent = `ValePix preview: ${error instanceof Error ? error.message : String(error)}`;
});
