// The script of the /tools calculator pages instead of main.ts: the same modules plus the calculators (about
// 5 KB gzip of formulas, readers and texts that no other page needs). One script the page names in its HTML,
// rather than main.ts loading the calculators as a chunk once it runs: a chunk would be a second request
// after the first, which a phone on a slow network waits a round trip longer for (docs/decisions/015).
import { calculator } from "../components/tools/calculator.enhance";
import { enhancePage } from "./modules";

enhancePage({ calculator });
