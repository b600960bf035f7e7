/**
 * Every word table of the add-in (each made with `defineWords`, beside the code that uses it:
 * docs/architecture.md §1) in both languages: the same keys and parameters at run time too, no
 * empty text, and no Portuguese of our own in English (issue 20, item 8).
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { definedWords } from "../money/locale";

const SRC = path.resolve(__dirname, "..");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}
// Every module that defines words is loaded, so none is left out of the check.
const withWords = sources(SRC).filter((f) => /defineWords[<(]/.test(readFileSync(f, "utf8")));
for (const file of withWords) jest.requireActual(file);

type Leaf = { path: string; kind: string; texts: string[] };
/** Stands for any parameter: an object of named values, or a value itself. */
const PARAMS: unknown = new Proxy(
  {},
  {
    get: (_target, key) => (key === Symbol.toPrimitive ? () => "<value>" : `<${String(key)}>`),
  },
);

/** Every leaf of a word table: its kind and the text it gives (functions called with placeholders). */
function leaves(obj: unknown, prefix = ""): Leaf[] {
  return Object.entries(obj as Record<string, unknown>).flatMap(([key, value]) => {
    const at = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") return [{ path: at, kind: "string", texts: [value] }];
    if (typeof value === "function") {
      const text = String((value as (p: unknown, q?: unknown) => unknown)(PARAMS, PARAMS));
      return [{ path: at, kind: `function/${value.length}`, texts: [text] }];
    }
    if (Array.isArray(value)) return [{ path: at, kind: "list", texts: value.map(String) }];
    return leaves(value, at);
  });
}

const tables = definedWords().map((words) => ({ pt: leaves(words["pt-BR"]), en: leaves(words["en-US"]) }));

/** Names and words both languages use (ValePix, PIX, CPF, item, proxy...): not Portuguese of ours. */
const NAMES = new Set([
  ...["valepix", "excel", "office", "pix", "cpf", "cnpj", "boleto", "brl", "history"],
  ...["item", "internet", "proxy", "cors", "token", "tokens", "ctrl"],
]);
/** The words of a text, without the placeholders of its parameters ("<label>"). */
const words = (text: string) =>
  text
    .replace(/<[^>]*>/g, " ")
    .toLowerCase()
    .match(/\p{L}{4,}/gu) ?? [];

describe("the add-in's words, in both languages", () => {
  it("finds the word tables of the core, the features, the commands and the preview", () => {
    const folders = new Set(
      withWords.map((f) => path.relative(SRC, f).split(path.sep).slice(0, 2).join("/")),
    );
    expect([...folders]).toEqual(
      expect.arrayContaining([
        "workbook/cell-messages.ts",
        "workbook/message-parts.ts",
        "workbook/problem-messages.ts",
        "ui/i18n",
        "features/distribute",
        "features/fund",
        "commands/messages.ts",
      ]),
    );
    expect(tables.length).toBeGreaterThanOrEqual(withWords.length);
  });

  it("has the same keys and kinds in en-US as in pt-BR, and no empty text", () => {
    for (const { pt, en } of tables) {
      const shape = (side: Leaf[]) => side.map((l) => `${l.path}:${l.kind}`).sort();
      expect(shape(en)).toEqual(shape(pt));
      for (const leaf of [...pt, ...en])
        for (const text of leaf.texts) {
          expect(text.trim()).not.toBe("");
          expect(text).not.toMatch(/undefined/);
        }
    }
  });

  it("says nothing in Portuguese in English", () => {
    const portuguese = new Set(tables.flatMap((t) => t.pt.flatMap((l) => l.texts.flatMap(words))));
    // How often each word is used in English, to tell a word both languages use from one slipped in.
    const english = new Map<string, number>();
    for (const t of tables)
      for (const l of t.en) for (const w of l.texts.flatMap(words)) english.set(w, (english.get(w) ?? 0) + 1);
    expect(portuguese.size).toBeGreaterThan(300);
    const found = tables.flatMap((t) =>
      t.en.flatMap((l) =>
        l.texts
          .filter((text) => {
            const own = words(text);
            const slipped = own.filter(
              (w) =>
                portuguese.has(w) &&
                !NAMES.has(w) &&
                (english.get(w) ?? 0) === own.filter((o) => o === w).length,
            );
            return /[ãõçáéíóúâêô]/i.test(text) || slipped.length > 0;
          })
          .map((text) => `${l.path}: ${text}`),
      ),
    );
    expect(found).toEqual([]);
  });
});
