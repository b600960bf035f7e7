/**
 * The import graph of a source tree, read with the TypeScript compiler's own pre-processor and
 * module resolution (so paths resolve exactly as `tsc` resolves them), and its circles: the
 * strongly connected components of more than one module, or a module that imports itself.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const sourceFile = /\.(ts|tsx|mts|cts)$/;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return sourceFile.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** Each module under `dir` and the modules under `dir` it imports (static, re-export, dynamic). */
export function importGraph(dir: string): Map<string, string[]> {
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    resolveJsonModule: true,
    allowJs: false,
  };
  const files = filesUnder(dir);
  const inside = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const info = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
    const targets = new Set<string>();
    for (const imported of info.importedFiles) {
      const resolved = ts.resolveModuleName(imported.fileName, file, options, ts.sys).resolvedModule
        ?.resolvedFileName;
      if (resolved !== undefined && inside.has(path.resolve(resolved))) {
        targets.add(path.resolve(resolved));
      }
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** The circles of a graph (Tarjan's strongly connected components), each sorted, paths relative. */
export function importCircles(graph: Map<string, string[]>, relativeTo: string): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];

  const visit = (module: string): void => {
    index.set(module, counter);
    low.set(module, counter);
    counter += 1;
    stack.push(module);
    onStack.add(module);
    for (const target of graph.get(module) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(module, Math.min(low.get(module)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(module, Math.min(low.get(module)!, index.get(target)!));
      }
    }
    if (low.get(module) !== index.get(module)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== module);
    const selfImport = (graph.get(module) ?? []).includes(module);
    if (component.length > 1 || selfImport) {
      circles.push(component.map((file) => path.relative(relativeTo, file)).sort());
    }
  };

  for (const module of graph.keys()) if (!index.has(module)) visit(module);
  return circles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}
