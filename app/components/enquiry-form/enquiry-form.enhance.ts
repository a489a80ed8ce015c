/**
 * The contact and quote forms (markup: app/components/contact/contact-form.tsx, quote/quote-form.tsx).
 * Without JavaScript they post and the server answers with the page, the form showing the result. This
 * module sends the same post in the background and puts the form of the server's answer in place of the
 * old one, so every text, error and rule stays the server's, written once:
 * - while the request runs, the submit buttons are disabled and the one pressed reads its busy label
 *   ("Sending...", "Adding...");
 * - the answer's messages appear in the form's existing live regions (role=status / alert), so screen
 *   readers announce them; a success marked `data-dismiss-after` disappears after that many ms;
 * - focus stays on the field it was in (or moves to `data-focus-after-swap`); an answer that ends the
 *   form's work (the quote's receipt, the contact form's thank-you) marks its heading or message
 *   `data-focus-after-swap="always"`, which takes focus whatever had it; a message marked `data-reveal`
 *   is scrolled into view (the receipt's status region is kept as the old node, so its marks go inside it);
 * - no answer at all (network down, a proxy's error page) shows the form's `<template data-failure>`.
 * The quote form's "Add a model" suggestions while typing come from the quote page (`/quote?q=`), and
 * Enter there adds the model.
 */

const LIVE_REGIONS = '[role="status"], [role="alert"]';
const SUGGEST_AFTER_MS = 250;

export function enquiryForm(form: HTMLElement, startWithin: (root: ParentNode) => void): void {
  if (!(form instanceof HTMLFormElement)) return;
  let busy = false;
  let dismissTimer: number | undefined;

  const settle = () => {
    window.clearTimeout(dismissTimer);
    const dismiss = form.querySelector<HTMLElement>("[data-dismiss-after]");
    if (dismiss) {
      dismissTimer = window.setTimeout(() => {
        // Focus on the message would fall to the page's start: it goes to the form's heading instead.
        const hadFocus = dismiss.contains(document.activeElement);
        dismiss.remove();
        if (hadFocus) form.querySelector<HTMLElement>("[data-focus-after-dismiss]")?.focus({ preventScroll: true });
      }, Number(dismiss.dataset.dismissAfter));
    }
    startWithin(form);
  };

  const setBusy = (submitter: HTMLElement | null) => {
    const pressed = submitter?.dataset.busyLabel ? submitter : form.querySelector<HTMLElement>("[data-send]");
    for (const button of form.querySelectorAll<HTMLButtonElement>('button[type="submit"]')) button.disabled = true;
    const label = pressed?.querySelector("[data-label]") ?? pressed;
    if (pressed && label) label.textContent = pressed.dataset.busyLabel ?? "";
    const spinner = pressed?.querySelector<HTMLElement>("[data-spinner]");
    if (spinner) spinner.hidden = false;
    // The last answer's messages go while the next request runs.
    for (const region of form.querySelectorAll(LIVE_REGIONS)) region.replaceChildren();
  };

  /** The new form's content in place of the old, keeping the live regions (their nodes) and focus. */
  const swapIn = (next: HTMLFormElement) => {
    const focusedId = document.activeElement && form.contains(document.activeElement) ? document.activeElement.id : "";
    const oldRegions = [...form.querySelectorAll(LIVE_REGIONS)];
    const newRegions = [...next.querySelectorAll(LIVE_REGIONS)];
    if (oldRegions.length === newRegions.length) {
      newRegions.forEach((region, i) => {
        const kept = oldRegions[i] as Element;
        kept.replaceChildren(...region.childNodes);
        region.replaceWith(kept);
      });
    }
    form.replaceChildren(...next.childNodes);
    const refocus =
      form.querySelector<HTMLElement>('[data-focus-after-swap="always"]') ||
      (focusedId && document.getElementById(focusedId)) ||
      form.querySelector<HTMLElement>("[data-focus-after-swap]");
    if (refocus instanceof HTMLElement && !(refocus as HTMLInputElement).disabled) refocus.focus({ preventScroll: true });
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    form.querySelector("[data-reveal]")?.scrollIntoView({ block: "center", behavior: reduced ? "auto" : "smooth" });
  };

  const showFailure = () => {
    const template = form.querySelector<HTMLTemplateElement>("template[data-failure]");
    const alert = form.querySelector('[role="alert"]');
    if (template && alert) alert.replaceChildren(template.content.cloneNode(true));
    for (const button of form.querySelectorAll<HTMLButtonElement>('button[type="submit"]')) button.disabled = false;
    for (const spinner of form.querySelectorAll<HTMLElement>("[data-spinner]")) spinner.hidden = true;
    for (const button of form.querySelectorAll<HTMLElement>("[data-busy-label]")) {
      const label = button.querySelector("[data-label]");
      if (label && button.dataset.idleLabel) label.textContent = button.dataset.idleLabel;
    }
  };

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (busy) return;
    const submitter = event.submitter instanceof HTMLElement ? event.submitter : null;
    const body = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === "string") body.append(name, value);
    if (submitter instanceof HTMLButtonElement && submitter.name) body.append(submitter.name, submitter.value);
    // Remember the idle labels, to put back if no answer comes.
    for (const button of form.querySelectorAll<HTMLElement>("[data-busy-label]")) {
      button.dataset.idleLabel ??= button.querySelector("[data-label]")?.textContent ?? "";
    }
    busy = true;
    setBusy(submitter);
    try {
      const response = await fetch(form.action, { method: "POST", body, headers: { Accept: "text/html" } });
      const html = (response.headers.get("content-type") ?? "").includes("text/html") ? await response.text() : "";
      const page = new DOMParser().parseFromString(html, "text/html");
      const next = page.querySelector<HTMLFormElement>(`form[data-form="${form.dataset.form}"]`);
      if (!next) throw new Error(`no form in the answer (${response.status})`);
      swapIn(next);
      settle();
    } catch {
      showFailure();
    } finally {
      busy = false;
    }
  });

  // The quote receipt's Print (without JavaScript the receipt names the browser's own Print instead).
  form.addEventListener("click", (event) => {
    if (event.target instanceof Element && event.target.closest("[data-print]")) window.print();
  });
  watchSuggestions(form);
  settle();
}

