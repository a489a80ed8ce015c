import type { PublicSiteSettings } from "../../shared/content/settings";
import { telHref } from "../lib/format";
import { MailIcon, MapPinIcon, PhoneIcon } from "./icons";
import { NAV_ITEMS } from "./site-header/site-header";

type SocialKey = keyof PublicSiteSettings["social"];

const SOCIAL_LABELS: Record<SocialKey, string> = {
  facebook: "Facebook",
  linkedin: "LinkedIn",
  x: "X",
  instagram: "Instagram",
  youtube: "YouTube",
};

export interface FooterCategory {
  name: string;
  slug: string;
}

export function SiteFooter({ settings, categories }: { settings: PublicSiteSettings; categories: FooterCategory[] }) {
  const social = Object.entries(settings.social).filter(([, url]) => url !== "") as [SocialKey, string][];
  return (
    <footer className="mt-16 bg-brand-900 text-brand-100 print:hidden">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">{settings.companyName}</p>
          {settings.tagline && <p className="mt-3 text-sm leading-relaxed">{settings.tagline}</p>}
          {social.length > 0 && (
            <ul className="mt-4 flex flex-wrap gap-3 text-sm">
              {social.map(([key, url]) => (
                <li key={key}>
                  <a
                    href={url}
                    rel="noopener noreferrer"
                    target="_blank"
                    className="underline-offset-2 hover:text-white hover:underline"
                  >
                    {SOCIAL_LABELS[key]}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <nav aria-label="Quick links">
          <h2 className="font-semibold text-white">Quick links</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <a href={item.to} className="hover:text-white hover:underline">
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Products">
          <h2 className="font-semibold text-white">Products</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {categories.map((c) => (
              <li key={c.slug}>
                <a href={`/products/${c.slug}`} className="hover:text-white hover:underline">
                  {c.name}
                </a>
              </li>
            ))}
            <li>
              <a href="/products" className="hover:text-white hover:underline">
                All products
              </a>
            </li>
            <li>
              <a href="/tools" className="hover:text-white hover:underline">
                Calculators
              </a>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="font-semibold text-white">Head office</h2>
          <address className="mt-3 space-y-3 text-sm not-italic">
            {settings.address && (
              <p className="flex gap-2">
                <MapPinIcon className="mt-0.5 h-4 w-4 shrink-0" />
                <span>{settings.address}</span>
              </p>
            )}
            {settings.phones.map((p) => (
              <p key={p.value} className="flex gap-2">
                <PhoneIcon className="mt-0.5 h-4 w-4 shrink-0" />
                <a href={telHref(p.value)} className="hover:text-white">
                  {p.label ? `${p.label}: ` : ""}
                  {p.value}
                </a>
              </p>
            ))}
            {settings.emails.slice(0, 2).map((e) => (
              <p key={e.value} className="flex gap-2">
                <MailIcon className="mt-0.5 h-4 w-4 shrink-0" />
                <a href={`mailto:${e.value}`} className="break-all hover:text-white">
                  {e.value}
                </a>
              </p>
            ))}
          </address>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-5 text-sm">
          <p>
            © {new Date().getFullYear()} {settings.companyName}. All rights reserved.
          </p>
          <p className="flex flex-wrap gap-x-5 gap-y-2">
            <a href="/privacy" className="hover:text-white hover:underline">
              Privacy
            </a>
            <a href="/privacy/request" className="hover:text-white hover:underline">
              Your data
            </a>
          </p>
        </div>
      </div>
    </footer>
  );
}
