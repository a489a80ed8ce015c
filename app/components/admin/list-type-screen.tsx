import { useState } from "react";
import { useRevalidator } from "react-router";
import type { z } from "zod";
import { altTextErrors, formTexts, imageFields, imageTextOf, withImageText } from "../../../shared/content/alt-text";
import type { AdminScreen, AnyListContent, CardView, FieldErrors } from "../../../shared/content/define";
import { FILL_REQUIRED, type Fields } from "../../../shared/content/fields";
import { isSluggedKind, type SluggedKind } from "../../../shared/schemas/redirects";
import { api, errorMessage } from "../../lib/api-client";
import { ResponsiveImage } from "../responsive-image";
import { useCan } from "./current-user";
import { DeclaredField, type FieldValue, type FormField, formText, initialValue, requiredErrors } from "./declared-field";
import { useConfirm } from "./dialog";
import { EditorDialog, useEditorForm, useEditorState } from "./editor-form";
import { zodErrors } from "./form-utils";
import { OldAddresses } from "./old-addresses";
import type { Choice, ListData } from "./screen-data";
import { AddButton, EditDeleteButtons, EmptyState, ErrorState, PageHeader } from "./screen-parts";
import { useToast } from "./toast";

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
  form: FormField[];
  /** Every declared field, the images' alt texts among them (drawn by the image controls). */
  fields: Fields;
  /** The text when a record would have no image (the declaration's `image.requiredOnCreate`). */
  imageRequired?: string;
  /** The choices of a "record" field: every product. */
  products: Choice[];
  /** Types with a public address: the kind whose old addresses the dialog lists. */
  slugged?: SluggedKind;
};

/** The name of the product a record's "record" field names, for its card; undefined when none. */
function productOf(config: ScreenConfig<{ _id: string }>, item: unknown): string | undefined {
  const field = config.form.find((f) => f.record?.content === "product");
  const id = field ? (item as Record<string, unknown>)[field.name] : null;
  return typeof id === "string" ? (config.products.find((p) => p.value === id)?.label ?? "a product") : undefined;
}

/** The form's values by field name. */
type EditorValues = Record<string, FieldValue>;

function initialValues<T extends { _id: string }>(config: ScreenConfig<T>, item: T | null): EditorValues {
  const stored = (item ?? {}) as Record<string, unknown>;
  const values = Object.fromEntries(config.form.map((f) => [f.name, initialValue(f, stored[f.name])]));
  return { ...values, ...(formTexts(config.fields, item ? stored : null) as EditorValues) };
}

function imageOf(item: unknown, name: string): string {
  const v = (item as Record<string, unknown> | null)?.[name];
  return typeof v === "string" ? v : "";
}

/** The values as the schema checks them and the API takes them (chosen files left out). */
function inputOf(config: ScreenConfig<{ _id: string }>, all: EditorValues): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const f of config.form) {
    const v = all[f.name];
    if (f.control !== "image") input[f.name] = typeof v === "string" ? v.trim() : v;
  }
  for (const f of imageFields(config.fields)) {
    const alt = all[f.alt];
    input[f.alt] = typeof alt === "string" ? alt.trim() : alt;
    input[f.decorative] = all[f.decorative];
  }
  return input;
}

function toFormData(config: ScreenConfig<{ _id: string }>, all: EditorValues): FormData {
  const form = new FormData();
  for (const [name, v] of Object.entries(inputOf(config, all))) {
    form.append(name, formText(v));
  }
  for (const f of config.form) {
    const file = all[f.name];
    if (f.control === "image" && file instanceof File) form.append(f.uploads?.[0] ?? f.name, file);
  }
  return form;
}

/** SPEC §5's checks: required fields (each with its message, or one for the form) and a new record's image. */
function specErrors(config: ScreenConfig<{ _id: string }>, all: EditorValues, editing: unknown): FieldErrors {
  const errors: FieldErrors = {};
  const image = config.form.find((f) => f.control === "image");
  if (image && config.imageRequired && !(all[image.name] instanceof File) && !imageOf(editing, image.name)) {
    errors[image.name] = config.imageRequired;
  }
  const missing = requiredErrors(config.form, all);
  if (config.requiredTogether) {
    if (Object.keys(missing).length > 0) errors.form = FILL_REQUIRED;
  } else Object.assign(errors, missing);
  return errors;
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
      const found = specErrors(screen, all, editing);
      const shown = (name: string) => Number(all[name] instanceof File || imageOf(editing, name) !== "");
      Object.assign(found, altTextErrors(config.fields, all, shown));
      if (Object.keys(found).length > 0) return found;
      return zodErrors(config.schema, inputOf(screen, all), 1);
    },
    blocked: (all) =>
      config.requiredTogether && Object.keys(requiredErrors(config.form, all)).length > 0 ? FILL_REQUIRED : null,
    body: (all) => toFormData(screen, all),
    failure: (err) => errorMessage(err, config.texts.saveFallback),
    onSaved,
  });
  const { values, errors, set } = form;

  return (
    <EditorDialog
      form={form}
      open={open}
      onClose={onClose}
      formId={`${config.noun.replace(/\s+/g, "-")}-form`}
      history={editing ? { endpoint: `${config.endpoint}/${editing._id}`, onRestored: onSaved } : undefined}
    >
      {config.form.map((f) => (
        <DeclaredField
          key={f.name}
          field={f}
          value={values[f.name] ?? null}
          onChange={(v) => set(f.name, v)}
          error={errors[f.name]}
          currentUrl={f.control === "image" ? imageOf(editing, f.name) || undefined : undefined}
          text={
            f.control === "image"
              ? {
                  value: imageTextOf(values, f.name),
                  onChange: (t) => {
                    form.setValues((v) => withImageText(v, f.name, t) as EditorValues);
                    form.clear(`${f.name}Alt`);
                  },
                  error: errors[`${f.name}Alt`],
                }
              : undefined
          }
          choices={f.record?.content === "product" ? config.products : undefined}
        />
      ))}
      {config.slugged && <OldAddresses kind={config.slugged} recordId={editing?._id} />}
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

export function ListTypeScreen<T extends { _id: string }>({
  content,
  data,
  products,
}: {
  content: AnyListContent;
  data: ListData<T>;
  products: Choice[];
}) {
  const config = {
    ...(content.admin as AdminScreen<T>),
    endpoint: `/api${content.path}`,
    schema: content.input,
    sortField: content.sortField,
    form: content.form,
    fields: content.fields,
    imageRequired: content.image?.requiredOnCreate,
    products,
    slugged: content.slugSource && isSluggedKind(content.name) ? content.name : undefined,
  } satisfies ScreenConfig<T>;
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
