import { CloseIcon } from "../icons";
import { buttonClass } from "./screen-parts";

/**
 * Editable rows of a few text columns (product specifications and features, settings phones / e-mails /
 * hours, the home specification table, category subcategories): add, remove, and optionally reorder.
 * Each input is labelled "{column} {row number}" for screen readers; the column names show once above.
 */

interface RowColumn<K extends string> {
  key: K;
  label: string;
  placeholder?: string;
  type?: "text" | "email" | "tel" | "url";
}

interface RowsFieldProps<K extends string> {
  legend: string;
  columns: RowColumn<K>[];
  rows: Record<K, string>[];
  onChange: (rows: Record<K, string>[]) => void;
  /** Rows that must remain (products: the last specification / feature row cannot be removed). */
  minRows?: number;
  /** Up / down buttons. */
  reorder?: boolean;
  addLabel: string;
  /** "Specification" → "Remove specification 2", "Move specification 2 up". */
  rowNoun: string;
  maxRows?: number;
  hint?: string;
  error?: string;
  /** Per-row messages (by row index). */
  rowErrors?: Record<number, string>;
  id: string;
}

const inputClass = (invalid: boolean) =>
  `block w-full min-w-0 rounded-md border bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:outline-2 focus:outline-offset-0 focus:outline-brand-500 ${invalid ? "border-red-600" : "border-slate-400"}`;

const iconButton =
  "grid h-10 w-10 shrink-0 place-items-center rounded-md border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-white";

export function RowsField<K extends string>({
  legend,
  columns,
  rows,
  onChange,
  minRows = 0,
  reorder = false,
  addLabel,
  rowNoun,
  maxRows,
  hint,
  error,
  rowErrors = {},
  id,
}: RowsFieldProps<K>) {
  const noun = rowNoun.toLowerCase();
  const empty = () => Object.fromEntries(columns.map((c) => [c.key, ""])) as Record<K, string>;
  const update = (i: number, key: K, value: string) => onChange(rows.map((r, j) => (j === i ? { ...r, [key]: value } : r)));
  const move = (i: number, by: -1 | 1) => {
    const next = [...rows];
    const [row] = next.splice(i, 1);
    if (row) next.splice(i + by, 0, row);
    onChange(next);
    // Keep the keyboard on the moved row's button.
    requestAnimationFrame(() => {
      const target = document.getElementById(`${id}-${by < 0 ? "up" : "down"}-${i + by}`);
      if (target && !(target as HTMLButtonElement).disabled) target.focus();
      else document.getElementById(`${id}-${by < 0 ? "down" : "up"}-${i + by}`)?.focus();
    });
  };
  const canRemove = rows.length > minRows;
  const full = maxRows !== undefined && rows.length >= maxRows;
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  const grid = columns.length > 1 ? "sm:grid-cols-2" : "";

  return (
    <fieldset className="min-w-0" aria-describedby={describedBy}>
      <legend className="mb-1 text-sm font-semibold text-slate-800">{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="mb-2 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {rows.length > 0 && (
        <ol className="space-y-2">
          {rows.map((row, i) => {
            const rowError = rowErrors[i];
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are plain controlled values without ids
              <li key={i} className="rounded-md border border-slate-200 bg-slate-50 p-2">
                <div className={reorder ? "flex flex-col gap-2 sm:flex-row sm:items-start" : "flex items-start gap-2"}>
                  <div className={`grid min-w-0 flex-1 gap-2 ${grid}`}>
                    {columns.map((c) => {
                      const inputId = `${id}-${c.key}-${i}`;
                      return (
                        <div key={c.key} className="min-w-0">
                          <label htmlFor={inputId} className="sr-only">
                            {`${c.label} ${i + 1}`}
                          </label>
                          <input
                            id={inputId}
                            type={c.type ?? "text"}
                            value={row[c.key] ?? ""}
                            placeholder={c.placeholder ?? c.label}
                            aria-invalid={rowError ? true : undefined}
                            aria-describedby={rowError ? `${id}-row-${i}-error` : undefined}
                            onChange={(e) => update(i, c.key, e.target.value)}
                            className={inputClass(Boolean(rowError))}
                          />
                        </div>
                      );
                    })}
                  </div>
                  <div className={`flex shrink-0 gap-1 ${reorder ? "justify-end" : ""}`}>
                    {reorder && (
                      <>
                        <button
                          type="button"
                          id={`${id}-up-${i}`}
                          className={iconButton}
                          disabled={i === 0}
                          onClick={() => move(i, -1)}
                        >
                          <span aria-hidden="true">↑</span>
                          <span className="sr-only">{`Move ${noun} ${i + 1} up`}</span>
                        </button>
                        <button
                          type="button"
                          id={`${id}-down-${i}`}
                          className={iconButton}
                          disabled={i === rows.length - 1}
                          onClick={() => move(i, 1)}
                        >
                          <span aria-hidden="true">↓</span>
                          <span className="sr-only">{`Move ${noun} ${i + 1} down`}</span>
                        </button>
                      </>
                    )}
                    <button
                      type="button"
                      className={`${iconButton} text-red-700`}
                      disabled={!canRemove}
                      title={canRemove ? undefined : `At least ${minRows === 1 ? "one" : minRows} ${noun} row must remain`}
                      onClick={() => onChange(rows.filter((_, j) => j !== i))}
                    >
                      <CloseIcon className="h-4 w-4" />
                      <span className="sr-only">{`Remove ${noun} ${i + 1}`}</span>
                    </button>
                  </div>
                </div>
                {rowError && (
                  <p id={`${id}-row-${i}-error`} className="mt-1 text-sm text-red-700">
                    {rowError}
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {minRows > 0 && rows.length <= minRows && (
        <p className="mt-1 text-xs text-slate-600">{`At least ${minRows === 1 ? "one" : minRows} ${noun} row must remain.`}</p>
      )}
      <button
        type="button"
        className={`${buttonClass("secondary", "sm")} mt-2`}
        disabled={full}
        onClick={() => onChange([...rows, empty()])}
      >
        + {addLabel}
      </button>
      {error && (
        <p id={`${id}-error`} data-field-error className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
