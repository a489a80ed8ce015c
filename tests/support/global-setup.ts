import { execFileSync } from "node:child_process";
import path from "node:path";
import { PROJECT_ROOT } from "../../server/paths";

/** The process tests run the production build; make sure it is current. */
export default function setup(): void {
  execFileSync(process.execPath, [path.join(PROJECT_ROOT, "scripts", "build-if-stale.js")], {
    cwd: PROJECT_ROOT,
    stdio: "inherit",
  });
}
