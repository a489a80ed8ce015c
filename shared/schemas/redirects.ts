import { z } from "zod";

/**
 * Old addresses and redirects (server/content/redirects.ts, docs/decisions/025): the answers of
 * /api/old-addresses, /api/redirects and /api/not-found, and what staff send.
 */

/** The content types whose records have a public page at their slug. */
const SLUGGED_KINDS = ["product", "category", "service"] as const;
export type SluggedKind = (typeof SLUGGED_KINDS)[number];
export const isSluggedKind = (name: string): name is SluggedKind => (SLUGGED_KINDS as readonly string[]).includes(name);

/** GET /api/old-addresses?kind=…&id=…: a slug the record had, whose address now redirects to it. */
export interface OldAddress {
  _id: string;
  slug: string;
  /** The public path the old slug makes (a product's with its category's current slug). */
  path: string;
  createdAt: string;
}

/** GET /api/not-found: a public path that answered 404. No query string, and only the referring site's host. */
export interface NotFoundPath {
  path: string;
  hits: number;
  lastSeenAt: string;
  referrerHost: string;
}

/** GET /api/redirects: a redirect staff made. */
export interface ManualRedirect {
  _id: string;
  from: string;
  to: string;
  createdAt: string;
}

/** The longest path counted or redirected. */
export const PATH_MAX = 300;

/**
 * A path of a page on this site: one leading slash (a second would make it another site's address), printable
 * characters without spaces, no query or fragment, nothing under /api, /uploads or /admin.
 */
const PAGE_PATH = /^\/(?!\/)[!$&'()*+,\-./0-9:;=@A-Z[\]^_a-z|~%]*$/;
const NOT_PAGES = /^\/(api|uploads|admin|assets)(\/|$)/i;

const pagePath = (label: string, example: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(PATH_MAX, `${label} must be at most ${PATH_MAX} characters.`)
    .refine(
      (p) => PAGE_PATH.test(p) && !NOT_PAGES.test(p),
      `${label} must be the path of a page on this site, such as ${example} (not another site's address, and without ? or #).`,
    );

/** POST /api/redirects: send `from` to the page `to`. */
export const redirectInput = z.object({
  from: pagePath("From", "/old-page"),
  to: pagePath("Redirect to", "/products/rotary-screw-compressors"),
});
export type RedirectInput = z.infer<typeof redirectInput>;

/** GET /api/old-addresses's query. */
export const oldAddressQuery = z.object({
  kind: z.enum(SLUGGED_KINDS, { error: `Kind must be one of: ${SLUGGED_KINDS.join(", ")}.` }),
  id: z.string({ error: "Id is required." }).trim().min(1, "Id is required.").max(100, "Id is too long."),
});
