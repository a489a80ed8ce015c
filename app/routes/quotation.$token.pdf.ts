import { getSettings } from "../../server/content/settings";
import { quotationIdOfToken } from "../../server/sales/quotation-mail";
import { quotationFileName, renderQuotationPdf } from "../../server/sales/quotation-pdf";
import { getQuotation } from "../../server/sales/quotations";
import type { Route } from "./+types/quotation.$token.pdf";

/** /quotation/<token>/pdf: the buyer's PDF of the quotation their signed link names (private, not cached). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = await quotationIdOfToken(context.app.db, params.token);
  const quotation = id ? await getQuotation(context.app.db, id) : null;
  if (!quotation) {
    return new Response("This quotation link is not valid.\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const pdf = await renderQuotationPdf(quotation, await getSettings(context.app.db));
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${quotationFileName(quotation)}"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
