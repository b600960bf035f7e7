/**
 * Which Excel JavaScript API members the shipped code uses, and the requirement set each needs,
 * read by the TypeScript checker (for ./api-sets.test.ts, issue 21, item 4).
 *
 * The adapter calls Excel through the subset of src/excel/office-api.ts; each interface there is paired
 * with Office.js's class it stands for (the `Assert<Satisfies<Excel.X, XApi>>` list at its
 * bottom), and an interface member maps to the member of the same name on that class, walking
 * into nested objects, arrays and return types. A property access whose member is declared in
 * office-api.ts is a use of the Office.js member it maps to; one declared in @types/office-js
 * (code calling `Excel.*` directly) is a use of that member. The set is the member's
 * "[Api set: ExcelApi 1.x]" remark in @types/office-js: nothing is typed by hand here.
 */
import path from "node:path";
import ts from "typescript";

const ROOT = path.resolve(__dirname, "..");
const SUBSET = path.join(ROOT, "src/excel/office-api.ts");
const OFFICE_TYPES = `${path.sep}@types${path.sep}office-js${path.sep}index.d.ts`;

/** An Office.js member as its annotation gives it. */
interface ApiMember {
  /** "Range.values", "TableRowCollection.add", "OfficeExtension.ClientObject.isNullObject". */
  key: string;
  /** The text of "[Api set: …]", or undefined where the member has none (OfficeExtension). */
  annotation: string | undefined;
}

export interface ApiUse extends ApiMember {
  /** "src/excel/office-write.ts:183". */
  at: string;
  /** Arguments passed, when the use is a call. */
  args?: number | undefined;
  /** The use assigns the property (`ws.visibility = "Hidden"`). */
  written?: boolean | undefined;
}

function compilerOptions(): ts.CompilerOptions {
  const file = path.join(ROOT, "tsconfig.json");
  const config = ts.readConfigFile(file, (f) => ts.sys.readFile(f));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT, undefined, file);
  return { ...parsed.options, noEmit: true, types: ["office-js"] };
}

/** The code that ships to Excel: src without its tests, test helpers, the fake and the preview. */
function shippedSources(): string[] {
  return ts.sys
    .readDirectory(path.join(ROOT, "src"), [".ts", ".tsx"])
    .filter(
      (f) =>
        !/\.test\.tsx?$/.test(f) &&
        !/\/(fake|preview|testing)\//.test(f.slice(ROOT.length)) &&
        !f.endsWith(".d.ts"),
    );
}

const isOffice = (d: ts.Declaration) => path.normalize(d.getSourceFile().fileName).endsWith(OFFICE_TYPES);

/** "Range.values" for Excel's classes, "OfficeExtension.ClientObject.isNullObject" otherwise. */
function memberOf(symbol: ts.Symbol): ApiMember | undefined {
  const decl = symbol.declarations?.find(isOffice);
  if (!decl) return undefined;
  const owner = decl.parent;
  if (!ts.isClassDeclaration(owner) && !ts.isInterfaceDeclaration(owner)) return undefined;
  const names = [owner.name?.text ?? "?"];
  for (let n: ts.Node = owner.parent; n; n = n.parent)
    if (ts.isModuleDeclaration(n)) names.unshift(n.name.getText());
  const ns = names.shift();
  // Office's common API (Office.actions, Office.addin…) is not Excel's: its sets (SharedRuntime)
  // are declared in the manifest apart.
  if (ns !== "Excel" && ns !== "OfficeExtension") return undefined;
  const key = [...(ns === "Excel" ? [] : [ns]), ...names, symbol.name].join(".");
  // Every declaration's remark (overloads share one set in practice; all are kept).
  const notes = (symbol.declarations ?? [])
    .filter(isOffice)
    .map((d) => /\[Api set: ([^\]]+)\]/.exec(d.getFullText().slice(0, d.getLeadingTriviaWidth()))?.[1])
    .filter((a): a is string => a !== undefined);
  return { key, annotation: [...new Set(notes)].join(" | ") || undefined };
}

/** Pairs each subset member (by declaration) with the Office.js member it stands for. */
function pairSubset(program: ts.Program, checker: ts.TypeChecker): Map<ts.Declaration, ApiMember> {
  const pairs = new Map<ts.Declaration, ApiMember>();
  const seen = new Set<ts.Type>();
  const elementOf = (t: ts.Type) =>
    checker.isArrayType(t) ? (checker.getTypeArguments(t as ts.TypeReference)[0] ?? t) : t;
  const fromSubset = (t: ts.Type) =>
    (t.getSymbol()?.declarations ?? []).some((d) => path.normalize(d.getSourceFile().fileName) === SUBSET);
  const walk = (subset: ts.Type, real: ts.Type) => {
    if (seen.has(subset)) return;
    seen.add(subset);
    for (const prop of checker.getPropertiesOfType(subset)) {
      const decl = prop.declarations?.[0];
      if (!decl || path.normalize(decl.getSourceFile().fileName) !== SUBSET) continue;
      const realProp = checker.getPropertyOfType(checker.getApparentType(real), prop.name);
      const member = realProp && memberOf(realProp);
      if (!member) throw new Error(`office-api.ts: ${prop.name} has no Office.js member to stand for`);
      pairs.set(decl, member);
      const subType = checker.getTypeOfSymbol(prop);
      const realType = checker.getTypeOfSymbol(realProp);
      const subCall = subType.getCallSignatures()[0];
      const realCall = realType.getCallSignatures()[0];
      const [s, r] =
        subCall && realCall
          ? [subCall.getReturnType(), realCall.getReturnType()]
          : [elementOf(subType), elementOf(realType)];
      if (fromSubset(s) || (s.flags & ts.TypeFlags.Object && !s.getSymbol()?.declarations?.some(isOffice)))
        walk(elementOf(s), elementOf(r));
    }
  };
  const subset = program.getSourceFile(SUBSET)!;
  const visit = (node: ts.Node) => {
    // Assert<Satisfies<Excel.X, XApi>>
    if (ts.isTypeReferenceNode(node) && node.typeName.getText() === "Satisfies" && node.typeArguments) {
      const [real, sub] = node.typeArguments.map((a) => checker.getTypeFromTypeNode(a));
      walk(sub!, real!);
    }
    ts.forEachChild(node, visit);
  };
  visit(subset);
  return pairs;
}

