import { waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DEFAULT_PRICE_NOTE } from "../../shared/schemas/defaults";
import { renderAdmin, setUpScreenServer } from "../support/screen";

/**
 * Site Settings (/admin/settings) and Home Specifications (/admin/specifications), rendered for real against a
 * real server: what the forms refuse before sending, what they send, and what they show of the answer. The
 * server's checks are the API tests' (tests/api/settings.test.ts, gst-rates.test.ts, indiamart.test.ts). What
 * needs a browser (focus, axe, the public pages showing a saved setting, one journey) is in
 * tests/browser/admin-settings.spec.ts.
 */

/** What the tests start from (the demo's, in part): every test puts back what it changed. */
const BASELINE = {
  companyName: "Pneuma Air Systems",
  emails: [{ label: "Sales", value: "sales@pneuma-air.example" }],
  phones: [{ label: "Sales", value: "+91 427 200 1480" }],
  homeSpecifications: [
    { label: "Working pressure", value: "7 – 12 bar" },
    { label: "Free air delivery", value: "7 – 450 CFM" },
    { label: "Motor power", value: "1.5 – 75 kW" },
  ],
  notifications: { quotes: [], services: [], messages: [] },
  social: { facebook: "", linkedin: "", x: "", instagram: "", youtube: "" },
  priceNote: DEFAULT_PRICE_NOTE,
  gstin: "33AAKCP1998Q1ZI",
  quotationValidityDays: 30,
  indiamartCrmKey: "",
};

// Registered first, so it runs after the screen has settled and gone (setUpScreenServer's afterEach).
afterEach(async () => {
  vi.restoreAllMocks();
  const reset = await ctx.request("PUT", "/api/settings", { json: BASELINE });
  expect(reset.status, reset.text).toBe(200);
});

const ctx = setUpScreenServer();

beforeAll(async () => {
  const res = await ctx.request("PUT", "/api/settings", { json: BASELINE });
  expect(res.status, res.text).toBe(200);
});

type Screen = Awaited<ReturnType<typeof renderAdmin>>;
type User = Screen["user"];

/** Replaces a box's text in one input, as Playwright's fill does. */
async function fill(user: User, box: HTMLElement, text: string): Promise<void> {
  await user.clear(box);
  if (text) await user.paste(text);
}

const boxValue = (box: HTMLElement) => (box as HTMLInputElement).value;

/** The toast region (top right): the layout's only polite status region. */
const toastText = () => [...document.querySelectorAll("[role=status][aria-live=polite]")].at(-1)?.textContent ?? "";
const expectToast = (text: string) => waitFor(() => expect(toastText()).toContain(text));

// biome-ignore lint/suspicious/noExplicitAny: the tests read whatever the API answered
const saved = async (): Promise<any> => (await ctx.request("GET", "/api/settings")).body;

/** The settings screen, its form loaded. */
async function openSettings(): Promise<Screen> {
  const s = await renderAdmin("/admin/settings");
  await s.findByRole("heading", { level: 1, name: "Site Settings" });
  await s.findByLabelText("Company name");
  return s;
}

const saveSettings = (s: Screen) => s.user.click(s.getByRole("button", { name: "Save Settings" }));

