import { type ReactNode, useEffect, useState } from "react";

const FADE_MS = 500;

interface SliderProps<T> {
  slides: readonly T[];
  /** Time each slide shows, in ms (home 5000, About and Products 6000). */
  intervalMs: number;
  /** Accessible name of the carousel, e.g. "Featured products". */
  label: string;
  renderSlide: (slide: T, index: number, active: boolean) => ReactNode;
  /** Classes of the frame; give it a fixed aspect ratio or height so nothing shifts. */
  className?: string;
}

function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;
}

/**
 * The one slider: slides fade (500 ms) every `intervalMs`; dots jump to a slide. It pauses while hovered
 * or focused, and does not advance on its own for visitors who prefer reduced motion.
 */
export function Slider<T>({ slides, intervalMs, label, renderSlide, className = "" }: SliderProps<T>) {
  const [current, setCurrent] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);
  const count = slides.length;

  useEffect(() => {
    setReducedMotion(prefersReducedMotion());
    const query = window.matchMedia?.("(prefers-reduced-motion: reduce)");
    const onChange = () => setReducedMotion(query.matches);
    query?.addEventListener("change", onChange);
    return () => query?.removeEventListener("change", onChange);
  }, []);

  // One timeout per shown slide: re-armed whenever the slide changes (also after a dot click).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `current` is the trigger, not a value read
  useEffect(() => {
    if (count < 2 || hovered || focused || reducedMotion) return;
    const timer = setTimeout(() => setCurrent((c) => (c + 1) % count), intervalMs);
    return () => clearTimeout(timer);
  }, [current, count, hovered, focused, reducedMotion, intervalMs]);

  if (count === 0) return null;
  const active = current % count;
  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className={`relative overflow-hidden ${className}`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      {slides.map((slide, i) => (
        // biome-ignore lint/a11y/useSemanticElements: a slide is a group with a role description (WAI-ARIA APG)
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: slides are a fixed list for the page's life
          key={i}
          aria-roledescription="slide"
          aria-label={`${i + 1} of ${count}`}
          aria-hidden={i !== active}
          inert={i !== active}
          data-active={i === active}
          role="group"
          className="absolute inset-0 transition-opacity ease-in-out"
          style={{ opacity: i === active ? 1 : 0, transitionDuration: `${FADE_MS}ms`, zIndex: i === active ? 1 : 0 }}
        >
          {renderSlide(slide, i, i === active)}
        </div>
      ))}
      {count > 1 && (
        <div className="absolute inset-x-0 bottom-4 z-10 flex justify-center gap-2">
          {slides.map((_, i) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: one dot per slide
              key={i}
              type="button"
              aria-label={`Show slide ${i + 1} of ${count}`}
              aria-current={i === active ? "true" : undefined}
              onClick={() => setCurrent(i)}
              className="grid h-8 w-8 place-items-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              <span
                className={`block h-3 w-3 rounded-full border-2 border-white shadow transition-colors ${i === active ? "bg-white" : "bg-white/30"}`}
              />
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
