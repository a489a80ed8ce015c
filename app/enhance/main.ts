// The public pages' only script (docs/decisions/015): it enhances the server's HTML, which works without it.
// Bundled by Vite into one hashed file (app/root.tsx imports it with `?worker&url`) and loaded as
// `<script type="module">`, so it runs once the HTML is parsed, and browsers too old for modules get the
// plain HTML. Each behaviour is a module bound to its markup by `data-module="name"`.
import { startAll } from "./modules";

startAll(document);
