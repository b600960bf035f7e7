/**
 * Comments say what the code does and why, as it is now: every path a comment names exists, and
 * no comment of the product's code (non-test src/ and sandbox/) cites an issue or a session, which
 * a reader of the repository cannot follow. The rules are proved on snippets first, so that a
 * scan that finds nothing means the comments are right, not that the scan is blind.
 */
import {
  commentsOf,
  historyReferences,
  isTestFile,
  missingPaths,
  scan,
  scannedFolders,
  sourceFiles,
} from "./comment-scan";

const where = (findings: { file: string; line: number; found: string }[]): string[] =>
  findings.map(({ file, line, found }) => `${file}:${line}: ${found}`);

describe("the comment scanner", () => {
  it("reads line and block comments, and not a // inside a string, a template or a regex", () => {
    const text = [
      "// one",
      'const url = "https://example.com/src/nowhere.ts";',
      "const t = `// not a comment ${url}`;",
      "const r = /\\/\\/ not either/;",
      "/** two",
      " * lines */",
      "function f() {",
      "  return 1; // three",
      "  // four, alone before the brace",
      "}",
    ].join("\n");
    expect(commentsOf(text, "x.ts").map((c) => [c.line, c.text])).toEqual([
      [1, "// one"],
      [5, "/** two\n * lines */"],
      [8, "// three"],
      [9, "// four, alone before the brace"],
    ]);
  });

  it("reads the comments of JSX, not its text", () => {
    const text = "const a = <p>see // this</p>;\nconst b = <p>{/* ./gone.ts */}</p>;\n";
    expect(commentsOf(text, "x.tsx").map((c) => c.text)).toEqual(["/* ./gone.ts */"]);
  });
});

describe("paths named in comments", () => {
  const file = "src/taskpane/index.tsx";

  it("finds a relative path that does not exist, read from the file's folder", () => {
    expect(missingPaths("// the host (./edge.ts)", file)).toEqual(["./edge.ts"]);
    expect(missingPaths("// see ../commands/nowhere.ts.", file)).toEqual(["../commands/nowhere.ts"]);
  });

  it("finds a path from the repository's root that does not exist", () => {
    expect(missingPaths("/** src/api/gone.ts and docs/nothing.md §2 */", file)).toEqual([
      "src/api/gone.ts",
      "docs/nothing.md",
    ]);
  });

  it("accepts paths that exist: files, folders, a module named without its extension", () => {
    const comment =
      "// ./composition-root.ts, ../commands/commands.ts, ./App, src/api/, src/excel/fake, docs/architecture.md.";
    expect(missingPaths(comment, file)).toEqual([]);
  });

  it("leaves URLs and another project's paths alone", () => {
    const comment = "// https://example.com/src/x.ts, /items/./value, openai-node's `core/error.ts`";
    expect(missingPaths(comment, file)).toEqual([]);
  });

  it("holds for every comment in src, sandbox, bench, scripts, e2e and test", () => {
    const files = sourceFiles(scannedFolders);
    expect(files.length).toBeGreaterThan(100);
    expect(where(scan(files, missingPaths))).toEqual([]);
  });
});

describe("history in comments", () => {
  it("finds issue and session numbers", () => {
    expect(historyReferences("// done in session 10 (issue 22, item 7; Issue #4, issues 11)")).toEqual([
      "session 10",
      "issue 22",
      "Issue #4",
      "issues 11",
    ]);
  });

  it("leaves the validation's issues alone", () => {
    expect(historyReferences("// the issue codes; each issue names its cell; a session-only token")).toEqual(
      [],
    );
  });

  it("holds for every comment of non-test src and sandbox", () => {
    const files = sourceFiles(["src", "sandbox"]).filter((file) => !isTestFile(file));
    expect(files.length).toBeGreaterThan(100);
    expect(where(scan(files, historyReferences))).toEqual([]);
  });
});
