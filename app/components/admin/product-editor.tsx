import { useId, useState } from "react";
import type { Category } from "../../../shared/content/category";
import { type Product, type ProductFeature, type ProductSpecification, productInput } from "../../../shared/content/product";
import { LIMITS } from "../../../shared/schemas/fields";
import { api, errorDetail } from "../../lib/api-client";
import { Dialog } from "./dialog";
import { CheckboxField, FormErrors, ImageField, MultiImageField, SelectField, TextField, UploadProgress } from "./fields";
import { rowErrorsOf, zodErrors } from "./form-utils";
import { RowsField } from "./rows-field";
import { useToast } from "./toast";
import { buttonClass } from "./ui";

/**
 * Add / edit a product (SPEC §5): category, name, short and full description and a numeric price are
 * required (or "Price on request", which the server stores as no price); a subcategory is required when the
 * category has any and is cleared when the category changes; at least one specification row and one feature
 * row remain; the main image is required when adding; new additional images are added to the kept ones.
 */

export const PRODUCT_TEXTS = {
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

const specRows = (p: Product | null): ProductSpecification[] =>
  p?.specifications.length ? p.specifications.map((s) => ({ ...s })) : [{ specName: "", specValue: "" }];
const featureRows = (p: Product | null): ProductFeature[] =>
  p?.features.length ? p.features.map((f) => ({ ...f })) : [{ featureName: "", featureValue: "" }];

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
  const [categoryId, setCategoryId] = useState(editing?.categoryId?._id ?? initialCategory ?? "");
  const [subcategoryId, setSubcategoryId] = useState(editing?.subcategoryId ?? "");
  const [name, setName] = useState(editing?.name ?? "");
  const [shortDescription, setShortDescription] = useState(editing?.shortDescription ?? "");
  const [fullDescription, setFullDescription] = useState(editing?.fullDescription ?? "");
  const [price, setPrice] = useState(editing?.price != null ? String(editing.price) : "");
  const [onRequest, setOnRequest] = useState(editing ? editing.price == null : false);
  const [specifications, setSpecifications] = useState(() => specRows(editing));
  const [features, setFeatures] = useState(() => featureRows(editing));
  const [mainImage, setMainImage] = useState<File | null>(null);
  const [kept, setKept] = useState<string[]>(editing?.additionalImages ?? []);
  const [added, setAdded] = useState<File[]>([]);
  const [featured, setFeatured] = useState(editing?.featured ?? false);
  const [rating, setRating] = useState(editing?.rating != null ? String(editing.rating) : "");
  const [reviewCount, setReviewCount] = useState(editing?.reviewCount != null ? String(editing.reviewCount) : "");
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const formId = `${id}-product-form`;

  const category = categories.find((c) => c._id === categoryId);
  const subcategories = category?.subcategories ?? [];
  const clear = (...keys: string[]) =>
    setErrors((all) => {
      if (!keys.some((k) => k in all)) return all;
      const next = { ...all };
      for (const k of keys) delete next[k];
      return next;
    });

  const chooseCategory = (next: string) => {
    setCategoryId(next);
    const nextSubs = categories.find((c) => c._id === next)?.subcategories ?? [];
    // A subcategory that does not belong to the new category is cleared (SPEC §5).
    if (!nextSubs.some((s) => s._id === subcategoryId)) setSubcategoryId("");
    clear("categoryId", "subcategoryId");
  };

  const validate = (): Errors => {
    const found: Errors = {};
    if (!categoryId) found.categoryId = PRODUCT_TEXTS.category;
    if (subcategories.length > 0 && !subcategoryId) found.subcategoryId = PRODUCT_TEXTS.subcategory;
    if (!name.trim()) found.name = PRODUCT_TEXTS.name;
    if (!shortDescription.trim()) found.shortDescription = PRODUCT_TEXTS.shortDescription;
    if (!onRequest) {
      if (!price.trim()) found.price = PRODUCT_TEXTS.price;
      else if (!Number.isFinite(Number(price.trim()))) found.price = PRODUCT_TEXTS.priceNumber;
    }
    if (!fullDescription.trim()) found.fullDescription = PRODUCT_TEXTS.fullDescription;
    if (!editing && !mainImage) found.mainImage = PRODUCT_TEXTS.mainImage;
    // Everything else (lengths, rows without a name, rating 0–5, whole review counts): the shared schema.
    const schema = zodErrors(productInput, {
      categoryId,
      subcategoryId: subcategoryId || null,
      name,
      shortDescription,
      fullDescription,
      price: onRequest ? "" : price.trim(),
      specifications,
      features,
      rating: rating.trim(),
      reviewCount: reviewCount.trim(),
      featured,
    });
    for (const [key, message] of Object.entries(schema)) {
      const field = key.split(".")[0] ?? key;
      if (!(field in found) && !(key in found)) found[key] = message;
    }
    return found;
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setFailure(null);
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;

    const form = new FormData();
    form.append("categoryId", categoryId);
    form.append("subcategoryId", subcategories.length > 0 ? subcategoryId : "");
    form.append("name", name.trim());
    form.append("shortDescription", shortDescription.trim());
    form.append("price", onRequest ? "" : price.trim());
    form.append("fullDescription", fullDescription.trim());
    form.append("specifications", JSON.stringify(specifications));
    form.append("features", JSON.stringify(features));
    form.append("featured", featured ? "true" : "false");
    form.append("rating", rating.trim());
    form.append("reviewCount", reviewCount.trim());
    form.append("additionalImages", JSON.stringify(kept));
    if (mainImage) form.append("mainImage", mainImage);
    for (const f of added) form.append("additionalImages", f);
    const hasFiles = Boolean(mainImage) || added.length > 0;
    setBusy(true);
    setProgress(hasFiles ? 0 : null);
    try {
      await api(editing ? `/api/product/${editing._id}` : "/api/product", {
        method: editing ? "PUT" : "POST",
        form,
        onProgress: hasFiles ? setProgress : undefined,
      });
      toast.success(`Product ${editing ? "updated" : "added"} successfully!`);
      onSaved();
    } catch (err) {
      setFailure(`Error: ${errorDetail(err)}`);
      setBusy(false);
      setProgress(null);
    }
  };

  const specErrors = rowErrorsOf(errors, "specifications");
  const featureErrors = rowErrorsOf(errors, "features");
  const messages = [...new Set([...Object.values(errors), ...(failure ? [failure] : [])])];

  return (
    <Dialog
      open={open}
      size="lg"
      title={editing ? "Edit Product" : "Add Product"}
      onClose={onClose}
      footer={
        <>
          <button type="button" className={buttonClass("secondary")} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className={buttonClass("primary")} disabled={busy}>
            {busy ? "Saving..." : editing ? "Save Changes" : "Add Product"}
          </button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Category"
            value={categoryId}
            onChange={chooseCategory}
            options={[{ value: "", label: "Choose a category" }, ...categories.map((c) => ({ value: c._id, label: c.name }))]}
            required
            error={errors.categoryId}
          />
          <SelectField
            label="Subcategory"
            value={subcategoryId}
            onChange={(v) => {
              setSubcategoryId(v);
              clear("subcategoryId");
            }}
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
        <TextField
          label="Name"
          value={name}
          onChange={(v) => {
            setName(v);
            clear("name");
          }}
          required
          error={errors.name}
        />
        <TextField
          label="Short description"
          value={shortDescription}
          onChange={(v) => {
            setShortDescription(v);
            clear("shortDescription");
          }}
          required
          multiline
          rows={2}
          error={errors.shortDescription}
        />
        <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
          <div>
            <TextField
              label="Price (₹)"
              value={onRequest ? "" : price}
              onChange={(v) => {
                setPrice(v);
                clear("price");
              }}
              type="number"
              inputMode="numeric"
              min="0"
              step="1"
              required={!onRequest}
              error={onRequest ? undefined : errors.price}
              hint={onRequest ? "The product shows “Price on request”." : "In rupees, without decimals."}
            />
            <CheckboxField
              label="Price on request"
              checked={onRequest}
              onChange={(v) => {
                setOnRequest(v);
                clear("price");
              }}
            />
          </div>
          <div className="grid grid-cols-2 gap-4">
            <TextField
              label="Rating (0–5)"
              value={rating}
              onChange={(v) => {
                setRating(v);
                clear("rating");
              }}
              type="number"
              inputMode="decimal"
              min="0"
              max="5"
              step="0.1"
              error={errors.rating}
              hint="Optional."
            />
            <TextField
              label="Review count"
              value={reviewCount}
              onChange={(v) => {
                setReviewCount(v);
                clear("reviewCount");
              }}
              type="number"
              inputMode="numeric"
              min="0"
              step="1"
              error={errors.reviewCount}
              hint="Optional."
            />
          </div>
        </div>
        <CheckboxField label="Featured product (shown on the home page)" checked={featured} onChange={setFeatured} />
        <TextField
          label="Full description"
          value={fullDescription}
          onChange={(v) => {
            setFullDescription(v);
            clear("fullDescription");
          }}
          required
          multiline
          rows={5}
          error={errors.fullDescription}
        />
        <RowsField
          id={`${id}-specs`}
          legend="Specifications"
          columns={[
            { key: "specName", label: "Specification name", placeholder: "Name (e.g. Free air delivery)" },
            { key: "specValue", label: "Specification value", placeholder: "Value (e.g. 8.5 m³/min)" },
          ]}
          rows={specifications}
          onChange={(rows) => {
            setSpecifications(rows);
            clear(...Object.keys(errors).filter((k) => k.startsWith("specifications")));
          }}
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
          rows={features}
          onChange={(rows) => {
            setFeatures(rows);
            clear(...Object.keys(errors).filter((k) => k.startsWith("features")));
          }}
          minRows={1}
          addLabel="Add Feature"
          rowNoun="Feature"
          maxRows={LIMITS.listItems}
          error={featureErrors.list}
          rowErrors={featureErrors.rows}
        />
        <ImageField
          label="Main image"
          file={mainImage}
          onChange={(f) => {
            setMainImage(f);
            clear("mainImage");
          }}
          currentUrl={editing?.mainImage || undefined}
          required={!editing}
          error={errors.mainImage}
          hint={editing ? "Leave empty to keep the current image." : undefined}
        />
        <MultiImageField
          label="Additional images"
          kept={kept}
          onKeptChange={setKept}
          files={added}
          onFilesChange={setAdded}
          max={LIMITS.additionalImages}
          error={errors.additionalImages}
        />
        <UploadProgress fraction={progress} />
        <FormErrors messages={messages} />
      </form>
    </Dialog>
  );
}
