import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The demo content (and its drawings) is loaded only when the server seeds a new database: the production
 * server bundle reaches it through a dynamic import, never a static one. `npm test` builds before the unit
 * tests; BUILD_DIR is the build these look at (default ./build).
 */
const serverDir = path.resolve(process.env.BUILD_DIR || "build", "server");
// A demo team member's name: a string literal, so it survives bundling.
const DEMO_MARKER = "Arun Venkatesan";

/** The files index.js loads before it runs: its static imports, followed through every file they import. */
function staticallyLoaded(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    // `import … from "./x.js"` and `import "./x.js"`, not `import("./x.js")`.
    for (const m of text.matchAll(/(?:^|[\s;])(?:import|export)\s*(?:[^"'();]*?\sfrom\s*)?["'](\.{1,2}\/[^"']+)["']/g)) {
      visit(path.resolve(path.dirname(file), m[1]!));
    }
  };
  visit(entry);
  return seen;
}

describe.runIf(existsSync(path.join(serverDir, "index.js")))("the production server bundle", () => {
  it("carries the demo content only in a chunk loaded on demand", () => {
    const loaded = staticallyLoaded(path.join(serverDir, "index.js"));
    expect(loaded.size).toBeGreaterThan(1);
    for (const file of loaded)
      expect(readFileSync(file, "utf8").includes(DEMO_MARKER), path.relative(serverDir, file)).toBe(false);
    const all = readdirSync(serverDir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.name.endsWith(".js"))
      .map((e) => path.join(e.parentPath, e.name));
    const demo = all.filter((f) => readFileSync(f, "utf8").includes(DEMO_MARKER));
    expect(demo).toHaveLength(1);
    expect(loaded.has(demo[0]!)).toBe(false);
  });
});
