import { useEffect, useId, useRef, useState } from "react";
import { ApiError, api } from "../../lib/api-client";
import { Dialog } from "./dialog";
import { FormErrors, NeedsAttention, UploadProgress } from "./fields";
import { fieldsInError, showFirstProblem } from "./form-utils";
import { HistoryPanel } from "./history";
import { buttonClass } from "./screen-parts";
import { useToast } from "./toast";

/**
 * The one way an admin editor saves (every add/edit dialog and the settings screens): the form's values,
 * its messages by dotted path ("name", "phones.0.value"), the SPEC §5 checks before sending, the call
 * through `api()` (multipart with upload progress, or JSON), the success toast ("Banner added
 * successfully!", "Settings updated successfully!") and the SPEC §8 failure text. A failed save brings the
 * first field in error into view and focuses it, and `attention` counts the fields still to fix.
 */

type Messages = Record<string, string>;

export interface EditorFormOptions<V, A> {
  /** What is saved: "Banner" gives "Add Banner", "Edit Banner" and "Banner added successfully!". */
  entity: string;
  /** Where the save goes: POST when adding, else PUT (unless `method` says). */
  endpoint: string;
  adding: boolean;
  method?: "POST" | "PUT";
  /** The success toast, when not "{entity} added/updated successfully!". */
  success?: string;
  /** The starting values (read once). */
  initial: V | (() => V);
  /** The SPEC §5 checks (and the shared schema): messages by path; none lets the save go ahead. */
  validate: (values: V) => Messages;
  /** The request body: FormData is sent multipart (with progress when it holds a file), anything else as JSON. */
  body: (values: V) => FormData | object;
  /** The SPEC §8 text of a failed save. */
  failure: (err: unknown) => string;
  /** The failure text shown with the field messages when the checks fail (settings). */
  invalid?: string;
  /** Save stays disabled while this gives a reason (shown next to the button). */
  blocked?: (values: V) => string | null;
  /** The server's `issues` become field messages (or, given a test of their paths, those it accepts). */
  serverIssues?: boolean | ((path: string) => boolean);
  onSaved: (answer: A) => void;
}

export interface EditorForm<V> {
  entity: string;
  adding: boolean;
  values: V;
  /** Sets one value and drops the messages at `clearPath` (default: the key) and below. */
  set: <K extends keyof V>(key: K, value: V[K], clearPath?: string) => void;
  setValues: React.Dispatch<React.SetStateAction<V>>;
  errors: Messages;
  /** Drops the messages at these paths and below ("specifications" also drops "specifications.2.specName"). */
  clear: (...paths: string[]) => void;
  busy: boolean;
  /** Upload progress 0–1 while a file is sent, else null. */
  progress: number | null;
  failure: string | null;
  /** The failure text and the field messages, once each, for <FormErrors>. */
  messages: string[];
  /** How many fields have a message (shown beside the save button by <NeedsAttention>). */
  attention: number;
  blocked: string | null;
  submit: (e?: React.FormEvent) => Promise<void>;
}

const under = (key: string, path: string) => key === path || key.startsWith(`${path}.`);

function issuesOf(err: unknown, accept: (path: string) => boolean = () => true): Messages {
  const out: Messages = {};
  for (const i of err instanceof ApiError ? err.issues : [])
    if (i.path && accept(i.path) && !(i.path in out)) out[i.path] = i.message;
  return out;
}

