import { attachmentLabel, type ProductAttachment } from "../../../shared/content/product-attachments";
import { DocumentIcon } from "../icons";

/**
 * A product page's "Downloads" (issue 14): the datasheet and every PDF staff attached, each a plain link
 * with its size ("PDF, 1.2 MB"), which is part of the link's name ("Brochure PDF, 1.2 MB"); the server sends
 * each attachment as a download. Nothing when the product
 * has no attachments (the datasheet has its own link beside Compare). No script.
 */
export function ProductDownloads({
  attachments,
  datasheetHref,
  className = "",
}: {
  attachments: ProductAttachment[];
  datasheetHref: string;
  className?: string;
}) {
  if (attachments.length === 0) return null;
  const items = [
    { key: "datasheet", title: "Datasheet", detail: "PDF", href: datasheetHref },
    ...attachments.map((a) => ({ key: a.url, title: a.title, detail: attachmentLabel(a), href: a.url })),
  ];
  return (
    <section aria-labelledby="downloads-heading" className={className}>
      <h2 id="downloads-heading" className="text-sm font-bold tracking-wide text-slate-600 uppercase">
        Downloads
      </h2>
      <ul className="mt-3 divide-y divide-slate-200 border-y border-slate-200" data-downloads>
        {items.map((item) => (
          <li key={item.key}>
            <a
              href={item.href}
              type="application/pdf"
              className="group -mx-2 flex min-h-11 items-center gap-3 rounded-md px-2 py-2 text-sm hover:bg-brand-50"
            >
              <DocumentIcon className="h-5 w-5 shrink-0 text-brand-500" />
              <span className="min-w-0 flex-1 font-semibold break-words text-brand-700 group-hover:underline">{item.title}</span>
              <span className="shrink-0 text-right text-slate-600">{item.detail}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
