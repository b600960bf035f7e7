// Types of ./bundle-packages.cjs (CommonJS, so that webpack.config.js requires it as it is).
import type { Compiler } from "webpack";

export interface BundlePackage {
  name: string;
  version: string;
  /** As package.json states it (an SPDX expression), "UNKNOWN" when absent. */
  license: string;
  /** How many of the bundle's modules came from it. */
  modules: number;
}
export interface DenyEntry {
  package: string;
  /** Versions below this one are refused. */
  below: string;
  advisory: string;
  /** When the entry was added (YYYY-MM-DD). */
  added: string;
  why?: string;
}
export interface BundlePolicy {
  allowLicenses: string[];
  deny: DenyEntry[];
}
export const BUNDLE_PACKAGES_FILE: string;
export class BundlePackagesPlugin {
  constructor(options?: { policyFile?: string });
  apply(compiler: Compiler): void;
}
export function checkPolicy(
  packages: ReadonlyArray<Pick<BundlePackage, "name" | "version" | "license">>,
  policy: BundlePolicy,
): string[];
export function compareVersions(a: string, b: string): number;
export function licenceAllowed(expression: string, allowed: readonly string[]): boolean;
export function packageDirOf(file: string): string | undefined;
export function packagesOf(files: Iterable<string>): BundlePackage[];
export function readPolicy(file?: string): BundlePolicy;
