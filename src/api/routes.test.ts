import { InvalidIdentifierError } from "./errors";
import { API_PREFIX, normalizeBaseUrl, paths, ROUTE_PATTERNS } from "./routes";

describe("paths", () => {
  it("put every path under the /api/v1/valepix prefix", () => {
    for (const p of Object.values(ROUTE_PATTERNS)) expect(p.startsWith(`${API_PREFIX}/`)).toBe(true);
  });

  it("encode path parameters so an id cannot escape its segment", () => {
    expect(paths.employeeValue("d/1", "e 2?x")).toBe(
      `${API_PREFIX}/distributions/d%2F1/items/e%202%3Fx/value`,
    );
  });

  it.each([".", "..", "", "a\nb", "\u007f", "x\u0000"])(
    "refuse the id %j, naming it, before any URL is built",
    (bad) => {
      expect(() => paths.employeeValue("d1", bad)).toThrow(InvalidIdentifierError);
      expect(() => paths.employeeValue("d1", bad)).toThrow(`Invalid employee_id ${JSON.stringify(bad)}`);
      expect(() => paths.distribution(bad)).toThrow(/Invalid distribution_id/);
    },
  );

  it("refuse text that cannot be encoded (a lone surrogate)", () => {
    expect(() => paths.deposit("\ud800")).toThrow(InvalidIdentifierError);
  });

  it("accept dots inside an id, which stay in their segment", () => {
    expect(paths.deposit("a.b")).toBe(`${API_PREFIX}/deposits/a.b`);
    expect(paths.deposit("...")).toBe(`${API_PREFIX}/deposits/...`);
  });

  it("agree with the route patterns once parameters are filled in", () => {
    const filled = (pattern: string) => pattern.replace(/:[a-z_]+/g, "X");
    expect(paths.deposit("X")).toBe(filled(ROUTE_PATTERNS.deposit));
    expect(paths.employeeValue("X", "X")).toBe(filled(ROUTE_PATTERNS.employeeValue));
    expect(paths.itemsRemove("X")).toBe(filled(ROUTE_PATTERNS.itemsRemove));
  });
});

describe("normalizeBaseUrl", () => {
  it("accept https and drop trailing slashes, queries and fragments", () => {
    expect(normalizeBaseUrl(" https://api.example.com/ ")).toBe("https://api.example.com");
    expect(normalizeBaseUrl("https://api.example.com/base//?x=1#y")).toBe("https://api.example.com/base");
  });

  it("allow plain http only on loopback", () => {
    expect(normalizeBaseUrl("http://127.0.0.1:4010")).toBe("http://127.0.0.1:4010");
    expect(normalizeBaseUrl("http://localhost:4010/")).toBe("http://localhost:4010");
    expect(normalizeBaseUrl("http://[::1]:4010")).toBe("http://[::1]:4010");
    expect(() => normalizeBaseUrl("http://api.example.com")).toThrow(/Refusing plain http/);
    expect(() => normalizeBaseUrl("http://127.0.0.1.evil.com")).toThrow(/Refusing plain http/);
  });

  it("never quote the input: a token pasted into the wrong field stays out of messages", () => {
    expect(() => normalizeBaseUrl("vp_live_8f3a9c")).toThrow(/^Invalid base URL: expected/);
    expect(() => normalizeBaseUrl("vp_live_8f3a9c")).not.toThrow(/vp_live_8f3a9c/);
  });

  it("reject garbage, other protocols and embedded credentials", () => {
    expect(() => normalizeBaseUrl("not a url")).toThrow(/Invalid base URL/);
    expect(() => normalizeBaseUrl("ftp://x.com")).toThrow(/Unsupported protocol/);
    expect(() => normalizeBaseUrl("https://u:p@x.com")).toThrow(/credentials/);
  });
});
