import { z } from "zod";
import { position, type RecordBase } from "../schemas/fields";
import { type WithAltTexts, withAltTexts } from "./alt-text";
import {
  type AnyField,
  type ApiOf,
  type Fields,
  fieldsToApi,
  fieldsToRow,
  formFields,
  inputShape,
  type StoredOf,
} from "./fields";

/**
 * How a content type is declared (docs/decisions/026-fields-declared-once.md). Each type's module in
 * shared/content/ lists its fields (./fields.ts), its API path and its admin screen; its input schema, API
 * answer (whose type is inferred, never written twice) and form follow from the fields, and the server builds
 * its table from them (server/db/content-tables.ts). The list in ./registry.ts is what the API routes, the
 * cache triggers, "is this image still used", the demo check and the tests iterate.
 */

// ---- records ------------------------------------------------------------------------------------------

/** A row as the API answers it: `_id`, `createdAt` and `updatedAt` (ISO dates) first, then `fields`. */
export function withBaseFields<T extends object>(row: { id: string; createdAt: Date; updatedAt: Date }, fields: T) {
  // Not `{ ...baseFields(row), name, … }` at each call site: V8 builds an object literal that starts with a
  // spread on a slow path, 15 times slower for a product's thirty fields (about 45 µs each, a millisecond
  // for a page of twenty products).
  return { _id: row.id, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString(), ...fields };
}

// ---- admin screens -------------------------------------------------------------------------------------

export type FieldErrors = Record<string, string>;

/** What a record's card in the admin list shows. */
export interface CardView {
  title: string;
  subtitle?: string;
  body?: string;
  image?: string;
  /** Short lists (features, benefits) shown under the text. */
  tags?: string[];
  stars?: number;
  extra?: string;
}

/** The admin screen of a list type: a list of cards, add/edit in a dialog, delete after a confirmation. */
export interface AdminScreen<Out> {
  /** The screen's URL under /admin (SPEC §2), e.g. "our-team". */
  path: string;
  /** The sidebar entry: its label, the group it sits in, and whether it comes after the Products group (SPEC §2). */
  nav: { label: string; group?: "About Us"; afterProducts?: boolean };
  title: string;
  description: string;
  /** "Banner": "Banner added successfully!" */
  entity: string;
  /** "banner": "Add Banner", "Are you sure you want to delete this banner?" */
  noun: string;
  texts: { fetchFailed: string; empty: string; saveFallback: string; deleteFailed: string };
  /**
   * Services: a required field left empty keeps Save disabled and shows FILL_REQUIRED once for the form
   * (SPEC §5), instead of a message at each field.
   */
  requiredTogether?: boolean;
  /** Up/down buttons on the cards change the staff order. */
  reorder?: boolean;
  card: (item: Out) => CardView;
}

// ---- list types ----------------------------------------------------------------------------------------

/** The API answer of a list type: `_id`, `createdAt`, `updatedAt`, each field's answer and the staff order. */
export type ListOutput<F extends Fields, O extends string> = RecordBase & { [K in keyof F]: ApiOf<F[K]> } & Record<O, number>;
/** A list type's stored row (server/db/content-tables.ts builds its table from the fields). */
type ListRow<F extends Fields, O extends string> = { id: string; createdAt: Date; updatedAt: Date } & {
  [K in keyof F]: StoredOf<F[K]>;
} & Record<O, number>;

/** What a list type's module declares (shared/content/faq.ts is the smallest). */
export interface ListSpec<F extends Fields, O extends string> {
  /** For messages: "Banner not found.", "Banner deleted successfully." */
  label: string;
  /** Lower case, for "Your role (sales) cannot change banners." and the activity log. */
  plural: string;
  /** Under /api (SPEC §7). */
  path: string;
  /** The database table. */
  table: string;
  fields: F;
  /** The field (in the input, the answer and the table) of the staff order: `position` unless that means something else (a team member's job title). */
  order?: O;
  admin: AdminScreen<ListOutput<F, O>>;
  /** A valid input, for the tests that go over every type. */
  example: Record<string, unknown>;
}

/** A list type as everything else uses it: the declaration and what follows from its fields. */
export interface ListContent<F extends Fields = Fields, O extends string = string> extends Omit<ListSpec<F, O>, "order"> {
  kind: "list";
  name: string;
  sortField: O;
  input: z.ZodObject;
  /** Input fields that arrive as JSON text in multipart forms. */
  jsonFields: string[];
  /** The image field (every list type with images has one, `image`): its file fields, and the message when a new record has none. */
  image?: { uploadFields: string[]; requiredOnCreate?: string };
  /** For types with a slug: the text a new record's slug is made from. */
  slugSource?: (input: Record<string, unknown>) => string;
  /** The fields the admin form shows, in the declaration's order. */
  form: (AnyField & { name: string })[];
  toRow(input: Record<string, unknown>): Record<string, unknown>;
  toApi(row: ListRow<F, O>): ListOutput<F, O>;
}

/** Any list type, where code works the same for all (the API router, the admin screen). */
// biome-ignore lint/suspicious/noExplicitAny: each declaration's own fields and answer types differ
export type AnyListContent = ListContent<any, any>;

/** The API answer of a declared type. */
export type ContentOutput<C> = C extends { toApi(...args: never[]): infer Out } ? Out : never;

export function defineList<D extends Fields, O extends string = "position">(
  name: string,
  declared: ListSpec<D, O>,
): ListContent<WithAltTexts<D>, O> {
  type F = WithAltTexts<D>;
  // Each image's alt text and decorative mark are fields of their own from here on (shared/content/alt-text.ts).
  const spec = { ...declared, fields: withAltTexts(declared.fields) } as unknown as ListSpec<F, O>;
  const sortField = (spec.order ?? "position") as O;
  const entries = Object.entries(spec.fields);
  const imageField = entries.find(([, f]) => f.kind === "image");
  const slugField = entries.find(([, f]) => f.kind === "slug")?.[1];
  return {
    ...spec,
    kind: "list",
    name,
    sortField,
    input: z.object({ ...inputShape(spec.fields), [sortField]: position.optional() }),
    jsonFields: entries.filter(([, f]) => f.json).map(([k]) => k),
    image: imageField && {
      uploadFields: [...(imageField[1].uploads ?? [imageField[0]])],
      requiredOnCreate: imageField[1].required,
    },
    slugSource: slugField?.from ? (input) => String(input[slugField.from as string] ?? "") : undefined,
    form: formFields(spec.fields),
    toRow: (input) => ({
      ...fieldsToRow(spec.fields, input),
      [sortField]: typeof input[sortField] === "number" ? input[sortField] : 0,
    }),
    toApi: (row) => {
      const r = row as Record<string, unknown>;
      return withBaseFields(row, { ...fieldsToApi(spec.fields, r), [sortField]: r[sortField] }) as ListOutput<F, O>;
    },
  };
}

/** Category, product and settings: their own API code and editors, declared for everything iterated over every type. */
export interface CustomContent {
  kind: "custom";
  name: string;
  /** For messages: "Restore the category “Screw” from the trash first." */
  label: string;
  /** Lower case, for "Your role (sales) cannot change products." and the activity log. */
  plural: string;
  path: string;
  /** Its declared fields, where it has them (the product): history names changes by their labels. */
  fields?: Fields;
}
