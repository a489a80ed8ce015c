import { useId, useRef, useState } from "react";
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_COUNT,
  ATTACHMENT_TEXTS,
  ATTACHMENT_TITLE_MAX,
  attachmentLabel,
  formatFileSize,
  PDF_MAGIC_LENGTH,
  type ProductAttachment,
  startsLikePdf,
} from "../../../shared/content/product-attachments";
import { CloseIcon } from "../icons";

/**
 * The product dialog's attachments (issue 14): the saved PDF files (title editable, size, a link, Remove)
 * and the new ones, each with a title, uploaded when the product is saved. A chosen file is checked here
 * as the server checks it (a PDF by its first bytes, at most ATTACHMENT_MAX_BYTES; at most
 * ATTACHMENT_MAX_COUNT in all); messages come by the API's paths: `attachments.N.title` (saved ones),
 * `attachmentTitles.N` (new ones), `attachments` (the files and the list).
 */

export interface NewAttachment {
  title: string;
  file: File;
}

interface Props {
  kept: ProductAttachment[];
  added: NewAttachment[];
  onChange: (kept: ProductAttachment[], added: NewAttachment[]) => void;
  errors: Record<string, string>;
}

const inputClass = (invalid: boolean) =>
  `block w-full min-w-0 rounded-md border bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:outline-2 focus:outline-offset-0 focus:outline-brand-500 ${invalid ? "border-red-600" : "border-slate-400"}`;

const removeButton =
  "grid h-10 w-10 shrink-0 place-items-center rounded-md border border-slate-300 bg-white text-red-700 hover:bg-red-50";

/** A title from a file name, for staff to correct: "PN-RS15_brochure_2026.pdf" → "PN-RS15 brochure 2026". */
const titleFromName = (name: string) =>
  name
    .replace(/\.pdf$/i, "")
    .replace(/[_\s]+/g, " ")
    .trim()
    .slice(0, ATTACHMENT_TITLE_MAX);

/** The server's checks of a file's bytes and size; null when it may be sent. */
async function checkFile(file: File): Promise<string | null> {
  if (file.size > ATTACHMENT_MAX_BYTES) return ATTACHMENT_TEXTS.tooLarge(file.name);
  const head = new Uint8Array(await file.slice(0, PDF_MAGIC_LENGTH).arrayBuffer());
  return startsLikePdf(head) ? null : ATTACHMENT_TEXTS.notPdf(file.name);
}

