import type { ReactNode } from "react";

/**
 * A home or About page section's heading: a small eyebrow line ("Testimonials") above the h2, then whatever
 * the section says first (its intro, a list). `className` places the block (centred, a grid column).
 */
export function SectionHeading({
  id,
  eyebrow,
  title,
  className,
  children,
}: {
  id: string;
  eyebrow: string;
  title: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={className}>
      <p className="text-sm font-semibold tracking-widest text-brand-500 uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-bold text-brand-700 sm:text-4xl">
        {title}
      </h2>
      {children}
    </div>
  );
}

/**
 * A full-width home or About page section: its band (`className`: background, spacing), the page-wide
 * column, the heading (`headingClassName`: centred or narrow) and then its content.
 */
export function HeadedSection({
  id,
  eyebrow,
  title,
  className,
  headingClassName,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  className: string;
  headingClassName: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id={id} eyebrow={eyebrow} title={title} className={headingClassName} />
        {children}
      </div>
    </section>
  );
}
