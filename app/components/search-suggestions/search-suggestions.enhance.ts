/**
 * Suggestions while typing in a search box (markup: ./search-suggestions.tsx, inside a
 * search form), as the ARIA combobox pattern has it: the box becomes a combobox (role="combobox",
 * aria-autocomplete="list", aria-controls the listbox, aria-expanded true while the suggestions show); the
 * suggestions come from GET /api/search/suggestions after a short pause in typing; Down/Up move through them
 * while the box keeps focus (aria-activedescendant names the option), Enter opens the chosen one (or
 * searches, as the form does without a choice), Escape closes the list, and a click opens a suggestion. The
 * last option searches for the words as typed. A polite status says how many suggestions there are.
 * Without JavaScript the box stays a plain search box (it suggests nothing then), inside the form's
 * role="search" landmark.
 */

const TYPING_PAUSE_MS = 150;
const MIN_LENGTH = 2;

interface Part {
  text: string;
  marked: boolean;
}
interface Suggestion {
  label: string;
  url: string;
  detail: string;
  parts: Part[];
}

export function searchSuggestions(form: HTMLElement): void {
  const input = form.querySelector<HTMLInputElement>('input[type="search"]');
  const list = form.querySelector<HTMLElement>("[data-suggestions]");
  const status = form.querySelector<HTMLElement>("[data-suggestions-status]");
  const endpoint = form.dataset.suggestionsUrl;
  if (!(form instanceof HTMLFormElement) || !input || !list || !endpoint) return;

  input.setAttribute("role", "combobox");
  input.setAttribute("aria-autocomplete", "list");
  input.setAttribute("aria-controls", list.id);
  input.setAttribute("aria-expanded", "false");
  input.autocomplete = "off";

  let options: HTMLElement[] = [];
  let active = -1;
  let timer: number | undefined;
  let pending: AbortController | null = null;
  let shownFor = "";

  const open = () => {
    list.hidden = false;
    input.setAttribute("aria-expanded", "true");
  };
  const close = () => {
    list.hidden = true;
    input.setAttribute("aria-expanded", "false");
    input.removeAttribute("aria-activedescendant");
    active = -1;
  };

  const choose = (index: number) => {
    options[active]?.setAttribute("aria-selected", "false");
    active = index;
    const option = options[active];
    if (!option) {
      input.removeAttribute("aria-activedescendant");
      return;
    }
    option.setAttribute("aria-selected", "true");
    input.setAttribute("aria-activedescendant", option.id);
    option.scrollIntoView({ block: "nearest" });
  };

  const follow = (option: HTMLElement) => {
    const url = option.dataset.url;
    close();
    if (url) window.location.assign(url);
    else form.requestSubmit();
  };

  const option = (id: string, url: string | undefined, content: Node[]): HTMLElement => {
    const li = document.createElement("div");
    li.id = id;
    li.setAttribute("role", "option");
    li.setAttribute("aria-selected", "false");
    li.className =
      "flex cursor-pointer flex-col px-3 py-2 text-sm text-slate-800 hover:bg-brand-50 aria-selected:bg-brand-50 aria-selected:outline-2 aria-selected:-outline-offset-2 aria-selected:outline-brand-500";
    if (url) li.dataset.url = url;
    li.append(...content);
    // The box keeps focus (and its caret) while the pointer chooses.
    li.addEventListener("mousedown", (event) => event.preventDefault());
    li.addEventListener("click", () => follow(li));
    return li;
  };

  const show = (q: string, suggestions: Suggestion[]) => {
    shownFor = q;
    options = suggestions.map((s, i) => {
      const label = document.createElement("span");
      label.className = "font-semibold text-brand-900";
      for (const part of s.parts) {
        if (!part.marked) label.append(part.text);
        else {
          const mark = document.createElement("mark");
          mark.className = "bg-amber-100 text-inherit";
          mark.textContent = part.text;
          label.append(mark);
        }
      }
      const detail = document.createElement("span");
      detail.className = "text-xs text-slate-600";
      detail.textContent = s.detail;
      return option(`${list.id}-${i}`, s.url, [label, detail]);
    });
    const searchAll = document.createElement("span");
    searchAll.textContent = `Search for “${q}”`;
    options.push(option(`${list.id}-all`, undefined, [searchAll]));
    list.replaceChildren(...options);
    open();
    active = -1;
    input.removeAttribute("aria-activedescendant");
    if (status) {
      const n = suggestions.length;
      status.textContent =
        n === 0 ? "No suggestions." : `${n} ${n === 1 ? "suggestion" : "suggestions"}. Use the up and down arrows to choose.`;
    }
  };

  const suggest = async () => {
    const q = input.value.replace(/\s+/g, " ").trim();
    if (q.length < MIN_LENGTH) {
      pending?.abort();
      shownFor = "";
      close();
      return;
    }
    if (q === shownFor && options.length > 0) {
      open();
      return;
    }
    pending?.abort();
    const controller = new AbortController();
    pending = controller;
    try {
      const response = await fetch(`${endpoint}?q=${encodeURIComponent(q)}`, {
        signal: controller.signal,
        headers: { accept: "application/json" },
      });
      if (!response.ok) throw new Error(`${response.status}`);
      const body = (await response.json()) as { data: Suggestion[] };
      if (!controller.signal.aborted && document.activeElement === input) show(q, body.data);
    } catch (error) {
      // No suggestions this time; the form still searches.
      if (!controller.signal.aborted) console.warn("search suggestions failed", error);
    }
  };

  input.addEventListener("input", () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(suggest, TYPING_PAUSE_MS);
  });
  input.addEventListener("keydown", (event) => {
    const expanded = !list.hidden;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!expanded) {
        void suggest();
        return;
      }
      const step = event.key === "ArrowDown" ? 1 : -1;
      // Past either end the choice goes back to the box itself.
      const next = active + step;
      choose(next < -1 ? options.length - 1 : next >= options.length ? -1 : next);
    } else if (event.key === "Enter" && expanded && active >= 0) {
      event.preventDefault();
      const chosen = options[active];
      if (chosen) follow(chosen);
    } else if (event.key === "Escape" && expanded) {
      // Closes the list only; a second Escape clears the box as usual.
      event.preventDefault();
      close();
    }
  });
  input.addEventListener("blur", close);
}
