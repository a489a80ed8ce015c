import { dataModule } from "../../enhance/data-module";
import { whatsappHref } from "../../lib/format";

/** Where a page can be shared, with the page's absolute URL and a line of text. */
export function shareTargets(url: string, title: string, summary: string) {
  const u = encodeURIComponent(url);
  return [
    { name: "WhatsApp", label: "Share on WhatsApp", href: whatsappHref("", `${title} – ${url}`) },
    { name: "LinkedIn", label: "Share on LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { name: "Facebook", label: "Share on Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    {
      name: "X",
      label: "Share on X",
      href: `https://x.com/intent/post?text=${encodeURIComponent(title)}&url=${u}`,
    },
    {
      name: "E-mail",
      label: "Share by e-mail",
      href: `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(`${summary}\n\n${url}`)}`,
    },
  ] as const;
}

const chip =
  "inline-flex min-h-10 items-center rounded-md border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-700 hover:border-brand-500 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500";

/**
 * Share links that open the service's own share page, and a button that copies the link: it needs
 * JavaScript, so it is hidden until the `share-links` module (./share-links.enhance.ts) shows it.
 */
export function ShareLinks({ url, title, summary }: { url: string; title: string; summary: string }) {
  return (
    <div {...dataModule("share-links")} data-url={url}>
      <h2 className="text-sm font-semibold tracking-wide text-slate-700 uppercase">Share this product</h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {shareTargets(url, title, summary).map((t) => (
          <li key={t.name}>
            <a
              href={t.href}
              aria-label={t.label}
              target={t.href.startsWith("mailto:") ? undefined : "_blank"}
              rel="noopener noreferrer"
              className={chip}
            >
              {t.name}
            </a>
          </li>
        ))}
        <li hidden data-copy-link>
          <button type="button" className={chip}>
            Copy link
          </button>
        </li>
      </ul>
      <p role="status" className="mt-2 min-h-5 text-sm font-medium break-all text-green-800 data-[failed=true]:text-slate-700" />
    </div>
  );
}
