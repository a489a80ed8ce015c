import type { ReactNode } from "react";
import { CheckIcon } from "./icons";

/**
 * Short points, each after a tick (the home page's promises, a facility's features, a service's benefits).
 * `small` is the tighter size of a card; `children` may add a last item (e.g. "+ 2 more").
 */
export function CheckList({
  items,
  className,
  small = false,
  label,
  testId,
  children,
}: {
  items: readonly string[];
  className: string;
  small?: boolean;
  label?: string;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <ul className={className} aria-label={label} data-testid={testId}>
      {items.map((item) => (
        <li key={item} className={`flex items-start ${small ? "gap-2" : "gap-3"}`}>
          <CheckIcon className={`mt-0.5 shrink-0 text-brand-500 ${small ? "h-4 w-4" : "h-5 w-5"}`} />
          <span>{item}</span>
        </li>
      ))}
      {children}
    </ul>
  );
}
