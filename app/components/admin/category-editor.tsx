import { useId, useState } from "react";
import type { Category, CategoryFeature } from "../../../shared/content/category";
import { api, errorMessage } from "../../lib/api-client";
import { CloseIcon } from "../icons";
import { Dialog } from "./dialog";
import { FormErrors, ImageField, TextField, UploadProgress } from "./fields";
import { RowsField } from "./rows-field";
import { useToast } from "./toast";
import { buttonClass } from "./ui";

/**
 * Add / edit a category (SPEC §5: name required; description, image, features optional; a feature needs a
 * name before it can be added). Subcategories are added, renamed and removed here and sent as the complete
 * list `subcategories` [{_id?, name}]; the server refuses (409) to remove one that products use.
 */

export const CATEGORY_TEXTS = {
  saveFallback: "Failed to save category",
  nameRequired: "Please enter a category name",
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

export function CategoryEditor({ editing, open, onClose, onSaved }: Props) {
  const id = useId();
  const [name, setName] = useState(editing?.name ?? "");
  const [description, setDescription] = useState(editing?.description ?? "");
  const [file, setFile] = useState<File | null>(null);
  const [features, setFeatures] = useState<CategoryFeature[]>(editing?.features ?? []);
  const [featureName, setFeatureName] = useState("");
  const [featureDescription, setFeatureDescription] = useState("");
  const [featureError, setFeatureError] = useState<string | undefined>();
  const [subcategories, setSubcategories] = useState<SubcategoryRow[]>(
    editing?.subcategories.map((s) => ({ _id: s._id, name: s.name })) ?? [],
  );
  const [errors, setErrors] = useState<{ name?: string; subcategories?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const formId = `${id}-category-form`;

  const addFeature = () => {
    const featureTitle = featureName.trim();
    if (featureTitle === "") {
      setFeatureError(CATEGORY_TEXTS.featureNameRequired);
      document.getElementById(`${id}-feature-name`)?.focus();
      return;
    }
    const text = featureDescription.trim();
    if (!features.some((f) => f.name.toLowerCase() === featureTitle.toLowerCase())) {
      setFeatures([...features, text ? { name: featureTitle, description: text } : { name: featureTitle }]);
    }
    setFeatureName("");
    setFeatureDescription("");
    setFeatureError(undefined);
    document.getElementById(`${id}-feature-name`)?.focus();
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setFailure(null);
    const found: typeof errors = {};
    if (name.trim() === "") found.name = CATEGORY_TEXTS.nameRequired;
    const subs = subcategories.map((s) => ({ ...s, name: s.name.trim() }));
    if (subs.some((s) => s.name === "")) found.subcategories = CATEGORY_TEXTS.subcategoryNameRequired;
    else if (new Set(subs.map((s) => s.name.toLowerCase())).size !== subs.length)
      found.subcategories = CATEGORY_TEXTS.subcategoryDuplicate;
    setErrors(found);
    if (Object.keys(found).length > 0) return;

    const form = new FormData();
    form.append("name", name.trim());
    form.append("description", description.trim());
    form.append("features", JSON.stringify(features));
    form.append("subcategories", JSON.stringify(subs.map((s) => (s._id ? { _id: s._id, name: s.name } : { name: s.name }))));
    if (file) form.append("image", file);
    setBusy(true);
    setProgress(file ? 0 : null);
    try {
      await api(editing ? `/api/category/${editing._id}` : "/api/category", {
        method: editing ? "PUT" : "POST",
        form,
        onProgress: file ? setProgress : undefined,
      });
      toast.success(`Category ${editing ? "updated" : "added"} successfully!`);
      onSaved();
    } catch (err) {
      setFailure(errorMessage(err, CATEGORY_TEXTS.saveFallback));
      setBusy(false);
      setProgress(null);
    }
  };

  const messages = [...new Set([...Object.values(errors).filter((m): m is string => Boolean(m)), ...(failure ? [failure] : [])])];

  return (
    <Dialog
      open={open}
      title={editing ? "Edit Category" : "Add Category"}
      onClose={onClose}
      footer={
        <>
          <button type="button" className={buttonClass("secondary")} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className={buttonClass("primary")} disabled={busy}>
            {busy ? "Saving..." : editing ? "Save Changes" : "Add Category"}
          </button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-5">
        <TextField
          label="Name"
          value={name}
          onChange={(v) => {
            setName(v);
            if (errors.name) setErrors(({ name: _gone, ...rest }) => rest);
          }}
          required
          error={errors.name}
        />
        <TextField label="Description" value={description} onChange={setDescription} multiline rows={3} />
        <ImageField
          label="Image"
          file={file}
          onChange={setFile}
          currentUrl={editing?.image || undefined}
          hint={editing ? "Optional. Leave empty to keep the current image." : "Optional."}
        />

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
                    onClick={() => setFeatures(features.filter((x) => x !== f))}
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

        <RowsField
          id={`${id}-subcategories`}
          legend="Subcategories"
          hint={
            editing
              ? "Rename, add or remove subcategories. A subcategory that products use cannot be removed."
              : "Optional. Products of a category with subcategories must choose one."
          }
          columns={[{ key: "name", label: "Subcategory name" }]}
          rows={subcategories as Record<"name", string>[]}
          onChange={(rows) => {
            setSubcategories(rows as SubcategoryRow[]);
            if (errors.subcategories) setErrors(({ subcategories: _gone, ...rest }) => rest);
          }}
          addLabel="Add Subcategory"
          rowNoun="Subcategory"
          maxRows={100}
          error={errors.subcategories}
        />
        <UploadProgress fraction={progress} />
        <FormErrors messages={messages} />
      </form>
    </Dialog>
  );
}
