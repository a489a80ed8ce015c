import { data } from "react-router";
import { LIMITS } from "../../shared/schemas/fields";
import { PageHero } from "../components/page-hero";
import { QuoteAside } from "../components/quote/quote-aside";
import { QuoteForm } from "../components/quote/quote-form";
import type { QuoteField, QuoteResult } from "../components/quote/texts";
import { linkedRows, quoteAction, suggestions } from "../lib/quote.server";
import { orFallback } from "../lib/read-with-fallback.server";
import { pageMeta, siteInfoFrom } from "../lib/seo";
import { useSiteSettings } from "../lib/site-settings";
import type { Route } from "./+types/quote";

/** The sizing details a link may fill in (the calculators' "Request a quote"), with the form's limits. */
const LINKED_DETAILS = { flow: 100, pressure: 100, application: LIMITS.short, message: LIMITS.text } as const;

/**
 * `?flow=250 CFM&pressure=7.5 bar&hoursPerDay=16&application=…&message=…` as the form's first values: text
 * without control characters (new lines kept in the message), cut to the field's limit; hours only when
 * they are a whole number from 1 to 24.
 */
function linkedDetails(params: URLSearchParams): Partial<Record<QuoteField, string>> {
  const values: Partial<Record<QuoteField, string>> = {};
  for (const [field, max] of Object.entries(LINKED_DETAILS) as [keyof typeof LINKED_DETAILS, number][]) {
    const text = params
      .get(field)
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
      ?.replace(field === "message" ? /[\u0000-\u0009\u000b-\u001f\u007f]/g : /[\u0000-\u001f\u007f]/g, "")
      .trim()
      .slice(0, max);
    if (text) values[field] = text;
  }
  const hours = params.get("hoursPerDay")?.trim();
  if (hours && /^\d{1,2}$/.test(hours) && Number(hours) >= 1 && Number(hours) <= 24) values.hoursPerDay = String(Number(hours));
  return values;
}

/**
 * /quote?product={slug} (repeatable): the products from the link, already listed; and the product names
 * the "Add a model" field suggests (`?q=` narrows them, for the suggestions while typing). The sizing
 * details may come with the link too (`flow`, `pressure`, `hoursPerDay`, `application`, `message`: the
 * calculators at /tools hand their figures over this way).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const linked = await orFallback("quoted products", () => linkedRows(context.app, url.searchParams.getAll("product")), {
    rows: [],
    unknown: 0,
  });
  const names = await orFallback("quote suggestions", () => suggestions(context.app, url.searchParams.get("q")), []);
  return {
    items: linked.value.rows,
    unknownProducts: linked.value.unknown,
    suggestions: names.value,
    details: linkedDetails(url.searchParams),
  };
}

/** Posting the form: send the quote request (as POST /api/quotes does), or add or remove a product. */
export async function action({ request, context }: Route.ActionArgs) {
  const { result, status, headers } = await quoteAction(context.app, request, context.clientIp);
  return data<QuoteResult>(result, { status, headers });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(siteInfoFrom(matches), {
    title: "Request a Quote",
    description:
      "Ask for a price on any Pneuma air compressor, dryer or air system: list the models and quantities, add your air flow and pressure, and our sales team replies within one working day.",
    path: "/quote",
  });
}

export default function QuotePage({ loaderData, actionData }: Route.ComponentProps) {
  const settings = useSiteSettings();
  return (
    <>
      <PageHero
        eyebrow="Request a quote"
        title="Get a price for your air system"
        intro="List the models you are interested in and how many you need. Our sales engineers reply within one working day."
      />
      <div className="mx-auto grid max-w-7xl items-start gap-8 px-4 py-10 sm:py-16 lg:grid-cols-3 lg:gap-12">
        <div className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-8 lg:col-span-2">
          <QuoteForm
            linkedItems={loaderData.items}
            unknownProducts={loaderData.unknownProducts}
            suggestions={loaderData.suggestions}
            linkedDetails={loaderData.details}
            actionData={actionData}
          />
        </div>
        <QuoteAside settings={settings} />
      </div>
    </>
  );
}
