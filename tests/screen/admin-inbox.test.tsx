import { waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { buttonClass } from "../../app/components/admin/screen-parts";
import { addIndiamartLead, type PulledLead } from "../../server/content/enquiry";
import type { Contact } from "../../shared/schemas/enquiry-values";
import { renderAdmin, setUpScreenServer } from "../support/screen";

/**
 * The inbox (/admin/contacts) rendered for real against a real server holding a lead from each source: the
 * website's form, one typed in by staff, and an IndiaMART phone call. The list and the detail say where each
 * came from, the Source filter asks the server for one source, and the phone call reads as a call. How a pull
 * reads IndiaMART's fields is tests/api/indiamart.test.ts's (against the stand-in of its API, which this
 * environment's fetch, a browser's, may not call); here the lead is stored as the pull stores it.
 *
 * The enquiry's detail also offers WhatsApp only where the person ticked "You may message me on WhatsApp about
 * this enquiry", and only at a mobile: the rule is shared/privacy/whatsapp.ts's (tests/unit/whatsapp-number.test.ts);
 * here, that the screen follows it. One file, one server for the inbox's screens: the server's start and its data
 * are most of a screen file's cost.
 */

const ctx = setUpScreenServer({ env: { RATE_LIMITS: "off" } });

/** An IndiaMART phone call (PNS) as the pull makes it: no e-mail address, no company, 2 min 15 s. */
const CALL: PulledLead = {
  externalId: "2900001001",
  name: "Murugan Call",
  email: "",
  phone: "+91-9840012345",
  company: "",
  subject: "IndiaMART phone call: Diesel generator",
  message: "Phone call through IndiaMART, 2 min 15 s.\n\nFrom Tiruppur, Tamil Nadu.",
  product: null,
  quote: false,
  call: { seconds: 135 },
  address: { line1: "", city: "Tiruppur", state: "Tamil Nadu", pincode: "", country: "India" },
  receivedAt: new Date(),
};

let call: Contact;
/** The WhatsApp enquiries' ids, by name. */
const ids: Record<string, string> = {};

/** An enquiry as the website's form sends it, with or without the WhatsApp consent. */
async function enquiry(name: string, phone: string, consentWhatsapp: boolean): Promise<void> {
  const res = await ctx.server.request("POST", "/api/contacts", {
    json: {
      name,
      email: `${name.split(" ")[0]!.toLowerCase()}@example.com`,
      phone,
      subject: "Dryer",
      message: "Price?",
      consentWhatsapp,
    },
  });
  expect(res.status, res.text).toBe(201);
  ids[name] = res.body.data._id;
}

beforeAll(async () => {
  const website = await ctx.server.request("POST", "/api/contacts", {
    json: {
      name: "Website Writer",
      email: "writer@example.com",
      phone: "+91 98765 22222",
      subject: "Spares",
      message: "Do you stock filters?",
    },
  });
  expect(website.status, website.text).toBe(201);
  ids["Website Writer"] = website.body.data._id;
  const manual = await ctx.request("POST", "/api/contacts", {
    json: { name: "Manual Visitor", phone: "+91 98765 11111", channel: "walk-in" },
  });
  expect(manual.status, manual.text).toBe(201);
  expect(await addIndiamartLead(ctx.server.ctx.db, CALL)).toBe(true);
  call = (await ctx.request("GET", "/api/contacts?source=indiamart")).body[0];
  await enquiry("Agreed Mobile", "+91 98765 43210", true);
  await enquiry("Unasked Mobile", "+91 98765 43211", false);
  await enquiry("Agreed Landline", "0427 200 1480", true);
});

/** The table row of the lead from `name`. */
const rowOf = (s: Awaited<ReturnType<typeof renderAdmin>>, name: string) =>
  within(s.getByRole("table")).getByText(name).closest("tr") as HTMLElement;
const sourceIn = (element: HTMLElement) => element.querySelector("[data-source]")?.textContent;

describe("the inbox's sources", () => {
  it("the list shows each lead's source, and the Source filter lists one source only", async () => {
    const s = await renderAdmin("/admin/contacts");
    await within(await s.findByRole("table")).findByText("Murugan Call");
    expect(sourceIn(rowOf(s, "Website Writer"))).toBe("Source: Website");
    expect(sourceIn(rowOf(s, "Manual Visitor"))).toBe("Source: Manual");
    expect(sourceIn(rowOf(s, "Murugan Call"))).toBe("Source: IndiaMART");
    // The phone card (the same list for small screens) says it too.
    const card = within(s.getByRole("list", { name: "Enquiries" }))
      .getByText("Murugan Call")
      .closest("li")!;
    expect(sourceIn(card)).toBe("Source: IndiaMART");

    await s.user.selectOptions(s.getByLabelText("Source"), "indiamart");
    await waitFor(() => expect(s.router.state.location.search).toBe("?source=indiamart"));
    await waitFor(() => expect(within(s.getByRole("table")).queryByText("Website Writer")).toBeNull());
    expect(within(s.getByRole("table")).queryByText("Manual Visitor")).toBeNull();
    expect(rowOf(s, "Murugan Call")).toBeTruthy();
  });

  it("an IndiaMART phone call's detail: its source, the call and its length, Call first, and e-mails as they were", async () => {
    const s = await renderAdmin(`/admin/contacts/${call._id}`);
    const dialog = await s.findByRole("dialog");
    expect(within(dialog).getByTestId("phone-call").textContent).toBe("Phone call through IndiaMART, 2 min 15 s.");
    expect(within(dialog).getByText("Source", { selector: "dt" }).nextElementSibling?.textContent).toBe("IndiaMART");
    const callLink = within(dialog).getByRole("link", { name: /^Call/ });
    expect(callLink.getAttribute("href")).toBe("tel:+919840012345");
    expect(callLink.className).toBe(buttonClass("primary", "sm"));
    // No address to reply to.
    expect(within(dialog).queryByRole("link", { name: "Reply by e-mail" })).toBeNull();
    const staff = within(dialog).getByTestId("notification-state");
    const buyer = within(dialog).getByTestId("acknowledgement-state");
    expect(staff.textContent).toContain(
      "Not sent: this site sends no e-mails for leads from IndiaMART, which tells the sales team itself.",
    );
    expect(buyer.textContent).toContain(
      "Not sent: this site sends no e-mails for leads from IndiaMART, which tells the buyer itself.",
    );
    expect(staff.textContent).not.toContain("e-mail is not set up");
  });

  it("a website enquiry's detail: e-mail first, Call after it", async () => {
    const s = await renderAdmin(`/admin/contacts/${ids["Website Writer"]}`);
    const dialog = await s.findByRole("dialog");
    expect(within(dialog).getByText("Source", { selector: "dt" }).nextElementSibling?.textContent).toBe("Website");
    expect(within(dialog).getByRole("link", { name: "Reply by e-mail" }).className).toBe(buttonClass("primary", "sm"));
    expect(within(dialog).getByRole("link", { name: /^Call/ }).className).toBe(buttonClass("secondary", "sm"));
    expect(within(dialog).queryByTestId("phone-call")).toBeNull();
  });
});

async function whatsappLinkOf(name: string) {
  const s = await renderAdmin(`/admin/contacts/${ids[name]}`);
  const dialog = await s.findByRole("dialog");
  await within(dialog).findByRole("link", { name: /^Call/ });
  return within(dialog).queryByRole("link", { name: /^WhatsApp/ });
}

describe("the enquiry's WhatsApp button", () => {
  it("is there for a person who agreed to WhatsApp, at their mobile with its country code", async () => {
    expect((await whatsappLinkOf("Agreed Mobile"))?.getAttribute("href")).toBe("https://wa.me/919876543210");
  });

  it("is not there where the person did not agree to WhatsApp", async () => {
    expect(await whatsappLinkOf("Unasked Mobile")).toBeNull();
  });

  it("is not there for a landline, even where the person agreed", async () => {
    expect(await whatsappLinkOf("Agreed Landline")).toBeNull();
  });
});

describe("the enquiry on the sales desk (issue 45)", () => {
  it("names its customer; Make a quotation takes the lead as a deal and opens the new quotation; then it links to the deal", async () => {
    const s = await renderAdmin(`/admin/contacts/${ids["Unasked Mobile"]}`);
    const dialog = await s.findByRole("dialog");
    expect(within(dialog).getByText("No deal yet")).toBeTruthy();
    expect(
      within(dialog)
        .getByRole("link", { name: /^Customer: / })
        .getAttribute("href"),
    ).toMatch(/^\/admin\/customers\?q=/);
    await s.user.click(within(dialog).getByRole("button", { name: "Make a quotation" }));
    await waitFor(() => expect(s.router.state.location.pathname).toMatch(/^\/admin\/deals\/[0-9a-f]{24}\/quotations\/new$/));
    const dealId = s.router.state.location.pathname.split("/")[3]!;
    const deal = (await ctx.request("GET", `/api/deals/${dealId}`)).body as { contactId: string; ownerId: string };
    expect(deal.contactId).toBe(ids["Unasked Mobile"]);

    const again = await renderAdmin(`/admin/contacts/${ids["Unasked Mobile"]}`);
    const link = await within(await again.findByRole("dialog")).findByRole("link", { name: "Open its deal" });
    expect(link.getAttribute("href")).toBe(`/admin/deals/${dealId}`);
  });
});
