import { useState } from "react";
import { useRevalidator } from "react-router";
import type { z } from "zod";
import type { AdminScreen, AnyListContent, CardView, FieldErrors, FormValues } from "../../../shared/content/define";
import { api, errorMessage } from "../../lib/api-client";
import { ResponsiveImage } from "../responsive-image";
import { useCan } from "./current-user";
import type { Choice, ListData } from "./data";
import { useConfirm } from "./dialog";
import { EditorDialog, useEditorForm } from "./editor-form";
import { ImageField, ListField, SelectField, StarField, TextField } from "./fields";
import { zodErrors } from "./form-utils";
import { useToast } from "./toast";
import { AddButton, EditDeleteButtons, EmptyState, ErrorState, PageHeader } from "./ui";

/**
 * The management screen of a list type (shared/content/*: banners, industrial content, testimonials, story
 * sections, facilities, team members, core values, services, FAQ): a list of cards, add/edit in a dialog,
 * delete after a confirmation. The type's declaration gives the fields, its SPEC §5 checks and §8 texts.
 */

/** The declaration's admin screen with where it saves, the schema it checks against and its order field. */
type ScreenConfig<T> = AdminScreen<T> & {
  endpoint: string;
  schema: z.ZodType;
  sortField: string;
  /** The text when a record would have no image (the declaration's `image.requiredOnCreate`). */
  imageRequired?: string;
  /** The choices of a "product" field: every product. */
  products: Choice[];
};

/** A "product" field's first choice. */
const NO_PRODUCT = "None (about Pneuma in general)";

/** The name of the product a record's "product" field names, for its card; undefined when none. */
function productOf(config: ScreenConfig<{ _id: string }>, item: unknown): string | undefined {
  const field = config.fields.find((f) => f.kind === "product");
  const id = field ? (item as Record<string, unknown>)[field.name] : null;
  return typeof id === "string" ? (config.products.find((p) => p.value === id)?.label ?? "a product") : undefined;
}

/** The form's values by field name: text and lists, and the chosen file (or null) of each image field. */
type EditorValues = Record<string, string | string[] | File | null>;

function initialValues<T extends { _id: string }>(config: ScreenConfig<T>, item: T | null): EditorValues {
  const values: EditorValues = {};
  for (const f of config.fields) {
    const raw = item ? (item as unknown as Record<string, unknown>)[f.name] : undefined;
    values[f.name] =
      f.kind === "image"
        ? null
        : f.kind === "list"
          ? Array.isArray(raw)
            ? raw.map(String)
            : []
          : raw === undefined || raw === null
            ? ""
            : String(raw);
  }
  return values;
}

