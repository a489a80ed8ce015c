// The public pages' only script (docs/decisions/015): it enhances the server's HTML, which works without it.
// Bundled by Vite into one hashed file (app/root.tsx imports it with `?worker&url`) and loaded by
// `<script type="module" async>`: it runs in a task of its own as soon as it has arrived, usually once the
// page is parsed and painted, and not in the task that lays out the page (one long task a slow phone would
// feel). Browsers too old for modules get the plain HTML. Each behaviour is a module bound to its markup by
// `data-module="name"` (app/enhance/modules.ts).
import { enhancePage } from "./modules";

enhancePage();
