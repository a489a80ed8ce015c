// The script of the staff sign-in page (/admin/login) instead of React (docs/decisions/027): the page is HTML
// drawn on the server and this starts its behaviour (app/components/admin/sign-in/sign-in.enhance.ts). Loaded
// like the public pages' script (app/root.tsx, `script: "sign-in"`): async, once the page is parsed.
import { signIn } from "../components/admin/sign-in/sign-in.enhance";

function startWhenParsed(): void {
  if (document.readyState === "loading") {
    setTimeout(startWhenParsed, 10);
    return;
  }
  const root = document.querySelector<HTMLElement>("[data-sign-in]");
  if (root) void signIn(root);
  // Tests (and anyone curious) can tell the page's script has run.
  document.documentElement.dataset.enhanced = "true";
}

startWhenParsed();
