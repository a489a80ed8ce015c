import { sql } from "drizzle-orm";
import { HIGHLIGHT_START } from "../../shared/lib/highlight";
import { resultCount } from "../../shared/lib/search-results";
import type { AppContext } from "../context";
import { NO_RESULTS, type SearchResults, searchSite } from "./search";

/**
 * Forgiving search ("Did you mean", "Showing results for"): the words of the catalogue (product, category
 * and service names and the products' short descriptions), and for a misspelt query word the catalogue word most like it by trigram similarity
 * (PostgreSQL's pg_trgm measure: the shared share of the words' three-letter pieces, with the word padded
 * by two spaces before and one after). Done here rather than with the pg_trgm extension, so it works the
 * same on the embedded database and on PostgreSQL without installing anything.
 */

/** Below this, a word is too unlike any catalogue word to suggest (pg_trgm's default is 0.3). */
const SIMILARITY_MIN = 0.3;
/** Words shorter than this are not corrected (too little to go on). */
const WORD_MIN = 3;

/** pg_trgm's trigrams of a text: of each word (letters and digits), padded with two spaces before, one after. */
function trigrams(text: string): Set<string> {
  const set = new Set<string>();
  for (const word of text.toLowerCase().split(/[^a-z0-9]+/)) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
  }
  return set;
}

export function similarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return shared / (ta.size + tb.size - shared);
}

/** Levenshtein distance: the fewest single-letter insertions, deletions and substitutions from a to b. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

export interface Lexicon {
  words: string[];
  known: Set<string>;
}

/** The catalogue's distinct words (letters only, 3 or more), read once and kept until content changes. */
function readLexicon(ctx: AppContext): Promise<Lexicon> {
  return ctx.cache.read("search-words", async () => {
    const result = await ctx.db.execute(sql`
      select distinct w from (
        select regexp_split_to_table(lower(name || ' ' || short_description), '[^a-z]+') as w from products
        union all select regexp_split_to_table(lower(name), '[^a-z]+') from categories
        union all select regexp_split_to_table(lower(title), '[^a-z]+') from services
      ) words where length(w) >= ${WORD_MIN}`);
    // Both drivers answer raw SQL with `rows`.
    const words = (result as unknown as { rows: { w: string }[] }).rows.map((r) => r.w);
    return { words, known: new Set(words) };
  });
}

/**
 * The query with each unknown word replaced by the most similar catalogue word, or null when no word
 * needed (or found) a correction. Numbers, short words and words a catalogue word starts with are kept.
 */
export function correctQuery(q: string, lexicon: Lexicon): string | null {
  let changed = false;
  const corrected = q.split(" ").map((word) => {
    const w = word.toLowerCase();
    if (w.length < WORD_MIN || !/^[a-z]+$/.test(w) || lexicon.known.has(w)) return word;
    if (lexicon.words.some((k) => k.startsWith(w))) return word;
    // Among the similar enough words, the fewest edits away (then the most similar, then A–Z): "drier" is
    // as similar to "drive" as to "dryer" by trigrams, but one letter from "dryer".
    let best: string | null = null;
    let bestRank: [number, number] = [Number.POSITIVE_INFINITY, 0];
    for (const candidate of lexicon.words) {
      const score = similarity(w, candidate);
      if (score < SIMILARITY_MIN) continue;
      const edits = editDistance(w, candidate);
      const better =
        edits < bestRank[0] ||
        (edits === bestRank[0] && (score > bestRank[1] || (score === bestRank[1] && best !== null && candidate < best)));
      if (better) {
        best = candidate;
        bestRank = [edits, score];
      }
    }
    if (!best) return word;
    changed = true;
    return best;
  });
  return changed ? corrected.join(" ") : null;
}

/** At most this many results, and a better-spelt query is tried. */
const FEW_RESULTS = 2;
/** "Many more": a correction that finds at least this many times as many results (and at least this many). */
const MANY_MORE = 5;

export interface SearchOptions {
  /** Try the catalogue's spelling when the words find little (not when the query also names figures). */
  spelling: boolean;
  /** Show the words' own results even when a correction finds clearly better ones ("Search instead for"). */
  exact: boolean;
}

/**
 * What the spelling did: nothing; `replaced`: the results are the corrected query's (the words as typed found
 * `found` results: none, or a few, only incidental, or far fewer); `offered`: the words' own results, and the
 * corrected query is offered ("Did you mean").
 */
export type Spelling =
  | { kind: "none" }
  | { kind: "replaced"; corrected: string; found: number }
  | { kind: "offered"; corrected: string };

export interface SearchAnswer {
  results: SearchResults;
  spelling: Spelling;
}

/** Whether any result matched by its name or title (not only somewhere in its text). */
function matchesAName(r: SearchResults): boolean {
  const titles = [...r.products.map((p) => p.name), ...r.categories.map((c) => c.name), ...r.services.map((s) => s.title)];
  return [...titles, ...r.faqs.map((f) => f.question)].some((title) => title.includes(HIGHLIGHT_START));
}

/**
 * What to show when the catalogue's spelling `corrected` of the words found `retried` where the words as
 * typed found `results`: the correction's results if they are clearly better (the words found nothing, or
 * only incidental matches, in descriptions, where the correction matches names: "drier" is in one
 * description, "dryer" names the dryers; or many times fewer), unless `exact`; else the correction offered
 * if it finds more; else the words' own results.
 */
export function chooseSpelling(results: SearchResults, corrected: string, retried: SearchResults, exact: boolean): SearchAnswer {
  const found = resultCount(results);
  const better = resultCount(retried);
  if (better <= found) return { results, spelling: { kind: "none" } };
  const clearlyBetter =
    found === 0 || (!matchesAName(results) && matchesAName(retried)) || better >= Math.max(MANY_MORE, MANY_MORE * found);
  if (clearlyBetter && !exact) return { results: retried, spelling: { kind: "replaced", corrected, found } };
  return { results, spelling: { kind: "offered", corrected } };
}

/**
 * The site search, forgiving misspellings: when the words as typed find nothing or next to nothing, the
 * catalogue's nearest spelling is searched too, and `chooseSpelling` decides what is shown.
 */
export async function forgivingSearch(ctx: AppContext, q: string, options: SearchOptions): Promise<SearchAnswer> {
  const results = q ? await searchSite(ctx.db, q) : NO_RESULTS;
  if (!q || !options.spelling || resultCount(results) > FEW_RESULTS) return { results, spelling: { kind: "none" } };
  const corrected = correctQuery(q, await readLexicon(ctx));
  if (!corrected) return { results, spelling: { kind: "none" } };
  return chooseSpelling(results, corrected, await searchSite(ctx.db, corrected), options.exact);
}
