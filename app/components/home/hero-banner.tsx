import { type ImageTexts, imageAltOf } from "../../../shared/content/alt-text";
import type { Banner } from "../../../shared/content/banner";
import { ArrowRightIcon } from "../icons";
import { ResponsiveImage } from "../responsive-image";
import { Slider } from "../slider/slider";

/** Home banner interval (SPEC §9). */
const HOME_SLIDE_INTERVAL_MS = 5000;

export type BannerSlide = Pick<Banner, "_id" | "title" | "description" | "image"> & ImageTexts;

const FRAME = "h-[34rem] sm:h-[32rem] lg:h-[38rem]";

function HeroActions() {
  return (
    <div className="mt-8 flex flex-wrap gap-3">
      <a
        href="/products"
        className="inline-flex items-center gap-2 rounded-md bg-accent-500 px-5 py-3 font-semibold text-brand-900 shadow-sm hover:bg-accent-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        Explore Products
        <ArrowRightIcon className="h-4 w-4" />
      </a>
      <a
        href="/quote"
        className="inline-flex items-center rounded-md border-2 border-white px-5 py-2.5 font-semibold text-white hover:bg-white hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        Get a Quote
      </a>
    </div>
  );
}

/** One banner: the picture fills the frame, a dark wash on the text side keeps the words readable. */
function BannerSlideView({ banner, first }: { banner: BannerSlide; first: boolean }) {
  return (
    <div className="relative h-full bg-brand-900">
      <ResponsiveImage
        src={banner.image}
        alt={imageAltOf(banner, "")}
        sizes="100vw"
        priority={first}
        className="absolute inset-0 h-full w-full object-cover"
      />
      <div className="absolute inset-0 bg-brand-900/65 md:bg-transparent md:bg-linear-to-r md:from-brand-900/90 md:via-brand-900/50 md:to-transparent" />
      <div className="relative mx-auto flex h-full max-w-7xl items-center px-4 pb-16 sm:px-6 lg:px-8">
        <div className="max-w-xl text-white">
          {banner.title && (
            <h2 className="text-3xl leading-tight font-extrabold tracking-tight text-balance [text-shadow:0_1px_3px_rgb(0_0_0/0.45)] sm:text-5xl">
              {banner.title}
            </h2>
          )}
          {banner.description && (
            <p className="mt-4 text-lg leading-relaxed text-brand-50 [text-shadow:0_1px_3px_rgb(0_0_0/0.45)] sm:text-xl">
              {banner.description}
            </p>
          )}
          <HeroActions />
        </div>
      </div>
    </div>
  );
}

/**
 * The top of the home page: the banners rotating every 5 s (the shared Slider fades, offers dots and
 * pauses on hover, focus and reduced motion), or a drawn static hero when there are none.
 */
export function HeroBanner({ banners, companyName, tagline }: { banners: BannerSlide[]; companyName: string; tagline: string }) {
  if (banners.length === 0) return <StaticHero companyName={companyName} tagline={tagline} />;
  return (
    <div className="relative">
      <h1 className="sr-only">{companyName}: industrial air compressors from Salem</h1>
      <Slider
        slides={banners}
        intervalMs={HOME_SLIDE_INTERVAL_MS}
        label="Highlights"
        className={`${FRAME} bg-brand-900`}
        renderSlide={(banner, i) => <BannerSlideView banner={banner} first={i === 0} />}
      />
    </div>
  );
}

function StaticHero({ companyName, tagline }: { companyName: string; tagline: string }) {
  return (
    <section
      aria-labelledby="home-hero-title"
      className="relative overflow-hidden bg-brand-900 bg-linear-to-br from-brand-900 via-brand-700 to-brand-500"
    >
      <AirflowArt className="pointer-events-none absolute -right-24 -bottom-24 h-[28rem] w-[28rem] text-white/10 sm:h-[36rem] sm:w-[36rem]" />
      <div className="relative mx-auto max-w-7xl px-4 py-20 sm:px-6 sm:py-28 lg:px-8">
        <div className="max-w-2xl text-white">
          <p className="text-sm font-semibold tracking-widest text-brand-100 uppercase">Industrial air compressors</p>
          <h1 id="home-hero-title" className="mt-3 text-4xl leading-tight font-extrabold tracking-tight sm:text-5xl">
            {companyName}
          </h1>
          <p className="mt-4 text-lg leading-relaxed text-brand-50 sm:text-xl">
            {tagline || "Reliable compressed air systems, designed, built and serviced in Salem, Tamil Nadu."}
          </p>
          <HeroActions />
        </div>
      </div>
    </section>
  );
}

/** A drawn pressure gauge with air lines: decoration for the static hero. */
function AirflowArt({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 400 400" fill="none" stroke="currentColor" className={className} aria-hidden="true" focusable="false">
      <circle cx="200" cy="200" r="150" strokeWidth="14" />
      <circle cx="200" cy="200" r="118" strokeWidth="4" />
      {Array.from({ length: 11 }, (_, i) => {
        const angle = ((-225 + i * 27) * Math.PI) / 180;
        const x1 = 200 + Math.cos(angle) * 100;
        const y1 = 200 + Math.sin(angle) * 100;
        const x2 = 200 + Math.cos(angle) * 118;
        const y2 = 200 + Math.sin(angle) * 118;
        return <line key={angle} x1={x1} y1={y1} x2={x2} y2={y2} strokeWidth="6" strokeLinecap="round" />;
      })}
      <line x1="200" y1="200" x2="270" y2="130" strokeWidth="10" strokeLinecap="round" />
      <circle cx="200" cy="200" r="14" fill="currentColor" />
      <path d="M20 330c60-30 120 30 180 0s120-30 180 0" strokeWidth="8" strokeLinecap="round" />
      <path d="M20 370c60-30 120 30 180 0s120-30 180 0" strokeWidth="8" strokeLinecap="round" />
    </svg>
  );
}
