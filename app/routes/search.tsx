import { readFinder, readSearch } from "../../server/content/public-reads";
import { NO_RESULTS, normalizeQuery, type SearchResults } from "../../server/content/search";
import type { Spelling } from "../../server/content/search-spelling";
import { figuresInQuery, readFinderParams } from "../../shared/content/product-finder";
import { categoryPath, productPath } from "../../shared/lib/product-paths";
import { resultCount } from "../../shared/lib/search-results";
import { faqAnchor } from "../components/contact/faq";
import { SearchIcon } from "../components/icons";
import { ResponsiveImage } from "../components/responsive-image";
import { HighlightedText } from "../components/search/highlighted-text";
import { SEARCH_SUGGESTIONS_MODULE, SearchSuggestions } from "../components/search-suggestions/search-suggestions";
import { formatPrice } from "../lib/format";
import { orFallback } from "../lib/read-with-fallback.server";
import { pageMeta, siteInfoFrom } from "../lib/seo";
import type { Route } from "./+types/search";

/** "No results for “q”" (curly quotes). */
const noResultsText = (q: string) => `No results for “${q}”`;

/** Machines a query names in figures ("250 cfm 7 bar"): the first few of the finder's matches. */
const FIGURE_MATCHES_SHOWN = 6;

const NO_SPELLING: Spelling = { kind: "none" };

/** /search?q=…: the words as typed, or a correction's results (server/content/search-spelling.ts). */
const searchUrl = (q: string, exact = false) => `/search?q=${encodeURIComponent(q)}${exact ? "&exact=1" : ""}`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const q = normalizeQuery(params.get("q"));
  // "Search instead for …": the words' own results, even when a correction finds clearly better ones.
  const exact = params.get("exact") === "1";
  const figures = figuresInQuery(q);
  const words = figures.params.size > 0 ? figures.rest : q;
  const [read, machines] = await Promise.all([
    words
      ? orFallback("search results", () => readSearch(context.app, words, { spelling: figures.params.size === 0, exact }), null)
      : null,
    figures.params.size > 0
      ? orFallback(
          "search figures",
          () => readFinder(context.app, readFinderParams(figures.params).filters, 1, FIGURE_MATCHES_SHOWN),
          null,
        )
      : null,
  ]);
  return {
    q,
    results: read?.value?.results ?? NO_RESULTS,
    spelling: read?.value?.spelling ?? NO_SPELLING,
    failed: Boolean(read?.failed || machines?.failed),
    figures:
      machines?.value && figures.params.size > 0
        ? {
            description: figures.description,
            finderUrl: `/finder?${figures.params}`,
            total: machines.value.total,
            products: machines.value.data.map((p) => ({
              id: p._id,
              name: p.name,
              slug: p.slug,
              text: p.shortDescription,
              price: p.price,
              mainImage: p.mainImage,
              categoryName: p.categoryId.name,
              categorySlug: p.categoryId.slug,
            })),
          }
        : null,
  };
}

type FigureMatches = NonNullable<Awaited<ReturnType<typeof loader>>["figures"]>;

/** "Machines for 250 CFM at 7 bar": the finder's first matches and a link to all of them. */
function FigureResults({ figures }: { figures: FigureMatches }) {
  return (
    <section aria-labelledby="figure-results" className="mt-10">
      <h2 id="figure-results" className="border-b border-slate-200 pb-2 text-xl font-bold text-brand-700">
        Machines for {figures.description}{" "}
        <span className="text-base font-normal text-slate-600">
          ({figures.total} {figures.total === 1 ? "machine" : "machines"})
        </span>
      </h2>
      {figures.products.length > 0 && (
        <ul className="mt-4 grid gap-4 md:grid-cols-2">
          {figures.products.map((p) => (
            <ProductResult key={p.id} product={p} />
          ))}
        </ul>
      )}
      <p className="mt-4">
        <a href={figures.finderUrl} className="font-semibold text-brand-700 underline">
          {figures.total > 0
            ? `See all ${figures.total} in the finder, with every figure`
            : "Open the finder to adjust the figures"}
        </a>
      </p>
    </section>
  );
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const q = loaderData?.q ?? "";
  return pageMeta(siteInfoFrom(matches), {
    title: q ? `Search results for “${q}”` : "Search",
    description: "Search the products, product categories and services of the company.",
    path: "/search",
    noIndex: true,
  });
}

