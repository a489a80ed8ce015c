import { type ImageTexts, imageAltOf } from "../../../shared/content/alt-text";
import type { Industrial } from "../../../shared/content/industrial";
import { ArrowRightIcon } from "../icons";
import { Paragraphs } from "../paragraphs";
import { ResponsiveImage } from "../responsive-image";

export type IndustrialItem = Pick<Industrial, "title" | "description" | "image"> & ImageTexts;

/** The first industrial item: picture beside its title and text. */
export function IndustrialFeature({ item }: { item: IndustrialItem }) {
  return (
    <section aria-labelledby="industrial-title" className="bg-white py-16 sm:py-20">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-2 lg:gap-16 lg:px-8">
        {item.image && (
          <div className="relative">
            <div className="absolute -top-3 -left-3 hidden h-24 w-24 rounded-lg bg-accent-500 sm:block" aria-hidden="true" />
            <ResponsiveImage
              src={item.image}
              alt={imageAltOf(item, item.title || "Our compressors at work")}
              sizes="(min-width: 1280px) 600px, (min-width: 1024px) 50vw, 100vw"
              className="relative aspect-[4/3] w-full rounded-lg object-cover shadow-lg"
            />
          </div>
        )}
        <div>
          <p className="text-sm font-semibold tracking-widest text-brand-500 uppercase">Industries we serve</p>
          <h2 id="industrial-title" className="mt-2 text-3xl font-bold text-brand-700 sm:text-4xl">
            {item.title || "Compressed air for industry"}
          </h2>
          <div className="mt-5 space-y-4 text-lg leading-relaxed text-slate-700">
            <Paragraphs text={item.description} />
          </div>
          <a
            href="/about"
            className="mt-8 inline-flex items-center gap-2 rounded-md px-1 py-1 font-semibold text-brand-700 hover:text-brand-900 hover:underline"
          >
            More about our company
            <ArrowRightIcon className="h-4 w-4" />
          </a>
        </div>
      </div>
    </section>
  );
}
