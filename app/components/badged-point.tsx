import type { ReactNode } from "react";

/**
 * A point with a round dark badge (an icon or a step number) beside its heading and text: the steps after a
 * quote request, the industries we serve, the ways to reach us. `as` is the element (a list item, or a block).
 */
export function BadgedPoint({
  badge,
  title,
  as: Element = "li",
  className = "",
  children,
}: {
  badge: ReactNode;
  title: string;
  as?: "li" | "div";
  className?: string;
  children: ReactNode;
}) {
  return (
    <Element className={`flex gap-4 ${className}`}>
      <span
        aria-hidden="true"
        className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-brand-700 text-sm font-bold text-white sm:h-11 sm:w-11"
      >
        {badge}
      </span>
      <div className="min-w-0 flex-1">
        <h3 className="font-bold text-brand-900">{title}</h3>
        {children}
      </div>
    </Element>
  );
}