/**
 * Every use of an Office.js member in `files` (default: the shipped sources); `extra` adds a
 * file that exists only in memory (the test's synthetic uses).
 */
export function scanExcelUses(files = shippedSources(), extra?: { file: string; text: string }): ApiUse[] {
  const options = compilerOptions();
  const host = ts.createCompilerHost(options, true);
  if (extra) {
    const readFile = host.readFile.bind(host);
    const getSourceFile = host.getSourceFile.bind(host);
    host.readFile = (f) => (path.resolve(f) === extra.file ? extra.text : readFile(f));
    host.fileExists = (f) => path.resolve(f) === extra.file || ts.sys.fileExists(f);
    host.getSourceFile = (f, v, ...rest) =>
      path.resolve(f) === extra.file
        ? ts.createSourceFile(f, extra.text, v, true)
        : getSourceFile(f, v, ...rest);
  }
  const roots = [...new Set([...files, ...(extra ? [extra.file] : []), SUBSET])];
  const program = ts.createProgram(roots, options, host);
  const checker = program.getTypeChecker();
  const pairs = pairSubset(program, checker);
  const uses: ApiUse[] = [];
  for (const file of roots) {
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`${file} is not in the program`);
    const visit = (node: ts.Node) => {
      if (ts.isPropertyAccessExpression(node)) {
        const symbol = checker.getSymbolAtLocation(node.name);
        const decl = symbol?.declarations?.[0];
        const member = decl && (pairs.get(decl) ?? (isOffice(decl) ? memberOf(symbol) : undefined));
        if (member) {
          const { line } = source.getLineAndCharacterOfPosition(node.name.getStart());
          const call = ts.isCallExpression(node.parent) && node.parent.expression === node;
          const written =
            ts.isBinaryExpression(node.parent) &&
            node.parent.left === node &&
            node.parent.operatorToken.kind === ts.SyntaxKind.EqualsToken;
          uses.push({
            ...member,
            at: `${path.relative(ROOT, file)}:${line + 1}`,
            args: call ? node.parent.arguments.length : undefined,
            written,
          });
        }
      }
      ts.forEachChild(node, visit);
    };
    // The subset declares, it does not call.
    if (file !== SUBSET) visit(source);
  }
  return uses;
}

/** "1.10" > "1.8". */
export function compareSets(a: string, b: string): number {
  const [x, y] = [a, b].map((v) => v.split(".").map(Number));
  return x![0]! - y![0]! || x![1]! - y![1]!;
}

/** The versions an annotation names: "ExcelApi 1.1 for get, 1.8 for set" → ["1.1", "1.8"]. */
function annotatedVersions(annotation: string | undefined): string[] | "other-set" | "none" {
  if (annotation === undefined) return "none";
  if (!/^ExcelApi \d/.test(annotation)) return "other-set";
  return [...new Set(annotation.match(/\b\d+\.\d+\b/g) ?? [])];
}

/** The table's entry: a set, a set chosen among an annotation's several with why, or none. */
export type TableEntry = string | readonly [set: string, why: string];

/**
 * What is wrong between the uses, the table and the manifest's minimum: a use missing from the
 * table, an entry the annotation contradicts, a set newer than the minimum, an entry nothing uses.
 */
export function apiSetProblems(
  uses: readonly ApiUse[],
  table: Readonly<Record<string, TableEntry>>,
  minimum: string,
): string[] {
  const problems: string[] = [];
  const byKey = new Map<string, ApiUse[]>();
  for (const u of uses) byKey.set(u.key, [...(byKey.get(u.key) ?? []), u]);
  for (const [key, at] of byKey) {
    const first = at[0]!;
    const entry = table[key];
    const where = at.map((u) => u.at).join(", ");
    if (entry === undefined) {
      problems.push(`${key} is used (${where}) but not in the table ([Api set: ${first.annotation}])`);
      continue;
    }
    const versions = annotatedVersions(first.annotation);
    if (versions === "other-set") {
      problems.push(`${key} needs ${first.annotation}, not ExcelApi: it cannot be used (${where})`);
      continue;
    }
    if (versions === "none") {
      if (entry !== "none")
        problems.push(`${key}: the table says ${String(entry)}, @types/office-js names no set`);
      continue;
    }
    const set = typeof entry === "string" ? entry : entry[0];
    if (versions.length === 1 && set !== versions[0])
      problems.push(`${key}: the table says ${set}, @types/office-js says ExcelApi ${versions[0]}`);
    else if (versions.length > 1 && (typeof entry === "string" || !versions.includes(set)))
      problems.push(
        `${key}: [Api set: ${first.annotation}] names several sets: the table must choose one of ${versions.join(", ")} and say why`,
      );
    if (compareSets(set, minimum) > 0)
      problems.push(`${key} needs ExcelApi ${set}, newer than the manifest's minimum ${minimum} (${where})`);
  }
  for (const key of Object.keys(table))
    if (!byKey.has(key)) problems.push(`${key} is in the table but nothing uses it`);
  return problems;
}
