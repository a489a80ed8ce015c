import { useId, useState } from "react";
import { altTextErrors, type ImageText } from "../../../shared/content/alt-text";
import { type Category, type CategoryFeature, categoryFields, categoryForm } from "../../../shared/content/category";
import { formFields } from "../../../shared/content/fields";
import { errorMessage } from "../../lib/api-client";
import { CloseIcon } from "../icons";
import { DeclaredField, type FieldValue, type FormField, formText, initialValue, requiredErrors } from "./declared-field";
import { EditorDialog, useEditorForm } from "./editor-form";
import { ImageField } from "./fields";
import { OldAddresses } from "./old-addresses";
import { RowsField } from "./rows-field";
import { buttonClass } from "./screen-parts";

/**
 * Add / edit a category (SPEC §5: name required; description, image, features optional; a feature needs a
 * name before it can be added). Subcategories are added, renamed and removed here and sent as the complete
 * list `subcategories` [{_id?, name}]; the server refuses (409) to remove one that products use.
 */

const CATEGORY_TEXTS = {
  saveFallback: "Failed to save category",
  featureNameRequired: "Please enter a feature name",
  subcategoryNameRequired: "Every subcategory needs a name",
  subcategoryDuplicate: "Subcategory names must be different from each other",
};

interface SubcategoryRow {
  _id?: string;
  name: string;
}

interface Props {
  editing: Category | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** The declared fields the form draws, in the declaration's order (the image's alt text goes with the image). */
const FORM: FormField[] = formFields(categoryFields);

/** The form's values: each declared field's by its name, the chosen image file and its texts, the subcategories. */
type CategoryValues = Record<string, unknown> & {
  image: File | null;
  /** The image's alt text and decorative mark (shared/content/alt-text.ts). */
  imageText: ImageText;
  features: CategoryFeature[];
  subcategories: SubcategoryRow[];
};

const trimmed = (rows: SubcategoryRow[]) =>
  rows.map((s) => (s._id ? { _id: s._id, name: s.name.trim() } : { name: s.name.trim() }));

function initialValues(editing: Category | null): CategoryValues {
  const stored = (editing ?? {}) as Record<string, unknown>;
  const values = Object.fromEntries(FORM.map((f) => [f.name, initialValue(f, stored[f.name])]));
  return {
    ...values,
    image: null,
    imageText: { alt: editing?.imageAlt ?? "", decorative: editing?.imageDecorative ?? false },
    features: editing?.features ?? [],
    subcategories: editing?.subcategories.map((s) => ({ _id: s._id, name: s.name })) ?? [],
  };
}

function validate(v: CategoryValues, currentImage: string): Record<string, string> {
  const texts = { imageAlt: v.imageText.alt, imageDecorative: v.imageText.decorative };
  const found = altTextErrors(categoryFields, texts, () => Number(v.image !== null || currentImage !== ""));
  Object.assign(found, requiredErrors(FORM, v));
  const subs = trimmed(v.subcategories);
  if (subs.some((s) => s.name === "")) found.subcategories = CATEGORY_TEXTS.subcategoryNameRequired;
  else if (new Set(subs.map((s) => s.name.toLowerCase())).size !== subs.length)
    found.subcategories = CATEGORY_TEXTS.subcategoryDuplicate;
  return found;
}

function toFormData(v: CategoryValues): FormData {
  const form = new FormData();
  for (const f of FORM) {
    if (f.control === "image") continue;
    const value = v[f.name];
    form.append(f.name, formText(typeof value === "string" ? value.trim() : value));
  }
  form.append("subcategories", JSON.stringify(trimmed(v.subcategories)));
  form.append("imageAlt", v.imageText.alt.trim());
  form.append("imageDecorative", String(v.imageText.decorative));
  if (v.image) form.append("image", v.image);
  return form;
}

