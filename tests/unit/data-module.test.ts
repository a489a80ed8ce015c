import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { dataModule } from "../../app/enhance/data-module";

/**
 * The public pages' enhancement modules (docs/decisions/015): markup names its module with `dataModule()`,
 * whose argument is typed by the registry (app/enhance/modules.ts), so a misspelt name fails the type check.
 * These tests keep every `data-module` of the public markup going through it, and each module beside its
 * markup (app/components/<widget>/<widget>.enhance.ts).
 */
const app = path.resolve(import.meta.dirname, "../../app");
/** The staff panel hydrates with React and has no enhancement modules. */
const STAFF_PANEL = [path.join(app, "components/admin"), path.join(app, "routes/admin")];

function sourceFiles(dir: string): string[] {
  if (STAFF_PANEL.includes(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The code without its comments (which may mention `data-module="name"` in prose). */
const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1");

describe("data-module", () => {
  it("draws the attribute the enhancement script looks for, for a registered name only", () => {
    expect(dataModule("slider")).toEqual({ "data-module": "slider" });
    // Checked by the type check (`tsc` fails if this misspelt name were accepted); never called.
    // @ts-expect-error "slidr" is not a registered module
    const misspelt = () => dataModule("slidr");
    expect(misspelt).toBeTypeOf("function");
  });

  it("is written only through the typed dataModule() in the public markup", () => {
    const files = sourceFiles(app).filter((file) => file.endsWith(".tsx"));
    expect(files.length).toBeGreaterThan(50);
    const raw = files.flatMap((file) =>
      [...withoutComments(readFileSync(file, "utf8")).matchAll(/data-module["']?\s*[=:]\s*\S+/g)].map(
        (m) => `${path.relative(app, file)}: ${m[0]}`,
      ),
    );
    expect(raw).toEqual([]);
    // Every widget folder's markup uses it (a sample of the names, drawn through the helper).
    const named = files.flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/dataModule\("([a-z-]+)"\)/g)].map((m) => m[1]),
    );
    expect(new Set(named)).toEqual(
      new Set([
        "calculator",
        "compare-list",
        "compare-toggle",
        "enquiry-form",
        "finder",
        "gallery",
        "search-suggestions",
        "share-links",
        "site-header",
        "slider",
      ]),
    );
  });

  it("has each module beside its markup, in a widget folder of app/components", () => {
    const modules = sourceFiles(app).filter((file) => file.endsWith(".enhance.ts"));
    expect(modules.length).toBeGreaterThanOrEqual(9);
    for (const file of modules) {
      const folder = path.dirname(file);
      expect(path.dirname(folder), path.relative(app, file)).toBe(path.join(app, "components"));
      const markup = readdirSync(folder).filter((name) => name.endsWith(".tsx"));
      expect(markup.length, `${path.relative(app, folder)} has no markup`).toBeGreaterThan(0);
    }
  });
});
