import { api } from "../../lib/api-client";

/** A screen's list as its clientLoader returns it: the records, or the failure text to show. */
export interface ListData<T> {
  items: T[];
  error: string | null;
}

/** Loads a plain-array list; a failure becomes `fetchFailed` (the SPEC §8 text) instead of a crash. */
export async function loadList<T>(endpoint: string, fetchFailed: string): Promise<ListData<T>> {
  try {
    const items = await api<T[]>(endpoint);
    return { items: Array.isArray(items) ? items : [], error: null };
  } catch (err) {
    console.error(fetchFailed, err);
    return { items: [], error: fetchFailed };
  }
}

/** The <title> and robots tags of an admin screen. */
export function adminMeta(title: string) {
  return [{ title: `${title} | Admin Panel` }, { name: "robots", content: "noindex, nofollow" }];
}
