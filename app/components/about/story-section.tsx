import { type ImageTexts, imageAltOf } from "../../../shared/content/alt-text";
import type { Story } from "../../../shared/content/story";
import { Paragraphs } from "../paragraphs";
import { ResponsiveImage } from "../responsive-image";
import { SectionHeading } from "../section-heading";
import { AT_A_GLANCE } from "./about-content";

export type StoryItem = Pick<Story, "title" | "content" | "image"> & ImageTexts;

/** The story: title and paragraphs (app/components/paragraphs.tsx) beside its picture, or beside a few key facts. */
export function StorySection({ story }: { story: StoryItem }) {
  return (
    <section aria-labelledby="story-title" className="py-16 sm:py-20">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-2 lg:gap-16 lg:px-8">
        <SectionHeading id="story-title" eyebrow="Who we are" title={story.title}>
          <div className="mt-6 space-y-4 text-lg leading-relaxed text-slate-700" data-testid="story-content">
            <Paragraphs text={story.content} />
          </div>
        </SectionHeading>
        {story.image ? (
          <div className="relative">
            <div className="absolute -right-3 -bottom-3 hidden h-28 w-28 rounded-lg bg-accent-500 sm:block" aria-hidden="true" />
            <ResponsiveImage
              src={story.image}
              alt={imageAltOf(story, story.title)}
              sizes="(min-width: 1280px) 600px, (min-width: 1024px) 50vw, 100vw"
              className="relative aspect-[4/3] w-full rounded-lg object-cover shadow-lg"
            />
          </div>
        ) : (
          <ul className="grid gap-4" aria-label="At a glance">
            {AT_A_GLANCE.map((fact) => (
              <li key={fact.value} className="rounded-xl border-l-4 border-accent-500 bg-brand-50 px-6 py-5">
                <p className="text-2xl font-extrabold text-brand-700">{fact.value}</p>
                <p className="mt-1 text-slate-700">{fact.label}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
