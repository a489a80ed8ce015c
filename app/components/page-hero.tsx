import type { ReactNode } from "react";

interface PageHeroProps {
  /** Small line above the heading, e.g. "Service & support". */
  eyebrow: string;
  title: string;
  intro: ReactNode;
  /** Links or buttons under the intro. */
  children?: ReactNode;
}

/** The dark band at the top of the services and contact pages, with the page's one h1. */
export function PageHero({ eyebrow, title, intro, children }: PageHeroProps) {
  return (
    <section className="relative overflow-hidden bg-brand-900 text-white">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_85%_15%,rgba(29,92,150,0.55),transparent_55%),linear-gradient(135deg,#062440_0%,#0b3a66_100%)]"
      />
      <div className="relative mx-auto max-w-7xl px-4 py-14 sm:py-20">
        <p className="text-sm font-semibold tracking-wider text-accent-500 uppercase">{eyebrow}</p>
        <h1 className="mt-3 max-w-3xl text-3xl leading-tight font-bold sm:text-5xl">{title}</h1>
        <div className="mt-5 max-w-2xl text-base leading-relaxed text-brand-100 sm:text-lg">{intro}</div>
        {children && <div className="mt-8 flex flex-wrap gap-3">{children}</div>}
      </div>
    </section>
  );
}
