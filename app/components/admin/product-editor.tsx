import { useId } from "react";
import type { Category } from "../../../shared/content/category";
import { type Product, type ProductFeature, type ProductSpecification, productInput } from "../../../shared/content/product";
import {
  ATTACHMENT_MAX_COUNT,
  ATTACHMENT_TEXTS,
  attachmentTitlesInput,
  type ProductAttachment,
} from "../../../shared/content/product-attachments";
import { LIMITS } from "../../../shared/schemas/fields";
import { errorDetail } from "../../lib/api-client";
import { AttachmentsField, type NewAttachment } from "./attachments-field";
import { EditorDialog, useEditorForm } from "./editor-form";
import { OldAddresses } from "./old-addresses";
import { CheckboxField, ImageField, MultiImageField, SelectField, TextField } from "./fields";
import { rowErrorsOf, zodErrors } from "./form-utils";
import { KeyFiguresFields, type KeyFigureValues, keyFigureInput, keyFigureValues } from "./key-figures-fields";
import { RowsField } from "./rows-field";

/**
 * Add / edit a product (SPEC §5): category, name, short and full description and a numeric price are
 * required (or "Price on request", which the server stores as no price); a subcategory is required when the
 * category has any and is cleared when the category changes; at least one specification row and one feature
 * row remain; the main image is required when adding; new additional images are added to the kept ones;
 * PDF attachments (issue 14) are kept, retitled or removed, and new ones added with a title each.
 */

const PRODUCT_TEXTS = {
  category: "Please choose a category",
  subcategory: "Please choose a subcategory",
  name: "Please enter a product name",
  shortDescription: "Please enter a short description",
  fullDescription: "Please enter a full description",
  price: "Please enter a price, or tick Price on request",
  priceNumber: "Price must be a number",
  mainImage: "Please upload a main image",
};

type Errors = Record<string, string>;

/** The form's values, by the server's field names. */
interface ProductValues {
  categoryId: string;
  subcategoryId: string;
  name: string;
  shortDescription: string;
  fullDescription: string;
  price: string;
  /** "Price on request": saved as no price. */
  onRequest: boolean;
  specifications: ProductSpecification[];
  features: ProductFeature[];
  mainImage: File | null;
  /** The additional images kept. */
  additionalImages: string[];
  /** The additional images added. */
  newImages: File[];
  /** The attachments kept (titles may change). */
  attachments: ProductAttachment[];
  /** The attachments added, uploaded on save. */
  newAttachments: NewAttachment[];
  featured: boolean;
  /** Key figures, each typed in a unit of the staff member's choosing. */
  figures: KeyFigureValues;
}

const specRows = (p: Product | null): ProductSpecification[] =>
  p?.specifications.length ? p.specifications.map((s) => ({ ...s })) : [{ specName: "", specValue: "" }];
const featureRows = (p: Product | null): ProductFeature[] =>
  p?.features.length ? p.features.map((f) => ({ ...f })) : [{ featureName: "", featureValue: "" }];
const numberText = (n: number | null | undefined) => (n != null ? String(n) : "");

function initialValues(editing: Product | null, initialCategory: string | undefined): ProductValues {
  return {
    categoryId: editing?.categoryId?._id ?? initialCategory ?? "",
    subcategoryId: editing?.subcategoryId ?? "",
    name: editing?.name ?? "",
    shortDescription: editing?.shortDescription ?? "",
    fullDescription: editing?.fullDescription ?? "",
    price: numberText(editing?.price),
    onRequest: editing ? editing.price == null : false,
    specifications: specRows(editing),
    features: featureRows(editing),
    mainImage: null,
    additionalImages: editing?.additionalImages ?? [],
    newImages: [],
    attachments: editing?.attachments.map((a) => ({ ...a })) ?? [],
    newAttachments: [],
    featured: editing?.featured ?? false,
    figures: keyFigureValues(editing),
  };
}

const subcategoriesOf = (categories: Category[], categoryId: string) =>
  categories.find((c) => c._id === categoryId)?.subcategories ?? [];

function validate(v: ProductValues, adding: boolean, categories: Category[]): Errors {
  const found: Errors = {};
  if (!v.categoryId) found.categoryId = PRODUCT_TEXTS.category;
  if (subcategoriesOf(categories, v.categoryId).length > 0 && !v.subcategoryId) found.subcategoryId = PRODUCT_TEXTS.subcategory;
  if (!v.name.trim()) found.name = PRODUCT_TEXTS.name;
  if (!v.shortDescription.trim()) found.shortDescription = PRODUCT_TEXTS.shortDescription;
  if (!v.onRequest) {
    if (!v.price.trim()) found.price = PRODUCT_TEXTS.price;
    else if (!Number.isFinite(Number(v.price.trim()))) found.price = PRODUCT_TEXTS.priceNumber;
  }
  if (!v.fullDescription.trim()) found.fullDescription = PRODUCT_TEXTS.fullDescription;
  if (adding && !v.mainImage) found.mainImage = PRODUCT_TEXTS.mainImage;
  // Everything else (lengths, rows without a name, key figures, attachment titles): the shared schemas.
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
  if (v.attachments.length + v.newAttachments.length > ATTACHMENT_MAX_COUNT) found.attachments = ATTACHMENT_TEXTS.tooMany;
  return found;
}

