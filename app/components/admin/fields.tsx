import { useEffect, useId, useState } from "react";
import { ALT_TEXT_HINT, DECORATIVE_LABEL, type ImageText } from "../../../shared/content/alt-text";
import { CloseIcon, StarIcon } from "../icons";
import { ResponsiveImage } from "../responsive-image";
import { attentionText } from "./form-utils";
import { buttonClass } from "./screen-parts";

/** Labelled form controls for the admin dialogs: each ties its error to the control (aria-describedby). */

const inputClass = (invalid: boolean, width = "w-full") =>
  `block ${width} rounded-md border bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:outline-2 focus:outline-offset-0 focus:outline-brand-500 ${invalid ? "border-red-600" : "border-slate-400"}`;

const IMAGE_ONLY_MESSAGE = "Please choose an image file (JPEG, PNG, WebP, AVIF or GIF).";

interface ShellProps {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: string;
  children: React.ReactNode;
  className?: string;
}

function FieldShell({ id, label, required, error, hint, children, className = "" }: ShellProps) {
  return (
    <div className={className}>
      <div className="mb-1 flex gap-1 text-sm font-semibold">
        <label htmlFor={id} className="text-slate-800">
          {label}
        </label>
        {required && (
          <span className="text-red-700" aria-hidden="true">
            *
          </span>
        )}
      </div>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: string): string | undefined {
  const ids = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return ids || undefined;
}

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  error?: string;
  hint?: string;
  multiline?: boolean;
  rows?: number;
  type?: "text" | "email" | "url" | "number" | "tel" | "password" | "search" | "date";
  name?: string;
  placeholder?: string;
  autoComplete?: string;
  inputMode?: React.HTMLAttributes<HTMLInputElement>["inputMode"];
  step?: string;
  min?: string;
  max?: string;
  className?: string;
}

export function TextField(props: TextFieldProps) {
  const id = useId();
  const common = {
    id,
    name: props.name,
    value: props.value,
    placeholder: props.placeholder,
    "aria-invalid": props.error ? true : undefined,
    "aria-describedby": describedBy(id, props.error, props.hint),
    "aria-required": props.required || undefined,
    className: inputClass(Boolean(props.error)),
  };
  return (
    <FieldShell
      id={id}
      label={props.label}
      required={props.required}
      error={props.error}
      hint={props.hint}
      className={props.className}
    >
      {props.multiline ? (
        <textarea {...common} rows={props.rows ?? 4} onChange={(e) => props.onChange(e.target.value)} />
      ) : (
        <input
          {...common}
          type={props.type ?? "text"}
          autoComplete={props.autoComplete}
          inputMode={props.inputMode}
          step={props.step}
          min={props.min}
          max={props.max}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
    </FieldShell>
  );
}

interface SelectFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  required?: boolean;
  error?: string;
  hint?: string;
  disabled?: boolean;
  className?: string;
}

export function SelectField(props: SelectFieldProps) {
  const id = useId();
  return (
    <FieldShell
      id={id}
      label={props.label}
      required={props.required}
      error={props.error}
      hint={props.hint}
      className={props.className}
    >
      <select
        id={id}
        value={props.value}
        disabled={props.disabled}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(id, props.error, props.hint)}
        aria-required={props.required || undefined}
        onChange={(e) => props.onChange(e.target.value)}
        className={`${inputClass(Boolean(props.error))} disabled:bg-slate-100 disabled:text-slate-600`}
      >
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

interface UnitNumberFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  unit: string;
  onUnitChange: (unit: string) => void;
  units: { value: string; label: string }[];
  /** What the typed value is saved as, shown while typing; null when there is nothing to show. */
  preview: string | null;
  placeholder?: string;
  error?: string;
  hint?: string;
}

/** A number (or range) typed in a unit the staff member chooses, with the value it will be saved as. */
export function UnitNumberField(props: UnitNumberFieldProps) {
  const id = useId();
  const previewId = `${id}-preview`;
  const described = [describedBy(id, props.error, props.hint), props.preview ? previewId : ""].filter(Boolean).join(" ");
  return (
    <FieldShell id={id} label={props.label} error={props.error} hint={props.hint}>
      <div className="flex gap-2">
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={props.value}
          placeholder={props.placeholder}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={described || undefined}
          onChange={(e) => props.onChange(e.target.value)}
          className={inputClass(Boolean(props.error), "min-w-0 flex-1")}
        />
        {props.units.length > 1 ? (
          <select
            aria-label={`${props.label} unit`}
            value={props.unit}
            onChange={(e) => props.onUnitChange(e.target.value)}
            className={inputClass(false, "w-28 shrink-0")}
          >
            {props.units.map((u) => (
              <option key={u.value} value={u.value}>
                {u.label}
              </option>
            ))}
          </select>
        ) : (
          <span className="self-center text-sm text-slate-700">{props.units[0]?.label}</span>
        )}
      </div>
      <p id={previewId} className="mt-1 min-h-5 text-xs text-slate-700" aria-live="polite">
        {props.preview}
      </p>
    </FieldShell>
  );
}

export function CheckboxField({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex min-h-10 items-center gap-2">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="h-5 w-5 rounded border-slate-400 accent-brand-700"
      />
      <label htmlFor={id} className="text-sm font-semibold text-slate-800">
        {label}
      </label>
    </div>
  );
}

/** Reads a chosen file as a data: URL for the preview (the CSP allows data: images, not blob:). */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    let cancelled = false;
    const reader = new FileReader();
    reader.onload = () => {
      if (!cancelled) setUrl(typeof reader.result === "string" ? reader.result : null);
    };
    reader.readAsDataURL(file);
    return () => {
      cancelled = true;
      reader.abort();
    };
  }, [file]);
  return url;
}

