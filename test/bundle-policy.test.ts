/**
 * The dependency check of the shipped bundle (issue 22, item 10; scripts/build/bundle-packages.cjs):
 * the policy refuses a denied package below its version and a licence outside the allow-list,
 * fed synthetic package lists; the repository's policy is well formed and dated; and the plugin
 * fails a real (tiny) webpack build that bundles a package the policy refuses.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import webpack from "webpack";
import {
  BundlePackagesPlugin,
  type BundlePolicy,
  checkPolicy,
  compareVersions,
  licenceAllowed,
  packageDirOf,
  readPolicy,
} from "../scripts/build/bundle-packages.cjs";

const ROOT = path.resolve(__dirname, "..");
const policy: BundlePolicy = {
  allowLicenses: ["MIT", "ISC", "BSD-2-Clause", "BSD-3-Clause", "Apache-2.0", "0BSD"],
  deny: [{ package: "xlsx", below: "0.20.2", advisory: "GHSA-5pgg-2g8v-p4x9", added: "2026-11-27" }],
};

describe("the policy", () => {
  it("refuses a denied package below its version, and names the advisory and the date", () => {
    const problems = checkPolicy([{ name: "xlsx", version: "0.18.5", license: "Apache-2.0" }], policy);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /xlsx@0\.18\.5 is on the deny-list: below 0\.20\.2 \(GHSA-5pgg-2g8v-p4x9, added 2026-11-27\)/,
    );
    // At or above the fixed version, and another package of a similar name, pass.
    expect(checkPolicy([{ name: "xlsx", version: "0.20.2", license: "Apache-2.0" }], policy)).toEqual([]);
    expect(checkPolicy([{ name: "xlsx", version: "0.20.10", license: "Apache-2.0" }], policy)).toEqual([]);
    expect(checkPolicy([{ name: "xlsx-style", version: "0.8.13", license: "Apache-2.0" }], policy)).toEqual(
      [],
    );
  });

  it("refuses a licence outside the allow-list, a missing one, and reads SPDX expressions", () => {
    const gpl = checkPolicy([{ name: "copyleft", version: "1.0.0", license: "GPL-3.0-only" }], policy);
    expect(gpl).toEqual([
      expect.stringMatching(/copyleft@1\.0\.0 has the licence "GPL-3.0-only", not in the allow-list/),
    ]);
    expect(checkPolicy([{ name: "anon", version: "1.0.0", license: "UNKNOWN" }], policy)).toHaveLength(1);
    expect(licenceAllowed("(MIT OR GPL-3.0-only)", policy.allowLicenses)).toBe(true);
    expect(licenceAllowed("MIT AND GPL-3.0-only", policy.allowLicenses)).toBe(false);
    expect(licenceAllowed("(MIT AND Apache-2.0)", policy.allowLicenses)).toBe(true);
    expect(licenceAllowed("Apache-2.0 WITH LLVM-exception", policy.allowLicenses)).toBe(false);
  });

  it("compares versions by number, a pre-release below its release", () => {
    expect(compareVersions("0.9.0", "0.10.0")).toBe(-1);
    expect(compareVersions("1.0.0", "1.0.0")).toBe(0);
    expect(compareVersions("1.0.0-rc.1", "1.0.0")).toBe(-1);
    expect(compareVersions("2", "1.99.99")).toBe(1);
    expect(() => compareVersions("latest", "1.0.0")).toThrow(RangeError);
  });

  it("finds a file's package folder, scoped or not, nested or not; none for the project's files", () => {
    expect(packageDirOf("/r/node_modules/zod/v4/core/index.js")).toBe("/r/node_modules/zod");
    expect(packageDirOf("/r/node_modules/@fluentui/react-button/lib/index.js")).toBe(
      "/r/node_modules/@fluentui/react-button",
    );
    expect(packageDirOf("/r/node_modules/a/node_modules/@s/b/x.js")).toBe(
      "/r/node_modules/a/node_modules/@s/b",
    );
    expect(packageDirOf("/r/src/api/client.ts")).toBeUndefined();
  });

  it("the repository's policy: the allow-list asked for, every deny entry dated with an advisory", () => {
    const repo = readPolicy();
    expect(repo.allowLicenses).toEqual(policy.allowLicenses);
    expect(repo.deny.length).toBeGreaterThan(0);
    for (const d of repo.deny) {
      expect(d.added).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(d.advisory).toMatch(/^GHSA(-[23456789cfghjmpqrvwx]{4}){3}$/);
      expect(() => compareVersions(d.below, "0.0.0")).not.toThrow();
    }
    expect(repo.deny.some((d) => d.package === "xlsx" && d.below === "0.20.2")).toBe(true);
  });
});

describe("the plugin", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "valepix-deps-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function build(denyUqr: boolean): Promise<webpack.Stats> {
    writeFileSync(path.join(dir, "entry.js"), 'import { encode } from "uqr";\nconsole.log(encode("x"));\n');
    const file = path.join(dir, "policy.json");
    writeFileSync(
      file,
      JSON.stringify({
        ...policy,
        deny: denyUqr
          ? [{ package: "uqr", below: "99.0.0", advisory: "GHSA-xxxx-xxxx-xxxx", added: "2026-11-27" }]
          : [],
      }),
    );
    const compiler = webpack({
      mode: "production",
      context: ROOT,
      entry: path.join(dir, "entry.js"),
      output: { path: path.join(dir, "out") },
      resolve: { modules: [path.join(ROOT, "node_modules")] },
      plugins: [new BundlePackagesPlugin({ policyFile: file })],
    });
    return new Promise((resolve, reject) =>
      compiler.run((err, stats) => (err ? reject(err) : compiler.close(() => resolve(stats!)))),
    );
  }

  it("lists what the bundle holds, and fails the build on a package the policy refuses", async () => {
    const ok = await build(false);
    expect(ok.hasErrors()).toBe(false);
    const report = JSON.parse(readFileSync(path.join(dir, "out", "bundle-packages.json"), "utf8")) as {
      packages: Array<{ name: string; license: string }>;
      problems: string[];
    };
    expect(report.packages.map((p) => `${p.name} ${p.license}`)).toEqual(["uqr MIT"]);
    expect(report.problems).toEqual([]);

    const refused = await build(true);
    expect(refused.hasErrors()).toBe(true);
    expect(refused.compilation.errors.map((e) => e.message).join("\n")).toMatch(
      /Dependency check: uqr@0\.1\.3 is on the deny-list: below 99\.0\.0/,
    );
  });
});