export function useEditorForm<V, A = unknown>(options: EditorFormOptions<V, A>): EditorForm<V> {
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<Messages>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  /** Counts failed saves; each one, once rendered, shows the first problem in the form that was sent. */
  const [failedSaves, setFailedSaves] = useState(0);
  const sentForm = useRef<HTMLFormElement | null>(null);
  const toast = useToast();
  const blocked = options.blocked?.(values) ?? null;

  useEffect(() => {
    if (failedSaves > 0 && sentForm.current?.isConnected) showFirstProblem(sentForm.current);
  }, [failedSaves]);

  const clear = (...paths: string[]) =>
    setErrors((all) => {
      const gone = Object.keys(all).filter((k) => paths.some((p) => under(k, p)));
      if (gone.length === 0) return all;
      const next = { ...all };
      for (const k of gone) delete next[k];
      return next;
    });

  const set = <K extends keyof V>(key: K, value: V[K], clearPath = String(key)) => {
    setValues((all) => ({ ...all, [key]: value }));
    clear(clearPath);
  };

  const submit = async (e?: React.FormEvent) => {
    e?.preventDefault();
    if (busy || blocked) return;
    sentForm.current = e?.currentTarget instanceof HTMLFormElement ? e.currentTarget : null;
    const found = options.validate(values);
    const invalid = Object.keys(found).length > 0;
    setErrors(found);
    setFailure(invalid ? (options.invalid ?? null) : null);
    if (invalid) {
      setFailedSaves((n) => n + 1);
      return;
    }
    const body = options.body(values);
    const form = body instanceof FormData ? body : undefined;
    const upload = form !== undefined && [...form.values()].some((v) => typeof v !== "string");
    setBusy(true);
    setProgress(upload ? 0 : null);
    try {
      const answer = await api<A>(options.endpoint, {
        method: options.method ?? (options.adding ? "POST" : "PUT"),
        ...(form ? { form } : { json: body }),
        onProgress: upload ? setProgress : undefined,
      });
      toast.success(options.success ?? `${options.entity} ${options.adding ? "added" : "updated"} successfully!`);
      options.onSaved(answer);
    } catch (err) {
      if (options.serverIssues) setErrors(issuesOf(err, options.serverIssues === true ? undefined : options.serverIssues));
      setFailure(options.failure(err));
      setFailedSaves((n) => n + 1);
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  // A field message the failure text already says ("Error: {message}") is not listed twice.
  const fieldMessages = Object.values(errors).filter((m) => !failure?.includes(m));
  const messages = [...new Set([...(failure ? [failure] : []), ...fieldMessages])];
  return {
    entity: options.entity,
    adding: options.adding,
    values,
    set,
    setValues,
    errors,
    clear,
    busy,
    progress,
    failure,
    messages,
    attention: fieldsInError(errors),
    blocked,
    submit,
  };
}

interface EditorDialogProps<V> {
  form: EditorForm<V>;
  open: boolean;
  onClose: () => void;
  size?: "sm" | "md" | "lg";
  /** The <form>'s id (default: a unique "…-{entity}-form"). */
  formId?: string;
  className?: string;
  /** Content records: the record's API URL, for the History view (its versions, compare, restore). */
  history?: { endpoint: string; onRestored: () => void };
  children: React.ReactNode;
}

/**
 * An editor in a dialog: "Add X" / "Edit X", the fields, the upload progress, the messages and the footer;
 * with `history`, a History button that shows the record's versions in place of the form.
 */
export function EditorDialog<V>({
  form,
  open,
  onClose,
  size,
  formId,
  className = "space-y-4",
  history,
  children,
}: EditorDialogProps<V>) {
  const generated = `${useId()}-${form.entity.toLowerCase().replace(/\s+/g, "-")}-form`;
  const id = formId ?? generated;
  const [showHistory, setShowHistory] = useState(false);
  if (history && showHistory && !form.adding) {
    return (
      <Dialog
        open={open}
        size="lg"
        title={`History: ${form.entity}`}
        onClose={onClose}
        footer={
          <button type="button" className={buttonClass("secondary")} onClick={onClose}>
            Close
          </button>
        }
      >
        <HistoryPanel
          endpoint={history.endpoint}
          entity={form.entity}
          onBack={() => setShowHistory(false)}
          onRestored={history.onRestored}
        />
      </Dialog>
    );
  }
  return (
    <Dialog
      open={open}
      size={size}
      title={form.adding ? `Add ${form.entity}` : `Edit ${form.entity}`}
      onClose={onClose}
      footer={
        <>
          {history && !form.adding && (
            <button type="button" className={`${buttonClass("ghost")} mr-auto`} onClick={() => setShowHistory(true)}>
              History
            </button>
          )}
          {form.blocked && (
            <p id={`${id}-blocked`} className="mr-auto self-center text-sm text-slate-700">
              {form.blocked}
            </p>
          )}
          <NeedsAttention id={`${id}-attention`} count={form.attention} className="mr-auto self-center" />
          <button type="button" className={buttonClass("secondary")} onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            form={id}
            className={buttonClass("primary")}
            disabled={form.busy || Boolean(form.blocked)}
            aria-describedby={form.blocked ? `${id}-blocked` : form.attention > 0 ? `${id}-attention` : undefined}
          >
            {form.busy ? "Saving..." : form.adding ? `Add ${form.entity}` : "Save Changes"}
          </button>
        </>
      }
    >
      <form id={id} noValidate onSubmit={form.submit} className={className}>
        {children}
        <UploadProgress fraction={form.progress} />
        <FormErrors messages={form.messages} />
      </form>
    </Dialog>
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
