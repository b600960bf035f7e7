// Types of ./hosting.cjs (CommonJS, so that webpack.config.js requires it as it is).
export interface Hosting {
  dev: boolean;
  /** The https address of the add-in's files, ending in "/". */
  host: string;
  apiOrigins: string[];
  /** VALEPIX_API_ANY_HOST=1: connect-src allows any https origin (the deliberate opt-in). */
  anyApiHost: boolean;
  officeJs: "cdn" | "self";
}
export const DEV_HOST: string;
export const OFFICE_CDN_SCRIPT: string;
export const OFFICE_SELF_DIR: string;
export function hostingFromEnv(
  env?: Record<string, string | undefined>,
  options?: { dev?: boolean },
): Hosting;
export function officeJsSrc(hosting: Hosting): string;
export function contentSecurityPolicy(hosting: Hosting): string;
export function rewriteManifest(xml: string, hosting: Hosting): string;
export function rewriteHost(text: string, hosting: Hosting): string;
