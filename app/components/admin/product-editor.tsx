import { Fragment } from "react";
import { altTextErrors, formTexts, imageFields, imageTextOf, withImageText } from "../../../shared/content/alt-text";
import type { Category } from "../../../shared/content/category";
import { formFields } from "../../../shared/content/fields";
import { type Product, productFields, productForm, productInput } from "../../../shared/content/product";
import {
  ATTACHMENT_MAX_COUNT,
  ATTACHMENT_TEXTS,
  attachmentTitlesInput,
  type ProductAttachment,
} from "../../../shared/content/product-attachments";
import { LIMITS } from "../../../shared/schemas/fields";
import { errorDetail } from "../../lib/api-client";
import { AttachmentsField, type NewAttachment } from "./attachments-field";
import {
  DeclaredField,
  DeclaredRows,
  type FieldValue,
  type FormField,
  formText,
  initialValue,
  requiredErrors,
} from "./declared-field";
import { EditorDialog, useEditorForm } from "./editor-form";
import { CheckboxField, ImageField, MultiImageField, SelectField, TextField } from "./fields";
import { zodErrors } from "./form-utils";
import { KeyFiguresFields, type KeyFigureValues, keyFigureInput, keyFigureValues } from "./key-figures-fields";
import { OldAddresses } from "./old-addresses";

/**
 * Add / edit a product (SPEC §5). Its fields come from their declarations (shared/content/product.ts): each
 * is drawn by its control, checked by its required message and the shared schema. What is special about a
 * product is in the parts the declaration names: the subcategory, required when the category has any and
 * cleared when the category changes; the price or "Price on request"; the key figures. The main image is
 * required when adding; new additional images are added to the kept ones; PDF attachments are kept,
 * retitled or removed, and new ones added with a title each.
 */

const PRICE_TEXTS = { missing: "Please enter a price, or tick Price on request", notNumber: "Price must be a number" };
const SUBCATEGORY_TEXT = "Please choose a subcategory";

type Errors = Record<string, string>;
type Row = Record<string, string>;

/** The declared fields the form shows, in the declaration's order. */
const FORM: FormField[] = formFields(productFields);

/** The form's values: each declared field's by its name, and what the parts keep beside them. */
type ProductValues = Record<string, unknown> & {
  /** "Price on request": saved as no price. */
  onRequest: boolean;
  newImages: File[];
  newAttachments: NewAttachment[];
  /** Key figures, each typed in a unit of the staff member's choosing. */
  figures: KeyFigureValues;
};

const emptyRow = (f: FormField): Row => Object.fromEntries(Object.keys(f.columns ?? {}).map((k) => [k, ""]));

function startValue(f: FormField, editing: Product | null, initialCategory: string | undefined): unknown {
  const stored = editing ? (editing as unknown as Record<string, unknown>)[f.name] : undefined;
  if (f.name === "categoryId") return editing?.categoryId._id ?? initialCategory ?? "";
  switch (f.control) {
    case "rows":
      return Array.isArray(stored) && stored.length > 0 ? stored.map((r) => ({ ...r })) : [emptyRow(f)];
    case "images":
      return Array.isArray(stored) ? [...stored] : [];
    case "attachments":
      return Array.isArray(stored) ? stored.map((a: ProductAttachment) => ({ ...a })) : [];
    default:
      return initialValue(f, stored);
  }
}

function initialValues(editing: Product | null, initialCategory: string | undefined): ProductValues {
  const values = Object.fromEntries(FORM.map((f) => [f.name, startValue(f, editing, initialCategory)]));
  return {
    ...values,
    ...formTexts(productFields, editing as unknown as Record<string, unknown> | null),
    onRequest: editing ? editing.price == null : false,
    newImages: [],
    newAttachments: [],
    figures: keyFigureValues(editing),
  };
}

const subcategoriesOf = (categories: Category[], categoryId: unknown) =>
  categories.find((c) => c._id === categoryId)?.subcategories ?? [];
const textOf = (v: unknown) => (typeof v === "string" ? v.trim() : "");

/** The product as the API takes it (and the shared schema checks it), from the form's values. */
function toInput(v: ProductValues, categories: Category[]): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const f of FORM) {
    const value = v[f.name];
    if (f.control === "image") continue; // a chosen file goes in the multipart body
    if (f.name === "subcategoryId") input[f.name] = subcategoriesOf(categories, v.categoryId).length > 0 ? textOf(value) : "";
    else if (f.name === "price") input[f.name] = v.onRequest ? "" : textOf(value);
    else if (f.control === "attachments")
      input[f.name] = (value as ProductAttachment[]).map((a) => ({ title: a.title.trim(), url: a.url }));
    else input[f.name] = typeof value === "string" ? value.trim() : value;
  }
  // Each image's alt text and mark (shared/content/alt-text.ts), drawn by the image controls.
  for (const f of imageFields(productFields)) {
    input[f.alt] = f.many ? (v[f.alt] as string[]).map((t) => t.trim()) : textOf(v[f.alt]);
    input[f.decorative] = v[f.decorative];
  }
  return { ...input, ...keyFigureInput(v.figures) };
}

