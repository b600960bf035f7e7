import { enUS } from "./en-US";
import { formatBRL, formatDuration, messagesFor, uiLanguage } from ".";
import { ptBR } from "./pt-BR";

/** Every leaf path of a message map, with the arity of function leaves. */
function leaves(obj: unknown, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(obj as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.set(path, "string");
    else if (typeof v === "function") out.set(path, `function/${v.length}`);
    else for (const [p, kind] of leaves(v, path)) out.set(p, kind);
  }
  return out;
}

describe("message map", () => {
  const pt = leaves(ptBR);
  const en = leaves(enUS);

  it("has every pt-BR key in en-US, of the same kind", () => {
    const missing = [...pt].filter(([k, kind]) => en.get(k) !== kind).map(([k]) => k);
    expect(missing).toEqual([]);
  });

  it("has no en-US key that pt-BR lacks", () => {
    expect([...en.keys()].filter((k) => !pt.has(k))).toEqual([]);
  });

  it("has no empty string, and functions produce text in both languages", () => {
    for (const map of [ptBR, enUS]) {
      const walk = (o: Record<string, unknown>): void => {
        for (const v of Object.values(o)) {
          if (typeof v === "string") expect(v.trim()).not.toBe("");
          else if (typeof v === "function") {
            const text = (v as (p: Record<string, string>) => string)(
              new Proxy({}, { get: (_t, key) => `<${String(key)}>` }),
            );
            expect(text).not.toMatch(/undefined/);
            expect(text.trim()).not.toBe("");
          } else walk(v as Record<string, unknown>);
        }
      };
      walk(map);
    }
    // The shell and shared UI words (each feature keeps its own: src/taskpane/words.test.ts checks them all).
    expect(pt.size).toBeGreaterThan(100);
  });

  it("speaks Portuguese to any Portuguese host and English to the rest", () => {
    expect(uiLanguage("pt-BR")).toBe("pt-BR");
    expect(uiLanguage("pt-PT")).toBe("pt-BR");
    expect(uiLanguage("en-GB")).toBe("en-US");
    expect(uiLanguage("es-ES")).toBe("en-US");
    expect(uiLanguage(undefined)).toBe("pt-BR");
    expect(messagesFor("en-US").app.title).toBe("ValePix for Excel");
  });
});

describe("formatting", () => {
  it("formats cents as BRL with Intl in both languages", () => {
    // Intl puts a no-break space after R$ in pt-BR.
    expect(formatBRL(123456, "pt-BR").replace(/\s/g, " ")).toBe("R$ 1.234,56");
    expect(formatBRL(123456, "en-US")).toBe("R$\u00a01,234.56");
    expect(formatBRL(5, "pt-BR").replace(/\s/g, " ")).toBe("R$ 0,05");
  });

  it("formats durations in whole seconds", () => {
    expect(formatDuration(95_000, "en-US")).toBe("1m 35s");
    expect(formatDuration(400, "en-US")).toBe("0s");
  });
});
