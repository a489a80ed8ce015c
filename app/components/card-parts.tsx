import type { ReactNode } from "react";
import { ArrowRightIcon } from "./icons";
import { ResponsiveImage } from "./responsive-image";

/**
 * The picture at the top of a public card (product, category, service): decorative, since the card's title
 * names it, and zooming a little while the card (`group`) is hovered. `className` frames it; `children` lie on it.
 */
export function CardPicture({
  src,
  sizes,
  className,
  children,
}: {
  src: string | null | undefined;
  sizes: string;
  className: string;
  children?: ReactNode;
}) {
  return (
    <div className={className}>
      <ResponsiveImage
        src={src}
        alt=""
        sizes={sizes}
        className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105"
      />
      {children}
    </div>
  );
}

/** The card's "View details →": hidden from screen readers, since the card's title link already covers the card. */
export function CardMore({ label, className = "" }: { label: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-flex items-center gap-1 text-sm font-semibold text-brand-700 group-hover:underline ${className}`}
    >
      {label}
      <ArrowRightIcon className="h-4 w-4 transition-transform group-hover:translate-x-0.5" />
    </span>
  );
}