/** The text/list values and the image files, as the screen's checks take them. */
function split(config: ScreenConfig<{ _id: string }>, all: EditorValues) {
  const values: FormValues = {};
  const files: Record<string, File | null> = {};
  for (const f of config.fields) {
    const v = all[f.name];
    if (f.kind === "image") files[f.name] = v instanceof File ? v : null;
    else values[f.name] = typeof v === "string" || Array.isArray(v) ? v : "";
  }
  return { values, files };
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

function toFormData(config: ScreenConfig<{ _id: string }>, all: EditorValues): FormData {
  const { values, files } = split(config, all);
  const form = new FormData();
  for (const f of config.fields) {
    const file = files[f.name];
    if (f.kind !== "image") {
      const v = values[f.name];
      form.append(f.name, Array.isArray(v) ? JSON.stringify(v) : (v ?? "").trim());
    } else if (file) form.append(f.upload ?? f.name, file);
  }
  return form;
}

interface EditorProps<T extends { _id: string }> {
  config: ScreenConfig<T>;
  editing: T | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

function EntityEditor<T extends { _id: string }>({ config, editing, open, onClose, onSaved }: EditorProps<T>) {
  const screen = config as unknown as ScreenConfig<{ _id: string }>;
  const form = useEditorForm<EditorValues>({
    entity: config.entity,
    endpoint: editing ? `${config.endpoint}/${editing._id}` : config.endpoint,
    adding: !editing,
    initial: () => initialValues(config, editing),
    // The spec's checks first; the shared schema only when they pass.
    validate: (all) => {
      const { values, files } = split(screen, all);
      const image = config.fields.find((f) => f.kind === "image")?.name;
      const noImage = config.imageRequired && image && !files[image] && !imageOf(editing, image);
      const found = compact({ ...(noImage ? { [image]: config.imageRequired } : {}), ...config.validate?.(values) });
      if (Object.keys(found).length > 0) return found;
      return zodErrors(config.schema, values, 1);
    },
    blocked: (all) => config.saveBlocked?.(split(screen, all).values) ?? null,
    body: (all) => toFormData(screen, all),
    failure: (err) => errorMessage(err, config.texts.saveFallback),
    onSaved,
  });
  const { values, errors, set } = form;
  const text = (name: string) => (typeof values[name] === "string" ? values[name] : "");

  return (
    <EditorDialog
      form={form}
      open={open}
      onClose={onClose}
      formId={`${config.noun.replace(/\s+/g, "-")}-form`}
      history={editing ? { endpoint: `${config.endpoint}/${editing._id}`, onRestored: onSaved } : undefined}
    >
      {config.fields.map((f) => {
        switch (f.kind) {
          case "image":
            return (
              <ImageField
                key={f.name}
                label={f.label}
                file={(values[f.name] as File | null) ?? null}
                onChange={(file) => set(f.name, file)}
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
                items={Array.isArray(values[f.name]) ? (values[f.name] as string[]) : []}
                onChange={(items) => set(f.name, items)}
                inputLabel={f.inputLabel ?? `New ${f.label.toLowerCase()}`}
                error={errors[f.name]}
              />
            );
          case "stars":
            return <StarField key={f.name} label={f.label} value={text(f.name)} onChange={(v) => set(f.name, v)} />;
          case "product":
          case "select":
            return (
              <SelectField
                key={f.name}
                label={f.label}
                value={text(f.name)}
                onChange={(v) => set(f.name, v)}
                options={f.kind === "product" ? [{ value: "", label: NO_PRODUCT }, ...config.products] : (f.options ?? [])}
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
                value={text(f.name)}
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
    </EditorDialog>
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

/** A card's Move up / Move down buttons (ids `${id}-up`, `${id}-down`); a missing handler leaves its button out. */
interface Moves {
  id: string;
  up?: () => void;
  down?: () => void;
  busy: boolean;
}

const moveButton =
  "grid h-10 w-10 shrink-0 place-items-center rounded-md border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 aria-disabled:cursor-wait";

function MoveButtons({ title, moves }: { title: string; moves: Moves }) {
  const button = (direction: "up" | "down", onClick: (() => void) | undefined) =>
    onClick && (
      <button
        type="button"
        id={`${moves.id}-${direction}`}
        className={moveButton}
        aria-disabled={moves.busy || undefined}
        onClick={() => !moves.busy && onClick()}
      >
        <span aria-hidden="true">{direction === "up" ? "↑" : "↓"}</span>
        <span className="sr-only">{`Move ${title} ${direction}`}</span>
      </button>
    );
  return (
    <div className="ml-auto flex gap-1">
      {button("up", moves.up)}
      {button("down", moves.down)}
    </div>
  );
}

function EntityCard({
  view,
  about,
  fallbackTitle,
  onEdit,
  onDelete,
  moves,
}: {
  view: CardView;
  /** The product the record is about. */
  about?: string;
  fallbackTitle: string;
  onEdit: () => void;
  onDelete: () => void;
  moves?: Moves;
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
        {about && <p className="text-sm text-slate-700">About: {about}</p>}
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
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-4">
          <EditDeleteButtons name={title} onEdit={onEdit} onDelete={onDelete} />
          {moves && <MoveButtons title={title} moves={moves} />}
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

export function SimpleScreen<T extends { _id: string }>({
  content,
  data,
  products,
}: {
  content: AnyListContent;
  data: ListData<T>;
  products: Choice[];
}) {
  const config: ScreenConfig<T> = {
    ...content.admin,
    endpoint: `/api${content.path}`,
    schema: content.input,
    sortField: content.sortField,
    imageRequired: content.image?.requiredOnCreate,
    products,
  };
  const editor = useEditorState<T>();
  const revalidator = useRevalidator();
  const confirm = useConfirm();
  const toast = useToast();
  const addLabel = `Add ${config.entity}`;
  const canChange = useCan("content");

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

  const [moving, setMoving] = useState(false);
  const moveId = (item: T) => `move-${item._id}`;
  /** Moves one card and renumbers the list: every record whose place or stored number changed is saved. */
  const move = async (index: number, by: -1 | 1) => {
    const order = [...data.items];
    const [item] = order.splice(index, 1);
    if (!item || moving) return;
    order.splice(index + by, 0, item);
    const field = config.sortField;
    const changed = order.flatMap((it, i) =>
      data.items[i] !== it || (it as unknown as Record<string, unknown>)[field] !== i ? [{ it, i }] : [],
    );
    setMoving(true);
    try {
      await Promise.all(changed.map(({ it, i }) => api(`${config.endpoint}/${it._id}`, { method: "PUT", json: { [field]: i } })));
    } catch (err) {
      console.error("Failed to reorder", err);
      toast.error("Failed to reorder");
    }
    await revalidator.revalidate();
    setMoving(false);
    // Keep the keyboard on the moved card (its other button when it reached the end).
    requestAnimationFrame(() => {
      const [same, other] = by < 0 ? ["up", "down"] : ["down", "up"];
      (document.getElementById(`${moveId(item)}-${same}`) ?? document.getElementById(`${moveId(item)}-${other}`))?.focus();
    });
  };

  return (
    <div>
      <PageHeader
        title={config.title}
        description={config.description}
        actions={<AddButton label={addLabel} onClick={editor.openAdd} />}
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
              about={productOf(config as unknown as ScreenConfig<{ _id: string }>, item)}
              fallbackTitle={`${config.entity} ${i + 1}`}
              onEdit={() => editor.openEdit(item)}
              onDelete={() => remove(item)}
              moves={
                config.reorder && canChange
                  ? {
                      id: moveId(item),
                      up: i > 0 ? () => move(i, -1) : undefined,
                      down: i < data.items.length - 1 ? () => move(i, 1) : undefined,
                      busy: moving,
                    }
                  : undefined
              }
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
