import { useEffect, useId, useState } from "react";
import type { Customer } from "../../../shared/sales/customer";
import { api } from "../../lib/api-client";

const SEARCH_DELAY_MS = 300;
const CHOICES = 20;

/**
 * Choosing a customer (a new deal's, the one to merge into): a search box that asks the server
 * (GET /api/customers?q=) a moment after typing stops, and a select of the matches. The chosen one stays in
 * the select while other searches run, so a choice is never lost by searching on.
 */
export function CustomerPicker({
  label,
  value,
  onChange,
  exclude,
  noneLabel = "No customer",
  error,
}: {
  label: string;
  value: { id: string; name: string } | null;
  onChange: (customer: { id: string; name: string } | null) => void;
  /** A customer not to offer (the one being merged). */
  exclude?: string;
  /** The first option (no customer chosen). */
  noneLabel?: string;
  error?: string;
}) {
  const id = useId();
  const [text, setText] = useState("");
  const [found, setFound] = useState<{ id: string; name: string }[]>([]);
  const [status, setStatus] = useState("");

  useEffect(() => {
    let current = true;
    const timer = window.setTimeout(async () => {
      try {
        const list = await api<Customer[]>("/api/customers", { query: { q: text.trim(), limit: CHOICES } });
        if (!current) return;
        const choices = list.filter((c) => c._id !== exclude).map((c) => ({ id: c._id, name: c.name }));
        setFound(choices);
        setStatus(choices.length === 0 ? "No customer matches." : `${choices.length} found.`);
      } catch {
        if (current) setStatus("The customers could not be loaded. Please try again.");
      }
    }, SEARCH_DELAY_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [text, exclude]);

  const options = value && !found.some((c) => c.id === value.id) ? [value, ...found] : found;
  const inputClass = `block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 ${error ? "border-red-600" : "border-slate-400"}`;
  return (
    <fieldset className="min-w-0 space-y-2">
      <legend className="mb-1 text-sm font-semibold text-slate-800">{label}</legend>
      <div>
        <label htmlFor={`${id}-search`} className="mb-1 block text-sm text-slate-700">
          Find by name, GSTIN, city, e-mail or phone
        </label>
        <input
          id={`${id}-search`}
          type="search"
          value={text}
          autoComplete="off"
          aria-describedby={`${id}-status`}
          onChange={(e) => setText(e.target.value)}
          className={inputClass}
        />
        <p id={`${id}-status`} className="mt-1 min-h-5 text-xs text-slate-600" aria-live="polite">
          {status}
        </p>
      </div>
      <div>
        {/* The legend says it already; the select keeps the name for screen readers. */}
        <label htmlFor={`${id}-select`} className="sr-only">
          {label}
        </label>
        <select
          id={`${id}-select`}
          value={value?.id ?? ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(options.find((c) => c.id === e.target.value) ?? null)}
          className={inputClass}
        >
          <option value="">{noneLabel}</option>
          {options.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
        {error && (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    </fieldset>
  );
}
