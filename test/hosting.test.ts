/** The build-time hosting rules (scripts/build/hosting.cjs): host, API origins, office.js, CSP. */
import {
  DEV_HOST,
  contentSecurityPolicy,
  hostingFromEnv,
  officeJsSrc,
  rewriteManifest,
} from "../scripts/build/hosting.cjs";

type Hosting = ReturnType<typeof hostingFromEnv>;

describe("hosting from the environment", () => {
  test("defaults: the development host, office.js from the CDN, no API origin", () => {
    expect(hostingFromEnv({})).toEqual({
      dev: false,
      host: DEV_HOST,
      apiOrigins: [],
      anyApiHost: false,
      officeJs: "cdn",
    });
  });

  const API = { VALEPIX_API_HOSTS: "https://api.example.com" };

  test("VALEPIX_HOST: https only, a trailing slash added, nothing but a plain address", () => {
    expect(hostingFromEnv({ VALEPIX_HOST: "https://addin.example.com", ...API }).host).toBe(
      "https://addin.example.com/",
    );
    expect(hostingFromEnv({ VALEPIX_HOST: "https://example.com/valepix", ...API }).host).toBe(
      "https://example.com/valepix/",
    );
    expect(() => hostingFromEnv({ VALEPIX_HOST: "http://addin.example.com" })).toThrow(/https/);
    expect(() => hostingFromEnv({ VALEPIX_HOST: "https://addin.example.com/?a=1" })).toThrow(/plain/);
    expect(() => hostingFromEnv({ VALEPIX_HOST: "addin.example.com" })).toThrow(/not a URL/);
  });

  test("VALEPIX_API_HOSTS: origins, https or a loopback sandbox", () => {
    expect(
      hostingFromEnv({ VALEPIX_API_HOSTS: "https://api.example.com/v1, http://127.0.0.1:4010" }).apiOrigins,
    ).toEqual(["https://api.example.com", "http://127.0.0.1:4010"]);
    expect(() => hostingFromEnv({ VALEPIX_API_HOSTS: "http://api.example.com" })).toThrow(/https/);
  });

  test("a production build for a host fails without API origins, unless VALEPIX_API_ANY_HOST=1 (issue 22)", () => {
    const host = { VALEPIX_HOST: "https://addin.example.com/" };
    expect(() => hostingFromEnv(host)).toThrow(
      /VALEPIX_API_HOSTS is not set: a production build for https:\/\/addin\.example\.com\/ must list the API origins.*VALEPIX_API_ANY_HOST=1/,
    );
    expect(hostingFromEnv({ ...host, VALEPIX_API_ANY_HOST: "1" }).anyApiHost).toBe(true);
    expect(() => hostingFromEnv({ ...host, VALEPIX_API_ANY_HOST: "yes" })).toThrow(/must be "1"/);
    // Development, and the development host's production build (CI, tests), need neither.
    expect(() => hostingFromEnv(host, { dev: true })).not.toThrow();
    expect(() => hostingFromEnv({})).not.toThrow();
  });

  test("VALEPIX_OFFICE_JS: cdn or self, nothing else", () => {
    expect(officeJsSrc(hostingFromEnv({}))).toBe(
      "https://appsforoffice.microsoft.com/lib/1/hosted/office.js",
    );
    expect(officeJsSrc(hostingFromEnv({ VALEPIX_OFFICE_JS: "self" }))).toBe("office-js/office.js");
    expect(() => hostingFromEnv({ VALEPIX_OFFICE_JS: "local" })).toThrow(/cdn/);
  });
});

describe("Content-Security-Policy", () => {
  const directives = (h: Hosting) =>
    Object.fromEntries(
      contentSecurityPolicy(h)
        .split("; ")
        .map((d) => {
          const [k, ...v] = d.split(" ");
          return [k!, v];
        }),
    );

  test("office.js's CDN is allowed only when office.js comes from it", () => {
    expect(directives(hostingFromEnv({}))["script-src"]).toEqual([
      "'self'",
      "https://appsforoffice.microsoft.com",
    ]);
    const self = directives(hostingFromEnv({ VALEPIX_OFFICE_JS: "self" }));
    expect(self["script-src"]).toEqual(["'self'"]);
    expect(self["connect-src"]).not.toContain("https://appsforoffice.microsoft.com");
  });

  test("the API: the origins given; any https origin only by the opt-in (or in development); never by default", () => {
    expect(
      directives(hostingFromEnv({ VALEPIX_API_HOSTS: "https://api.example.com" }))["connect-src"],
    ).toEqual(["'self'", "https://api.example.com", "https://appsforoffice.microsoft.com"]);
    expect(directives(hostingFromEnv({}))["connect-src"]).toEqual([
      "'self'",
      "https://appsforoffice.microsoft.com",
    ]);
    const optIn = { VALEPIX_HOST: "https://addin.example.com/", VALEPIX_API_ANY_HOST: "1" };
    expect(directives(hostingFromEnv(optIn))["connect-src"]).toContain("https:");
    expect(directives(hostingFromEnv({}, { dev: true }))["connect-src"]).toContain("https:");
  });

  test("no inline or eval'd script, no plugin objects; the sandbox and live reload only in development", () => {
    const prod = directives(hostingFromEnv({}));
    expect(prod["script-src"]).not.toContain("'unsafe-inline'");
    expect(prod["script-src"]).not.toContain("'unsafe-eval'");
    expect(prod["object-src"]).toEqual(["'none'"]);
    expect(prod["connect-src"]!.some((s) => s.startsWith("http:") || s.startsWith("ws"))).toBe(false);
    expect(directives(hostingFromEnv({}, { dev: true }))["connect-src"]).toContain("http://127.0.0.1:4010");
  });
});

test("the manifest's API domains go where the mark is", () => {
  const xml =
    "<AppDomains>\n<AppDomain>https://localhost:3000</AppDomain>\n<!-- valepix:api-domains -->\n</AppDomains>";
  expect(
    rewriteManifest(
      xml,
      hostingFromEnv({
        VALEPIX_HOST: "https://a.example.com/x/",
        VALEPIX_API_HOSTS: "https://api.example.com",
      }),
    ),
  ).toBe(
    "<AppDomains>\n<AppDomain>https://a.example.com</AppDomain>\n<AppDomain>https://api.example.com</AppDomain>\n</AppDomains>",
  );
});