function isImageFile(file: File): boolean {
  return file.type.startsWith("image/");
}

interface ImageFieldProps {
  label: string;
  /** The newly chosen file (not yet uploaded). */
  file: File | null;
  onChange: (file: File | null) => void;
  /** The image already saved, shown until a new one is chosen. */
  currentUrl?: string;
  required?: boolean;
  error?: string;
  hint?: string;
  /** Its alt text and decorative mark, shown under the file box while there is an image. */
  text?: { value: ImageText; onChange: (text: ImageText) => void; error?: string };
}

/**
 * An image's alt text, and the mark that it is decorative (then the text may stay empty and is not
 * asked for): shared/content/alt-text.ts.
 */
function AltTextFields({ value, onChange, error }: { value: ImageText; onChange: (t: ImageText) => void; error?: string }) {
  return (
    <div className="mt-2">
      {!value.decorative && (
        <TextField
          label="Alt text"
          value={value.alt}
          onChange={(alt) => onChange({ ...value, alt })}
          required
          error={error}
          hint={ALT_TEXT_HINT}
        />
      )}
      <CheckboxField
        label={DECORATIVE_LABEL}
        checked={value.decorative}
        onChange={(decorative) => onChange({ ...value, decorative })}
      />
    </div>
  );
}

/** One image: shows the saved image or a preview of the chosen file; image files only. */
export function ImageField({ label, file, onChange, currentUrl, required, error, hint, text }: ImageFieldProps) {
  const id = useId();
  const [typeError, setTypeError] = useState<string | undefined>();
  const preview = usePreview(file);
  const shown = preview ?? currentUrl ?? "";
  const message = typeError ?? error;
  return (
    <FieldShell id={id} label={label} required={required} error={message} hint={hint}>
      <div className="flex flex-col items-start gap-3 sm:flex-row sm:gap-4">
        <div className="h-24 w-36 shrink-0 overflow-hidden rounded-md border border-slate-200 bg-slate-100">
          {shown ? (
            <ResponsiveImage
              src={shown}
              alt={file ? `Preview of ${file.name}` : "Current image"}
              sizes="144px"
              className="h-full w-full object-cover"
            />
          ) : (
            <span className="grid h-full place-items-center text-xs text-slate-600">No image</span>
          )}
        </div>
        <div className="w-full min-w-0 flex-1">
          <input
            id={id}
            type="file"
            accept="image/*"
            aria-invalid={message ? true : undefined}
            aria-describedby={describedBy(id, message, hint)}
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null;
              if (chosen && !isImageFile(chosen)) {
                setTypeError(IMAGE_ONLY_MESSAGE);
                e.target.value = "";
                onChange(null);
                return;
              }
              setTypeError(undefined);
              onChange(chosen);
            }}
            className="block w-full text-sm text-slate-700 file:mr-3 file:min-h-9 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
          />
          {file && <p className="mt-1 truncate text-xs text-slate-600">Selected: {file.name}</p>}
          {text && shown && <AltTextFields {...text} />}
        </div>
      </div>
    </FieldShell>
  );
}

