import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";
import { adminRoutes } from "./routes/admin/routes";

/** Every URL and the module that renders it. Public pages share the site layout (header and footer). */
export default [
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    route("about", "routes/about.tsx"),
    route("products", "routes/products.tsx"),
    route("products/:category", "routes/products.$category.tsx"),
    route("products/:category/:product", "routes/products.$category.$product.tsx"),
    route("services", "routes/services.tsx"),
    route("services/:service", "routes/services.$service.tsx"),
    route("contact", "routes/contact.tsx"),
    route("quote", "routes/quote.tsx"),
    route("search", "routes/search.tsx"),
    route("finder", "routes/finder.tsx"),
    route("compare", "routes/compare.tsx"),
    // A buyer's quotation, by the signed link we e-mailed (private: never cached or counted as not found).
    route("quotation/:token", "routes/quotation.$token.tsx"),
    // Privacy (docs/decisions/030-privacy.md): the notice in full, and the person's own requests by e-mailed link.
    route("privacy", "routes/privacy.tsx"),
    route("privacy/request", "routes/privacy.request.tsx"),
    // The page's actions post here (not to the link, which opens once), with the link and the page's session.
    route("privacy/request/session", "routes/privacy.request.session.tsx"),
    route("privacy/request/:token", "routes/privacy.request.$token.tsx"),
    route("privacy/keep/:token", "routes/privacy.keep.$token.tsx"),
    route("tools", "routes/tools.tsx"),
    route("tools/air-leak-cost", "routes/tools.air-leak-cost.tsx"),
    route("tools/fixed-vs-variable-speed", "routes/tools.fixed-vs-variable-speed.tsx"),
    route("tools/sizing", "routes/tools.sizing.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  route("products/:category/:product/datasheet.pdf", "routes/products.$category.$product.datasheet.ts"),
  route("quotation/:token/pdf", "routes/quotation.$token.pdf.ts"),
  route("privacy/request/download", "routes/privacy.request.download.ts"),
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("robots.txt", "routes/robots.txt.ts"),
  ...adminRoutes,
] satisfies RouteConfig;
