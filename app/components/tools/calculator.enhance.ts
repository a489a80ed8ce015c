import { readNumber } from "../../../shared/lib/calculators/inputs";
import { consumptionFlow } from "../../../shared/lib/calculators/sizing";
import { toCanonical } from "../../../shared/lib/units";
import { CALCULATOR_RUNS } from "../../lib/calculators";

/**
 * The /tools calculators' forms (markup: ./calculator-parts.tsx, app/routes/tools.*.tsx)
 * compute as the visitor types, with the code the server computes with (app/lib/calculators.ts): the results
 * panel's `data-result` texts, the sentence above them, the quote link and the field errors follow the
 * form; the address bar keeps the form's GET URL (shareable, and a reload shows the same); the main result
 * is announced in the form's polite live region. "Add a row" and "Remove" work in place. Changing a unit
 * converts the numbers typed in it. The sizing page's matching machines come from the server's HTML for
 * the new URL, as the finder's do.
 */

const TYPING_PAUSE_MS = 300;
const PRODUCTS_PAUSE_MS = 600;

type Control = HTMLInputElement | HTMLSelectElement;

/** Canonical units per one of `unit`, for converting typed numbers when a unit select changes. */
function perUnit(quantity: string, unit: string): number {
  if (quantity === "consumption") return consumptionFlow(1, unit as Parameters<typeof consumptionFlow>[1]);
  return toCanonical(quantity as "pressure" | "flow" | "power", 1, unit);
}

function setError(slot: HTMLElement, message: string | undefined): void {
  slot.textContent = message ?? "";
  slot.hidden = !message;
  // The field's control is beside its error: in the same row cell, or the same field.
  const control = slot.parentElement?.querySelector<Control>("input, select");
  if (message) control?.setAttribute("aria-invalid", "true");
  else control?.removeAttribute("aria-invalid");
}

