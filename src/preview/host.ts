/**
 * The Office globals the add-in finds in Excel, stood up by the preview page before the task
 * pane's bundle runs (preview.html loads this page's chunk first), without Microsoft's CDN script:
 * - `Office.onReady` resolves with the Excel host once the page's workbook is loaded (`ready`),
 *   as Office calls it when the document is open ("Initialize your Office Add-in",
 *   https://learn.microsoft.com/office/dev/add-ins/develop/initialize-add-in);
 * - `Office.context.displayLanguage` is the preview's language switch;
 * - `Office.context.partitionKey` is set, as in Excel on the web, so localStorage keys are
 *   partitioned ("Persist add-in state and settings");
 * - `Office.context.requirements.isSetSupported` answers for the API sets the fake supports;
 * - `OfficeRuntime.storage` keeps items in this browser's localStorage under its own prefix
 *   (the shared runtime's per-add-in storage, "OfficeRuntime.storage",
 *   https://learn.microsoft.com/javascript/api/office-runtime/officeruntime.storage);
 * - `Office.actions.associate` records the ribbon's actions (`ribbonActions`), and
 *   `Office.addin.showAsTaskpane` resolves: the pane is always shown beside the sheet;
 * - `CustomFunctions` records the custom functions the functions chunk associates until office.js
 *   has loaded in the page's frame, whose `CustomFunctions` then takes their place
 *   (./custom-functions.ts);
 * - `Excel`, when given, is the fake Excel JavaScript API of src/excel.
 */
import { setVersionWithin } from "../excel/fake/client";
import { pageCustomFunctions } from "./custom-functions";

export interface PreviewHostOptions {
  displayLanguage: string;
  /** Requirement sets and their highest version (e.g. ExcelApi "1.12", SharedRuntime "1.1"). */
  requirementSets: Record<string, string>;
  /** The fake `Excel` namespace, when the page has one. */
  excel?: unknown;
  storage?: Storage;
  /** Resolves when the host is ready (the workbook loaded); `Office.onReady` waits for it. */
  ready?: Promise<unknown>;
}

export const PARTITION_KEY = "valepix-preview";
const STORAGE_PREFIX = "OfficeRuntime.storage:";

/** The ribbon commands' functions, by action id, as the commands chunk associated them. */
const ribbonActions = new Map<string, (event?: unknown) => unknown>();

/** `Office.context.requirements.isSetSupported` over the sets given with their highest version. */
export function supportsSets(
  sets: Record<string, string>,
): (name: string, version?: string | number) => boolean {
  return (name, version) => {
    const highest = sets[name];
    return highest !== undefined && setVersionWithin(version, highest);
  };
}

export function installOfficeGlobals(options: PreviewHostOptions): void {
  const storage = options.storage ?? globalThis.localStorage;
  const info = { host: "Excel", platform: "OfficeOnline" };
  const office = {
    HostType: { Excel: "Excel" },
    PlatformType: { OfficeOnline: "OfficeOnline" },
    async onReady(callback?: (i: typeof info) => void): Promise<typeof info> {
      await options.ready;
      callback?.(info);
      return info;
    },
    actions: {
      associate(id: string, action: (event?: unknown) => unknown): void {
        ribbonActions.set(id, action);
      },
    },
    addin: { showAsTaskpane: () => Promise.resolve(), hide: () => Promise.resolve() },
    context: {
      displayLanguage: options.displayLanguage,
      partitionKey: PARTITION_KEY,
      requirements: { isSetSupported: supportsSets(options.requirementSets) },
    },
  };
  const officeRuntime = {
    storage: {
      getItem: (key: string) => Promise.resolve(storage.getItem(STORAGE_PREFIX + key)),
      setItem: (key: string, value: string) => Promise.resolve(storage.setItem(STORAGE_PREFIX + key, value)),
      removeItem: (key: string) => Promise.resolve(storage.removeItem(STORAGE_PREFIX + key)),
      getItems: (keys: string[]) =>
        Promise.resolve(Object.fromEntries(keys.map((k) => [k, storage.getItem(STORAGE_PREFIX + k)]))),
    },
  };
  const target = globalThis as Record<string, unknown>;
  target.Office = office;
  target.OfficeRuntime = officeRuntime;
  target.CustomFunctions = pageCustomFunctions;
  if (options.excel !== undefined) target.Excel = options.excel;
}
