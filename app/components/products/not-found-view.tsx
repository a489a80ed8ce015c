/** The catalogue's not-found view (unknown category or product): a designed page with a way back. */
export function CatalogueNotFound({
  title,
  text,
  failed = false,
}: {
  title: string;
  text: string;
  /** The database could not be read: say so, as well as the not-found text. */
  failed?: boolean;
}) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center">
      <p className="text-6xl font-extrabold text-brand-500" aria-hidden="true">
        {failed ? "503" : "404"}
      </p>
      <h1 className="mt-4 text-3xl font-bold text-brand-700">{title}</h1>
      <p className="mt-4 text-slate-600">{text}</p>
      {failed && <p className="mt-2 text-slate-600">We could not load the catalogue just now. Please try again in a moment.</p>}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a href="/products" className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-900">
          Back to Products
        </a>
        <a
          href="/contact"
          className="rounded-md border border-brand-700 px-5 py-2.5 font-semibold text-brand-700 hover:bg-brand-50"
        >
          Contact Sales
        </a>
      </div>
    </div>
  );
}
