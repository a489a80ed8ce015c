import { useRouteLoaderData } from "react-router";
import { DEFAULT_PRICE_NOTE } from "../../../shared/schemas/defaults";
import { SITE_LAYOUT_ID, type SiteInfo } from "../../lib/seo";

/**
 * What a price means ("Ex-works Salem. GST 18% extra."): the Site Settings' price note, read from the
 * public layout's data, so it can be placed beside any price without passing settings down. Nothing when
 * staff cleared the note. `lead` names what it is about where it stands apart from a price (under a list of
 * cards: "Prices:").
 */
export function PriceNote({ className = "", lead }: { className?: string; lead?: string }) {
  const layout = useRouteLoaderData(SITE_LAYOUT_ID) as { site: SiteInfo } | undefined;
  const note = (layout?.site.settings.priceNote ?? DEFAULT_PRICE_NOTE).trim();
  if (note === "") return null;
  return (
    <p className={`text-sm text-slate-600 ${className}`} data-price-note>
      {lead && <span className="font-semibold text-slate-700">{lead} </span>}
      {note}
    </p>
  );
}
