import { type ImageTexts, imageAltOf } from "../../../shared/content/alt-text";
import { categoryPath } from "../../../shared/lib/product-paths";
import { ArrowRightIcon } from "../icons";
import { ResponsiveImage } from "../responsive-image";
import { Slider } from "../slider/slider";

/** About and products sliders change every 6 s (SPEC §9). */
const PRODUCTS_SLIDE_INTERVAL_MS = 6000;

interface HeroSlideCopy {
  eyebrow: string;
  title: string;
  text: string;
  cta: string;
  /** The slide links to (and shows the picture of) the first category whose slug contains this. */
  categoryMatch?: string;
  /** Otherwise it links here. */
  to: string;
  background: string;
}

const SLIDES: HeroSlideCopy[] = [
  {
    eyebrow: "Rotary screw compressors",
    title: "Compressed air for round-the-clock production",
    text: "Oil-injected screw compressors from 11 to 75 kW with IE3 motors, in fixed-speed or variable speed drive versions.",
    cta: "Explore screw compressors",
    categoryMatch: "screw",
    to: "#categories",
    background: "linear-gradient(115deg, #062440 0%, #0b3a66 55%, #1d5c96 100%)",
  },
  {
    eyebrow: "Oil-free air",
    title: "Class 0 air for food, pharma and healthcare",
    text: "Scroll and oil-free screw compressors that put no oil into your air, certified to ISO 8573-1 Class 0.",
    cta: "See oil-free compressors",
    categoryMatch: "oil-free",
    to: "#categories",
    background: "linear-gradient(115deg, #05302f 0%, #0f4f4e 55%, #17615f 100%)",
  },
  {
    eyebrow: "Service and support",
    title: "Designed, built and serviced in Salem",
    text: "Installation, annual maintenance contracts and breakdown response within 24 hours across Tamil Nadu.",
    cta: "Our services",
    to: "/services",
    background: "linear-gradient(115deg, #1e293b 0%, #062440 60%, #0b3a66 100%)",
  },
];

export interface HeroCategory extends ImageTexts {
  slug: string;
  image: string;
  name: string;
}

interface ResolvedSlide extends HeroSlideCopy {
  href: string;
  image: string | null;
  imageAlt: string;
}

function resolveSlides(categories: HeroCategory[]): ResolvedSlide[] {
  return SLIDES.map((s) => {
    const category = s.categoryMatch ? categories.find((c) => c.slug.includes(s.categoryMatch ?? "")) : undefined;
    return {
      ...s,
      href: category ? categoryPath(category.slug) : s.to,
      image: category?.image || null,
      imageAlt: category ? imageAltOf(category, category.name) : "",
    };
  });
}

/** Drawn for the service slide: a pressure gauge. */
function GaugeArt() {
  return (
    <svg viewBox="0 0 240 240" className="h-64 w-64 xl:h-72 xl:w-72" aria-hidden="true" focusable="false">
      <circle cx="120" cy="120" r="110" fill="#0b3a66" stroke="#d6e6f6" strokeWidth="6" />
      <circle cx="120" cy="120" r="92" fill="#062440" />
      {Array.from({ length: 11 }, (_, i) => {
        const a = ((-210 + i * 24) * Math.PI) / 180;
        const r1 = 80;
        const r2 = i % 5 === 0 ? 62 : 70;
        return (
          <line
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed tick marks
            key={i}
            x1={120 + r1 * Math.cos(a)}
            y1={120 + r1 * Math.sin(a)}
            x2={120 + r2 * Math.cos(a)}
            y2={120 + r2 * Math.sin(a)}
            stroke={i >= 8 ? "#f08a24" : "#d6e6f6"}
            strokeWidth={i % 5 === 0 ? 5 : 3}
            strokeLinecap="round"
          />
        );
      })}
      <path d="M120 120 L170 78" stroke="#f08a24" strokeWidth="7" strokeLinecap="round" />
      <circle cx="120" cy="120" r="12" fill="#f08a24" />
      <text x="120" y="178" textAnchor="middle" fill="#d6e6f6" fontSize="22" fontFamily="system-ui, sans-serif" fontWeight="700">
        bar
      </text>
    </svg>
  );
}

/** The products landing hero: three slides about the range, 6 s each, with a 500 ms fade. */
export function ProductsHero({ categories }: { categories: HeroCategory[] }) {
  const slides = resolveSlides(categories);
  return (
    <div data-products-hero>
      <Slider
        slides={slides}
        intervalMs={PRODUCTS_SLIDE_INTERVAL_MS}
        label="Our product range"
        className="h-[460px] bg-brand-900 sm:h-[420px] lg:h-[460px]"
        renderSlide={(slide) => (
          <div className="relative h-full overflow-hidden text-white" style={{ background: slide.background }}>
            <div
              aria-hidden="true"
              className="absolute inset-0 opacity-15"
              style={{
                backgroundImage:
                  "linear-gradient(rgba(255,255,255,.25) 1px, transparent 1px), linear-gradient(90deg, rgba(255,255,255,.25) 1px, transparent 1px)",
                backgroundSize: "48px 48px",
              }}
            />
            <div
              aria-hidden="true"
              className="absolute -right-32 -bottom-40 h-[28rem] w-[28rem] rounded-full opacity-25"
              style={{ background: "radial-gradient(circle, #f08a24 0%, transparent 65%)" }}
            />
            <div className="relative mx-auto flex h-full max-w-7xl items-center gap-10 px-4 pb-14">
              <div className="max-w-xl">
                <p className="inline-block rounded-full bg-accent-500 px-3 py-1 text-xs font-bold tracking-wide text-brand-900 uppercase">
                  {slide.eyebrow}
                </p>
                <p className="mt-4 text-3xl leading-tight font-extrabold sm:text-4xl lg:text-5xl">{slide.title}</p>
                <p className="mt-4 text-base leading-relaxed text-brand-50 sm:text-lg">{slide.text}</p>
                <a
                  href={slide.href}
                  className="mt-6 inline-flex items-center gap-2 rounded-md bg-white px-5 py-3 font-semibold text-brand-700 shadow hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
                >
                  {slide.cta}
                  <ArrowRightIcon className="h-4 w-4" />
                </a>
              </div>
              <div className="ml-auto hidden shrink-0 lg:block">
                {slide.image ? (
                  <div className="w-[26rem] overflow-hidden rounded-xl border-4 border-white/20 shadow-2xl xl:w-[30rem]">
                    <ResponsiveImage
                      src={slide.image}
                      alt={slide.imageAlt}
                      sizes="480px"
                      className="aspect-[4/3] h-auto w-full object-cover"
                    />
                  </div>
                ) : (
                  <GaugeArt />
                )}
              </div>
            </div>
          </div>
        )}
      />
    </div>
  );
}
