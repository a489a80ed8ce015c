import type { ReactNode } from "react";

/**
 * A grid of cards (products, categories, services): each card in its own list item, stretched to the height
 * of its row. `className` gives the spacing and the columns.
 */
export function CardGrid<T extends { _id: string }>({
  items,
  className,
  testId,
  children,
}: {
  items: readonly T[];
  className: string;
  testId?: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <ul className={className} data-testid={testId}>
      {items.map((item) => (
        <li key={item._id} className="flex">
          {children(item)}
        </li>
      ))}
    </ul>
  );
}
