/**
 * manifest.xml against Microsoft's task pane manifest schemas (shared/office-manifest-xsd, beside
 * the project root), offline with xmllint: `office-addin-manifest validate` needs the internet.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(__dirname, "..");
const schema = path.resolve(root, "../shared/office-manifest-xsd/OfficeAppManifestV1_1.xsd");
const manifest = path.join(root, "manifest.xml");

function xmllint(file: string) {
  return spawnSync("xmllint", ["--noout", "--schema", schema, file], { encoding: "utf8" });
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

  it("declares the shared runtime the ribbon commands rely on", () => {
    const xml = readFileSync(manifest, "utf8");
    expect(xml).toMatch(/<Set Name="SharedRuntime" MinVersion="1.1"\/>/);
    expect(xml).toMatch(/<Runtime resid="Taskpane.Url" lifetime="long"\/>/);
    expect(xml).toMatch(/<FunctionFile resid="Taskpane.Url"\/>/);
  });

  it("points every icon at a file that exists in assets/", () => {
    const xml = readFileSync(manifest, "utf8");
    const icons = [...xml.matchAll(/https:\/\/localhost:3000\/assets\/([\w-]+\.png)/g)].map((m) => m[1]!);
    expect(icons.length).toBeGreaterThan(0);
    for (const icon of icons) expect(existsSync(path.join(root, "assets", icon))).toBe(true);
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
