/**
 * The fake's settings, workbook, runtime and request context; worksheets are in ./worksheets.ts,
 * tables in ./tables.ts. Each class follows its Office.js namesake ("Excel JavaScript API
 * reference", https://learn.microsoft.com/javascript/api/excel) for the members in
 * ../office-api.ts only.
 */
import type { RequestContextApi, SettingApi, SettingCollectionApi, WorkbookApi } from "../office-api";
import { HOST_ERROR_CODES, WorkbookHostError } from "../errors";
import { invalidArgument } from "./cells";
import { FakeContextCore, type FakeHost, FakeObject, propertyNotLoaded, unknownProperty } from "./context";
import { CULTURE_INFO, type Culture } from "./culture";
import { notFound } from "./model";
import { FakeRange } from "./range";
import { FakeWorksheetCollection } from "./worksheets";
import { FakeTableCollection } from "./tables";
import { FakePivotTableCollection } from "./pivots";

class FakeSetting extends FakeObject<{ key: string }> implements SettingApi {
  protected readonly scalarNames = ["key", "value"];
  protected read(setting: { key: string }, name: string): unknown {
    if (name === "key") return setting.key;
    if (name === "value") return JSON.parse(this.ctx.model.settings.get(setting.key) ?? "null") as unknown;
    throw unknownProperty(name);
  }
  get key(): string {
    return this.loadedValue("key");
  }
  get value(): unknown {
    return this.loadedValue("value");
  }
  set value(value: unknown) {
    this.change({ value }, (t) => this.ctx.model.settings.set(t.key, JSON.stringify(value)));
  }
  delete(): void {
    this.change({ delete: true }, (t) => void this.ctx.model.settings.delete(t.key));
  }
}

class FakeSettingCollection implements SettingCollectionApi {
  constructor(private readonly ctx: FakeContextCore) {}
  private find(key: string): { key: string } | null {
    return this.ctx.model.settings.has(key) ? { key } : null;
  }
  getItem(key: string): FakeSetting {
    return new FakeSetting(
      this.ctx,
      () =>
        this.find(key) ??
        (() => {
          throw notFound(`setting ${key}`);
        })(),
    );
  }
  getItemOrNullObject(key: string): FakeSetting {
    return new FakeSetting(this.ctx, () => this.find(key));
  }
  /** Values are kept as JSON ("SettingCollection.add": the value is serialized to JSON). */
  add(key: string, value: unknown): FakeSetting {
    this.ctx.enqueue({ addSetting: key, value }, () => {
      if (key === "") throw invalidArgument("A setting needs a key.");
      const json = JSON.stringify(value);
      if (json === undefined) throw invalidArgument(`The value of setting ${key} is not JSON.`);
      this.ctx.model.settings.set(key, json);
    });
    return new FakeSetting(this.ctx, () => ({ key }));
  }
}

/**
 * "Application.cultureInfo" (ExcelApi 1.11): the culture's `name` and its number separators
 * (`numberFormat.numberDecimalSeparator`, `numberGroupSeparator`), loaded like any object.
 */
class FakeCultureInfo extends FakeObject<Culture> {
  protected readonly scalarNames = ["name"];
  readonly numberFormat: FakeNumberFormatInfo;
  constructor(ctx: FakeContextCore) {
    super(ctx, () => ctx.model.culture);
    this.numberFormat = new FakeNumberFormatInfo(ctx);
  }
  protected read(culture: Culture, name: string): unknown {
    if (name === "name") return culture;
    throw unknownProperty(name);
  }
  get name(): string {
    return this.loadedValue("name");
  }
}

class FakeNumberFormatInfo extends FakeObject<Culture> {
  protected readonly scalarNames = ["numberDecimalSeparator", "numberGroupSeparator"];
  constructor(ctx: FakeContextCore) {
    super(ctx, () => ctx.model.culture);
  }
  protected read(culture: Culture, name: string): unknown {
    const info = CULTURE_INFO[culture];
    if (name === "numberDecimalSeparator") return info.decimal;
    if (name === "numberGroupSeparator") return info.group;
    throw unknownProperty(name);
  }
  get numberDecimalSeparator(): string {
    return this.loadedValue("numberDecimalSeparator");
  }
  get numberGroupSeparator(): string {
    return this.loadedValue("numberGroupSeparator");
  }
}

class FakeWorkbookObject implements WorkbookApi {
  readonly worksheets: FakeWorksheetCollection;
  readonly tables: FakeTableCollection;
  readonly settings: FakeSettingCollection;
  /** "Workbook.pivotTables" (./pivots.ts): every sheet's. */
  readonly pivotTables: FakePivotTableCollection;
  readonly application: { suspendApiCalculationUntilNextSync(): void; readonly cultureInfo: FakeCultureInfo };
  constructor(private readonly ctx: FakeContextCore) {
    this.worksheets = new FakeWorksheetCollection(ctx);
    this.tables = new FakeTableCollection(ctx);
    this.settings = new FakeSettingCollection(ctx);
    this.pivotTables = new FakePivotTableCollection(ctx, undefined);
    // "Application.suspendApiCalculationUntilNextSync" (ExcelApi 1.6): recorded on the sync.
    this.application = {
      suspendApiCalculationUntilNextSync: () => {
        ctx.calculationSuspended = true;
      },
      cultureInfo: new FakeCultureInfo(ctx),
    };
  }
  /**
   * "Workbook.getSelectedRange" (ExcelApi 1.1): "Gets the currently selected single range from the
   * workbook. If there are multiple ranges selected, this method will throw an error"
   * (@types/office-js). The error is `InvalidSelection`, at sync, for several areas (Ctrl+click;
   * OfficeDev/office-js-docs-pr#2477 shows `code: "InvalidSelection"`) and for a chart or a shape
   * ("by design", OfficeDev/office-js#2268, #8). Nothing selected yet: A1 of the active sheet.
   */
  getSelectedRange(): FakeRange {
    return new FakeRange(this.ctx, () => {
      const { selection, sheets, active } = this.ctx.model;
      const sheet = selection ? sheets.find((s) => s.name === selection.sheet) : (active ?? sheets[0]);
      if (!sheet) return null;
      if (!selection) return { sheet, box: { top: 0, left: 0, rows: 1, cols: 1 } };
      const only = "areas" in selection && selection.areas.length === 1 ? selection.areas[0] : undefined;
      if (!only) {
        throw new WorkbookHostError(
          HOST_ERROR_CODES.invalidSelection,
          "The current selection is invalid for this operation.",
        );
      }
      return { sheet, box: only };
    });
  }
}

class FakeRuntime {
  private loaded: boolean | undefined;
  constructor(private readonly ctx: FakeContextCore) {}
  load(): this {
    this.ctx.enqueue({ load: ["enableEvents"] }, () => {
      const enabled = this.ctx.model.eventsEnabled;
      return { data: { enableEvents: enabled }, deliver: () => void (this.loaded = enabled) };
    });
    return this;
  }
  get enableEvents(): boolean {
    if (this.loaded === undefined) throw propertyNotLoaded("enableEvents");
    return this.loaded;
  }
  set enableEvents(on: boolean) {
    this.ctx.enqueue({ enableEvents: on }, () => void (this.ctx.model.eventsEnabled = on));
  }
}

export class FakeRequestContext extends FakeContextCore implements RequestContextApi {
  readonly workbook: FakeWorkbookObject;
  readonly runtime: FakeRuntime;
  constructor(host: FakeHost) {
    super(host);
    this.workbook = new FakeWorkbookObject(this);
    this.runtime = new FakeRuntime(this);
  }
}
