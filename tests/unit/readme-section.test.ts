import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { markdownSection } from "../../server/vite-plugins/readme-section";

/**
 * The admin's e-mail help page carries the README's "Setting up e-mail" section only (issue 46), taken out at
 * build time by server/vite-plugins/readme-section.ts. When a build is there (`npm test` builds first;
 * BUILD_DIR, default ./build), its help page's browser code is checked too.
 */

const README = readFileSync(path.resolve(__dirname, "../../README.md"), "utf8");
const HEADING = "### Setting up e-mail";
// Said only in the README's deployment notes.
const DEPLOYMENT_ONLY = "hardened systemd unit";

describe("markdownSection", () => {
  it("gives the README's e-mail section without its heading, up to the next heading", () => {
    const section = markdownSection(README, HEADING);
    expect(section.startsWith("Until it is set up, enquiries are saved")).toBe(true);
    expect(section).toContain("`SMTP_URL`");
    expect(section.endsWith("(`journalctl -u pneuma`).")).toBe(true);
    expect(section).not.toContain("#");
    expect(section).not.toContain(DEPLOYMENT_ONLY);
    expect(section.length).toBeLessThan(README.length / 10);
  });

  it("ends at a heading of level 1 to 3, not at a deeper one; the last section runs to the end", () => {
    const markdown = "# A\n\nintro\n\n### Wanted\n\nOne.\n\n#### Detail\n\nTwo.\n\n## Next\n\nThree.\n\n### Last\n\nFour.\n";
    expect(markdownSection(markdown, "### Wanted")).toBe("One.\n\n#### Detail\n\nTwo.");
    expect(markdownSection(markdown, "### Last")).toBe("Four.");
  });

  it("fails loudly when the heading is missing (a renamed section fails the build)", () => {
    expect(() => markdownSection(README, "### Setting up mail")).toThrow('README.md has no heading "### Setting up mail"');
    // A mention of the heading inside a paragraph is not the heading.
    expect(() => markdownSection("See ### Wanted here.\n", "### Wanted")).toThrow(/no heading/);
  });
});

const assetsDir = path.resolve(process.env.BUILD_DIR || "build", "client", "assets");
const helpAssets = existsSync(assetsDir) ? readdirSync(assetsDir).filter((f) => /^help-email-.*\.js$/.test(f)) : [];

describe.runIf(helpAssets.length > 0)("the built help page", () => {
  it("carries the e-mail section, not the rest of the README", () => {
    for (const file of helpAssets) {
      const code = readFileSync(path.join(assetsDir, file), "utf8");
      expect(code, file).toContain("SMTP_URL");
      expect(code, file).not.toContain(DEPLOYMENT_ONLY);
      expect(code.length, file).toBeLessThan(20_000);
    }
  });
});
