import { describe, expect, it } from "vitest";
import { whatsappHref } from "../../app/lib/format";
import { type PageMatch, pageTitle, whatsappMessage } from "../../app/lib/whatsapp";

const root: PageMatch = { id: "root" };
const layout: PageMatch = { id: "routes/site-layout", loaderData: { site: {} } };
const at = (leaf: PageMatch) => [root, layout, leaf];
const COMPANY = "Pneuma Air Systems";
const URL_ = "https://pneuma.example/somewhere";

describe("whatsappMessage", () => {
  it("names the product on a product page", () => {
    const matches = at({
      id: "routes/products.$category.$product",
      loaderData: { product: { name: "PN-RC 5 Two-Stage" }, related: [] },
    });
    expect(whatsappMessage(matches, URL_, COMPANY)).toBe(`Hello, I'm interested in PN-RC 5 Two-Stage (${URL_})`);
  });

  it("leaves the address out when there is none to give (a private link's page)", () => {
    const matches = at({ id: "routes/quotation.$token", loaderData: {} });
    expect(whatsappMessage(matches, null, COMPANY)).toBe(`Hello, I have a question about ${COMPANY}`);
  });

  it("also reads `data` (older matches)", () => {
    const matches = at({ id: "routes/products.$category.$product", data: { product: { name: "Dryer" } } });
    expect(whatsappMessage(matches, URL_, COMPANY)).toBe(`Hello, I'm interested in Dryer (${URL_})`);
  });

  it.each([
    [{ id: "routes/home", loaderData: {} }, COMPANY],
    [{ id: "routes/about", loaderData: {} }, "About Us"],
    [{ id: "routes/products" }, "Products"],
    [{ id: "routes/services" }, "Services"],
    [{ id: "routes/contact" }, "Contact Us"],
    [{ id: "routes/quote" }, "Request a Quote"],
    [{ id: "routes/services.$service", loaderData: { service: { title: "Energy Audit" } } }, "Energy Audit"],
    [{ id: "routes/products.$category", loaderData: { category: { name: "Air Dryers", types: [] }, type: null } }, "Air Dryers"],
    [
      {
        id: "routes/products.$category",
        loaderData: { category: { name: "Air Dryers", types: [{ slug: "desiccant", name: "Desiccant" }] }, type: "desiccant" },
      },
      "Air Dryers: Desiccant",
    ],
    // Not found, or a page this list does not know: the company.
    [{ id: "routes/products.$category.$product", loaderData: { product: null } }, COMPANY],
    [{ id: "routes/services.$service", loaderData: { service: null } }, COMPANY],
    [{ id: "routes/products.$category", loaderData: { category: null } }, COMPANY],
    [{ id: "routes/not-found" }, COMPANY],
    [{ id: "routes/some-new-page" }, COMPANY],
  ] as [PageMatch, string][])("%j → a question about %s", (leaf, title) => {
    expect(pageTitle(at(leaf), COMPANY)).toBe(title);
    expect(whatsappMessage(at(leaf), URL_, COMPANY)).toBe(`Hello, I have a question about ${title} (${URL_})`);
  });

  it("goes into a wa.me link with digits only and the text encoded", () => {
    const text = whatsappMessage(
      at({ id: "routes/products.$category.$product", loaderData: { product: { name: "A & B?" } } }),
      URL_,
      COMPANY,
    );
    const href = whatsappHref("+91 427-200 1499", text);
    expect(href).toBe(`https://wa.me/914272001499?text=${encodeURIComponent(text)}`);
    expect(new URL(href).searchParams.get("text")).toBe(`Hello, I'm interested in A & B? (${URL_})`);
  });
});
