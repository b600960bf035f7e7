/**
 * No import circles in src/ (docs/architecture.md §1): a module never reaches itself through its
 * imports, type-only imports and re-exports included, so each file can be read, tested and moved
 * after the ones it uses. The graph is the TypeScript compiler's (test/import-graph.ts).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { importCircles, importGraph } from "./import-graph";

const root = path.resolve(__dirname, "..");

describe("import circles", () => {
  it("src/ has none", () => {
    const graph = importGraph(path.join(root, "src"));
    expect(graph.size).toBeGreaterThan(100);
    expect(importCircles(graph, root)).toEqual([]);
  });

  describe("the check bites", () => {
    let dir: string;
    const write = (files: Record<string, string>) => {
      for (const [name, text] of Object.entries(files)) {
        fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
        fs.writeFileSync(path.join(dir, name), text);
      }
    };
    beforeEach(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), "cycles-"));
    });
    afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

    it("finds a circle through a type-only import, a re-export and a folder's index", () => {
      write({
        "a.ts": 'import type { B } from "./b";\nexport type A = B;\n',
        "b.ts": 'export { c as B } from "./feature";\n',
        "feature/index.ts": 'export { c } from "./c";\n',
        "feature/c.tsx": 'import type { A } from "../a";\nexport const c = (a?: A) => a;\n',
        "d.ts": 'import { c } from "./feature";\nexport const d = c;\n',
      });
      expect(importCircles(importGraph(dir), dir)).toEqual([
        ["a.ts", "b.ts", "feature/c.tsx", "feature/index.ts"],
      ]);
    });

    it("finds a dynamic import back and a module importing itself", () => {
      write({
        "x.ts": 'export const x = () => import("./y");\n',
        "y.ts": 'import { x } from "./x";\nexport const y = x;\n',
        "self.ts": 'import { self as again } from "./self";\nexport const self = () => again;\n',
        "z.ts": 'import { y } from "./y";\nexport const z = y;\n',
      });
      expect(importCircles(importGraph(dir), dir)).toEqual([["self.ts"], ["x.ts", "y.ts"]]);
    });

    it("finds none in a tree whose imports point one way", () => {
      write({
        "top.ts": 'import { mid } from "./mid";\nexport const top = mid;\n',
        "mid.ts": 'import { low } from "./low";\nexport const mid = low;\n',
        "low.ts": "export const low = 1;\n",
      });
      expect(importCircles(importGraph(dir), dir)).toEqual([]);
    });
  });
});
