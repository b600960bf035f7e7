/**
 * manifest.xml against Microsoft's task pane manifest schemas (shared/office-manifest-xsd, beside
 * the project root), offline with xmllint: `office-addin-manifest validate` needs the internet.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(__dirname, "..");
const schema = path.resolve(root, "../shared/office-manifest-xsd/OfficeAppManifestV1_1.xsd");
const manifest = path.join(root, "manifest.xml");

/** `npm run validate:manifest`'s check: the shared schemas with <ExtendedOverrides> added. */
function xmllint(file: string) {
  const script = path.join(root, "scripts/build/validate-manifest.mjs");
  return spawnSync(process.execPath, [script, file], { encoding: "utf8" });
}

describe("manifest.xml", () => {
  beforeAll(() => {
    if (!existsSync(schema))
      throw new Error(`Schemas not found at ${schema}: shared/ must sit beside the project`);
    try {
      execFileSync("xmllint", ["--version"], { stdio: "ignore" });
    } catch {
      throw new Error("xmllint is missing: run `npm run setup` (installs libxml2-utils)");
    }
  });

  it("validates against the Office add-in manifest schemas", () => {
    const result = xmllint(manifest);
    expect(result.stderr.trim()).toBe(`${manifest} validates`);
    expect(result.status).toBe(0);
  });

  it("is validated by npm run validate:manifest with that same check", () => {
    const scripts = (
      JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    expect(scripts["validate:manifest"]).toBe("node scripts/build/validate-manifest.mjs manifest.xml");
  });

  it("needs the schemas' <ExtendedOverrides> addition: the shared schemas alone refuse it", () => {
    const bare = spawnSync("xmllint", ["--noout", "--schema", schema, manifest], { encoding: "utf8" });
    expect(bare.status).not.toBe(0);
    expect(bare.stderr).toMatch(/ExtendedOverrides': This element is not expected/);
  });

  it("points <ExtendedOverrides> at the keyboard shortcuts, which the build serves from src/commands/shortcuts.json", async () => {
    const xml = readFileSync(manifest, "utf8");
    // Right after </VersionOverrides>, as "ExtendedOverrides element" places it.
    const url = /<\/VersionOverrides>\s*(?:<!--[\s\S]*?-->\s*)?<ExtendedOverrides Url="([^"]+)"/.exec(
      xml,
    )?.[1];
    expect(url).toBe("https://localhost:3000/shortcuts.json");
    const served = new URL(url!).pathname.slice(1);
    // The production build's copy patterns (webpack.config.js), read without building.
    const configOf = createRequire(__filename)("../webpack.config.js") as (
      env: object,
      argv: object,
    ) => Promise<{ plugins: Array<{ patterns?: Array<{ from: string; to: string }> }> }>;
    const config = await configOf({}, { mode: "production" });
    const patterns = config.plugins.flatMap((p) => p.patterns ?? []);
    const source = patterns.find((p) => p.to === served)?.from;
    expect(source).toBe("src/commands/shortcuts.json");
    expect(existsSync(path.join(root, source!))).toBe(true);
  });

  it("declares the shared runtime the ribbon commands rely on", () => {
    const xml = readFileSync(manifest, "utf8");
    expect(xml).toMatch(/<Set Name="SharedRuntime" MinVersion="1.1"\/>/);
    expect(xml).toMatch(/<Runtime resid="Taskpane.Url" lifetime="long"\/>/);
    expect(xml).toMatch(/<FunctionFile resid="Taskpane.Url"\/>/);
  });

  it("declares the VALEPIX custom functions in the shared runtime, with Portuguese metadata for Portuguese Excel", () => {
    const xml = readFileSync(manifest, "utf8");
    expect(xml).toMatch(/<Set Name="CustomFunctionsRuntime" MinVersion="1.3"\/>/);
    const point =
      /<AllFormFactors>\s*<ExtensionPoint xsi:type="CustomFunctions">([\s\S]*?)<\/ExtensionPoint>/.exec(
        xml,
      )?.[1];
    expect(point).toBeDefined();
    // The page is the shared runtime's (the task pane's), not a page of its own.
    expect(point).toMatch(/<Page>\s*<SourceLocation resid="Taskpane.Url"\/>\s*<\/Page>/);
    expect(point).toMatch(/<Script>\s*<SourceLocation resid="Functions.Script.Url"\/>/);
    expect(point).toMatch(/<Metadata>\s*<SourceLocation resid="Functions.Metadata.Url"\/>/);
    expect(point).toMatch(/<Namespace resid="Functions.Namespace"\/>/);
    const url = /<bt:Url id="Functions.Metadata.Url" DefaultValue="([^"]+)">([\s\S]*?)<\/bt:Url>/.exec(xml);
    expect(url?.[1]).toBe("https://localhost:3000/functions.json");
    const overrides = [...(url?.[2] ?? "").matchAll(/<bt:Override Locale="([^"]+)" Value="([^"]+)"\/>/g)];
    expect(overrides.map((o) => [o[1], o[2]])).toEqual([
      ["pt-BR", "https://localhost:3000/functions-pt-br.json"],
      ["pt-PT", "https://localhost:3000/functions-pt-br.json"],
    ]);
    expect(xml).toMatch(/<bt:String id="Functions.Namespace" DefaultValue="VALEPIX">/);
  });

  it("points every icon at a file that exists in assets/", () => {
    const xml = readFileSync(manifest, "utf8");
    const icons = [...xml.matchAll(/https:\/\/localhost:3000\/assets\/([\w-]+\.png)/g)].map((m) => m[1]!);
    expect(icons.length).toBeGreaterThan(0);
    for (const icon of icons) expect(existsSync(path.join(root, "assets", icon))).toBe(true);
  });

  it("has a ValePix tab whose group holds the pane button and one ExecuteFunction button per command", () => {
    const xml = readFileSync(manifest, "utf8");
    const tab = /<CustomTab id="ValePix.Tab">([\s\S]*?)<\/CustomTab>/.exec(xml)?.[1];
    expect(tab).toBeDefined();
    const controls = [...tab!.matchAll(/<Control xsi:type="Button" id="([^"]+)">([\s\S]*?)<\/Control>/g)];
    expect(controls.map((c) => c[1])).toEqual([
      "ValePix.OpenTaskpane",
      "ValePix.Validate",
      "ValePix.SendToDraft",
      "ValePix.RefreshStatuses",
      "ValePix.PullTransactions",
      "ValePix.RefreshFunctions",
      "ValePix.ReconciliationSheet",
      "ValePix.BookMonth",
    ]);
    expect(controls[0]![2]).toContain('<Action xsi:type="ShowTaskpane">');
    const functions = controls.slice(1).map((c) => /<FunctionName>([^<]+)</.exec(c[2]!)?.[1]);
    expect(functions).toEqual([
      "validateTable",
      "sendToDraft",
      "refreshStatuses",
      "pullTransactions",
      "refreshFunctions",
      "reconciliationSheet",
      "bookMonth",
    ]);
    // Ribbon buttons need 16, 32 and 80 px icons ("Icon element", add-in commands XML).
    for (const [, id, body] of controls) {
      const sizes = [...body!.matchAll(/<bt:Image size="(\d+)"/g)].map((m) => m[1]);
      expect({ id, sizes }).toEqual({ id, sizes: ["16", "32", "80"] });
    }
  });

  it("defines every resource it references, and says every string in pt-BR and en-US", () => {
    const xml = readFileSync(manifest, "utf8");
    const referenced = new Set([...xml.matchAll(/resid="([^"]+)"/g)].map((m) => m[1]!));
    const defined = new Set([...xml.matchAll(/<bt:(?:Image|Url|String) id="([^"]+)"/g)].map((m) => m[1]!));
    for (const id of referenced) expect({ id, defined: defined.has(id) }).toEqual({ id, defined: true });
    const strings = [
      ...xml.matchAll(/<bt:String id="([^"]+)" DefaultValue="[^"]+">\s*<bt:Override Locale="en-US"/g),
    ];
    const allStrings = [...xml.matchAll(/<bt:String id="([^"]+)"/g)];
    expect(strings.length).toBe(allStrings.length);
    expect(xml).toMatch(/<DefaultLocale>pt-BR<\/DefaultLocale>/);
  });

  it("is rejected by the same check when it breaks the schema (the check can fail)", () => {
    const broken = path.join(tmpdir(), `manifest-broken-${process.pid}.xml`);
    writeFileSync(
      broken,
      readFileSync(manifest, "utf8").replace(
        "<Permissions>ReadWriteDocument</Permissions>",
        "<Permissions>Everything</Permissions>",
      ),
    );
    const result = xmllint(broken);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/Permissions/);
  });
});
