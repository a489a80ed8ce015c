import { useLocation } from "react-router";
import type { PublicSiteSettings } from "../../../shared/content/settings";
import { dataModule } from "../../enhance/data-module";
import { telHref } from "../../lib/format";
import { CloseIcon, MailIcon, MenuIcon, PhoneIcon, SearchIcon } from "../icons";
import { SEARCH_SUGGESTIONS_MODULE, SearchSuggestions } from "../search-suggestions/search-suggestions";

export const NAV_ITEMS = [
  { to: "/", label: "Home", end: true },
  { to: "/about", label: "About", end: false },
  { to: "/products", label: "Products", end: false }, // also active on every /products/... page
  { to: "/services", label: "Services", end: false },
  { to: "/contact", label: "Contact Us", end: false },
] as const;

/** The header's search box; suggestions while typing come from the `search-suggestions` module. */
function SearchForm({ id, className = "", listClassName }: { id: string; className?: string; listClassName?: string }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with role=search; the search element is too new for older phones
    <form method="get" action="/search" role="search" className={`relative ${className}`} {...SEARCH_SUGGESTIONS_MODULE}>
      <label htmlFor={id} className="sr-only">
        Search products and services
      </label>
      <input
        id={id}
        type="search"
        name="q"
        placeholder="Search..."
        className="w-full rounded-full border border-slate-300 bg-white py-2 pr-10 pl-4 text-sm text-slate-800 placeholder:text-slate-500 focus:border-brand-500 focus:outline-2 focus:outline-brand-500"
      />
      <button
        type="submit"
        className="absolute inset-y-0 right-0 grid w-10 place-items-center text-slate-600 hover:text-brand-700"
      >
        <SearchIcon className="h-4 w-4" />
        <span className="sr-only">Search</span>
      </button>
      <SearchSuggestions inputId={id} className={listClassName} />
    </form>
  );
}

/**
 * The header of every public page, drawn on the server. Its behaviour (compact after 10 px of scrolling,
 * the phone menu's toggle) is the `site-header` module (./site-header.enhance.ts). Without JavaScript
 * the toggle is a link that opens the menu with CSS (`#site-menu:target`).
 */
/** Whether a menu item is the page shown (Products also on every /products/... page). */
function isCurrent(pathname: string, item: (typeof NAV_ITEMS)[number]): boolean {
  return item.end ? pathname === item.to : pathname === item.to || pathname.startsWith(`${item.to}/`);
}

