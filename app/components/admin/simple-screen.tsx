import { useState } from "react";
import { useRevalidator } from "react-router";
import type { z } from "zod";
import type { AdminScreen, AnyListContent, CardView, FieldErrors, FormValues } from "../../../shared/content/define";
import { api, errorMessage } from "../../lib/api-client";
import { ResponsiveImage } from "../responsive-image";
import type { ListData } from "./data";
import { Dialog, useConfirm } from "./dialog";
import { FormErrors, ImageField, ListField, SelectField, StarField, TextField, UploadProgress } from "./fields";
import { useToast } from "./toast";
import { buttonClass, EditDeleteButtons, EmptyState, ErrorState, PageHeader } from "./ui";

/**
 * The management screen of a simple list entity (banners, industrial content, testimonials, story
 * sections, facilities, team members, core values, services): a list of cards, add/edit in a dialog,
 * delete after a confirmation. Each entity configures its fields, its SPEC §5 checks and its §8 texts.
 */

/** The declaration's admin screen with where it saves and the schema it checks against. */
type ScreenConfig<T> = AdminScreen<T> & { endpoint: string; schema: z.ZodType };

function initialValues<T extends { _id: string }>(config: ScreenConfig<T>, item: T | null): FormValues {
  const values: FormValues = {};
  for (const f of config.fields) {
    if (f.kind === "image") continue;
    const raw = item ? (item as unknown as Record<string, unknown>)[f.name] : undefined;
    values[f.name] =
      f.kind === "list" ? (Array.isArray(raw) ? raw.map(String) : []) : raw === undefined || raw === null ? "" : String(raw);
  }
  return values;
}

function compact(errors: Record<string, string | undefined>): FieldErrors {
  const out: FieldErrors = {};
  for (const [k, v] of Object.entries(errors)) if (v) out[k] = v;
  return out;
}

function imageOf(item: unknown, name: string): string {
  const v = (item as Record<string, unknown> | null)?.[name];
  return typeof v === "string" ? v : "";
}

function toFormData(config: ScreenConfig<{ _id: string }>, values: FormValues, files: Record<string, File | null>): FormData {
  const form = new FormData();
  for (const f of config.fields) {
    if (f.kind === "image") {
      const file = files[f.name];
      if (file) form.append(f.upload ?? f.name, file);
      continue;
    }
    const v = values[f.name];
    form.append(f.name, Array.isArray(v) ? JSON.stringify(v) : (v ?? "").trim());
  }
  return form;
}

