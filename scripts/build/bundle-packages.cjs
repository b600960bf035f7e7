// @ts-check
/**
 * What ships, and the dependency check: the npm packages webpack actually put
 * in the bundles (the compilation's modules, by their paths under node_modules, each resolved to
 * its package.json: name, version, licence), checked against security/bundle-policy.json: a
 * dated deny-list (a package below a fixed version, with its advisory) and the licences allowed.
 * It works offline: no advisory service is asked (this registry answers 405 on the bulk advisory
 * endpoint, so `npm audit` cannot run here; see the README).
 *
 * CommonJS, so that webpack.config.js requires it as it is; its types are in ./bundle-packages.d.cts.
 */
const fs = require("node:fs");
const path = require("node:path");

const OUTPUT = "bundle-packages.json";
const POLICY = path.resolve(__dirname, "../../security/bundle-policy.json");

/**
 * The package folder of a file under node_modules (the last `node_modules/<name>` or
 * `node_modules/@scope/<name>` of its path), or undefined for the project's own files.
 * @param {string} file
 */
function packageDirOf(file) {
  const parts = file.split(/[\\/]/);
  const at = parts.lastIndexOf("node_modules");
  if (at < 0 || at + 1 >= parts.length) return undefined;
  const scoped = parts[at + 1].startsWith("@");
  if (scoped && at + 2 >= parts.length) return undefined;
  return parts.slice(0, at + (scoped ? 3 : 2)).join("/");
}

/**
 * The licence as package.json states it: `license` (an SPDX expression), or the old object and
 * `licenses` array forms; "UNKNOWN" when absent.
 * @param {any} pkg
 */
function licenceOf(pkg) {
  if (typeof pkg.license === "string" && pkg.license.trim() !== "") return pkg.license.trim();
  if (pkg.license && typeof pkg.license.type === "string") return pkg.license.type;
  if (Array.isArray(pkg.licenses)) {
    const types = pkg.licenses.map((l) => (typeof l === "string" ? l : l?.type)).filter(Boolean);
    if (types.length > 0) return types.length === 1 ? types[0] : `(${types.join(" OR ")})`;
  }
  return "UNKNOWN";
}

/**
 * The packages of these files, one entry per name@version, sorted by name, each with how many of
 * the bundle's modules came from it.
 * @param {Iterable<string>} files
 * @returns {Array<{ name: string; version: string; license: string; modules: number }>}
 */
function packagesOf(files) {
  /** @type {Map<string, { name: string; version: string; license: string; modules: number }>} */
  const found = new Map();
  /** @type {Map<string, any>} */
  const manifests = new Map();
  for (const file of files) {
    const dir = packageDirOf(file);
    if (dir === undefined) continue;
    if (!manifests.has(dir))
      manifests.set(dir, JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")));
    const pkg = manifests.get(dir);
    const key = `${pkg.name}@${pkg.version}`;
    const entry = found.get(key) ?? {
      name: pkg.name,
      version: String(pkg.version),
      license: licenceOf(pkg),
      modules: 0,
    };
    entry.modules++;
    found.set(key, entry);
  }
  return [...found.values()].sort(
    (a, b) => a.name.localeCompare(b.name) || compareVersions(a.version, b.version),
  );
}

/**
 * Compares two versions by their numeric major.minor.patch, then a pre-release below its release
 * ("1.0.0-rc.1" < "1.0.0"). Enough for a deny-list's "below"; not a semver range parser.
 * @param {string} a
 * @param {string} b
 */
function compareVersions(a, b) {
  const parse = (/** @type {string} */ v) => {
    const m = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:-([0-9A-Za-z.-]+))?/.exec(v.trim());
    if (!m) throw new RangeError(`not a version: ${v}`);
    return { nums: [1, 2, 3].map((i) => Number(m[i] ?? 0)), pre: m[4] };
  };
  const x = parse(a);
  const y = parse(b);
  for (let i = 0; i < 3; i++) if (x.nums[i] !== y.nums[i]) return x.nums[i] < y.nums[i] ? -1 : 1;
  if (x.pre === y.pre) return 0;
  if (x.pre === undefined) return 1;
  if (y.pre === undefined) return -1;
  return x.pre < y.pre ? -1 : 1;
}