/** Features added one at a time, each with a name and an optional description (the declaration's "featureList" part). */
function FeatureList({ features, onChange }: { features: CategoryFeature[]; onChange: (features: CategoryFeature[]) => void }) {
  const id = useId();
  const [featureName, setFeatureName] = useState("");
  const [featureDescription, setFeatureDescription] = useState("");
  const [featureError, setFeatureError] = useState<string | undefined>();

  const addFeature = () => {
    const featureTitle = featureName.trim();
    if (featureTitle === "") {
      setFeatureError(CATEGORY_TEXTS.featureNameRequired);
      document.getElementById(`${id}-feature-name`)?.focus();
      return;
    }
    const text = featureDescription.trim();
    if (!features.some((f) => f.name.toLowerCase() === featureTitle.toLowerCase())) {
      onChange([...features, text ? { name: featureTitle, description: text } : { name: featureTitle }]);
    }
    setFeatureName("");
    setFeatureDescription("");
    setFeatureError(undefined);
    document.getElementById(`${id}-feature-name`)?.focus();
  };
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1 text-sm font-semibold text-slate-800">Features</legend>
      <p className="mb-2 text-xs text-slate-600">Add features one at a time. The category card shows the first 4.</p>
      {features.length > 0 && (
        <ul aria-label="Features" className="mb-3 space-y-2">
          {features.map((f) => (
            <li
              key={f.name}
              className="flex items-start gap-2 rounded-md border border-slate-200 bg-slate-50 py-2 pr-2 pl-3 text-sm"
            >
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-words text-slate-900">{f.name}</p>
                {f.description && <p className="break-words text-slate-600">{f.description}</p>}
              </div>
              <button
                type="button"
                onClick={() => onChange(features.filter((x) => x !== f))}
                className="grid h-8 w-8 shrink-0 place-items-center rounded-md text-red-700 hover:bg-red-50"
              >
                <CloseIcon className="h-4 w-4" />
                <span className="sr-only">Remove feature {f.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="grid gap-2 sm:grid-cols-[1fr_1.5fr_auto] sm:items-start">
        <div>
          <label htmlFor={`${id}-feature-name`} className="sr-only">
            Feature name
          </label>
          <input
            id={`${id}-feature-name`}
            value={featureName}
            placeholder="Feature name"
            aria-invalid={featureError ? true : undefined}
            aria-describedby={featureError ? `${id}-feature-error` : undefined}
            onChange={(e) => {
              setFeatureName(e.target.value);
              if (featureError && e.target.value.trim()) setFeatureError(undefined);
            }}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                addFeature();
              }
            }}
            className={`block w-full rounded-md border bg-white px-3 py-2 text-sm placeholder:text-slate-500 focus:outline-2 focus:outline-brand-500 ${featureError ? "border-red-600" : "border-slate-400"}`}
          />
        </div>
        <div>
          <label htmlFor={`${id}-feature-description`} className="sr-only">
            Feature description (optional)
          </label>
          <input
            id={`${id}-feature-description`}
            value={featureDescription}
            placeholder="Description (optional)"
            onChange={(e) => setFeatureDescription(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                addFeature();
              }
            }}
            className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm placeholder:text-slate-500 focus:outline-2 focus:outline-brand-500"
          />
        </div>
        <button type="button" onClick={addFeature} className={buttonClass("secondary")}>
          Add Feature
        </button>
      </div>
      {featureError && (
        <p id={`${id}-feature-error`} role="alert" className="mt-1 text-sm text-red-700">
          {featureError}
        </p>
      )}
    </fieldset>
  );
}

export function CategoryEditor({ editing, open, onClose, onSaved }: Props) {
  const id = useId();
  const form = useEditorForm<CategoryValues>({
    entity: "Category",
    endpoint: editing ? `/api/category/${editing._id}` : "/api/category",
    adding: !editing,
    initial: () => initialValues(editing),
    validate: (v) => validate(v, editing?.image ?? ""),
    body: toFormData,
    failure: (err) => errorMessage(err, CATEGORY_TEXTS.saveFallback),
    onSaved,
  });
  const { values, errors, set } = form;

  return (
    <EditorDialog
      form={form}
      open={open}
      onClose={onClose}
      className="space-y-5"
      history={editing ? { endpoint: `/api/category/${editing._id}`, onRestored: onSaved } : undefined}
    >
      {FORM.map((f) =>
        f.control === "image" ? (
          <ImageField
            key={f.name}
            label={f.label}
            file={values.image}
            onChange={(file) => set("image", file)}
            currentUrl={editing?.image || undefined}
            hint={editing ? "Optional. Leave empty to keep the current image." : "Optional."}
            text={{ value: values.imageText, onChange: (t) => set("imageText", t, "imageAlt"), error: errors.imageAlt }}
          />
        ) : categoryForm.parts[f.name as keyof typeof categoryForm.parts] === "featureList" ? (
          <FeatureList key={f.name} features={values.features} onChange={(features) => set("features", features)} />
        ) : (
          <DeclaredField
            key={f.name}
            field={f}
            value={values[f.name] as FieldValue}
            onChange={(v) => set(f.name, v)}
            error={errors[f.name]}
          />
        ),
      )}

      <RowsField
        id={`${id}-subcategories`}
        legend="Subcategories"
        hint={
          editing
            ? "Rename, add or remove subcategories. A subcategory that products use cannot be removed."
            : "Optional. Products of a category with subcategories must choose one."
        }
        columns={[{ key: "name", label: "Subcategory name" }]}
        rows={values.subcategories as Record<"name", string>[]}
        onChange={(rows) => set("subcategories", rows as SubcategoryRow[])}
        addLabel="Add Subcategory"
        rowNoun="Subcategory"
        maxRows={100}
        error={errors.subcategories}
      />
      <OldAddresses kind="category" recordId={editing?._id} />
    </EditorDialog>
  );
}
