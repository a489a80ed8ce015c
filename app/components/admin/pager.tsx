import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { buttonClass } from "./screen-parts";

/**
 * Previous / next links of a paged admin list, the page in the URL (`?page=`) with the other parameters
 * (filters) kept, so a page can be bookmarked and Back works. Nothing when everything fits on one page.
 */
export function Pager({
  label,
  page,
  pages,
  previous = "Previous page",
  next = "Next page",
  href,
}: {
  /** The navigation's accessible name, e.g. "Activity pages". */
  label: string;
  page: number;
  pages: number;
  previous?: ReactNode;
  next?: ReactNode;
  /** A page's link, when the URL's parameters as they are would not do (the inbox adds its search as typed). */
  href?: (page: number) => string;
}) {
  const [params] = useSearchParams();
  if (pages <= 1) return null;
  const link =
    href ??
    ((n: number) => {
      const query = new URLSearchParams(params);
      if (n > 1) query.set("page", String(n));
      else query.delete("page");
      const qs = query.toString();
      return qs ? `?${qs}` : ".";
    });
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-2">
      {page > 1 ? (
        <Link to={link(page - 1)} className={buttonClass("secondary", "sm")}>
          {previous}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-slate-600">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={link(page + 1)} className={buttonClass("secondary", "sm")}>
          {next}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