interface MultiImageFieldProps {
  label: string;
  /** Saved images that stay (each can be removed). */
  kept: string[];
  /** New files, appended to the kept ones on save. */
  files: File[];
  /** Each image's alt text and decorative mark: the kept images', then the new files'. */
  texts: ImageText[];
  onChange: (next: { kept: string[]; files: File[]; texts: ImageText[] }) => void;
  max: number;
  error?: string;
  /** The alt text errors by image (its place among kept then new images). */
  textErrors?: Record<number, string | undefined>;
}

function FilePreview({ file }: { file: File }) {
  const url = usePreview(file);
  return url ? (
    <ResponsiveImage src={url} alt={`Preview of ${file.name}`} sizes="96px" className="h-full w-full object-cover" />
  ) : null;
}

function RemoveImageButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="absolute top-1 right-1 grid h-6 w-6 place-items-center rounded-full bg-white/90 text-red-700 shadow hover:bg-white"
    >
      <CloseIcon className="h-4 w-4" />
      <span className="sr-only">{label}</span>
    </button>
  );
}

const NO_TEXT: ImageText = { alt: "", decorative: false };

/**
 * Several images: the saved ones plus newly chosen files (added to, not replacing, the saved ones), each
 * with its alt text beside it; removing an image removes its text.
 */