/**
 * Whether an SPDX expression is allowed: one of `allowed`, or "A OR B" with an allowed choice,
 * or "A AND B" with every part allowed. Parentheses are read; "WITH" exceptions are not allowed.
 * @param {string} expression
 * @param {readonly string[]} allowed
 */
function licenceAllowed(expression, allowed) {
  const e = expression
    .trim()
    .replace(/^\((.*)\)$/, "$1")
    .trim();
  if (/\s+OR\s+/i.test(e)) return e.split(/\s+OR\s+/i).some((p) => licenceAllowed(p, allowed));
  if (/\s+AND\s+/i.test(e)) return e.split(/\s+AND\s+/i).every((p) => licenceAllowed(p, allowed));
  return allowed.includes(e);
}

/**
 * What the policy refuses in `packages`: a deny-list entry's package below its version, or a
 * licence outside the allow-list. Empty when the bundle may ship.
 * @param {ReadonlyArray<{ name: string; version: string; license: string }>} packages
 * @param {{ allowLicenses: string[]; deny: Array<{ package: string; below: string; advisory: string; added: string }> }} policy
 * @returns {string[]}
 */
function checkPolicy(packages, policy) {
  const problems = [];
  for (const p of packages) {
    for (const d of policy.deny)
      if (d.package === p.name && compareVersions(p.version, d.below) < 0)
        problems.push(
          `${p.name}@${p.version} is on the deny-list: below ${d.below} (${d.advisory}, added ${d.added}). Upgrade it or keep it out of the bundle.`,
        );
    if (!licenceAllowed(p.license, policy.allowLicenses))
      problems.push(
        `${p.name}@${p.version} has the licence "${p.license}", not in the allow-list (${policy.allowLicenses.join(", ")}) of security/bundle-policy.json.`,
      );
  }
  return problems;
}

/** @param {string} [file] */
function readPolicy(file = POLICY) {
  return JSON.parse(fs.readFileSync(file, "utf8"));
}

/**
 * The files of the modules webpack put in the compilation's chunks (a concatenated module's
 * parts each count).
 * @param {import("webpack").Compilation} compilation
 */
function shippedFiles(compilation) {
  const files = new Set();
  /** @param {any} m */
  const add = (m) => {
    if (Array.isArray(m.modules)) for (const inner of m.modules) add(inner);
    else if (typeof m.resource === "string") files.add(m.resource.split("?")[0]);
  };
  for (const chunk of compilation.chunks)
    for (const m of compilation.chunkGraph.getChunkModulesIterable(chunk)) add(m);
  return files;
}

/** Writes dist/bundle-packages.json and fails the build on what the policy refuses. */
class BundlePackagesPlugin {
  /** @param {{ policyFile?: string }} [options] */
  constructor(options = {}) {
    this.policyFile = options.policyFile ?? POLICY;
  }
  /** @param {import("webpack").Compiler} compiler */
  apply(compiler) {
    const { Compilation, WebpackError, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap("BundlePackagesPlugin", (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: "BundlePackagesPlugin", stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          compilation.fileDependencies.add(this.policyFile);
          const policy = readPolicy(this.policyFile);
          const packages = packagesOf(shippedFiles(compilation));
          const problems = checkPolicy(packages, policy);
          const report = { policy: path.relative(compiler.context, this.policyFile), packages, problems };
          compilation.emitAsset(OUTPUT, new sources.RawSource(`${JSON.stringify(report, null, 2)}\n`));
          for (const p of problems) compilation.errors.push(new WebpackError(`Dependency check: ${p}`));
        },
      );
    });
  }
}

module.exports = {
  BUNDLE_PACKAGES_FILE: OUTPUT,
  BundlePackagesPlugin,
  checkPolicy,
  compareVersions,
  licenceAllowed,
  packageDirOf,
  packagesOf,
  readPolicy,
};
