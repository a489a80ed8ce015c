import type { z } from "zod";

/**
 * Messages of a shared zod schema by dotted path ("name", "phones.0.value"), first message per path; with
 * `depth` 1, by field only ("features.2" counts as "features").
 */
export function zodErrors(schema: z.ZodType, values: unknown, depth?: number): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.slice(0, depth).map(String).join(".");
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/**
 * Per-row messages of a list field ("phones.2.value" → {2: message}), plus the list's own message. The
 * field may be a path itself ("notifications.quotes.1" → row 1 of "notifications.quotes").
 */
export function rowErrorsOf(errors: Record<string, string>, field: string): { list?: string; rows: Record<number, string> } {
  const rows: Record<number, string> = {};
  let list: string | undefined;
  for (const [key, message] of Object.entries(errors)) {
    if (key === field) list = message;
    else if (key.startsWith(`${field}.`)) {
      const index = Number(key.slice(field.length + 1).split(".")[0]);
      if (Number.isInteger(index) && !(index in rows)) rows[index] = message;
    }
  }
  return { list, rows };
}

/**
 * How many fields a form's messages are about: the cells of one row ("specifications.2.specName" and
 * "specifications.2.specValue") are one row to fix; a message about the whole form (path "") is none.
 */
export function fieldsInError(errors: Record<string, string>): number {
  const fields = new Set<string>();
  for (const key of Object.keys(errors)) {
    if (key === "") continue;
    const parts = key.split(".");
    const row = parts.findIndex((p) => /^\d+$/.test(p));
    fields.add(row < 0 ? key : parts.slice(0, row + 1).join("."));
  }
  return fields.size;
}

/** "1 field needs attention", "2 fields need attention". */
export const attentionText = (count: number) => `${count} ${count === 1 ? "field needs" : "fields need"} attention`;

const CONTROL =
  "input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])";

/**
 * After a failed save: brings the first field in error (in the page's order) into view and focuses it, so a
 * message far down a long dialog is never missed. A control marks its error with aria-invalid; a list's own
 * message (a fieldset's `data-field-error`, below its rows) stands for the list's first control. The first
 * is the earliest of these controls in the document, not the earliest mark: a list's message comes after its
 * rows. With no field in error, the form's failure text is brought into view.
 */
export function showFirstProblem(form: HTMLFormElement): void {
  const candidates = [...form.querySelectorAll<HTMLElement>('[aria-invalid="true"], [data-field-error]')].map((marker) =>
    marker.hasAttribute("data-field-error")
      ? (marker.closest("fieldset")?.querySelector<HTMLElement>(CONTROL) ?? marker)
      : marker,
  );
  const target = candidates.reduce<HTMLElement | undefined>((first, c) => (first && !isBefore(c, first) ? first : c), undefined);
  if (target && !target.hasAttribute("data-field-error")) {
    target.scrollIntoView({ block: "center" });
    target.focus({ preventScroll: true });
    return;
  }
  (target ?? form.querySelector<HTMLElement>("[role=alert]"))?.scrollIntoView({ block: "center" });
}

/** Whether `a` comes before `b` in the document. */
const isBefore = (a: Node, b: Node) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

/** A text value of a form as its field's props: name, value, change (clearing its message) and message. */
export function textFieldProps<V extends Record<K, string>, K extends keyof V & string>(
  form: { values: V; errors: Record<string, string>; set: (key: K, value: V[K]) => void },
  name: K,
) {
  return { name, value: form.values[name], onChange: (v: string) => form.set(name, v as V[K]), error: form.errors[name] };
}

/**
 * What an add/edit dialog takes from its screen's editor state (`useEditorState`): the record, open, close,
 * and after a save, close and read the list again. (`key` stays the screen's: React does not spread it.)
 */
export function editorDialogProps<T>(
  editor: { editing: T | null; open: boolean; close: () => void },
  revalidator: { revalidate: () => unknown },
) {
  return {
    editing: editor.editing,
    open: editor.open,
    onClose: editor.close,
    onSaved: () => {
      editor.close();
      void revalidator.revalidate();
    },
  };
}
