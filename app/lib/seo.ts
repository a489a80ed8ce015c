import type { MetaDescriptor } from "react-router";
import type { PublicSiteSettings } from "../../shared/content/settings";

/**
 * Per-page search and social metadata. Every public page's `meta` calls `pageMeta` with its own title,
 * description and path; the site layout's loader supplies the origin and company details.
 */

export interface SiteInfo {
  /** Origin without a trailing slash: https://www.pneuma-air.example */
  siteUrl: string;
  settings: PublicSiteSettings;
}

/** The layout route's id; pages find the site info among `matches` by it. */
export const SITE_LAYOUT_ID = "routes/site-layout";

const DEFAULT_SOCIAL_IMAGE = "/images/social-card.png";

type MatchLike = { id: string; data?: unknown; loaderData?: unknown } | undefined;

export function siteInfoFrom(matches: readonly MatchLike[]): SiteInfo | null {
  const match = matches.find((m) => m?.id === SITE_LAYOUT_ID);
  const data = (match?.loaderData ?? match?.data) as { site?: SiteInfo } | undefined;
  return data?.site ?? null;
}

export function absoluteUrl(site: SiteInfo, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${site.siteUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

export interface PageMetaInput {
  /** The page's own title; the company name is appended. Omit on the home page. */
  title?: string;
  description: string;
  /** Canonical path, e.g. /products/rotary-screw-compressors */
  path: string;
  image?: string;
  type?: "website" | "product" | "article";
  /** Extra JSON-LD objects (BreadcrumbList, Product, Service). */
  jsonLd?: object[];
  /** Pages that must not be indexed (search results, not-found). */
  noIndex?: boolean;
}

export function pageMeta(site: SiteInfo | null, input: PageMetaInput): MetaDescriptor[] {
  const company = site?.settings.companyName ?? "Pneuma Air Systems";
  const title = input.title ? `${input.title} | ${company}` : `${company} — Industrial Air Compressors, Salem`;
  const meta: MetaDescriptor[] = [{ title }, { name: "description", content: input.description }];
  if (input.noIndex) meta.push({ name: "robots", content: "noindex" });
  if (!site) return meta;
  const url = absoluteUrl(site, input.path);
  const image = absoluteUrl(site, input.image || DEFAULT_SOCIAL_IMAGE);
  meta.push(
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:site_name", content: company },
    { property: "og:locale", content: "en_IN" },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: image },
    { "script:ld+json": organizationJsonLd(site) },
  );
  for (const item of input.jsonLd ?? []) meta.push({ "script:ld+json": item });
  return meta;
}

/** The company as a LocalBusiness (a kind of Organization) in Salem. */
function organizationJsonLd(site: SiteInfo): object {
  const s = site.settings;
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    "@id": `${site.siteUrl}/#organization`,
    name: s.companyName,
    url: `${site.siteUrl}/`,
    logo: absoluteUrl(site, "/favicon.svg"),
    image: absoluteUrl(site, DEFAULT_SOCIAL_IMAGE),
    ...(s.tagline ? { description: s.tagline } : {}),
    ...(s.phones[0] ? { telephone: s.phones[0].value } : {}),
    ...(s.emails[0] ? { email: s.emails[0].value } : {}),
    address: {
      "@type": "PostalAddress",
      streetAddress: s.address,
      addressLocality: "Salem",
      addressRegion: "Tamil Nadu",
      addressCountry: "IN",
    },
    sameAs: Object.values(s.social).filter((v) => v !== ""),
  };
}

export interface Crumb {
  name: string;
  /** Path; the last crumb (the current page) may omit it. */
  path?: string;
}

export function breadcrumbJsonLd(site: SiteInfo, crumbs: Crumb[], currentPath: string): object {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((c, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: c.name,
      item: absoluteUrl(site, c.path ?? currentPath),
    })),
  };
}

/** The contact page's questions as a FAQPage (what search engines read as questions and answers). */
export function faqPageJsonLd(items: { question: string; answer: string }[]): object {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((q) => ({
      "@type": "Question",
      name: q.question,
      acceptedAnswer: { "@type": "Answer", text: q.answer },
    })),
  };
}

/** Shortens text for a meta description (about 160 characters, on a word boundary). */
export function describe(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  return `${clean.slice(0, clean.lastIndexOf(" ", max - 1)).replace(/[,;:.\s]+$/, "")}…`;
}
