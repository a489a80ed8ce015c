import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigation, useSearchParams } from "react-router";
import { SearchIcon } from "../icons";

const SEARCH_DELAY_MS = 300;

/**
 * A list's filters in the URL (the sales desk's customers and deals): `update` sets parameters (an empty or
 * "all" value drops one) and goes back to the first page; the search box's text goes to `q` a moment after
 * typing stops. The URL's own changes (Back, a link) show in the box.
 */
export function useUrlSearch(q: string) {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(q);
  const timer = useRef<number | undefined>(undefined);
  const { pathname } = useLocation();
  const navigation = useNavigation();
  // The filters to build on: those of a navigation still loading (a filter chosen a moment ago), else the URL's.
  const pending = navigation.location?.pathname === pathname ? new URLSearchParams(navigation.location.search) : null;
  const latest = useRef({ params, text });
  latest.current = { params: pending ?? params, text };

  useEffect(() => {
    if (timer.current === undefined && latest.current.text.trim() !== q) setText(q);
  }, [q]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const update = (changes: Record<string, string>) => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    const next = new URLSearchParams(latest.current.params);
    for (const [k, v] of Object.entries({ q: latest.current.text.trim(), ...changes })) {
      if (v === "" || v === "all") next.delete(k);
      else next.set(k, v);
    }
    next.delete("page");
    if (next.toString() === latest.current.params.toString()) return;
    setParams(next, { replace: true, preventScrollReset: true });
    // Two changes before the next render build on each other (a stage, then at once an owner).
    latest.current.params = next;
  };

  const onSearch = (value: string) => {
    setText(value);
    latest.current.text = value;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      timer.current = undefined;
      update({});
    }, SEARCH_DELAY_MS);
  };

  return { text, onSearch, update };
}

/** The labelled search box of a list. */
export function SearchBox({
  id,
  value,
  placeholder,
  onSearch,
}: {
  id: string;
  value: string;
  placeholder: string;
  onSearch: (value: string) => void;
}) {
  return (
    <div className="min-w-0 flex-1">
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-800">
        Search
      </label>
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500" />
        <input
          id={id}
          type="search"
          value={value}
          placeholder={placeholder}
          onChange={(e) => onSearch(e.target.value)}
          className="min-h-10 w-full rounded-md border border-slate-400 bg-white py-2 pr-3 pl-9 text-sm placeholder:text-slate-500"
        />
      </div>
    </div>
  );
}
