import { useRevalidator } from "react-router";
import { type Breach, breachInput } from "../../../shared/privacy/breach";
import { mayLoad } from "../../components/admin/current-user";
import { EditorDialog, useEditorForm, useEditorState } from "../../components/admin/editor-form";
import { TextField } from "../../components/admin/fields";
import { editorDialogProps, zodErrors } from "../../components/admin/form-utils";
import { indiaDate, indiaDay } from "../../components/admin/privacy-dates";
import { RecordList } from "../../components/admin/record-list";
import { adminMeta, loadList } from "../../components/admin/screen-data";
import { buttonClass, PageHeader } from "../../components/admin/screen-parts";
import { errorMessage } from "../../lib/api-client";
import type { Route } from "./+types/privacy-breaches";

/**
 * The breach register (owners; docs/decisions/030-privacy.md): every personal data breach, when it was
 * found, whom it affects, and when the Board and the people were told. From GET /api/privacy/breaches.
 */

const TEXTS = {
  fetchFailed: "Failed to fetch the breach register",
  empty: "No breaches recorded. If personal data is lost, stolen or seen by someone who should not see it, record it here.",
};

export async function clientLoader() {
  if (!(await mayLoad("privacy"))) return { items: [] as Breach[], error: null };
  return loadList<Breach>("/api/privacy/breaches", TEXTS.fetchFailed);
}

export const meta = () => adminMeta("Breach register");

export default function BreachRegisterScreen({ loaderData }: Route.ComponentProps) {
  const { items, error } = loaderData;
  const revalidator = useRevalidator();
  const editor = useEditorState<Breach>();
  return (
    <div>
      <PageHeader
        title="Breach register"
        description="Personal data lost, stolen, changed or seen by someone who should not see it."
        actions={
          <button type="button" className={buttonClass("primary")} onClick={editor.openAdd}>
            + Add Breach
          </button>
        }
      />
      <p className="mb-4 rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">
        The law asks us to tell the Data Protection Board of India and each affected person without delay, and the Rules ask for a
        detailed report to the Board within 72 hours of finding out. Record each breach here with what was done.
      </p>
      <RecordList error={error} onRetry={() => revalidator.revalidate()} emptyText={TEXTS.empty}>
        {items.map((b) => (
          <BreachRow key={b._id} breach={b} onEdit={() => editor.openEdit(b)} />
        ))}
      </RecordList>
      <BreachEditor key={editor.key} {...editorDialogProps(editor, revalidator)} />
    </div>
  );
}

function Told({ term, at }: { term: string; at: string | null }) {
  return (
    <div className="min-w-0">
      <dt className="font-semibold text-slate-800">{term}</dt>
      <dd>
        {at ? (
          <span className="text-slate-700">{indiaDate(at)}</span>
        ) : (
          <span className="rounded bg-red-100 px-1.5 py-0.5 font-semibold text-red-800">Not yet told</span>
        )}
      </dd>
    </div>
  );
}

function BreachRow({ breach: b, onEdit }: { breach: Breach; onEdit: () => void }) {
  const affected = [b.affected, b.affectedCount !== null ? `${b.affectedCount} people` : ""].filter(Boolean).join(" · ");
  return (
    <li data-breach={b._id} className="p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="min-w-0 font-semibold break-words text-slate-900">{b.title}</h2>
        <div className="flex flex-wrap gap-2">
          <button type="button" className={buttonClass("secondary", "sm")} onClick={onEdit}>
            Edit<span className="sr-only"> {b.title}</span>
          </button>
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 text-sm lg:grid-cols-4">
        <div>
          <dt className="font-semibold text-slate-800">Happened</dt>
          <dd className="text-slate-700">{indiaDate(b.occurredAt) || "Not known"}</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-800">Found</dt>
          <dd className="text-slate-700">{indiaDate(b.discoveredAt)}</dd>
        </div>
        <Told term="Board told" at={b.boardNotifiedAt} />
        <Told term="People told" at={b.peopleNotifiedAt} />
      </dl>
      {affected && <p className="mt-3 text-sm break-words text-slate-700">Affects: {affected}</p>}
      {b.description && <p className="mt-2 text-sm break-words whitespace-pre-line text-slate-700">{b.description}</p>}
      {b.measures && <p className="mt-2 text-sm break-words whitespace-pre-line text-slate-700">What was done: {b.measures}</p>}
    </li>
  );
}

interface BreachValues {
  title: string;
  description: string;
  occurredAt: string;
  discoveredAt: string;
  affected: string;
  affectedCount: string;
  measures: string;
  boardNotifiedAt: string;
  peopleNotifiedAt: string;
}

const DATE_FIELDS = [
  ["occurredAt", "When it happened", "Leave empty if not known."],
  ["discoveredAt", "When it was found", ""],
  ["boardNotifiedAt", "When the Board was told", "Leave empty until the Board is told."],
  ["peopleNotifiedAt", "When the people were told", "Leave empty until they are told."],
] as const;

/** Add or edit a breach; dates are days in India time. */
function BreachEditor({
  editing,
  open,
  onClose,
  onSaved,
}: {
  editing: Breach | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const adding = editing === null;
  const form = useEditorForm<BreachValues>({
    entity: "Breach",
    endpoint: adding ? "/api/privacy/breaches" : `/api/privacy/breaches/${editing._id}`,
    adding,
    initial: {
      title: editing?.title ?? "",
      description: editing?.description ?? "",
      occurredAt: indiaDay(editing?.occurredAt),
      discoveredAt: indiaDay(editing?.discoveredAt),
      affected: editing?.affected ?? "",
      affectedCount: editing?.affectedCount?.toString() ?? "",
      measures: editing?.measures ?? "",
      boardNotifiedAt: indiaDay(editing?.boardNotifiedAt),
      peopleNotifiedAt: indiaDay(editing?.peopleNotifiedAt),
    },
    validate: (v) => zodErrors(breachInput, v),
    body: (v) => v,
    failure: (err) => errorMessage(err, "Failed to save the breach."),
    serverIssues: true,
    onSaved,
  });
  const text = (key: "title" | "description" | "affected" | "measures") => ({
    value: form.values[key],
    onChange: (v: string) => form.set(key, v),
    error: form.errors[key],
  });
  return (
    <EditorDialog form={form} open={open} onClose={onClose} size="lg">
      <TextField label="What happened" {...text("title")} required hint="A few words, e.g. Sales laptop stolen." />
      <TextField label="Description" {...text("description")} multiline rows={3} />
      <div className="grid gap-4 sm:grid-cols-2">
        {DATE_FIELDS.map(([key, label, hint]) => (
          <TextField
            key={key}
            type="date"
            label={label}
            value={form.values[key]}
            onChange={(v) => form.set(key, v)}
            error={form.errors[key]}
            required={key === "discoveredAt"}
            hint={hint || undefined}
          />
        ))}
      </div>
      <TextField label="Whom it affects" {...text("affected")} hint="In words, e.g. buyers who sent enquiries in March." />
      <TextField
        label="Number of people affected"
        value={form.values.affectedCount}
        onChange={(v) => form.set("affectedCount", v)}
        error={form.errors.affectedCount}
        inputMode="numeric"
        hint="Leave empty if not known."
      />
      <TextField
        label="What was done"
        {...text("measures")}
        multiline
        rows={3}
        hint="To contain it, and to stop it happening again."
      />
    </EditorDialog>
  );
}
