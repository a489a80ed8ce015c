import { getSettings } from "../../server/content/settings";
import { HttpError } from "../../server/http/errors";
import { clientKey, enforceLimits, recordEvent } from "../../server/http/throttle";
import { quotationIdOfToken } from "../../server/sales/quotation-mail";
import { quotationFileName, quotationPdf } from "../../server/sales/quotation-pdf";
import { getQuotation } from "../../server/sales/quotations";
import type { Route } from "./+types/quotation.$token.pdf";

/** Downloads one client may make in a minute: a buyer needs a few; a flood on one link is refused in words. */
const DOWNLOADS = { max: 20, windowMs: 60_000 };
const TOO_MANY = "Too many downloads from here in a short time. Please try again in a minute.";

/** /quotation/<token>/pdf: the buyer's PDF of the quotation their signed link names (private, not cached). */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (context.app.config.rateLimits) {
    const key = `quotation-pdf:${clientKey(context.clientIp)}`;
    try {
      await enforceLimits(context.app.db, [{ key, ...DOWNLOADS }], TOO_MANY);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      const retryAfter = err.headers?.["Retry-After"] ?? "60";
      return new Response(`${TOO_MANY}\n`, {
        status: 429,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": retryAfter },
      });
    }
    await recordEvent(context.app.db, [key]);
  }
  const id = await quotationIdOfToken(context.app.db, params.token);
  const quotation = id ? await getQuotation(context.app.db, id) : null;
  if (!quotation) {
    return new Response("This quotation link is not valid.\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const pdf = await quotationPdf(quotation, await getSettings(context.app.db));
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${quotationFileName(quotation)}"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
