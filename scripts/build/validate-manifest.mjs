// Validates add-in manifests offline with xmllint against Microsoft's task pane schemas
// (shared/office-manifest-xsd, beside the project), with the one element they lack that the
// manifest uses: <ExtendedOverrides> (the keyboard shortcuts' JSON). Those 2019 schemas end the
// TaskPaneApp sequence at <VersionOverrides> and the signature; the current schema
// ("ExtendedOverrides element", Microsoft Learn; [MS-OWEMXML] Appendix A)
// places an optional <ExtendedOverrides Url="…" ResourcesUrl="…"> right after
// <VersionOverrides>. This script copies the schema set into a temporary folder, adds that
// declaration there (the shared schemas are not edited), and runs xmllint on each file given.
//
//   node scripts/build/validate-manifest.mjs [manifest.xml …]   (npm run validate:manifest)
//
// Prints xmllint's "<file> validates" or its errors; exits with xmllint's status (0 when every
// file validates; 3 for an invalid document, 5 when the schema does not compile).
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const shared = resolve(root, "../shared/office-manifest-xsd");
const TOP = "OfficeAppManifestV1_1.xsd";

/** The element: after <VersionOverrides>, before the signature. */
const ELEMENT = `
          <xs:element name="ExtendedOverrides" type="ExtendedOverrides" minOccurs="0" maxOccurs="1">
            <xs:annotation>
              <xs:documentation>Local addition (scripts/build/validate-manifest.mjs): the full URL of a JSON file that extends the manifest (keyboard shortcuts), and of its localized resources.</xs:documentation>
            </xs:annotation>
          </xs:element>`;
const TYPE = `
  <xs:complexType name="ExtendedOverrides">
    <xs:attribute name="Url" type="URL" use="required"/>
    <xs:attribute name="ResourcesUrl" type="URL" use="optional"/>
  </xs:complexType>
`;

/** The schema set with <ExtendedOverrides>, in a temporary folder the caller removes. */
export function schemaWithExtendedOverrides() {
  const dir = mkdtempSync(join(tmpdir(), "valepix-xsd-"));
  for (const f of readdirSync(shared).filter((f) => f.endsWith(".xsd")))
    cpSync(join(shared, f), join(dir, f));
  const xsd = readFileSync(join(dir, TOP), "utf8");
  const start = xsd.indexOf('<xs:complexType name="TaskPaneApp">');
  const anchor = xsd.indexOf('<xs:any id="TaskPaneAppSignature"', start);
  const override = xsd.indexOf('<xs:element ref="taskpanor:VersionOverrides"', start);
  if (start < 0 || override < 0 || anchor < override)
    throw new Error(`${TOP}: TaskPaneApp's <VersionOverrides> then signature not found: the schemas changed`);
  const lineStart = xsd.lastIndexOf("\n", anchor);
  const patched = `${xsd.slice(0, lineStart)}${ELEMENT}${xsd.slice(lineStart)}`.replace(
    "</xs:schema>",
    `${TYPE}</xs:schema>`,
  );
  writeFileSync(join(dir, TOP), patched);
  return { dir, schema: join(dir, TOP) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = process.argv.slice(2);
  if (files.length === 0) files.push(join(root, "manifest.xml"));
  const { dir, schema } = schemaWithExtendedOverrides();
  try {
    const r = spawnSync("xmllint", ["--noout", "--schema", schema, ...files], { stdio: "inherit" });
    if (r.error) {
      console.error(`xmllint could not run (${r.error.message}): npm run setup installs libxml2-utils`);
      process.exitCode = 1;
    } else process.exitCode = r.status ?? 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
