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

/** A choice in a select: the record's id and its name. */
export interface Choice {
  value: string;
  label: string;
}

/**
 * Every product as a choice (a testimonial's "Product it is about"), by name: the catalogue's pages of 100
 * read at once after the first. A failure leaves the list empty (the form then offers no product).
 */
export async function loadProductChoices(): Promise<Choice[]> {
  type Page = { data: { _id: string; name: string }[]; total: number };
  const limit = 100;
  const page = (n: number) => api<Page>("/api/product", { query: { page: n, limit } });
  try {
    const first = await page(1);
    const rest = await Promise.all(Array.from({ length: Math.ceil(first.total / limit) - 1 }, (_, i) => page(i + 2)));
    return [first, ...rest]
      .flatMap((p) => p.data)
      .map((p) => ({ value: p._id, label: p.name }))
      .sort((a, b) => a.label.localeCompare(b.label));
  } catch (err) {
    console.error("Failed to fetch products", err);
    return [];
  }
}

/** The <title> and robots tags of an admin screen. */
export function adminMeta(title: string) {
  return [{ title: `${title} | Admin Panel` }, { name: "robots", content: "noindex, nofollow" }];
}
