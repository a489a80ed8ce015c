import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * One section of the README as a module of its own (`export default "<text>"`), read at build time: the
 * admin's e-mail help page shows "Setting up e-mail" without bundling the whole README (deployment notes
 * and all) into the browser's code, and still shows the text of the version it runs.
 */

/** The module the e-mail help page imports (its type: app/virtual-modules.d.ts). */
const EMAIL_SETUP_MODULE = "virtual:readme/email-setup";
const EMAIL_SETUP_HEADING = "### Setting up e-mail";

/**
 * A section's text without its heading, up to the next heading of level 1 to 3. Throws when the heading is
 * missing: a renamed section must fail the build, not ship an empty help page.
 */
export function markdownSection(markdown: string, heading: string): string {
  const lines = markdown.split("\n");
  const start = lines.findIndex((line) => line.trimEnd() === heading);
  if (start < 0) throw new Error(`README.md has no heading "${heading}"`);
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((line) => /^#{1,3} /.test(line));
  return (end < 0 ? rest : rest.slice(0, end)).join("\n").trim();
}

/** Serves EMAIL_SETUP_MODULE from README.md (re-read when it changes under the dev server). */
export function readmeSections(readme = path.resolve("README.md")): Plugin {
  const resolved = `\0${EMAIL_SETUP_MODULE}`;
  return {
    name: "pneuma:readme-sections",
    resolveId: (id) => (id === EMAIL_SETUP_MODULE ? resolved : undefined),
    load(id) {
      if (id !== resolved) return undefined;
      this.addWatchFile(readme);
      return `export default ${JSON.stringify(markdownSection(readFileSync(readme, "utf8"), EMAIL_SETUP_HEADING))};`;
    },
  };
}