/** How many images an image field of the form shows (a product being edited always has its main image). */
const shownImages = (v: ProductValues, adding: boolean) => (name: string) =>
  name === "mainImage" ? Number(!adding || v.mainImage instanceof File) : (v[name] as string[]).length + v.newImages.length;

/** SPEC §5's checks, then the shared schema's for the rest (lengths, rows without a name, key figures, titles). */
function validate(v: ProductValues, adding: boolean, categories: Category[]): Errors {
  const found: Errors = requiredErrors(FORM, v);
  for (const f of FORM) {
    if (f.required && f.control === "image" && adding && !(v[f.name] instanceof File)) found[f.name] = f.required;
  }
  Object.assign(found, altTextErrors(productFields, v, shownImages(v, adding)));
  if (subcategoriesOf(categories, v.categoryId).length > 0 && !v.subcategoryId) found.subcategoryId = SUBCATEGORY_TEXT;
  if (!v.onRequest) {
    const price = textOf(v.price);
    if (!price) found.price = PRICE_TEXTS.missing;
    else if (!Number.isFinite(Number(price))) found.price = PRICE_TEXTS.notNumber;
  }
  const schema = zodErrors(productInput, toInput(v, categories));
  // The new attachments' titles, numbered as the API numbers them: attachmentTitles.N.
  const titles = zodErrors(
    attachmentTitlesInput,
    v.newAttachments.map((a) => a.title.trim()),
  );
  for (const [key, message] of Object.entries(titles)) schema[key ? `attachmentTitles.${key}` : "attachmentTitles"] = message;
  for (const [key, message] of Object.entries(schema)) {
    const field = key.split(".")[0] ?? key;
    if (!(field in found) && !(key in found)) found[key] = message;
  }
  const kept = (v.attachments as ProductAttachment[] | undefined)?.length ?? 0;
  if (kept + v.newAttachments.length > ATTACHMENT_MAX_COUNT) found.attachments = ATTACHMENT_TEXTS.tooMany;
  return found;
}

/** Multipart: texts as they are, lists as JSON text, and the new files. */
function toFormData(v: ProductValues, categories: Category[]): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(toInput(v, categories))) {
    form.append(key, formText(value));
  }
  for (const f of FORM) if (f.control === "image" && v[f.name] instanceof File) form.append(f.name, v[f.name] as File);
  for (const f of v.newImages) form.append("additionalImages", f);
  for (const a of v.newAttachments) form.append("attachments", a.file);
  if (v.newAttachments.length > 0) form.append("attachmentTitles", JSON.stringify(v.newAttachments.map((a) => a.title.trim())));
  return form;
}

/** The server's messages about attachments are shown at the Attachments fieldset (the rest as the failure). */
const attachmentPath = (path: string) => /^(attachments|attachmentTitles)(\.|$)/.test(path);

type Form = ReturnType<typeof useEditorForm<ProductValues>>;

/** The category and the subcategory that depends on it (cleared when it does not belong to a new category). */
function CategoryChoice({ form, categories }: { form: Form; categories: Category[] }) {
  const { values, errors, set, clear } = form;
  const category = categories.find((c) => c._id === values.categoryId);
  const subcategories = category?.subcategories ?? [];
  const choose = (next: string) => {
    const keep = (id: unknown) => subcategoriesOf(categories, next).some((s) => s._id === id);
    form.setValues((v) => ({ ...v, categoryId: next, subcategoryId: keep(v.subcategoryId) ? v.subcategoryId : "" }));
    clear("categoryId", "subcategoryId");
  };
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        label={productFields.categoryId.label}
        value={textOf(values.categoryId)}
        onChange={choose}
        options={[{ value: "", label: "Choose a category" }, ...categories.map((c) => ({ value: c._id, label: c.name }))]}
        required
        error={errors.categoryId}
      />
      <SelectField
        label={productFields.subcategoryId.label}
        value={textOf(values.subcategoryId)}
        onChange={(v) => set("subcategoryId", v)}
        options={[
          { value: "", label: subcategories.length > 0 ? "Choose a subcategory" : "None" },
          ...subcategories.map((s) => ({ value: s._id, label: s.name })),
        ]}
        required={subcategories.length > 0}
        disabled={subcategories.length === 0}
        hint={
          !category
            ? "Choose a category first."
            : subcategories.length === 0
              ? "This category has no subcategories."
              : "Required for this category."
        }
        error={errors.subcategoryId}
      />
    </div>
  );
}