/**
 * "Add a model" (`input[list][data-suggest]`): a moment after the last key, the quote page's suggestions
 * for what was typed (`/quote?q=`) replace the datalist's options.
 */
function watchSuggestions(form: HTMLFormElement): void {
  let timer: number | undefined;
  let lastAsked = "";
  // Enter in "Add a model" adds the model (the form's default button would send the whole request).
  form.addEventListener("keydown", (event) => {
    const input = event.target;
    if (event.key !== "Enter" || event.isComposing || !(input instanceof HTMLInputElement) || !input.hasAttribute("data-suggest"))
      return;
    event.preventDefault();
    input.parentElement?.querySelector<HTMLButtonElement>('button[type="submit"]')?.click();
  });
  form.addEventListener("input", (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || !input.hasAttribute("data-suggest")) return;
    window.clearTimeout(timer);
    const typed = input.value.trim();
    if (typed.length < 2 || typed === lastAsked) return;
    timer = window.setTimeout(async () => {
      lastAsked = typed;
      try {
        const response = await fetch(`${input.dataset.suggest}?q=${encodeURIComponent(typed)}`);
        const page = new DOMParser().parseFromString(await response.text(), "text/html");
        const options = page.getElementById(input.getAttribute("list") ?? "");
        const list = input.list;
        if (options && list && input.value.trim() === typed) list.replaceChildren(...options.childNodes);
      } catch {
        // Suggestions are a convenience: the ones already listed stay.
      }
    }, SUGGEST_AFTER_MS);
  });
}
