import { Slider } from "../slider/slider";
import { ABOUT_SLIDE_INTERVAL_MS, HERO_SLIDES, type HeroArt, type HeroSlide } from "./about-content";

const BACKGROUNDS: Record<HeroArt, string> = {
  gauge: "bg-brand-900 bg-linear-to-br from-brand-900 via-brand-700 to-brand-500",
  map: "bg-brand-900 bg-linear-to-br from-slate-900 via-brand-900 to-brand-700",
  service: "bg-brand-900 bg-linear-to-br from-brand-700 via-brand-900 to-slate-900",
};

const svgProps = {
  viewBox: "0 0 400 400",
  fill: "none",
  stroke: "currentColor",
  strokeLinecap: "round" as const,
  strokeLinejoin: "round" as const,
  "aria-hidden": true,
  focusable: false,
};

/** Large line drawings on the right of each slide: a pressure gauge, a route map, a wrench and gear. */
function Art({ art, className }: { art: HeroArt; className: string }) {
  if (art === "gauge") {
    return (
      <svg {...svgProps} className={className}>
        <circle cx="200" cy="200" r="160" strokeWidth="16" />
        <circle cx="200" cy="200" r="126" strokeWidth="4" />
        {Array.from({ length: 13 }, (_, i) => {
          const a = ((-225 + i * 22.5) * Math.PI) / 180;
          return (
            <line
              key={a}
              x1={200 + Math.cos(a) * 104}
              y1={200 + Math.sin(a) * 104}
              x2={200 + Math.cos(a) * 126}
              y2={200 + Math.sin(a) * 126}
              strokeWidth={i % 3 === 0 ? 8 : 4}
            />
          );
        })}
        <line x1="200" y1="200" x2="282" y2="132" strokeWidth="12" />
        <circle cx="200" cy="200" r="16" fill="currentColor" />
        <path d="M150 290h100" strokeWidth="8" />
      </svg>
    );
  }
  if (art === "map") {
    return (
      <svg {...svgProps} className={className}>
        <path d="M200 70c-44 0-80 34-80 78 0 58 80 132 80 132s80-74 80-132c0-44-36-78-80-78Z" strokeWidth="14" />
        <circle cx="200" cy="148" r="28" strokeWidth="12" />
        <path d="M60 330c50-40 90 10 140-20s90-60 140-20" strokeWidth="6" strokeDasharray="2 18" />
        <circle cx="60" cy="330" r="12" fill="currentColor" />
        <circle cx="340" cy="290" r="12" fill="currentColor" />
        <circle cx="110" cy="230" r="8" fill="currentColor" />
        <circle cx="310" cy="200" r="8" fill="currentColor" />
        <path d="M110 230 200 280 310 200" strokeWidth="4" strokeDasharray="2 14" />
      </svg>
    );
  }
  return (
    <svg {...svgProps} className={className}>
      <g strokeLinecap="butt">
        {Array.from({ length: 8 }, (_, i) => {
          const a = (i * Math.PI) / 4;
          return (
            <line
              key={a}
              x1={250 + Math.cos(a) * 58}
              y1={150 + Math.sin(a) * 58}
              x2={250 + Math.cos(a) * 86}
              y2={150 + Math.sin(a) * 86}
              strokeWidth="28"
            />
          );
        })}
      </g>
      <circle cx="250" cy="150" r="62" strokeWidth="16" />
      <circle cx="250" cy="150" r="22" strokeWidth="12" />
      <path d="M148 232a52 52 0 0 1-68 62l-40 40a18 18 0 0 1-26-26l40-40a52 52 0 0 1 62-68l-30 30 6 26 26 6Z" strokeWidth="12" />
    </svg>
  );
}

function SlideView({ slide }: { slide: HeroSlide }) {
  return (
    <div className={`relative h-full overflow-hidden ${BACKGROUNDS[slide.art]}`}>
      <Art
        art={slide.art}
        className="pointer-events-none absolute top-1/2 -right-20 h-80 w-80 -translate-y-1/2 text-white/10 sm:right-4 sm:h-[26rem] sm:w-[26rem] lg:right-16"
      />
      <div className="relative flex h-full items-center px-6 pb-14 sm:px-12 lg:px-16">
        <div className="max-w-2xl text-white">
          <p className="text-sm font-semibold tracking-widest text-brand-100 uppercase">{slide.eyebrow}</p>
          <h2 className="mt-3 text-3xl leading-tight font-extrabold tracking-tight text-balance sm:text-4xl lg:text-5xl">
            {slide.title}
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-brand-50">{slide.text}</p>
        </div>
      </div>
    </div>
  );
}

/** Three static slides about the company, changing every 6 s. */
export function AboutHero() {
  return (
    <Slider
      slides={HERO_SLIDES}
      intervalMs={ABOUT_SLIDE_INTERVAL_MS}
      label="About our company"
      className="h-[28rem] rounded-2xl bg-brand-900 shadow-lg sm:h-96 lg:h-[26rem]"
      renderSlide={(slide) => <SlideView slide={slide} />}
    />
  );
}