describe("Site Settings", () => {
  it("a bad e-mail address, an empty company name, a bad link and a bad notification address are refused before sending", async () => {
    // The panel's calls, to see that no PUT leaves (the spy passes every call on).
    const calls = vi.spyOn(globalThis, "fetch");
    const s = await openSettings();
    const { user } = s;
    expect(boxValue(s.getByLabelText("Company name"))).toBe("Pneuma Air Systems");
    await fill(user, s.getByLabelText("E-mail address 1"), "not-an-address");
    await fill(user, s.getByLabelText("Company name"), "");
    await saveSettings(s);
    const alert = s.getByRole("alert");
    expect(alert.textContent).toContain("Each e-mail address must be valid.");
    expect(alert.textContent).toContain("Company name is required.");
    expect(s.getByLabelText("E-mail address 1").getAttribute("aria-invalid")).toBe("true");
    expect(s.getByLabelText("Company name").getAttribute("aria-invalid")).toBe("true");
    // The count stands beside the button (where focus goes is the browser test's).
    s.getByText("2 fields need attention", { exact: true });
    await fill(user, s.getByLabelText("Facebook link"), "facebook.com/nothing");
    await saveSettings(s);
    expect(s.getByRole("alert").textContent).toContain("Facebook link must be an http(s) URL.");
    s.getByText("3 fields need attention", { exact: true });

    // Enquiry notifications: several addresses a kind; an empty list means the first e-mail address.
    const notifications = s.getByRole("region", { name: "Enquiry notifications" });
    expect(notifications.textContent).toContain("When a list is empty, its enquiries go to the first e-mail address");
    await user.click(within(notifications).getByRole("button", { name: "+ Add Quote Address" }));
    await fill(user, within(notifications).getByLabelText("Quote request address 1"), "sales@");
    await saveSettings(s);
    expect(s.getByRole("alert").textContent).toContain(
      "Each address in Quote request notifications must be a valid e-mail address.",
    );
    expect(within(notifications).getByLabelText("Quote request address 1").getAttribute("aria-invalid")).toBe("true");
    const puts = calls.mock.calls.filter(([, init]) => init?.method === "PUT");
    expect(puts).toEqual([]);
    expect((await saved()).companyName).toBe("Pneuma Air Systems");
  });

  it("a new phone and the notification addresses are saved (in small letters, once each), shown again and removed", async () => {
    let s = await openSettings();
    const { user } = s;
    await user.click(s.getByRole("button", { name: "+ Add Phone" }));
    await fill(user, s.getByLabelText("Phone label 2"), "Hotline");
    await fill(user, s.getByLabelText("Phone number 2"), "+91 99999 00000");
    // Notification addresses: two for quotes, one for service requests, none (the first e-mail) for messages.
    const notifications = () => s.getByRole("region", { name: "Enquiry notifications" });
    await user.click(within(notifications()).getByRole("button", { name: "+ Add Quote Address" }));
    await fill(user, within(notifications()).getByLabelText("Quote request address 1"), "sales@example.com");
    await user.click(within(notifications()).getByRole("button", { name: "+ Add Quote Address" }));
    await fill(user, within(notifications()).getByLabelText("Quote request address 2"), "Export@Example.com");
    await user.click(within(notifications()).getByRole("button", { name: "+ Add Service Address" }));
    await fill(user, within(notifications()).getByLabelText("Service request address 1"), "service@example.com");
    await saveSettings(s);
    await expectToast("Settings updated successfully!");
    const after = await saved();
    expect(after.phones).toEqual([...BASELINE.phones, { label: "Hotline", value: "+91 99999 00000" }]);
    expect(after.notifications).toEqual({
      quotes: ["sales@example.com", "export@example.com"],
      services: ["service@example.com"],
      messages: [],
    });
    // The form shows what the server stored.
    await waitFor(() =>
      expect(boxValue(within(notifications()).getByLabelText("Quote request address 2"))).toBe("export@example.com"),
    );

    s.unmount();
    s = await openSettings();
    expect(boxValue(s.getByLabelText("Phone label 2"))).toBe("Hotline");
    expect(boxValue(within(notifications()).getByLabelText("Quote request address 2"))).toBe("export@example.com");
    expect(notifications().textContent).toContain("No addresses: these go to sales@pneuma-air.example.");
    await s.user.click(within(notifications()).getByRole("button", { name: "Remove quote address 1" }));
    await saveSettings(s);
    await expectToast("Settings updated successfully!");
    expect((await saved()).notifications.quotes).toEqual(["export@example.com"]);
  });

  it("the price note is edited in Site Settings (issue 30)", async () => {
    const s = await openSettings();
    const field = within(s.getByRole("region", { name: "Prices" })).getByLabelText("Price note");
    expect(boxValue(field)).toBe("Ex-works Salem. GST 18% extra.");
    const note = "Ex-works Salem. GST 18% extra. Freight to site at cost.";
    await fill(s.user, field, note);
    await saveSettings(s);
    await expectToast("Settings updated successfully!");
    expect((await saved()).priceNote).toBe(note);
  });

  it("the company GSTIN and the quotation terms are edited in Site Settings; a wrong GSTIN is refused in words (issue 32)", async () => {
    const s = await openSettings();
    const { user } = s;
    const gstin = within(s.getByRole("region", { name: "Tax" })).getByLabelText("GSTIN");
    const validity = within(s.getByRole("region", { name: "Quotations" })).getByLabelText("Valid for (days)");
    expect(boxValue(gstin)).toBe("33AAKCP1998Q1ZI");
    expect(boxValue(validity)).toBe("30");
    await fill(user, gstin, "33AAKCP1998Q1ZJ");
    await saveSettings(s);
    expect(s.getByRole("alert").textContent).toContain("GSTIN's last character does not match: check for a typing mistake.");
    await fill(user, gstin, "33aakcp1998q1zi");
    await fill(user, validity, "45");
    await saveSettings(s);
    await expectToast("Settings updated successfully!");
    const after = await saved();
    expect([after.gstin, after.quotationValidityDays]).toEqual(["33AAKCP1998Q1ZI", 45]);
  });

  it("the IndiaMART CRM key is saved and removed in Site Settings, never shown back; the dashboard shows the pull (issue 32)", async () => {
    const key = "mRyzE7lp4HvGSq3v5XSN7l-screen";
    const s = await openSettings();
    const { user } = s;
    const section = s.getByRole("region", { name: "IndiaMART" });
    await waitFor(() => expect(section.textContent).toContain("No key is set."));
    await user.click(within(section).getByRole("button", { name: "Save key" }));
    within(section).getByText("Paste the CRM key first.");
    await fill(user, within(section).getByLabelText("New CRM key"), key);
    await user.click(within(section).getByRole("button", { name: "Save key" }));
    await expectToast("The IndiaMART CRM key is saved.");
    await waitFor(() => expect(section.textContent).toContain("A key is set."));
    expect(boxValue(within(section).getByLabelText("New CRM key"))).toBe("");
    expect(document.documentElement.outerHTML).not.toContain(key);

    await s.router.navigate("/admin/dashboard");
    const panel = await s.findByRole("region", { name: "IndiaMART leads" });
    await waitFor(() => expect(panel.textContent).toContain("Not yet (every 10 minutes)"));
    within(panel).getByRole("button", { name: "Pull now" });

    await s.router.navigate("/admin/settings");
    const again = await s.findByRole("region", { name: "IndiaMART" });
    await user.click(await within(again).findByRole("button", { name: "Remove key" }));
    await expectToast("The IndiaMART CRM key is removed.");
    await waitFor(() => expect(again.textContent).toContain("No key is set."));
    expect(within(again).queryByRole("button", { name: "Remove key" })).toBeNull();
  });

  it("an owner adds a GST rate from a day on when the law changes, and deletes a wrong one (issue 32)", async () => {
    const hsn = "84212345";
    const s = await openSettings();
    const { user } = s;
    const section = s.getByRole("region", { name: "GST rates" });
    // The defaults say what each code covers (tests/api/gst-rates.test.ts has them all).
    await waitFor(() => expect(section.textContent).toContain("HSN 8421"));
    expect(section.textContent).toContain("Air dryers, filters and separators, and their parts");
    await fill(user, within(section).getByLabelText("HSN or SAC code"), "12");
    await fill(user, within(section).getByLabelText("Rate (%)"), "18");
    await fill(user, within(section).getByLabelText("Effective from"), "2027-04-01");
    await user.click(within(section).getByRole("button", { name: "Add rate" }));
    // The server's reason (tests/api/gst-rates.test.ts), in the section.
    await waitFor(() => expect(within(section).getByRole("alert").textContent).toContain("HSN code must be 4, 6 or 8 digits"));
    await fill(user, within(section).getByLabelText("HSN or SAC code"), hsn);
    await fill(user, within(section).getByLabelText("What it covers (optional)"), "Oil separators");
    await user.click(within(section).getByRole("button", { name: "Add rate" }));
    await expectToast(`GST 18% for HSN ${hsn} from 2027-04-01 added.`);
    const row = () =>
      within(section)
        .queryAllByRole("listitem")
        .find((li) => li.textContent?.includes(`HSN ${hsn}`));
    await waitFor(() => expect(row()?.textContent).toContain("18%"));
    expect(row()?.textContent).toContain("Oil separators");
    // The form is empty again for the next rate.
    expect(boxValue(within(section).getByLabelText("HSN or SAC code"))).toBe("");

    await user.click(within(row()!).getByRole("button", { name: /^Delete/ }));
    const confirm = s.getByRole("alertdialog");
    expect(confirm.textContent).toContain(`Delete the rate of 18% for HSN ${hsn}`);
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(row()).toBeUndefined());
    const rates = (await ctx.request("GET", "/api/gst-rates")).body as { hsn: string }[];
    expect(rates.map((r) => r.hsn)).not.toContain(hsn);
  });
});