/** zod issues of the shared schema, by field (only for fields the spec's checks passed). */
function schemaErrors(schema: z.ZodType, values: FormValues): FieldErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "");
    if (key && !(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

interface EditorProps<T extends { _id: string }> {
  config: ScreenConfig<T>;
  editing: T | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

export function EntityEditor<T extends { _id: string }>({ config, editing, open, onClose, onSaved }: EditorProps<T>) {
  const [values, setValues] = useState<FormValues>(() => initialValues(config, editing));
  const [files, setFiles] = useState<Record<string, File | null>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const blocked = config.saveBlocked?.(values) ?? null;
  const formId = `${config.noun.replace(/\s+/g, "-")}-form`;

  const set = (name: string, value: string | string[]) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors(({ [name]: _gone, ...rest }) => rest);
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (busy || blocked) return;
    setFailure(null);
    const found = compact(config.validate(values, files, editing));
    const all = Object.keys(found).length > 0 ? found : schemaErrors(config.schema, values);
    setErrors(all);
    if (Object.keys(all).length > 0) return;
    const hasFile = Object.values(files).some(Boolean);
    setBusy(true);
    setProgress(hasFile ? 0 : null);
    try {
      await api(editing ? `${config.endpoint}/${editing._id}` : config.endpoint, {
        method: editing ? "PUT" : "POST",
        form: toFormData(config as unknown as ScreenConfig<{ _id: string }>, values, files),
        onProgress: hasFile ? setProgress : undefined,
      });
      toast.success(`${config.entity} ${editing ? "updated" : "added"} successfully!`);
      onSaved();
    } catch (err) {
      setFailure(errorMessage(err, config.texts.saveFallback));
      setBusy(false);
      setProgress(null);
    }
  };

  const messages = [...new Set([...Object.values(errors), ...(failure ? [failure] : [])])];

  return (
    <Dialog
      open={open}
      title={editing ? `Edit ${config.entity}` : `Add ${config.entity}`}
      onClose={onClose}
      footer={
        <>
          {blocked && (
            <p id={`${formId}-blocked`} className="mr-auto self-center text-sm text-slate-700">
              {blocked}
            </p>
          )}
          <button type="button" className={buttonClass("secondary")} onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            form={formId}
            className={buttonClass("primary")}
            disabled={busy || Boolean(blocked)}
            aria-describedby={blocked ? `${formId}-blocked` : undefined}
          >
            {busy ? "Saving..." : editing ? "Save Changes" : `Add ${config.entity}`}
          </button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        {config.fields.map((f) => {
          switch (f.kind) {
            case "image":
              return (
                <ImageField
                  key={f.name}
                  label={f.label}
                  file={files[f.name] ?? null}
                  onChange={(file) => {
                    setFiles((all) => ({ ...all, [f.name]: file }));
                    if (errors[f.name]) setErrors(({ [f.name]: _gone, ...rest }) => rest);
                  }}
                  currentUrl={imageOf(editing, f.name)}
                  required={f.required}
                  error={errors[f.name]}
                  hint={f.hint ?? (editing ? "Leave empty to keep the current image." : undefined)}
                />
              );
            case "list":
              return (
                <ListField
                  key={f.name}
                  label={f.label}
                  items={(values[f.name] as string[]) ?? []}
                  onChange={(items) => set(f.name, items)}
                  inputLabel={f.inputLabel ?? `New ${f.label.toLowerCase()}`}
                  error={errors[f.name]}
                />
              );
            case "stars":
              return (
                <StarField key={f.name} label={f.label} value={String(values[f.name] ?? "")} onChange={(v) => set(f.name, v)} />
              );
            case "select":
              return (
                <SelectField
                  key={f.name}
                  label={f.label}
                  value={String(values[f.name] ?? "")}
                  onChange={(v) => set(f.name, v)}
                  options={f.options ?? []}
                  required={f.required}
                  error={errors[f.name]}
                  hint={f.hint}
                />
              );
            default:
              return (
                <TextField
                  key={f.name}
                  label={f.label}
                  value={String(values[f.name] ?? "")}
                  onChange={(v) => set(f.name, v)}
                  required={f.required}
                  multiline={f.kind === "textarea"}
                  rows={f.rows}
                  error={errors[f.name]}
                  hint={f.hint}
                />
              );
          }
        })}
        <UploadProgress fraction={progress} />
        <FormErrors messages={messages} />
      </form>
    </Dialog>
  );
}

function Stars({ count }: { count: number }) {
  return (
    <p className="text-sm text-accent-600" role="img" aria-label={`${count} out of 5 stars`}>
      <span aria-hidden="true">{"★".repeat(count)}</span>
      <span aria-hidden="true" className="text-slate-400">
        {"★".repeat(5 - count)}
      </span>
    </p>
  );
}

export function EntityCard({
  view,
  fallbackTitle,
  onEdit,
  onDelete,
}: {
  view: CardView;
  fallbackTitle: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const title = view.title || fallbackTitle;
  const shownTags = view.tags?.slice(0, 3) ?? [];
  const more = (view.tags?.length ?? 0) - shownTags.length;
  return (
    <li className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      {view.image !== undefined && (
        <div className="aspect-video bg-slate-100">
          <ResponsiveImage
            src={view.image}
            alt=""
            sizes="(min-width: 1280px) 30vw, (min-width: 640px) 45vw, 100vw"
            className="h-full w-full object-cover"
          />
        </div>
      )}
      <div className="flex flex-1 flex-col p-4">
        <h2 className="text-base font-bold break-words text-slate-900">{title}</h2>
        {view.subtitle && <p className="text-sm font-medium text-brand-500">{view.subtitle}</p>}
        {view.stars ? <Stars count={view.stars} /> : null}
        {view.body && <p className="mt-2 line-clamp-3 text-sm break-words text-slate-600">{view.body}</p>}
        {shownTags.length > 0 && (
          <ul className="mt-3 space-y-1 text-sm text-slate-700">
            {shownTags.map((t) => (
              <li key={t} className="flex gap-2">
                <span aria-hidden="true" className="text-accent-600">
                  •
                </span>
                <span className="min-w-0 break-words">{t}</span>
              </li>
            ))}
            {more > 0 && <li className="text-slate-600">+ {more} more</li>}
          </ul>
        )}
        {view.extra && <p className="mt-2 text-xs text-slate-600">{view.extra}</p>}
        <div className="mt-auto flex gap-2 pt-4">
          <EditDeleteButtons name={title} onEdit={onEdit} onDelete={onDelete} />
        </div>
      </div>
    </li>
  );
}

/** Opens the add/edit dialog; `key` makes each opening start from a fresh form. */
export function useEditorState<T>() {
  const [state, setState] = useState<{ open: boolean; editing: T | null; key: number }>({ open: false, editing: null, key: 0 });
  return {
    ...state,
    openAdd: () => setState((s) => ({ open: true, editing: null, key: s.key + 1 })),
    openEdit: (item: T) => setState((s) => ({ open: true, editing: item, key: s.key + 1 })),
    close: () => setState((s) => ({ ...s, open: false })),
  };
}

export function SimpleScreen<T extends { _id: string }>({ content, data }: { content: AnyListContent; data: ListData<T> }) {
  const config: ScreenConfig<T> = { ...content.admin, endpoint: `/api${content.path}`, schema: content.input };
  const editor = useEditorState<T>();
  const revalidator = useRevalidator();
  const confirm = useConfirm();
  const toast = useToast();
  const addLabel = `Add ${config.entity}`;

  const remove = async (item: T) => {
    if (!(await confirm(`Are you sure you want to delete this ${config.noun}?`))) return;
    try {
      await api(`${config.endpoint}/${item._id}`, { method: "DELETE" });
      toast.success(`${config.entity} deleted successfully!`);
    } catch (err) {
      console.error(config.texts.deleteFailed, err);
      toast.error(config.texts.deleteFailed);
    }
    await revalidator.revalidate();
  };

  return (
    <div>
      <PageHeader
        title={config.title}
        description={config.description}
        actions={
          <button type="button" className={buttonClass("primary")} onClick={editor.openAdd}>
            + {addLabel}
          </button>
        }
      />
      {data.error ? (
        <ErrorState text={data.error} onRetry={() => revalidator.revalidate()} />
      ) : data.items.length === 0 ? (
        <EmptyState text={config.texts.empty} />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {data.items.map((item, i) => (
            <EntityCard
              key={item._id}
              view={config.card(item)}
              fallbackTitle={`${config.entity} ${i + 1}`}
              onEdit={() => editor.openEdit(item)}
              onDelete={() => remove(item)}
            />
          ))}
        </ul>
      )}
      <EntityEditor
        key={editor.key}
        config={config}
        editing={editor.editing}
        open={editor.open}
        onClose={editor.close}
        onSaved={() => {
          editor.close();
          revalidator.revalidate();
        }}
      />
    </div>
  );
}