function countLabel(n: number): string {
  return `${n} ${n === 1 ? "result" : "results"}`;
}

function ResultGroup({ title, count, children }: { title: string; count: number; children: React.ReactNode }) {
  const id = `results-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="border-b border-slate-200 pb-2 text-xl font-bold text-brand-700">
        {title} <span className="text-base font-normal text-slate-600">({count})</span>
      </h2>
      <ul className="mt-4 grid gap-4 md:grid-cols-2">{children}</ul>
    </section>
  );
}

/** A result: its title and text come marked by the search (shared/lib/highlight.ts). */
function ResultItem({ to, title, text, image, meta }: { to: string; title: string; text: string; image: string; meta?: string }) {
  return (
    <li className="group relative flex gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm focus-within:ring-2 focus-within:ring-brand-500 hover:shadow-md">
      <div className="w-24 shrink-0 self-start overflow-hidden rounded-md bg-slate-100 sm:w-32">
        <ResponsiveImage src={image} alt="" sizes="128px" className="aspect-[4/3] h-auto w-full object-cover" />
      </div>
      <div className="min-w-0">
        <h3 className="font-semibold text-brand-700 group-hover:underline">
          <a href={to} className="after:absolute after:inset-0 after:content-[''] focus:outline-none">
            <HighlightedText text={title} />
          </a>
        </h3>
        {meta && <p className="mt-0.5 text-sm font-medium text-slate-700">{meta}</p>}
        <p className="mt-1 line-clamp-3 text-sm text-slate-600">
          <HighlightedText text={text} />
        </p>
      </div>
    </li>
  );
}

type ProductHit = SearchResults["products"][number];

function ProductResult({ product: p }: { product: ProductHit }) {
  return (
    <ResultItem
      to={productPath(p.categorySlug, p.slug)}
      title={p.name}
      text={p.text}
      image={p.mainImage}
      meta={`${p.categoryName} · ${formatPrice(p.price)}`}
    />
  );
}

/** Questions from the contact page's FAQ: the answer is shown here, with a link to it there. */
function FaqResults({ faqs }: { faqs: SearchResults["faqs"] }) {
  return (
    <section aria-labelledby="results-questions" className="mt-10">
      <h2 id="results-questions" className="border-b border-slate-200 pb-2 text-xl font-bold text-brand-700">
        Questions <span className="text-base font-normal text-slate-600">({faqs.length})</span>
      </h2>
      <ul className="mt-4 space-y-4">
        {faqs.map((f) => (
          <li key={f.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <h3 className="font-semibold text-brand-900">
              <HighlightedText text={f.question} />
            </h3>
            <p className="mt-1 text-sm leading-relaxed text-slate-700">
              <HighlightedText text={f.text} />
            </p>
            <a href={`/contact#${faqAnchor(f.id)}`} className="mt-2 inline-block text-sm font-semibold text-brand-700 underline">
              Read the answer on the contact page
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Results({ q, results }: { q: string; results: SearchResults }) {
  const total = resultCount(results);
  if (total === 0) {
    return (
      <div className="mt-10 rounded-lg border border-dashed border-slate-300 bg-slate-50 p-8 text-center">
        <p className="text-lg font-semibold text-slate-800">{noResultsText(q)}</p>
        <p className="mt-2 text-slate-600">
          Check the spelling, try fewer or more general words, or{" "}
          <a href="/products" className="font-semibold text-brand-700 underline">
            browse all products
          </a>
          .
        </p>
      </div>
    );
  }
  return (
    <>
      <p role="status" className="mt-6 text-slate-700">
        {countLabel(total)} for “{q}”
      </p>
      {results.products.length > 0 && (
        <ResultGroup title="Products" count={results.products.length}>
          {results.products.map((p) => (
            <ProductResult key={p.id} product={p} />
          ))}
        </ResultGroup>
      )}
      {results.categories.length > 0 && (
        <ResultGroup title="Categories" count={results.categories.length}>
          {results.categories.map((c) => (
            <ResultItem key={c.id} to={categoryPath(c.slug)} title={c.name} text={c.text} image={c.image} />
          ))}
        </ResultGroup>
      )}
      {results.services.length > 0 && (
        <ResultGroup title="Services" count={results.services.length}>
          {results.services.map((s) => (
            <ResultItem key={s.id} to={`/services/${s.slug}`} title={s.title} text={s.text} image={s.image} />
          ))}
        </ResultGroup>
      )}
      {results.faqs.length > 0 && <FaqResults faqs={results.faqs} />}
    </>
  );
}

const linkClass = "font-semibold text-brand-700 underline";

/**
 * What the spelling did: the corrected query's results shown instead of none ("Did you mean … Showing its
 * results.") or instead of a few incidental ones ("Showing results for …", with a link to the words as
 * typed, as the common search engines do), or a correction offered ("Did you mean …?").
 */
function SpellingNotice({ q, spelling }: { q: string; spelling: Spelling }) {
  if (spelling.kind === "none") return null;
  const corrected = spelling.corrected;
  if (spelling.kind === "offered") {
    return (
      <p className="mt-6 text-lg text-slate-800">
        Did you mean{" "}
        <a href={searchUrl(corrected)} className={linkClass}>
          “{corrected}”
        </a>
        ?
      </p>
    );
  }
  if (spelling.found === 0) {
    return (
      <p className="mt-6 text-lg text-slate-800">
        {noResultsText(q)}. Did you mean{" "}
        <a href={searchUrl(corrected)} className={linkClass}>
          “{corrected}”
        </a>
        ? Showing its results.
      </p>
    );
  }
  return (
    <div className="mt-6">
      <p className="text-lg text-slate-800">
        Showing results for{" "}
        <a href={searchUrl(corrected)} className={linkClass}>
          {corrected}
        </a>
      </p>
      <p className="mt-1 text-slate-700">
        Search instead for{" "}
        <a href={searchUrl(q, true)} className={linkClass}>
          {q}
        </a>
      </p>
    </div>
  );
}

/** /search?q= — a GET form (works without JavaScript) and the matching products, categories and services. */
export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q, results, failed, figures, spelling } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold text-brand-700 sm:text-4xl">Search</h1>
      {/* biome-ignore lint/a11y/useSemanticElements: a form with role=search; the search element is too new for older phones */}
      <form
        method="get"
        action="/search"
        role="search"
        aria-label="Search this site"
        className="relative mt-6 flex gap-2"
        key={q}
        {...SEARCH_SUGGESTIONS_MODULE}
      >
        <label htmlFor="search-page-q" className="sr-only">
          Search products and services
        </label>
        <input
          id="search-page-q"
          type="search"
          name="q"
          defaultValue={q}
          placeholder="Search products, categories and services"
          maxLength={200}
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-4 py-3 text-slate-800 placeholder:text-slate-500 focus:border-brand-500 focus:outline-2 focus:outline-brand-500"
        />
        <button
          type="submit"
          className="inline-flex items-center gap-2 rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          <SearchIcon className="h-5 w-5" />
          <span className="max-[380px]:sr-only">Search</span>
        </button>
        <SearchSuggestions inputId="search-page-q" />
      </form>
      {failed ? (
        <p role="alert" className="mt-10 rounded-lg border border-amber-300 bg-amber-50 p-6 text-slate-800">
          Search is not available at the moment. Please try again later.
        </p>
      ) : q ? (
        <>
          <SpellingNotice q={q} spelling={spelling} />
          {figures && <FigureResults figures={figures} />}
          {(!figures || resultCount(results) > 0) && (
            <Results q={spelling.kind === "replaced" ? spelling.corrected : q} results={results} />
          )}
        </>
      ) : (
        <p className="mt-6 text-slate-600">
          Type a product name, a category or a service, for example “oil-free” or “maintenance”.
        </p>
      )}
    </div>
  );
}
