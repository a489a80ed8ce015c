import { HONEYPOT_FIELD } from "../../../shared/schemas/enquiry-values";

/** The public forms' fields (contact, quote): one look, one way to show an error. */

export const inputClass =
  "mt-1.5 block w-full min-h-11 rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-500 focus:outline-2 focus:outline-offset-0 focus:outline-brand-500 aria-[invalid=true]:border-red-700";

export const labelClass = "text-sm font-semibold text-slate-800";

interface TextFieldProps {
  name: string;
  label: string;
  idPrefix: string;
  required?: boolean;
  type?: "text" | "email" | "tel" | "number";
  autoComplete: string;
  multiline?: boolean;
  placeholder?: string;
  error?: string;
  defaultValue?: string;
  className?: string;
  /** Number fields: the allowed range. */
  min?: number;
  max?: number;
  /** Text areas: visible lines. */
  rows?: number;
}

/**
 * What each field of a public form takes from the form's state: its id prefix, the value to fill in again
 * after a failed post, and its error. `field("email")` is spread into a TextField.
 */
export function formFields<F extends string>(
  idPrefix: string,
  values: Partial<Record<F, string>> | undefined,
  issues: readonly { path: string; message: string }[] | undefined,
) {
  return (name: F) => ({
    name,
    idPrefix,
    defaultValue: values?.[name],
    error: issues?.find((issue) => issue.path === name)?.message,
  });
}

/** A labelled text field, "(optional)" or a red star, with its error in words right under it. */
export function TextField({
  name,
  label,
  idPrefix,
  required,
  type = "text",
  autoComplete,
  multiline,
  placeholder,
  error,
  defaultValue,
  className = "",
  min,
  max,
  rows = 5,
}: TextFieldProps) {
  const id = `${idPrefix}-${name}`;
  const errorId = `${id}-error`;
  const common = {
    id,
    name,
    required,
    autoComplete,
    placeholder,
    defaultValue,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    className: inputClass,
  };
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        ) : (
          <span className="font-normal text-slate-600"> (optional)</span>
        )}
      </label>
      {multiline ? (
        <textarea {...common} rows={rows} />
      ) : (
        <input
          {...common}
          type={type}
          min={min}
          max={max}
          step={type === "number" ? 1 : undefined}
          inputMode={type === "number" ? "numeric" : undefined}
        />
      )}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A field only bots fill in (the server stores nothing when it is filled); people never see or reach it. */
export function Honeypot({ idPrefix }: { idPrefix: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={`${idPrefix}-${HONEYPOT_FIELD}`}>Website</label>
      <input id={`${idPrefix}-${HONEYPOT_FIELD}`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
    </div>
  );
}

/** The form's message when sending failed: the server's words, or the fallback when no answer came. */
export function FormFailure({ message }: { message: string }) {
  return <p className="mt-5 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">{message}</p>;
}

/**
 * A public form's submit button. While the form is being sent (./enquiry-form.enhance.ts) it is disabled
 * and reads `busyLabel` beside a spinner.
 */
export function SubmitButton({
  label,
  busyLabel,
  className,
  spinnerClassName,
  name,
  value,
}: {
  label: string;
  busyLabel: string;
  className: string;
  spinnerClassName: string;
  name?: string;
  value?: string;
}) {
  return (
    <button
      type="submit"
      name={name}
      value={value}
      data-busy-label={busyLabel}
      data-send
      className={`inline-flex items-center justify-center gap-2 rounded-md font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-wait disabled:opacity-70 ${className}`}
    >
      <span aria-hidden="true" hidden data-spinner className={`h-4 w-4 animate-spin rounded-full border-2 ${spinnerClassName}`} />
      <span data-label>{label}</span>
    </button>
  );
}
