import type { ReactNode } from "react";
import { dataModule } from "../../enhance/data-module";

interface SliderProps<T> {
  slides: readonly T[];
  /** Time each slide shows, in ms (home 5000, About and Products 6000). */
  intervalMs: number;
  /** Accessible name of the carousel, e.g. "Featured products". */
  label: string;
  renderSlide: (slide: T, index: number) => ReactNode;
  /** Classes of the frame; give it a fixed aspect ratio or height so nothing shifts. */
  className?: string;
}

/**
 * The one slider, drawn on the server with the first slide showing. The `slider` module
 * (./slider.enhance.ts) fades (500 ms) to the next slide every `intervalMs`, makes the dots jump to a
 * slide, pauses while hovered or focused and for visitors who prefer reduced motion. Without JavaScript
 * the slides sit side by side in a strip that scrolls sideways, so every slide can be reached. With it, the
 * slides after the first are not displayed (`data-slide-waiting`) until a second after the page has
 * loaded, so their lazy images wait too: on a slow phone the first screen has the bandwidth to itself.
 */
export function Slider<T>({ slides, intervalMs, label, renderSlide, className = "" }: SliderProps<T>) {
  const count = slides.length;
  if (count === 0) return null;
  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      {...dataModule("slider")}
      data-interval={intervalMs}
      className={`relative overflow-hidden noscript:flex noscript:snap-x noscript:snap-mandatory noscript:overflow-x-auto ${className}`}
    >
      {slides.map((slide, i) => (
        // biome-ignore lint/a11y/useSemanticElements: a slide is a group with a role description (WAI-ARIA APG)
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: slides are a fixed list for the page's life
          key={i}
          aria-roledescription="slide"
          aria-label={`${i + 1} of ${count}`}
          data-active={i === 0}
          // Shown once the page has loaded (app.css): a slide's image does not compete with the first's.
          data-slide-waiting={i === 0 ? undefined : true}
          role="group"
          className="absolute inset-0 z-0 opacity-0 transition-opacity duration-500 ease-in-out data-[active=true]:z-[1] data-[active=true]:opacity-100 noscript:relative noscript:w-full noscript:shrink-0 noscript:snap-start noscript:opacity-100"
        >
          {renderSlide(slide, i)}
        </div>
      ))}
      {count > 1 && (
        <div className="absolute inset-x-0 bottom-4 z-10 flex justify-center gap-2 noscript:hidden">
          {slides.map((_, i) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: one dot per slide
              key={i}
              type="button"
              aria-label={`Show slide ${i + 1} of ${count}`}
              aria-current={i === 0 ? "true" : undefined}
              data-slide-dot
              className="group grid h-8 w-8 place-items-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              <span className="block h-3 w-3 rounded-full border-2 border-white bg-white/30 shadow transition-colors group-aria-[current=true]:bg-white" />
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