/** The main menu's links, the page shown marked (`aria-current`); `linkClass` styles a link by whether it is that page. */
function NavLinks({
  pathname,
  listClass,
  linkClass,
}: {
  pathname: string;
  listClass: string;
  linkClass: (isActive: boolean) => string;
}) {
  return (
    <ul className={listClass}>
      {NAV_ITEMS.map((item) => {
        const current = isCurrent(pathname, item);
        return (
          <li key={item.to}>
            <a href={item.to} aria-current={current ? "page" : undefined} className={linkClass(current)}>
              {item.label}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

export function SiteHeader({ settings }: { settings: PublicSiteSettings }) {
  const { pathname } = useLocation();
  const phone = settings.phones[0]?.value;
  const email = settings.emails[0]?.value;

  const navLinkClass = (isActive: boolean) =>
    `rounded px-3 py-2 text-sm font-semibold transition-colors ${isActive ? "text-brand-700 underline decoration-accent-500 decoration-2 underline-offset-8" : "text-slate-700 hover:text-brand-700"}`;
  const menuLinkClass = (isActive: boolean) =>
    `block rounded px-3 py-3 font-semibold ${isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-50"}`;
  const toggleClass = "ml-auto h-11 w-11 place-items-center rounded-md text-brand-700 hover:bg-brand-50 lg:hidden";

  return (
    <header
      id="top"
      {...dataModule("site-header")}
      data-compact="false"
      className="group/header sticky top-0 z-40 bg-white shadow-sm print:hidden"
    >
      <div className="hidden bg-brand-900 text-brand-50 md:block">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-1.5 text-sm">
          <div className="flex items-center gap-6">
            {phone && (
              <a href={telHref(phone)} className="flex items-center gap-2 hover:text-white">
                <PhoneIcon className="h-4 w-4" />
                {phone}
              </a>
            )}
            {email && (
              <a href={`mailto:${email}`} className="flex items-center gap-2 hover:text-white">
                <MailIcon className="h-4 w-4" />
                {email}
              </a>
            )}
          </div>
          <div className="flex items-center gap-2">
            <a href="/finder" className="rounded px-3 py-1 font-semibold text-accent-500 hover:bg-white/10 hover:text-white">
              Find a compressor
            </a>
            <a href="/contact" className="rounded px-3 py-1 hover:bg-white/10 hover:text-white">
              Support
            </a>
            <a href="/contact#faq" className="rounded px-3 py-1 hover:bg-white/10 hover:text-white">
              FAQ
            </a>
          </div>
        </div>
      </div>
      <div className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-4 transition-[padding] duration-200 group-data-[compact=true]/header:py-2">
        <a href="/" className="flex shrink-0 items-center gap-2" aria-label={`${settings.companyName} home`}>
          <img
            src="/favicon.svg"
            alt=""
            width={40}
            height={40}
            // Low: React would otherwise preload it ahead of the page's main picture.
            fetchPriority="low"
            className="h-10 w-10 transition-all group-data-[compact=true]/header:h-8 group-data-[compact=true]/header:w-8"
          />
          <span className="text-lg leading-tight font-bold text-brand-700">{settings.companyName}</span>
        </a>
        <nav aria-label="Main" className="ml-auto hidden lg:block">
          <NavLinks pathname={pathname} listClass="flex items-center gap-1" linkClass={navLinkClass} />
        </nav>
        <SearchForm id="site-search" className="hidden w-56 xl:block" listClassName="right-0 w-96 max-w-[calc(100vw-2rem)]" />
        <a
          href="/contact"
          className="hidden rounded-md bg-accent-500 px-4 py-2 text-sm font-semibold text-brand-900 hover:bg-accent-600 lg:inline-block"
        >
          Get Quote
        </a>
        <button
          type="button"
          className={`grid noscript:hidden ${toggleClass}`}
          aria-expanded="false"
          aria-controls="site-menu"
          data-menu-toggle
        >
          <MenuIcon className="h-6 w-6 group-data-[menu-open=true]/header:hidden" />
          <CloseIcon className="hidden h-6 w-6 group-data-[menu-open=true]/header:block" />
          <span className="sr-only" data-menu-label>
            Open menu
          </span>
        </button>
        <a href="#site-menu" className={`hidden noscript:grid ${toggleClass}`}>
          <MenuIcon className="h-6 w-6" />
          <span className="sr-only">Open menu</span>
        </a>
      </div>
      <div
        id="site-menu"
        className="hidden border-t border-slate-200 bg-white data-[open=true]:block noscript:target:block lg:hidden!"
      >
        <nav aria-label="Main menu" className="mx-auto max-w-7xl px-4 py-3">
          <NavLinks pathname={pathname} listClass="flex flex-col" linkClass={menuLinkClass} />
          <SearchForm id="site-menu-search" className="mt-3" />
          <a
            href="/finder"
            className="mt-3 block rounded-md border border-brand-700 px-4 py-3 text-center font-semibold text-brand-700"
          >
            Find a compressor
          </a>
          <a
            href="/contact"
            className="mt-3 block rounded-md bg-accent-500 px-4 py-3 text-center font-semibold text-brand-900 hover:bg-accent-600"
          >
            Contact Us
          </a>
          <a href="#top" className="mt-3 hidden rounded-md px-4 py-3 text-center font-semibold text-brand-700 noscript:block">
            Close menu
          </a>
        </nav>
      </div>
    </header>
  );
}