/** The price in whole rupees, or "Price on request" (saved as no price). */
function PriceOrOnRequest({ form }: { form: Form }) {
  const { values, errors, set } = form;
  return (
    <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
      <div>
        <TextField
          label="Price (₹)"
          value={values.onRequest ? "" : textOf(values.price)}
          onChange={(v) => set("price", v)}
          type="number"
          inputMode="numeric"
          min="0"
          step="1"
          required={!values.onRequest}
          error={values.onRequest ? undefined : errors.price}
          hint={values.onRequest ? "The product shows “Price on request”." : "In rupees, without decimals."}
        />
        <CheckboxField label="Price on request" checked={values.onRequest} onChange={(v) => set("onRequest", v, "price")} />
      </div>
    </div>
  );
}

const PARTS = { categoryChoice: CategoryChoice, priceOrOnRequest: PriceOrOnRequest, none: () => null };

/** One declared field of the product form: its part, or the control its declaration names. */
function ProductField({
  field,
  form,
  editing,
  categories,
}: {
  field: FormField;
  form: Form;
  editing: Product | null;
  categories: Category[];
}) {
  const { values, errors, set, clear } = form;
  const part = (productForm.parts as Record<string, keyof typeof PARTS>)[field.name];
  if (part) {
    const Part = PARTS[part];
    return <Part form={form} categories={categories} />;
  }
  const value = values[field.name];
  switch (field.control) {
    case "rows":
      return <DeclaredRows field={field} rows={value as Row[]} onChange={(rows) => set(field.name, rows)} errors={errors} />;
    case "image":
      return (
        <ImageField
          label={field.label}
          file={value instanceof File ? value : null}
          onChange={(f) => set(field.name, f)}
          currentUrl={(editing?.[field.name as keyof Product] as string | undefined) || undefined}
          required={!editing}
          error={errors[field.name]}
          hint={editing ? "Leave empty to keep the current image." : undefined}
          text={{
            value: imageTextOf(values, field.name),
            onChange: (t) => {
              form.setValues((v) => withImageText(v, field.name, t) as ProductValues);
              clear(`${field.name}Alt`);
            },
            error: errors[`${field.name}Alt`],
          }}
        />
      );
    case "images": {
      const kept = value as string[];
      const count = kept.length + values.newImages.length;
      const texts = Array.from({ length: count }, (_, i) => imageTextOf(values, field.name, i));
      const textErrors = Object.fromEntries(texts.map((_, i) => [i, errors[`${field.name}Alt.${i}`]]));
      return (
        <MultiImageField
          label={field.label}
          kept={kept}
          files={values.newImages}
          texts={texts}
          onChange={(next) => {
            form.setValues((v) => ({
              ...v,
              [field.name]: next.kept,
              newImages: next.files,
              [`${field.name}Alt`]: next.texts.map((t) => t.alt),
              [`${field.name}Decorative`]: next.texts.map((t) => t.decorative),
            }));
            clear(field.name, ...texts.map((_, i) => `${field.name}Alt.${i}`));
          }}
          max={field.max ?? LIMITS.additionalImages}
          error={errors[field.name]}
          textErrors={textErrors}
        />
      );
    }
    case "attachments":
      return (
        <AttachmentsField
          kept={value as ProductAttachment[]}
          added={values.newAttachments}
          onChange={(kept, newAttachments) => {
            form.setValues((v) => ({ ...v, [field.name]: kept, newAttachments }));
            clear(field.name, "attachmentTitles");
          }}
          errors={errors}
        />
      );
    default:
      return (
        <DeclaredField
          field={field}
          value={value as FieldValue}
          onChange={(v) => set(field.name, v)}
          error={errors[field.name]}
        />
      );
  }
}

interface Props {
  editing: Product | null;
  categories: Category[];
  /** The category pre-selected when adding (the list's filter). */
  initialCategory?: string;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

export function ProductEditor({ editing, categories, initialCategory, open, onClose, onSaved }: Props) {
  const form = useEditorForm<ProductValues>({
    entity: "Product",
    endpoint: editing ? `/api/product/${editing._id}` : "/api/product",
    adding: !editing,
    initial: () => initialValues(editing, initialCategory),
    validate: (v) => validate(v, !editing, categories),
    body: (v) => toFormData(v, categories),
    failure: (err) => `Error: ${errorDetail(err)}`,
    serverIssues: attachmentPath,
    onSaved,
  });

  return (
    <EditorDialog
      form={form}
      open={open}
      onClose={onClose}
      size="lg"
      className="space-y-5"
      history={editing ? { endpoint: `/api/product/${editing._id}`, onRestored: onSaved } : undefined}
    >
      {FORM.map((field) => (
        <Fragment key={field.name}>
          <ProductField field={field} form={form} editing={editing} categories={categories} />
          {field.name === productForm.keyFiguresAfter && (
            <KeyFiguresFields
              values={form.values.figures}
              onChange={(figures, changed) => form.set("figures", figures, changed)}
              errors={form.errors}
            />
          )}
        </Fragment>
      ))}
      <OldAddresses kind="product" recordId={editing?._id} />
    </EditorDialog>
  );
}
