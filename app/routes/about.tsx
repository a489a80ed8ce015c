import { readList } from "../../server/content/public-reads";
import { coreValueContent } from "../../shared/content/core-value";
import { facilityContent } from "../../shared/content/facility";
import { storyContent } from "../../shared/content/story";
import { teamMemberContent } from "../../shared/content/team-member";
import { FALLBACK_CORE_VALUES, FALLBACK_STORY } from "../components/about/about-content";
import { AboutHero } from "../components/about/about-hero";
import { CoreValues } from "../components/about/core-values";
import { Facilities } from "../components/about/facilities";
import { StorySection } from "../components/about/story-section";
import { LeadershipTeam } from "../components/about/team";
import { Breadcrumbs } from "../components/breadcrumbs";
import { ArrowRightIcon } from "../components/icons";
import { orFallback } from "../lib/read-with-fallback.server";
import { breadcrumbJsonLd, type Crumb, describe, pageMeta, siteInfoFrom } from "../lib/seo";
import type { Route } from "./+types/about";

const CRUMBS: Crumb[] = [{ name: "Home", path: "/" }, { name: "About Us" }];

/**
 * The first story, the core values, the facilities and the team. Empty (or unreadable) story and core
 * values fall back to the page's own text; empty facilities and team leave their sections out.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const [stories, values, facilities, team] = await Promise.all([
    orFallback("story", () => readList(context.app, storyContent), []),
    orFallback("core values", () => readList(context.app, coreValueContent), []),
    orFallback("facilities", () => readList(context.app, facilityContent), []),
    orFallback("team members", () => readList(context.app, teamMemberContent), []),
  ]);
  const story = stories.value.find((s) => s.content.trim() !== "");
  return {
    story: story
      ? {
          title: story.title,
          content: story.content,
          image: story.image,
          imageAlt: story.imageAlt,
          imageDecorative: story.imageDecorative,
        }
      : FALLBACK_STORY,
    coreValues:
      values.value.length > 0
        ? values.value.map(({ _id, title, description, icon }) => ({ _id, title, description, icon }))
        : FALLBACK_CORE_VALUES.map((v) => ({ ...v })),
    facilities: facilities.value.map(({ _id, title, description, features, image, imageAlt, imageDecorative }) => ({
      _id,
      title,
      description,
      features,
      image,
      imageAlt,
      imageDecorative,
    })),
    team: team.value.map(({ _id, name, position, description, image, imageAlt, imageDecorative }) => ({
      _id,
      name,
      position,
      description,
      image,
      imageAlt,
      imageDecorative,
    })),
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const site = siteInfoFrom(matches);
  const company = site?.settings.companyName ?? "Pneuma Air Systems";
  return pageMeta(site, {
    title: "About Us",
    description: describe(
      `${company} designs, builds and services industrial air compressors in Salem, Tamil Nadu. Our story, values, facilities and leadership team.`,
    ),
    path: "/about",
    image: loaderData?.story.image || undefined,
    jsonLd: site ? [breadcrumbJsonLd(site, CRUMBS, "/about")] : [],
  });
}

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const { story, coreValues, facilities, team } = loaderData;
  return (
    <>
      <div className="bg-brand-50 pt-8 pb-12 sm:pb-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <Breadcrumbs crumbs={CRUMBS} />
          <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-brand-700 sm:text-5xl">About Us</h1>
          <p className="mt-3 max-w-2xl text-lg text-slate-700">
            The people, places and principles behind every compressor we build and service.
          </p>
          <div className="mt-8">
            <AboutHero />
          </div>
        </div>
      </div>
      <StorySection story={story} />
      <CoreValues values={coreValues} />
      <Facilities facilities={facilities} />
      <LeadershipTeam members={team} />
      <section aria-labelledby="about-contact-title" className="pt-16 sm:pt-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="flex flex-col gap-6 rounded-2xl bg-brand-700 px-6 py-10 sm:px-12 md:flex-row md:items-center md:justify-between">
            <div className="max-w-2xl text-white">
              <h2 id="about-contact-title" className="text-2xl font-bold sm:text-3xl">
                Let's talk about your compressed air
              </h2>
              <p className="mt-2 text-lg text-brand-50">
                Visit our works, meet our engineers or ask for advice on your next system.
              </p>
            </div>
            <a
              href="/contact"
              className="inline-flex shrink-0 items-center gap-2 self-start rounded-md bg-accent-500 px-6 py-3 font-semibold text-brand-900 hover:bg-accent-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white md:self-center"
            >
              Contact us
              <ArrowRightIcon className="h-4 w-4" />
            </a>
          </div>
        </div>
      </section>
    </>
  );
}
