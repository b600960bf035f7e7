/**
 * The comments of the repository's source files, read with the TypeScript compiler's own scanner
 * (so a `//` inside a string, a template or a regular expression is never taken for a comment),
 * and the two things a comment must not hold: a path in the repository that does not exist, and
 * a history reference (an issue or session number, which the repository has no tracker to follow).
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const repoRoot = path.resolve(__dirname, "..");

/** The folders whose comments are checked for paths. */
export const scannedFolders = ["src", "sandbox", "bench", "scripts", "e2e", "test"];

/** The top-level folders a rooted path in a comment may start with (`src/api/errors.ts`). */
const topFolders = ["src", "docs", "test", "sandbox", "bench", "scripts", "e2e", "assets", "security"];

const sourceFile = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
/** Fixtures that are wrong on purpose, and generated files. */
const skipped = [/^test\/lint-fixtures\//, /\.d\.ts$/];

export interface Comment {
  line: number;
  text: string;
}

export interface Finding {
  file: string;
  line: number;
  found: string;
}

/** Every source file under `folders`, as paths relative to the repository's root. */
export function sourceFiles(folders: readonly string[]): string[] {
  const walk = (rel: string): string[] =>
    fs.readdirSync(path.join(repoRoot, rel), { withFileTypes: true }).flatMap((entry) => {
      const child = `${rel}/${entry.name}`;
      if (entry.isDirectory()) return entry.name === "node_modules" ? [] : walk(child);
      return sourceFile.test(entry.name) ? [child] : [];
    });
  return folders.flatMap(walk).filter((file) => !skipped.some((rule) => rule.test(file)));
}

function scriptKind(fileName: string): ts.ScriptKind {
  if (fileName.endsWith(".tsx")) return ts.ScriptKind.TSX;
  if (/\.(js|mjs|cjs)$/.test(fileName)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

/** The comments of a source text, each with the line it starts on (1-based). */
export function commentsOf(text: string, fileName: string): Comment[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, scriptKind(fileName));
  const starts = new Set<number>();
  const comments: Comment[] = [];
  const take = (ranges: ts.CommentRange[] | undefined): void => {
    for (const range of ranges ?? []) {
      if (starts.has(range.pos)) continue;
      starts.add(range.pos);
      const line = source.getLineAndCharacterOfPosition(range.pos).line + 1;
      comments.push({ line, text: text.slice(range.pos, range.end) });
    }
  };
  const visit = (node: ts.Node): void => {
    // JSX text is not code: a "//" in it is text the person reads, not a comment.
    if (node.kind === ts.SyntaxKind.JsxText) return;
    take(ts.getLeadingCommentRanges(text, node.getFullStart()));
    take(ts.getTrailingCommentRanges(text, node.getEnd()));
    for (const child of node.getChildren(source)) visit(child);
  };
  take(ts.getLeadingCommentRanges(text, 0));
  visit(source);
  return comments.sort((a, b) => a.line - b.line);
}

const relativePath = /(?<![\w@./])\.\.?\/[\w./-]*[\w/]/g;
const rootedPath = new RegExp(`(?<![\\w./@-])(?:${topFolders.join("|")})/[\\w./-]*`, "g");
const extensions = ["", ".ts", ".tsx", ".js", ".mjs", ".cjs", "/index.ts"];

function exists(absolute: string): boolean {
  return extensions.some((ext) => fs.existsSync(absolute + ext));
}

/** The paths a comment names that do not exist; a relative one is read from `file`'s folder. */
export function missingPaths(comment: string, file: string, root = repoRoot): string[] {
  const folder = path.dirname(path.join(root, file));
  const missing: string[] = [];
  for (const match of comment.matchAll(relativePath)) {
    const named = match[0].replace(/\.+$/, "");
    if (!exists(path.resolve(folder, named))) missing.push(named);
  }
  for (const match of comment.matchAll(rootedPath)) {
    const named = match[0].replace(/\.+$/, "");
    if (!exists(path.join(root, named))) missing.push(named);
  }
  return missing;
}

/** "issue 22", "Session 10", "issues 11": history a reader of the code cannot follow. */
const historyReference = /\b(?:issue|session)s? ?#?\d+/gi;

export function historyReferences(comment: string): string[] {
  return [...comment.matchAll(historyReference)].map((match) => match[0]);
}

/** What `check` finds in each file's comments. */
export function scan(
  files: readonly string[],
  check: (comment: string, file: string) => string[],
): Finding[] {
  return files.flatMap((file) => {
    const text = fs.readFileSync(path.join(repoRoot, file), "utf8");
    return commentsOf(text, file).flatMap(({ line, text: comment }) =>
      check(comment, file).map((found) => {
        const before = comment.slice(0, Math.max(0, comment.indexOf(found)));
        return { file, line: line + before.split("\n").length - 1, found };
      }),
    );
  });
}

export function isTestFile(file: string): boolean {
  return /\.test\.tsx?$/.test(file);
}
