import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The house rule (issue 31): no function or component over 200 lines, so a screen stays readable in one
 * sitting and its parts have names. Seed data is exempt: its drawings are long lists of shapes, not logic.
 * Nested functions count in their parent's length and on their own.
 */
const ROOT = path.resolve(__dirname, "../..");
const LIMIT = 200;
const EXEMPT = ["server/seed/"];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts"))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)))
    .filter((file) => !file.split(path.sep).includes("+types") && !EXEMPT.some((p) => file.startsWith(p)));
}

function nameOf(node: ts.Node): string {
  const named = node as { name?: ts.Node };
  if (named.name) return named.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText();
  return "(anonymous)";
}

/** "app/x.tsx:12 Screen (240 lines)" for every function longer than the limit. */
function longFunctions(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), "utf8"), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node)
    ) {
      const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const lines = source.getLineAndCharacterOfPosition(node.getEnd()).line - first + 1;
      if (lines > LIMIT) found.push(`${file}:${first + 1} ${nameOf(node)} (${lines} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("the code's functions and components", () => {
  it(`are at most ${LIMIT} lines each in app/, server/ and shared/ (seed data aside)`, () => {
    const files = ["app", "server", "shared"].flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap(longFunctions)).toEqual([]);
    // It parses every source file: about 2 s alone, several times that beside the type check on 2 cores.
  }, 60_000);
});
