import { badRequest, HttpError } from "../../server/http/errors";

/** The same bound as the API's form parser: an enquiry is a few kilobytes at most. */
const MAX_FORM_BYTES = 1024 * 1024;

/**
 * The posted form of a page's action, read with a size bound (pages have no body parser in front of
 * them). Throws HttpError 413 (too large) or 400 (unreadable).
 */
export async function readFormData(request: Request): Promise<FormData> {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_FORM_BYTES) throw new HttpError(413, "The request body is too large.");
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_FORM_BYTES) {
        await reader.cancel();
        throw new HttpError(413, "The request body is too large.");
      }
      chunks.push(value);
    }
  }
  try {
    return await new Request(request.url, {
      method: "POST",
      headers: { "content-type": request.headers.get("content-type") ?? "application/x-www-form-urlencoded" },
      body: Buffer.concat(chunks),
    }).formData();
  } catch {
    throw badRequest("The form could not be read.");
  }
}

/** The first text value of every field (files are ignored). */
export function firstValues(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of form) {
    if (typeof value === "string" && !(key in fields)) fields[key] = value;
  }
  return fields;
}

/** Every text value of a repeated field, in order. */
export function allValues(form: FormData, name: string): string[] {
  return form.getAll(name).filter((v): v is string => typeof v === "string");
}

/** The posted form's fields, one text value each (the first): what the contact action needs. */
export async function readForm(request: Request): Promise<Record<string, string>> {
  return firstValues(await readFormData(request));
}
