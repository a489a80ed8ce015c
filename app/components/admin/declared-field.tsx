import { type ComponentProps, useId } from "react";
import type { AnyField } from "../../../shared/content/fields";
import { LIMITS } from "../../../shared/schemas/fields";
import { CheckboxField, ImageField, ListField, SelectField, StarField, TextField } from "./fields";
import { rowErrorsOf } from "./form-utils";
import { RowsField } from "./rows-field";

/**
 * The admin control of one declared field (shared/content/fields.ts), chosen by its `control`: every edit
 * dialog that shows declared fields draws them here, so a new field needs no form code.
 */

/** A declared field's value in the form: text (numbers and dates as typed), a list of texts, yes/no, or a chosen file. */
export type FieldValue = string | string[] | boolean | File | null;
export type FormField = AnyField & { name: string };

/** The form's starting value of a field, from the record as the API answered it (or a new one). */
export function initialValue(field: FormField, stored: unknown): FieldValue {
  switch (field.control) {
    case "image":
      return null;
    case "strings":
      return Array.isArray(stored) ? stored.map(String) : [];
    case "checkbox":
      return stored === true;
    default:
      return stored === undefined || stored === null ? "" : String(stored);
  }
}

/** Whether a required field is left empty (an image is checked on its own: a record may keep its current one). */
function isBlank(field: FormField, value: FieldValue): boolean {
  if (field.control === "image" || field.control === "checkbox") return false;
  return Array.isArray(value) ? value.length === 0 : typeof value !== "string" || value.trim() === "";
}

/** SPEC §5's message of each required field left empty (images are checked apart: a record may keep its own). */
export function requiredErrors(form: FormField[], values: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of form) if (f.required && isBlank(f, (values[f.name] ?? "") as FieldValue)) errors[f.name] = f.required;
  return errors;
}

/** A value as a multipart form sends it: text as it is, yes/no as "true"/"false", lists and records as JSON. */
export const formText = (value: unknown): string =>
  typeof value === "string" ? value : typeof value === "boolean" ? String(value) : JSON.stringify(value);

interface Props {
  field: FormField;
  value: FieldValue;
  onChange: (value: FieldValue) => void;
  error?: string;
  /** Images: the record's current one (kept when no file is chosen). */
  currentUrl?: string;
  /** Record choices ("record" fields): the records to choose from. */
  choices?: { value: string; label: string }[];
  /** Images: their alt text and decorative mark (shared/content/alt-text.ts). */
  text?: ComponentProps<typeof ImageField>["text"];
}

export function DeclaredField({ field, value, onChange, error, currentUrl, choices = [], text: imageText }: Props) {
  const text = typeof value === "string" ? value : "";
  const required = Boolean(field.required);
  switch (field.control) {
    case "image":
      return (
        <ImageField
          label={field.label}
          file={value instanceof File ? value : null}
          onChange={onChange}
          currentUrl={currentUrl}
          required={required}
          error={error}
          hint={field.hint ?? (currentUrl ? "Leave empty to keep the current image." : undefined)}
          text={imageText}
        />
      );
    case "strings":
      return (
        <ListField
          label={field.label}
          items={Array.isArray(value) ? value : []}
          onChange={onChange}
          inputLabel={field.itemLabel ?? `New ${field.label.toLowerCase()}`}
          error={error}
        />
      );
    case "stars":
      return <StarField label={field.label} value={text} onChange={onChange} />;
    case "checkbox":
      return <CheckboxField label={field.label} checked={value === true} onChange={onChange} />;
    case "select":
    case "record":
      return (
        <SelectField
          label={field.label}
          value={text}
          onChange={onChange}
          options={field.record ? [{ value: "", label: field.record.none }, ...choices] : [...(field.options ?? [])]}
          required={required}
          error={error}
          hint={field.hint}
        />
      );
    case "number":
    case "money":
    case "date":
      return (
        <TextField
          label={field.unit ? `${field.label} (${field.unit})` : field.label}
          value={text}
          onChange={onChange}
          type={field.control === "date" ? "date" : "number"}
          inputMode={field.control === "date" ? undefined : "decimal"}
          step={field.control === "money" ? "0.01" : field.column.type === "numeric" ? "any" : "1"}
          required={required}
          error={error}
          hint={field.hint}
        />
      );
    default:
      return (
        <TextField
          label={field.label}
          value={text}
          onChange={onChange}
          required={required}
          multiline={field.control === "textarea"}
          rows={field.rows}
          type={field.inputType}
          placeholder={field.placeholder}
          error={error}
          hint={field.hint}
        />
      );
  }
}

type Row = Record<string, string>;

/**
 * A declared list of rows (`rows` in shared/content/fields.ts): a box per cell, the "Add …" button and each
 * row's message (errors by path, "<name>.<row>").
 */
export function DeclaredRows({
  field,
  rows,
  onChange,
  errors,
}: {
  field: FormField;
  rows: Row[];
  onChange: (rows: Row[]) => void;
  errors: Record<string, string>;
}) {
  const id = useId();
  const rowErrors = rowErrorsOf(errors, field.name);
  const columns = Object.entries(field.columns ?? {});
  const noun = field.list?.noun ?? (columns[0]?.[1] ?? field.label).replace(/ name$/, "");
  return (
    <RowsField
      id={`${id}-${field.name}`}
      legend={field.label}
      columns={columns.map(([key, label]) => ({
        key,
        label,
        placeholder: field.placeholders?.[key],
        type: field.cellTypes?.[key],
      }))}
      rows={rows}
      onChange={onChange}
      minRows={field.list?.min ?? 1}
      reorder={field.list?.reorder}
      addLabel={field.list?.add ?? `Add ${noun}`}
      rowNoun={noun}
      maxRows={field.list?.max ?? LIMITS.listItems}
      error={rowErrors.list}
      rowErrors={rowErrors.rows}
    />
  );
}