export function MultiImageField({ label, kept, files, texts, onChange, max, error, textErrors = {} }: MultiImageFieldProps) {
  const id = useId();
  const [typeError, setTypeError] = useState<string | undefined>();
  const total = kept.length + files.length;
  const hint = `${total} of ${max} images. New images are added to the existing ones.`;
  const message = typeError ?? error;
  const textAt = (i: number) => texts[i] ?? NO_TEXT;
  const without = (i: number) => texts.filter((_, j) => j !== i);
  const setText = (i: number, t: ImageText) =>
    onChange({ kept, files, texts: Array.from({ length: total }, (_, j) => (j === i ? t : textAt(j))) });
  const items = [
    ...kept.map((url, i) => ({
      key: url,
      name: `additional image ${i + 1}`,
      image: <ResponsiveImage src={url} alt={`Additional image ${i + 1}`} sizes="96px" className="h-full w-full object-cover" />,
      remove: () => onChange({ kept: kept.filter((u) => u !== url), files, texts: without(i) }),
    })),
    ...files.map((f, j) => ({
      key: `${f.name}-${f.size}-${f.lastModified}`,
      name: f.name,
      image: <FilePreview file={f} />,
      remove: () => onChange({ kept, files: files.filter((x) => x !== f), texts: without(kept.length + j) }),
    })),
  ];
  return (
    <FieldShell id={id} label={label} error={message} hint={hint}>
      {total > 0 && (
        <ul className="mb-2 space-y-3">
          {items.map((item, i) => (
            <li key={item.key} className="flex flex-col gap-2 sm:flex-row sm:gap-4">
              <div className="relative h-20 w-24 shrink-0 overflow-hidden rounded-md border border-slate-200 bg-slate-100">
                {item.image}
                <RemoveImageButton label={`Remove ${item.name}`} onClick={item.remove} />
              </div>
              <fieldset className="min-w-0 flex-1">
                <legend className="sr-only">{`Image ${i + 1} of ${label.toLowerCase()}`}</legend>
                <AltTextFields value={textAt(i)} onChange={(t) => setText(i, t)} error={textErrors[i]} />
              </fieldset>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        type="file"
        accept="image/*"
        multiple
        disabled={total >= max}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy(id, message, hint)}
        onChange={(e) => {
          const chosen = [...(e.target.files ?? [])];
          e.target.value = "";
          if (chosen.some((f) => !isImageFile(f))) {
            setTypeError(IMAGE_ONLY_MESSAGE);
            return;
          }
          setTypeError(undefined);
          const next = [...files, ...chosen].slice(0, Math.max(0, max - kept.length));
          const all = kept.length + next.length;
          onChange({ kept, files: next, texts: Array.from({ length: all }, (_, j) => textAt(j)) });
        }}
        className="block w-full text-sm text-slate-700 file:mr-3 file:min-h-9 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-100 disabled:opacity-60"
      />
    </FieldShell>
  );
}

interface ListFieldProps {
  label: string;
  items: string[];
  onChange: (items: string[]) => void;
  /** Label of the text box for one new item, e.g. "New benefit". */
  inputLabel: string;
  addLabel?: string;
  error?: string;
}

/** A list of texts added one at a time: trimmed, blanks and duplicates ignored. */
export function ListField({ label, items, onChange, inputLabel, addLabel = "Add", error }: ListFieldProps) {
  const id = useId();
  const [draft, setDraft] = useState("");
  const add = () => {
    const text = draft.trim();
    if (text === "") return;
    if (!items.includes(text)) onChange([...items, text]);
    setDraft("");
  };
  return (
    <fieldset className="min-w-0" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 text-sm font-semibold text-slate-800">{label}</legend>
      {items.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-2" aria-label={label}>
          {items.map((item) => (
            <li
              key={item}
              className="flex max-w-full items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-900"
            >
              <span className="min-w-0 break-words">{item}</span>
              <button
                type="button"
                onClick={() => onChange(items.filter((i) => i !== item))}
                className="grid h-6 w-6 shrink-0 place-items-center rounded-full text-brand-700 hover:bg-brand-100"
              >
                <CloseIcon className="h-3.5 w-3.5" />
                <span className="sr-only">Remove {item}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        <label htmlFor={id} className="sr-only">
          {inputLabel}
        </label>
        <input
          id={id}
          value={draft}
          placeholder={inputLabel}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              add();
            }
          }}
          className={inputClass(false)}
        />
        <button type="button" onClick={add} className={buttonClass("secondary")}>
          {addLabel}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} data-field-error className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** 1–5 stars as a radio group (plus "Not rated"). Value: "1".."5" or "". */
export function StarField({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const name = useId();
  const current = Number(value) || 0;
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-semibold text-slate-800">{label}</legend>
      <div className="flex flex-wrap items-center gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className="relative grid h-9 w-9 cursor-pointer place-items-center rounded-md has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500"
          >
            <input
              type="radio"
              name={name}
              value={String(n)}
              checked={value === String(n)}
              onChange={() => onChange(String(n))}
              className="sr-only"
            />
            <StarIcon filled={n <= current} className={`h-7 w-7 ${n <= current ? "text-accent-600" : "text-slate-500"}`} />
            <span className="sr-only">{n === 1 ? "1 star" : `${n} stars`}</span>
          </label>
        ))}
        <label className="ml-2 flex min-h-9 cursor-pointer items-center gap-1 rounded-md px-2 text-sm text-slate-700 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500">
          <input
            type="radio"
            name={name}
            value=""
            checked={value === ""}
            onChange={() => onChange("")}
            className="h-4 w-4 accent-brand-700"
          />
          Not rated
        </label>
      </div>
    </fieldset>
  );
}

/** The upload progress bar shown while a form with files is being sent. */
export function UploadProgress({ fraction }: { fraction: number | null }) {
  const id = useId();
  if (fraction === null) return null;
  const percent = Math.round(fraction * 100);
  return (
    <div className="mt-4">
      <label htmlFor={id} className="mb-1 block text-sm text-slate-700">
        {percent < 100 ? `Uploading... ${percent}%` : "Processing..."}
      </label>
      <progress id={id} max={100} value={percent} className="h-2 w-full overflow-hidden rounded accent-brand-700">
        {percent}%
      </progress>
    </div>
  );
}

/** The form's messages (the SPEC §5 texts), announced when they appear. */
export function FormErrors({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <div role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
      {messages.length === 1 ? (
        <p>{messages[0]}</p>
      ) : (
        <ul className="list-disc pl-5">
          {messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Beside the save button after a failed save: how many fields still need fixing ("2 fields need attention"),
 * so a message out of view in a long form is never missed. Nothing when none.
 */
export function NeedsAttention({ id, count, className = "" }: { id: string; count: number; className?: string }) {
  if (count === 0) return null;
  return (
    <p id={id} data-attention className={`text-sm font-semibold text-red-700 ${className}`}>
      {attentionText(count)}
    </p>
  );
}