/** The product as the API takes it (and the shared schema checks it), from the form's values. */
function toInput(v: ProductValues, categories: Category[]) {
  return {
    categoryId: v.categoryId,
    subcategoryId: subcategoriesOf(categories, v.categoryId).length > 0 ? v.subcategoryId : "",
    name: v.name.trim(),
    shortDescription: v.shortDescription.trim(),
    price: v.onRequest ? "" : v.price.trim(),
    fullDescription: v.fullDescription.trim(),
    specifications: v.specifications,
    features: v.features,
    featured: v.featured,
    additionalImages: v.additionalImages,
    attachments: v.attachments.map((a) => ({ title: a.title.trim(), url: a.url })),
    ...keyFigureInput(v.figures),
  };
}

/** Multipart: texts as they are, lists as JSON text, and the new files. */
function toFormData(v: ProductValues, categories: Category[]): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(toInput(v, categories))) {
    form.append(key, typeof value === "string" ? value : typeof value === "boolean" ? String(value) : JSON.stringify(value));
  }
  if (v.mainImage) form.append("mainImage", v.mainImage);
  for (const f of v.newImages) form.append("additionalImages", f);
  for (const a of v.newAttachments) form.append("attachments", a.file);
  if (v.newAttachments.length > 0) form.append("attachmentTitles", JSON.stringify(v.newAttachments.map((a) => a.title.trim())));
  return form;
}

/** The server's messages about attachments are shown at the Attachments fieldset (the rest as the failure). */
const attachmentPath = (path: string) => /^(attachments|attachmentTitles)(\.|$)/.test(path);

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
  const id = useId();
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
  const { values, errors, set, clear } = form;
  const category = categories.find((c) => c._id === values.categoryId);
  const subcategories = category?.subcategories ?? [];
  const text = (key: "name" | "shortDescription" | "fullDescription") => ({
    value: values[key],
    onChange: (v: string) => set(key, v),
    error: errors[key],
  });

  const chooseCategory = (next: string) => {
    // A subcategory that does not belong to the new category is cleared (SPEC §5).
    const keep = (subcategoryId: string) => subcategoriesOf(categories, next).some((s) => s._id === subcategoryId);
    form.setValues((v) => ({ ...v, categoryId: next, subcategoryId: keep(v.subcategoryId) ? v.subcategoryId : "" }));
    clear("categoryId", "subcategoryId");
  };

  const specErrors = rowErrorsOf(errors, "specifications");
  const featureErrors = rowErrorsOf(errors, "features");

  return (
    <EditorDialog
      form={form}
      open={open}
      onClose={onClose}
      size="lg"
      className="space-y-5"
      history={editing ? { endpoint: `/api/product/${editing._id}`, onRestored: onSaved } : undefined}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Category"
          value={values.categoryId}
          onChange={chooseCategory}
          options={[{ value: "", label: "Choose a category" }, ...categories.map((c) => ({ value: c._id, label: c.name }))]}
          required
          error={errors.categoryId}
        />
        <SelectField
          label="Subcategory"
          value={values.subcategoryId}
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
      <TextField label="Name" {...text("name")} required />
      <TextField label="Short description" {...text("shortDescription")} required multiline rows={2} />
      <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
        <div>
          <TextField
            label="Price (₹)"
            value={values.onRequest ? "" : values.price}
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
      <CheckboxField
        label="Featured product (shown on the home page)"
        checked={values.featured}
        onChange={(v) => set("featured", v)}
      />
      <TextField label="Full description" {...text("fullDescription")} required multiline rows={5} />
      <KeyFiguresFields
        values={values.figures}
        onChange={(figures, changed) => set("figures", figures, changed)}
        errors={errors}
      />
      <RowsField
        id={`${id}-specs`}
        legend="Specifications"
        columns={[
          { key: "specName", label: "Specification name", placeholder: "Name (e.g. Free air delivery)" },
          { key: "specValue", label: "Specification value", placeholder: "Value (e.g. 8.5 m³/min)" },
        ]}
        rows={values.specifications}
        onChange={(rows) => set("specifications", rows)}
        minRows={1}
        addLabel="Add Specification"
        rowNoun="Specification"
        maxRows={LIMITS.listItems}
        error={specErrors.list}
        rowErrors={specErrors.rows}
      />
      <RowsField
        id={`${id}-features`}
        legend="Features"
        columns={[
          { key: "featureName", label: "Feature name", placeholder: "Name (e.g. Drive)" },
          { key: "featureValue", label: "Feature value", placeholder: "Value (e.g. Direct coupled)" },
        ]}
        rows={values.features}
        onChange={(rows) => set("features", rows)}
        minRows={1}
        addLabel="Add Feature"
        rowNoun="Feature"
        maxRows={LIMITS.listItems}
        error={featureErrors.list}
        rowErrors={featureErrors.rows}
      />
      <ImageField
        label="Main image"
        file={values.mainImage}
        onChange={(f) => set("mainImage", f)}
        currentUrl={editing?.mainImage || undefined}
        required={!editing}
        error={errors.mainImage}
        hint={editing ? "Leave empty to keep the current image." : undefined}
      />
      <MultiImageField
        label="Additional images"
        kept={values.additionalImages}
        onKeptChange={(kept) => set("additionalImages", kept)}
        files={values.newImages}
        onFilesChange={(files) => set("newImages", files)}
        max={LIMITS.additionalImages}
        error={errors.additionalImages}
      />
      <AttachmentsField
        kept={values.attachments}
        added={values.newAttachments}
        onChange={(attachments, newAttachments) => {
          form.setValues((v) => ({ ...v, attachments, newAttachments }));
          clear("attachments", "attachmentTitles");
        }}
        errors={errors}
      />
      <OldAddresses kind="product" recordId={editing?._id} />
    </EditorDialog>
  );
}