export function calculator(form: HTMLElement): void {
  if (!(form instanceof HTMLFormElement)) return;
  const run = CALCULATOR_RUNS[form.dataset.calculator ?? ""];
  if (!run) return;
  const path = new URL(form.action).pathname;
  const status = form.querySelector<HTMLElement>("[data-calculator-status]");
  const panel = document.getElementById("results");
  const products = document.querySelector<HTMLElement>("[data-calculator-products]");
  let timer: number | undefined;
  let productsTimer: number | undefined;
  let pending: AbortController | null = null;
  let headline = panel?.querySelector("[data-headline]")?.textContent ?? "";

  const rows = () => [...form.querySelectorAll<HTMLElement>("[data-row-list] > [data-row]")];

  const params = () => {
    const p = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === "string") p.append(name, value);
    return p;
  };

  /** The matching machines of the sizing page: the server's HTML for this URL. */
  const refreshProducts = (url: string) => {
    pending?.abort();
    const controller = new AbortController();
    pending = controller;
    products?.setAttribute("aria-busy", "true");
    fetch(url, { signal: controller.signal, headers: { accept: "text/html" } })
      .then((response) => (response.ok ? response.text() : Promise.reject(new Error(`${response.status}`))))
      .then((html) => {
        const fresh = new DOMParser().parseFromString(html, "text/html").querySelector("[data-calculator-products]");
        if (fresh && products && !controller.signal.aborted) products.replaceChildren(...fresh.childNodes);
      })
      .catch((error) => {
        // The last machines stay; pressing Calculate still loads the page.
        if (!controller.signal.aborted) console.error("calculator: could not update the matching machines", error);
      })
      .finally(() => {
        if (pending === controller) products?.removeAttribute("aria-busy");
      });
  };

  const update = () => {
    window.clearTimeout(timer);
    const p = params();
    const result = run(p);
    const url = `${path}?${p}`;
    history.replaceState(history.state, "", url);

    for (const slot of form.querySelectorAll<HTMLElement>("[data-error-for]")) {
      setError(slot, result.problems.find((pr) => pr.field === slot.dataset.errorFor)?.message);
    }
    rows().forEach((row, i) => {
      for (const slot of row.querySelectorAll<HTMLElement>("[data-error-for-field]")) {
        setError(slot, result.problems.find((pr) => pr.field === `${slot.dataset.errorForField}.${i}`)?.message);
      }
    });
    for (const slot of panel?.querySelectorAll<HTMLElement>("[data-result]") ?? []) {
      slot.textContent = result.results?.[slot.dataset.result ?? ""] ?? "—";
    }
    const headlineSlot = panel?.querySelector("[data-headline]");
    if (headlineSlot) headlineSlot.textContent = result.headline;
    // The hand-over is the page's URL with `handover=1`: its loader redirects to the quote form.
    const link = panel?.querySelector<HTMLAnchorElement>("[data-quote-link]");
    if (link) {
      link.href = `${url}&handover=1`;
      link.hidden = !result.results;
    }
    if (result.headline !== headline) {
      headline = result.headline;
      if (status) status.textContent = result.headline;
      if (products && result.results) {
        window.clearTimeout(productsTimer);
        productsTimer = window.setTimeout(() => refreshProducts(url), PRODUCTS_PAUSE_MS);
      }
    }
  };

  const renumber = () => {
    rows().forEach((row, i) => {
      for (const n of row.querySelectorAll("[data-row-number]")) n.textContent = String(i + 1);
      const remove = row.querySelector<HTMLButtonElement>("[data-remove-row]");
      if (remove) remove.value = String(i);
    });
  };

  const addRow = () => {
    const template = form.querySelector<HTMLTemplateElement>("template[data-row-template]");
    const list = form.querySelector("[data-row-list]");
    const row = template?.content.firstElementChild?.cloneNode(true);
    if (!(row instanceof HTMLElement) || !list) return;
    list.append(row);
    renumber();
    row.querySelector<Control>("input, select")?.focus();
    update();
  };

  const removeRow = (button: HTMLElement) => {
    const row = button.closest<HTMLElement>("[data-row]");
    if (!row) return;
    const all = rows();
    if (all.length === 1) {
      // The last row is emptied rather than removed, so there is always a row to type into.
      for (const input of row.querySelectorAll("input")) input.value = "";
      row.querySelector<Control>("input, select")?.focus();
    } else {
      const next = all[all.indexOf(row) + 1] ?? all[all.indexOf(row) - 1];
      row.remove();
      renumber();
      next?.querySelector<Control>("input, select")?.focus();
    }
    update();
  };

  // A unit select converts what was typed in it, so 7 bar becomes 102 psi rather than 7 psi.
  for (const select of form.querySelectorAll<HTMLSelectElement>("select[data-unit-quantity]")) {
    let unit = select.value;
    select.addEventListener("change", () => {
      const factor = perUnit(select.dataset.unitQuantity ?? "", unit) / perUnit(select.dataset.unitQuantity ?? "", select.value);
      for (const name of (select.dataset.unitInputs ?? "").split(",")) {
        for (const input of form.querySelectorAll<HTMLInputElement>(`input[name="${name}"]`)) {
          const value = readNumber(input.value);
          if (value !== null && Number.isFinite(factor)) input.value = String(Number((value * factor).toPrecision(4)));
        }
      }
      for (const label of form.querySelectorAll(`[data-unit-label="${select.name}"]`)) {
        label.textContent = select.selectedOptions[0]?.textContent ?? "";
      }
      unit = select.value;
    });
  }

  form.addEventListener("click", (event) => {
    const button = (event.target as Element).closest<HTMLElement>("[data-add-row], [data-remove-row]");
    if (!button) return;
    event.preventDefault();
    if (button.hasAttribute("data-add-row")) addRow();
    else removeRow(button);
  });
  form.addEventListener("input", (event) => {
    if (!(event.target instanceof HTMLInputElement) || event.target.type !== "text") return;
    window.clearTimeout(timer);
    timer = window.setTimeout(update, TYPING_PAUSE_MS);
  });
  form.addEventListener("change", (event) => {
    if (event.target instanceof HTMLInputElement && event.target.type === "text") return;
    update();
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    update();
  });
}
