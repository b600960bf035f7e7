// @ts-check
/**
 * Where the built add-in lives and what its pages may load, decided at build time.
 * webpack.config.js applies these; test/build.test.ts checks them on a real build.
 *
 * - VALEPIX_HOST: the https address the production files are served from (e.g.
 *   https://addin.example.com/ or https://example.com/valepix/). Every `https://localhost:3000/`
 *   of manifest.xml and of the pages becomes it. Unset, the build keeps the development host.
 * - VALEPIX_API_HOSTS: comma-separated API origins the pane calls (e.g. the production API):
 *   written into the manifest's <AppDomains> and the pages' connect-src. A production build for
 *   a host (VALEPIX_HOST set) needs them, or the deliberate opt-in below: it fails otherwise
 *   (a default build must not let the pane send a token to any https host).
 *   A build for the development host (VALEPIX_HOST unset: CI, tests, sideloading) calls its own
 *   origin only (the same-origin /api proxy) unless they are given.
 * - VALEPIX_API_ANY_HOST=1: the opt-in; connect-src allows any https origin, for a deployment
 *   whose people type the API address of their environment. The README's deploy section says
 *   what it costs.
 * - VALEPIX_OFFICE_JS=self: office.js served with the add-in from the `@microsoft/office-js`
 *   package (for networks that block Microsoft's CDN); default: the CDN, as Microsoft advises
 *   ("Referencing the Office JavaScript API library",
 *   https://learn.microsoft.com/office/dev/add-ins/develop/referencing-the-javascript-api-for-office-library-from-its-cdn).
 */

const DEV_HOST = "https://localhost:3000/";
const OFFICE_CDN = "https://appsforoffice.microsoft.com";
const OFFICE_CDN_SCRIPT = `${OFFICE_CDN}/lib/1/hosted/office.js`;
/** Where the self-hosted copy goes in dist/, and the page's path to it. */
const OFFICE_SELF_DIR = "office-js";
const API_DOMAINS_MARK = "<!-- valepix:api-domains -->";

/** A host for the add-in's files: https, no query or fragment, ending in "/". */
function addinHost(raw) {
  if (raw === undefined || raw.trim() === "") return DEV_HOST;
  let url;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new Error(`VALEPIX_HOST is not a URL: ${raw}`);
  }
  if (url.protocol !== "https:")
    throw new Error("VALEPIX_HOST must be https: Office loads add-ins over https only.");
  if (url.search || url.hash || url.username || url.password)
    throw new Error("VALEPIX_HOST must be a plain https address (no query, fragment or credentials).");
  return url.href.endsWith("/") ? url.href : `${url.href}/`;
}

/** API origins: https, or http on loopback (the local sandbox). */
function apiOrigins(raw) {
  if (raw === undefined || raw.trim() === "") return [];
  return raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const url = new URL(s);
      const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
      if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback))
        throw new Error(`VALEPIX_API_HOSTS: ${s} must be https`);
      return url.origin;
    });
}

function officeJsMode(raw) {
  if (raw === undefined || raw === "" || raw === "cdn") return "cdn";
  if (raw === "self") return "self";
  throw new Error(`VALEPIX_OFFICE_JS must be "cdn" or "self", not ${raw}`);
}

function anyApiHost(raw) {
  if (raw === undefined || raw === "" || raw === "0") return false;
  if (raw === "1") return true;
  throw new Error(`VALEPIX_API_ANY_HOST must be "1" (or unset), not ${raw}`);
}

/** Everything the build needs, from the environment. */
function hostingFromEnv(env = process.env, { dev = false } = {}) {
  const hosting = {
    dev,
    host: addinHost(env.VALEPIX_HOST),
    apiOrigins: apiOrigins(env.VALEPIX_API_HOSTS),
    anyApiHost: anyApiHost(env.VALEPIX_API_ANY_HOST),
    officeJs: officeJsMode(env.VALEPIX_OFFICE_JS),
  };
  if (!dev && hosting.host !== DEV_HOST && hosting.apiOrigins.length === 0 && !hosting.anyApiHost) {
    throw new Error(
      "VALEPIX_API_HOSTS is not set: a production build for " +
        `${hosting.host} must list the API origins the pane may call (they go into connect-src and ` +
        "<AppDomains>), e.g. VALEPIX_API_HOSTS=https://api.example.com. To let the pane call any https " +
        "host instead (people type their environment's API address), set VALEPIX_API_ANY_HOST=1. " +
        'See README, "Deploy (production)".',
    );
  }
  return hosting;
}

/** The `src` of the office.js script tag (relative when self-hosted: it sits beside the page). */
function officeJsSrc(hosting) {
  return hosting.officeJs === "self" ? `${OFFICE_SELF_DIR}/office.js` : OFFICE_CDN_SCRIPT;
}

/**
 * The pages' Content-Security-Policy (a <meta> tag: the files are static; frame-ancestors cannot
 * be set there, and Office frames the pane itself). What they load and nothing else:
 * - scripts: the bundle, and office.js with the files it loads from its own folder (CDN or self);
 * - styles: Fluent UI (Griffel) inserts <style> elements at run time, so 'unsafe-inline';
 * - connect: the same origin (a same-origin proxy of /api), the API origins given (or any https
 *   origin, only with VALEPIX_API_ANY_HOST=1 or in development), office.js's CDN; in development
 *   the sandbox and the dev server's live-reload socket;
 * - images: the add-in's own (the QR code is inline SVG).
 */
function contentSecurityPolicy(hosting) {
  const cdn = hosting.officeJs === "cdn" ? [OFFICE_CDN] : [];
  // Development (the dev server, sideloading) keeps any https API: a developer may point the pane anywhere.
  const any = hosting.anyApiHost || hosting.dev;
  const api = hosting.apiOrigins.length > 0 ? hosting.apiOrigins : any ? ["https:"] : [];
  const dev = hosting.dev
    ? ["http://127.0.0.1:4010", "http://localhost:4010", "ws://localhost:*", "wss://localhost:*"]
    : [];
  const directives = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...cdn],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'"],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...api, ...cdn, ...dev],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
  };
  return Object.entries(directives)
    .map(([k, v]) => `${k} ${[...new Set(v)].join(" ")}`)
    .join("; ");
}

/** manifest.xml for this build: the host, and the API origins in <AppDomains>. */
function rewriteManifest(xml, hosting) {
  const domains = hosting.apiOrigins.map((o) => `<AppDomain>${o}</AppDomain>`).join("\n    ");
  return rewriteHost(xml, hosting).replace(API_DOMAINS_MARK, domains);
}

/** Every `https://localhost:3000/` of a page or the manifest, pointed at the build's host. */
function rewriteHost(text, hosting) {
  const devOrigin = DEV_HOST.slice(0, -1);
  // "https://localhost:3000/x" → host + "x"; a bare "https://localhost:3000" (AppDomain) → the host's origin.
  return text.split(DEV_HOST).join(hosting.host).split(devOrigin).join(new URL(hosting.host).origin);
}

module.exports = {
  DEV_HOST,
  OFFICE_CDN_SCRIPT,
  OFFICE_SELF_DIR,
  hostingFromEnv,
  officeJsSrc,
  contentSecurityPolicy,
  rewriteManifest,
  rewriteHost,
};