export function AttachmentsField({ kept, added, onChange, errors }: Props) {
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [newTitle, setNewTitle] = useState("");
  const [fileError, setFileError] = useState<string | undefined>();
  const total = kept.length + added.length;
  const full = total >= ATTACHMENT_MAX_COUNT;
  const listError = fileError ?? errors.attachments ?? errors.attachmentTitles;
  const hint = `PDF files buyers can download from the product page (brochures, manuals, certificates): ${total} of ${ATTACHMENT_MAX_COUNT}, each at most ${formatFileSize(ATTACHMENT_MAX_BYTES)}. New files are uploaded when you save.`;

  const focusTitle = (index: number) => requestAnimationFrame(() => document.getElementById(`${id}-title-${index}`)?.focus());

  const choose = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    const problem = full ? ATTACHMENT_TEXTS.tooMany : await checkFile(file);
    if (problem) {
      setFileError(problem);
      input.value = "";
      return;
    }
    setFileError(undefined);
    const title = newTitle.trim() || titleFromName(file.name);
    onChange(kept, [...added, { title, file }]);
    setNewTitle("");
    input.value = "";
    focusTitle(kept.length + added.length);
  };

  const rows = [
    ...kept.map((a, i) => ({
      key: a.url,
      title: a.title,
      error: errors[`attachments.${i}.title`] ?? errors[`attachments.${i}.url`] ?? errors[`attachments.${i}`],
      setTitle: (title: string) =>
        onChange(
          kept.map((k, j) => (j === i ? { ...k, title } : k)),
          added,
        ),
      remove: () =>
        onChange(
          kept.filter((_, j) => j !== i),
          added,
        ),
      detail: (
        <a href={a.url} className="font-semibold text-brand-700 underline hover:text-brand-900">
          Download ({attachmentLabel(a)})<span className="sr-only"> {a.title}</span>
        </a>
      ),
    })),
    ...added.map((a, i) => ({
      key: `new-${i}-${a.file.name}-${a.file.size}-${a.file.lastModified}`,
      title: a.title,
      error: errors[`attachmentTitles.${i}`],
      setTitle: (title: string) =>
        onChange(
          kept,
          added.map((n, j) => (j === i ? { ...n, title } : n)),
        ),
      remove: () =>
        onChange(
          kept,
          added.filter((_, j) => j !== i),
        ),
      detail: (
        <span>
          New: <span className="break-all">{a.file.name}</span> ({attachmentLabel(a.file)}), uploaded when you save
        </span>
      ),
    })),
  ];

  return (
    <fieldset
      className="min-w-0 rounded-md border border-slate-300 p-4"
      aria-describedby={[`${id}-hint`, listError ? `${id}-error` : ""].filter(Boolean).join(" ")}
      data-attachments
    >
      <legend className="px-1 text-sm font-semibold text-slate-800">Attachments</legend>
      <p id={`${id}-hint`} className="mb-3 text-xs text-slate-600">
        {hint}
      </p>
      {rows.length > 0 ? (
        <ol className="space-y-2">
          {rows.map((row, i) => (
            <li key={row.key} className="rounded-md border border-slate-200 bg-slate-50 p-2" data-attachment-row>
              <div className="flex items-start gap-2">
                <div className="min-w-0 flex-1">
                  <label htmlFor={`${id}-title-${i}`} className="sr-only">
                    {`Title of attachment ${i + 1}`}
                  </label>
                  <input
                    id={`${id}-title-${i}`}
                    value={row.title}
                    maxLength={ATTACHMENT_TITLE_MAX}
                    placeholder="Title (e.g. Brochure)"
                    aria-invalid={row.error ? true : undefined}
                    aria-describedby={`${id}-detail-${i}${row.error ? ` ${id}-row-${i}-error` : ""}`}
                    onChange={(e) => row.setTitle(e.target.value)}
                    className={inputClass(Boolean(row.error))}
                  />
                  <p id={`${id}-detail-${i}`} className="mt-1 text-xs text-slate-700">
                    {row.detail}
                  </p>
                  {row.error && (
                    <p id={`${id}-row-${i}-error`} className="mt-1 text-sm text-red-700">
                      {row.error}
                    </p>
                  )}
                </div>
                <button type="button" className={removeButton} onClick={row.remove}>
                  <CloseIcon className="h-4 w-4" />
                  <span className="sr-only">{`Remove attachment ${i + 1}${row.title ? ` (${row.title})` : ""}`}</span>
                </button>
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-slate-600">No attachments yet.</p>
      )}
      <div className="mt-3 rounded-md border border-dashed border-slate-300 p-3">
        <p className="mb-2 text-sm font-semibold text-slate-800">Add a PDF</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="min-w-0">
            <label htmlFor={`${id}-new-title`} className="mb-1 block text-xs font-semibold text-slate-700">
              Title of the new PDF
            </label>
            <input
              id={`${id}-new-title`}
              value={newTitle}
              maxLength={ATTACHMENT_TITLE_MAX}
              disabled={full}
              placeholder="e.g. Brochure 2026"
              onChange={(e) => setNewTitle(e.target.value)}
              onKeyDown={(e) => {
                // Enter would save the whole product; here it means "now choose the file".
                if (e.key === "Enter") {
                  e.preventDefault();
                  fileRef.current?.click();
                }
              }}
              className={`${inputClass(false)} disabled:bg-slate-100`}
            />
          </div>
          <div className="min-w-0">
            <label htmlFor={`${id}-file`} className="mb-1 block text-xs font-semibold text-slate-700">
              PDF file
            </label>
            <input
              ref={fileRef}
              id={`${id}-file`}
              type="file"
              accept="application/pdf,.pdf"
              disabled={full}
              aria-invalid={listError ? true : undefined}
              aria-describedby={listError ? `${id}-error` : `${id}-hint`}
              onChange={(e) => void choose(e.currentTarget)}
              className="block w-full text-sm text-slate-700 file:mr-3 file:min-h-9 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-100 disabled:opacity-60"
            />
          </div>
        </div>
        {listError && (
          <p id={`${id}-error`} role={fileError ? "alert" : undefined} className="mt-2 text-sm text-red-700">
            {listError}
          </p>
        )}
        <p className="mt-2 text-xs text-slate-600">
          {full
            ? ATTACHMENT_TEXTS.tooMany
            : "Type the title, then choose the file; the title can be changed above until you save."}
        </p>
      </div>
    </fieldset>
  );
}
