import { dataModule } from "../../enhance/data-module";
/**
 * The list a search box suggests into while typing, drawn empty and hidden; `./search-suggestions.enhance.ts`
 * (data-module="search-suggestions" on the search form) fills it from GET /api/search/suggestions and makes
 * the box an ARIA combobox. Without JavaScript nothing of it shows and the form simply searches.
 */
export function SearchSuggestions({ inputId, className = "left-0 right-0" }: { inputId: string; className?: string }) {
  return (
    <>
      <div
        id={`${inputId}-suggestions`}
        role="listbox"
        aria-label="Suggestions"
        hidden
        data-suggestions
        className={`absolute top-full z-50 mt-1 max-h-96 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-left shadow-lg ${className}`}
      />
      <div role="status" className="sr-only" data-suggestions-status />
    </>
  );
}

/** The attributes that bind a search form to the module. */
export const SEARCH_SUGGESTIONS_MODULE = {
  ...dataModule("search-suggestions"),
  "data-suggestions-url": "/api/search/suggestions",
} as const;