describe("Home Specifications", () => {
  it("rows can be added, reordered and removed; a row needs a label", async () => {
    const calls = vi.spyOn(globalThis, "fetch");
    const s = await renderAdmin("/admin/specifications");
    const { user } = s;
    await s.findByRole("heading", { level: 1, name: "Home Specifications" });
    const label = (n: number) => boxValue(s.getByLabelText(`Specification label ${n}`));
    await waitFor(() => expect(label(1)).toBe("Working pressure"));
    await user.click(s.getByRole("button", { name: "Move specification 1 down" }));
    expect([label(1), label(2)]).toEqual(["Free air delivery", "Working pressure"]);
    await user.click(s.getByRole("button", { name: "Move specification 2 up" }));
    expect(label(1)).toBe("Working pressure");
    expect((s.getByRole("button", { name: "Move specification 1 up" }) as HTMLButtonElement).disabled).toBe(true);
    expect((s.getByRole("button", { name: "Move specification 3 down" }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(s.getByRole("button", { name: "+ Add Row" }));
    await user.click(s.getByRole("button", { name: "Save Specifications" }));
    expect(s.getByRole("alert").textContent).toContain("Every specification row needs a label.");
    expect(calls.mock.calls.filter(([, init]) => init?.method === "PUT")).toEqual([]);
    await user.click(s.getByRole("button", { name: "Remove specification 4" }));
    expect(s.queryByLabelText("Specification label 4")).toBeNull();
    await user.click(s.getByRole("button", { name: "Remove specification 2" }));
    expect([label(1), label(2)]).toEqual(["Working pressure", "Motor power"]);
    await user.click(s.getByRole("button", { name: "Save Specifications" }));
    await expectToast("Settings updated successfully!");
    expect((await saved()).homeSpecifications).toEqual([BASELINE.homeSpecifications[0], BASELINE.homeSpecifications[2]]);
  });

  it("a new row saved in its place sends only the specifications: the settings saved meanwhile stay", async () => {
    const s = await renderAdmin("/admin/specifications");
    const { user } = s;
    await s.findByLabelText("Specification label 3");
    // Meanwhile someone saves a phone on the Site Settings screen.
    const phones = [...BASELINE.phones, { label: "Hotline", value: "+91 99999 00000" }];
    expect((await ctx.request("PUT", "/api/settings", { json: { phones } })).status).toBe(200);
    const calls = vi.spyOn(globalThis, "fetch");
    await user.click(s.getByRole("button", { name: "+ Add Row" }));
    await fill(user, s.getByLabelText("Specification label 4"), "Max pressure");
    await fill(user, s.getByLabelText("Specification value 4"), "16 bar");
    await user.click(s.getByRole("button", { name: "Move specification 4 up" }));
    await user.click(s.getByRole("button", { name: "Save Specifications" }));
    await expectToast("Settings updated successfully!");
    const put = calls.mock.calls.find(([, init]) => init?.method === "PUT");
    expect(Object.keys(JSON.parse(String(put?.[1]?.body)))).toEqual(["homeSpecifications"]);
    const after = await saved();
    expect(after.homeSpecifications.map((r: { label: string }) => r.label)).toEqual([
      "Working pressure",
      "Free air delivery",
      "Max pressure",
      "Motor power",
    ]);
    expect(after.phones).toEqual(phones);
  });
});
