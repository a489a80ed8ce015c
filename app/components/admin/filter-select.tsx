import { SelectOptions } from "../select-options";
/**
 * A list screen's filter (the inbox's status, the products' category): a labelled select whose change goes
 * to the URL through `onChange`.
 */
export function FilterSelect({
  id,
  label,
  value,
  options,
  onChange,
  disabled,
  className,
  width = "",
}: {
  id: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  disabled?: boolean;
  /** The label and select's box. */
  className?: string;
  /** The select's width from a breakpoint up (Tailwind class). */
  width?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        className={`min-h-10 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm disabled:bg-slate-100 disabled:text-slate-600 ${width}`.trim()}
      >
        <SelectOptions options={options} />
      </select>
    </div>
  );
}
