/**
 * The fake's settings, workbook and runtime, the objects every object path of a request starts
 * from (./host.ts); worksheets are in ./worksheets.ts, tables in ./tables.ts. Each class follows
 * its Office.js namesake ("Excel JavaScript API reference",
 * https://learn.microsoft.com/javascript/api/excel) for the members the add-in calls only.
 */
import { HOST_ERROR_CODES, WorkbookHostError } from "../errors";
import { invalidArgument } from "./cells";
import { type HostContext, HostObject, unknownProperty } from "./host-object";
import { CULTURE_INFO, type Culture } from "./culture";
import { type FakeModel, notFound } from "./model";
import { FakeRange } from "./range";
import { FakeWorksheetCollection } from "./worksheets";
import { FakeTableCollection } from "./tables";
import { FakePivotTableCollection } from "./pivots";

class FakeSetting extends HostObject<{ key: string }> {
  protected readonly scalarNames = ["key", "value"];
  protected read(setting: { key: string }, name: string): unknown {
    if (name === "key") return setting.key;
    if (name === "value") return JSON.parse(this.ctx.model.settings.get(setting.key) ?? "null") as unknown;
    throw unknownProperty(name);
  }
  set value(value: unknown) {
    this.change((t) => this.ctx.model.settings.set(t.key, JSON.stringify(value)));
  }
  delete(): void {
    this.change((t) => void this.ctx.model.settings.delete(t.key));
  }
}

class FakeSettingCollection {
  constructor(private readonly ctx: HostContext) {}
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
    if (key === "") throw invalidArgument("A setting needs a key.");
    const json = JSON.stringify(value);
    if (json === undefined) throw invalidArgument(`The value of setting ${key} is not JSON.`);
    this.ctx.model.settings.set(key, json);
    return new FakeSetting(this.ctx, () => ({ key }));
  }
}

/**
 * "Application.cultureInfo" (ExcelApi 1.11): the culture's `name` and its number separators
 * (`numberFormat.numberDecimalSeparator`, `numberGroupSeparator`), queried like any object.
 */
class FakeCultureInfo extends HostObject<Culture> {
  protected readonly scalarNames = ["name"];
  readonly numberFormat: FakeNumberFormatInfo;
  constructor(ctx: HostContext) {
    super(ctx, () => ctx.model.culture);
    this.numberFormat = new FakeNumberFormatInfo(ctx);
  }
  protected read(culture: Culture, name: string): unknown {
    if (name === "name") return culture;
    throw unknownProperty(name);
  }
}

class FakeNumberFormatInfo extends HostObject<Culture> {
  protected readonly scalarNames = ["numberDecimalSeparator", "numberGroupSeparator"];
  constructor(ctx: HostContext) {
    super(ctx, () => ctx.model.culture);
  }
  protected read(culture: Culture, name: string): unknown {
    const info = CULTURE_INFO[culture];
    if (name === "numberDecimalSeparator") return info.decimal;
    if (name === "numberGroupSeparator") return info.group;
    throw unknownProperty(name);
  }
}

class FakeWorkbookObject {
  readonly worksheets: FakeWorksheetCollection;
  readonly tables: FakeTableCollection;
  readonly settings: FakeSettingCollection;
  /** "Workbook.pivotTables" (./pivots.ts): every sheet's. */
  readonly pivotTables: FakePivotTableCollection;
  readonly application: { suspendApiCalculationUntilNextSync(): void; readonly cultureInfo: FakeCultureInfo };
  constructor(private readonly ctx: HostContext) {
    this.worksheets = new FakeWorksheetCollection(ctx);
    this.tables = new FakeTableCollection(ctx);
    this.settings = new FakeSettingCollection(ctx);
    this.pivotTables = new FakePivotTableCollection(ctx, undefined);
    this.application = {
      // "Application.suspendApiCalculationUntilNextSync" (ExcelApi 1.6): the fake computes a
      // formula when it is read, so there is nothing to hold back; the request that asks for it is
      // counted as suspended (./stats.ts).
      suspendApiCalculationUntilNextSync: () => undefined,
      cultureInfo: new FakeCultureInfo(ctx),
    };
  }
  /**
   * "Workbook.getSelectedRange" (ExcelApi 1.1): "Gets the currently selected single range from the
   * workbook. If there are multiple ranges selected, this method will throw an error"
   * (@types/office-js). The error is `InvalidSelection`, when the range is first used, for several
   * areas (Ctrl+click; OfficeDev/office-js-docs-pr#2477 shows `code: "InvalidSelection"`) and for a
   * chart or a shape ("by design", OfficeDev/office-js#2268, #8). Nothing selected yet: A1 of the
   * active sheet.
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

/** "Excel.Runtime" (ExcelApi 1.5): `enableEvents`, the add-in's switch for its events. */
class FakeRuntime extends HostObject<FakeModel> {
  protected readonly scalarNames = ["enableEvents"];
  constructor(ctx: HostContext) {
    super(ctx, () => ctx.model);
  }
  protected read(model: FakeModel, name: string): unknown {
    if (name === "enableEvents") return model.eventsEnabled;
    throw unknownProperty(name);
  }
  set enableEvents(on: boolean) {
    this.ctx.model.eventsEnabled = on;
  }
}

/** The workbook and the runtime: what the global object path of a request names (./host.ts). */
export class FakeExcelRoot {
  readonly workbook: FakeWorkbookObject;
  readonly runtime: FakeRuntime;
  constructor(ctx: HostContext) {
    this.workbook = new FakeWorkbookObject(ctx);
    this.runtime = new FakeRuntime(ctx);
  }
}
