import { within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { renderAdmin, setUpScreenServer } from "../support/screen";

/**
 * The enquiry's detail (/admin/contacts/<id>) offers WhatsApp only where the person ticked "You may message me on
 * WhatsApp about this enquiry", and only at a mobile: the rule is shared/privacy/whatsapp.ts's
 * (tests/unit/whatsapp-number.test.ts); here, that the screen follows it, against a real server.
 */

const ctx = setUpScreenServer({ env: { RATE_LIMITS: "off" } });

const ids: Record<string, string> = {};

/** An enquiry as the website's form sends it. */
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
  await enquiry("Agreed Mobile", "+91 98765 43210", true);
  await enquiry("Unasked Mobile", "+91 98765 43211", false);
  await enquiry("Agreed Landline", "0427 200 1480", true);
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
