import { convertTyped } from "../../../shared/lib/units";

/**
 * The finder's form (markup: ./finder-form.tsx) updates its results as the filters change: the URL is
 * the form's GET URL (kept in the address bar, so it stays shareable), the results and the counts beside
 * each filter come from the server's own HTML for it. Changing a unit converts the numbers typed so far.
 */

const TYPING_PAUSE_MS = 400;

const UNIT_INPUTS: Record<string, { quantity: "flow" | "pressure" | "power"; inputs: string[] }> = {
  flowUnit: { quantity: "flow", inputs: ["flowMin", "flowMax"] },
  pressureUnit: { quantity: "pressure", inputs: ["pressureMin"] },
  powerUnit: { quantity: "power", inputs: ["powerMin", "powerMax"] },
};

/** The form's GET URL without its empty fields and default units (a shorter link to share). */
function urlOf(form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value !== "string" || value.trim() === "") continue;
    const control = form.elements.namedItem(name);
    if (control instanceof HTMLSelectElement && control.dataset.default === value) continue;
    params.append(name, value.trim());
  }
  const query = params.toString();
  return query ? `${form.action}?${query}` : form.action;
}

export function finder(form: HTMLElement): void {
  if (!(form instanceof HTMLFormElement)) return;
  const results = document.querySelector<HTMLElement>("[data-finder-results]");
  if (!results) return;
  const status = document.querySelector<HTMLElement>("[data-finder-status]");
  let pending: AbortController | null = null;
  let timer: number | undefined;

  const update = async () => {
    window.clearTimeout(timer);
    pending?.abort();
    const controller = new AbortController();
    pending = controller;
    const url = urlOf(form);
    history.replaceState(history.state, "", url);
    results.setAttribute("aria-busy", "true");
    try {
      const response = await fetch(url, { signal: controller.signal, headers: { accept: "text/html" } });
      if (!response.ok) throw new Error(`${response.status}`);
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      if (controller.signal.aborted) return;
      const fresh = page.querySelector("[data-finder-results]");
      if (fresh) results.replaceChildren(...fresh.childNodes);
      // Screen readers hear the new count from a live region that stays in the page.
      if (status) status.textContent = results.querySelector("h2")?.textContent ?? "";
      for (const count of page.querySelectorAll<HTMLElement>("[data-facet-count]")) {
        const here = form.querySelector(`[data-facet-count="${CSS.escape(count.dataset.facetCount ?? "")}"]`);
        if (here) here.textContent = count.textContent;
      }
    } catch (error) {
      // A network failure leaves the last results; submitting the form still works as a plain request.
      if (!controller.signal.aborted) console.error("finder: could not update the results", error);
    } finally {
      if (pending === controller) results.removeAttribute("aria-busy");
    }
  };

  // Each box remembers what was typed in it and in which unit: a unit change converts from that, so
  // switching back gives the typed number again (100 CFM → 2.832 m³/min → 100 CFM).
  for (const [name, { quantity, inputs }] of Object.entries(UNIT_INPUTS)) {
    const select = form.elements.namedItem(name);
    if (!(select instanceof HTMLSelectElement)) continue;
    const boxes = inputs
      .map((inputName) => form.elements.namedItem(inputName))
      .filter((input): input is HTMLInputElement => input instanceof HTMLInputElement)
      .map((input) => ({ input, typed: input.value, unit: select.value }));
    for (const box of boxes) {
      box.input.addEventListener("input", () => {
        box.typed = box.input.value;
        box.unit = select.value;
      });
    }
    select.addEventListener("change", () => {
      for (const box of boxes) {
        box.input.value = convertTyped(quantity, box.typed, box.unit, select.value);
        const label = form.querySelector(`[data-unit-label="${box.input.name}"]`);
        if (label) label.textContent = select.selectedOptions[0]?.textContent ?? "";
      }
    });
  }

  form.addEventListener("change", (event) => {
    // Text inputs update while typing (below); their change event would only repeat it.
    if (event.target instanceof HTMLInputElement && event.target.type === "text") return;
    void update();
  });
  form.addEventListener("input", (event) => {
    if (!(event.target instanceof HTMLInputElement) || event.target.type !== "text") return;
    window.clearTimeout(timer);
    timer = window.setTimeout(() => void update(), TYPING_PAUSE_MS);
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void update();
  });
}
