import { fireEvent, waitFor, within } from "@testing-library/react";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products } from "../../server/db/content-tables";
import { indiaDateOf } from "../../shared/sales/financial-year";
import { buyer, seedProducts } from "../support/enquiries";
import { renderAdmin, setUpScreenServer } from "../support/screen";
import { addStaff, type StaffAccount } from "../support/staff";

/**
 * The sales desk's screens rendered for real against one real server (one file, one server: its start and data
 * are most of a screen file's cost). A quotation (/admin/quotations/{id}): an owner records an answer the buyer
 * gave another way (issue 44), a sales person has no such button; its particulars, HSN/SAC summary and the
 * freight/ex-works warning; a new quotation (/admin/deals/{id}/quotations/new) filled from its lead, with the
 * usual lines and a missing state fixed in place (issue 45). A deal (/admin/deals/{id}): an owner gives it to
 * someone else, a sales person has no such control. The deals list (/admin/deals), as an owner: the filters go
 * to the URL and to the server, and Export CSV asks for the same (last: the download leaves the page's origin).
 * The rules are the API's (tests/api/quotations.test.ts, deals.test.ts, lead-assignment.test.ts); the journeys
 * are tests/browser/admin-deal.spec.ts and quotation-from-enquiry.spec.ts.
 */

const ctx = setUpScreenServer({ env: { RATE_LIMITS: "off" } });

beforeAll(async () => {
  expect((await ctx.request("PUT", "/api/settings", { json: { gstin: "33AAKCP1998Q1ZI" } })).status).toBe(200);
});

/** A quotation of one free line on a deal of its own, made by the owner (or with `token`). */
async function aQuotation(name: string, token = ctx.token): Promise<string> {
  const call = (path: string, json: unknown) => ctx.server.request("POST", path, { token, json });
  const customer = await call("/api/customers", { name, gstin: "33AAGCP4765J1Z5" });
  const deal = await call("/api/deals", { title: `${name}: dryer`, customerId: customer.body._id });
  const made = await call("/api/quotations", {
    dealId: deal.body._id,
    lines: [{ description: "Air dryer", hsn: "84213990", quantity: 1, unitPrice: 85000 }],
  });
  expect(made.status, made.text).toBe(201);
  return made.body._id;
}

it("an owner records the buyer's answer given on the phone: who, how, and in their own name", async () => {
  const id = await aQuotation("Bhavani Textiles");
  const s = await renderAdmin(`/admin/quotations/${id}`);
  await s.user.click(await s.findByRole("button", { name: "Record the buyer's answer" }));
  const dialog = await s.findByRole("dialog", { name: /Record the buyer's answer/ });
  await s.user.click(within(dialog).getByRole("button", { name: "Record the answer" }));
  expect(await within(dialog).findByRole("alert")).toHaveProperty(
    "textContent",
    expect.stringContaining("Give the name of who answered for the buyer."),
  );
  await s.user.type(within(dialog).getByLabelText(/Who answered for the buyer/), "K. Selvam");
  await s.user.type(within(dialog).getByLabelText(/How they answered/), "by phone");
  await s.user.click(within(dialog).getByRole("button", { name: "Record the answer" }));
  await waitFor(() => expect(s.getByTestId("quotation-status").textContent).toBe("Accepted"));
  expect(s.getByText(/Accepted by K\. Selvam \(recorded by admin: by phone\)\./)).toBeTruthy();
  expect(s.queryByRole("button", { name: "Record the buyer's answer" })).toBeNull();
  // Decided, it is final: no Revise (issue 45).
  expect(s.queryByRole("button", { name: "Revise" })).toBeNull();
});

it("a code without a GST rate: an owner gets a link to add it, a sales person is told to ask an owner (issue 45)", async () => {
  const customer = await ctx.request("POST", "/api/customers", { json: { name: "Courier Mills", gstin: "33AAGCP4765J1Z5" } });
  const deal = await ctx.request("POST", "/api/deals", { json: { title: "Courier", customerId: customer.body._id } });
  const asha = await addStaff(ctx.server, ctx.token, "sales", "bhavya");
  for (const [token, owner] of [
    [ctx.token, true],
    [asha.token, false],
  ] as const) {
    window.localStorage.setItem("admin-token", token);
    const s = await renderAdmin(`/admin/deals/${deal.body._id}/quotations/new`);
    await s.user.click(await s.findByRole("button", { name: "+ Add a free line" }));
    await s.user.type(s.getByLabelText("HSN/SAC"), "996812");
    const preview = s.getByRole("region", { name: "Preview" });
    await within(preview).findByText(/no GST rate for HSN 996812\. Owners add rates in Site Settings → GST rates/);
    const link = within(preview).queryByRole("link", { name: /Add the rate in Site Settings/ });
    if (owner) expect(link?.getAttribute("href")).toBe("/admin/settings#gst-rates");
    else expect(link).toBeNull();
    s.unmount();
  }
});

it("a sales person does not answer for the buyer: no such button on their own deal's quotation", async () => {
  const asha = await addStaff(ctx.server, ctx.token, "sales", "asha");
  const id = await aQuotation("Cauvery Mills", asha.token);
  window.localStorage.setItem("admin-token", asha.token);
  const s = await renderAdmin(`/admin/quotations/${id}`);
  await s.findByRole("button", { name: "Revise" });
  expect(s.queryByRole("button", { name: "Record the buyer's answer" })).toBeNull();
});

it("Send warns of freight charged on ex-works terms, and still sends; the document shows place of supply and the HSN/SAC summary (issue 45)", async () => {
  const customer = await ctx.request("POST", "/api/customers", {
    json: { name: "Erode Looms", gstin: "33AAGCP4765J1Z5", people: [{ name: "Kala", email: "kala@erodelooms.example" }] },
  });
  const deal = await ctx.request("POST", "/api/deals", { json: { title: "Looms: compressor", customerId: customer.body._id } });
  const made = await ctx.request("POST", "/api/quotations", {
    json: {
      dealId: deal.body._id,
      lines: [
        { description: "Air dryer", hsn: "84213990", quantity: 1, unitPrice: 85000 },
        { description: "Freight to site", hsn: "996511", quantity: 1, unitPrice: 8500 },
      ],
      terms: { delivery: "Ex-Works Salem, within 4 weeks." },
    },
  });
  expect(made.status, made.text).toBe(201);
  const s = await renderAdmin(`/admin/quotations/${made.body._id}`);
  const particulars = await s.findByTestId("quotation-particulars");
  expect(particulars.textContent).toContain("Place of supplyTamil Nadu (33)");
  expect(particulars.textContent).toContain("Kind attn.Kala");
  const summary = s.getByRole("region", { name: "HSN/SAC summary" });
  expect(within(summary).getByRole("row", { name: /^996511/ }).textContent).toBe("996511₹8,500.009%₹765.009%₹765.00₹1,530.00");
  expect(within(summary).getByRole("row", { name: /^Total/ }).textContent).toContain("₹93,500.00");

  await s.user.click(s.getByRole("button", { name: "Send to buyer" }));
  const dialog = await s.findByRole("dialog", { name: /Send .* to the buyer/ });
  expect(within(dialog).getByRole("note").textContent).toBe(
    "This quotation charges freight, but its delivery terms say ex-works (the buyer collects). Change one of them, or send it as it is.",
  );
  // A warning, not a block: the Send button stays; without e-mail set up the server answers in words.
  await waitFor(() => expect(within(dialog).getByLabelText(/^To/)).toHaveProperty("value", "kala@erodelooms.example"));
  await s.user.click(within(dialog).getByRole("button", { name: "Send" }));
  expect(await within(dialog).findByRole("alert")).toHaveProperty("textContent", expect.stringContaining("E-mail is not set up"));
});

it("Send has no warning on a quotation that charges no freight (the rule's cases: tests/unit/quotation-particulars.test.ts)", async () => {
  const id = await aQuotation("Tiruppur Knits");
  const s = await renderAdmin(`/admin/quotations/${id}`);
  await s.user.click(await s.findByRole("button", { name: "Send to buyer" }));
  const dialog = await s.findByRole("dialog", { name: /Send .* to the buyer/ });
  expect(within(dialog).queryByRole("note")).toBeNull();
});

it("a new quotation starts from what the lead asked, with the usual lines a tap away; a missing state is added in place (issue 45)", async () => {
  const [screw, dryer] = await seedProducts(ctx.server, ["Kaveri Screw 22", "Kaveri Dryer 30"]);
  for (const [product, price] of [
    [screw!, 450000],
    [dryer!, 85000],
  ] as const) {
    await ctx.server.ctx.db.update(products).set({ hsn: "84148011", price }).where(eq(products.id, product._id));
  }
  // A customer without GSTIN or state, whose buyer asks for 2 + 1 machines: the request joins it by e-mail.
  const customer = await ctx.request("POST", "/api/customers", {
    json: { name: "Kaveri Weaving", people: [{ name: "Kala", email: "kala@kaveri.example" }] },
  });
  const asked = await ctx.server.request("POST", "/api/quotes", {
    json: buyer({
      email: "kala@kaveri.example",
      items: [
        { productId: screw!._id, quantity: 2 },
        { productId: dryer!._id, quantity: 1 },
      ],
    }),
  });
  expect(asked.status, asked.text).toBe(201);
  const deal = await ctx.request("POST", "/api/deals", {
    json: { title: "Kaveri machines", contactId: asked.body.data._id, customerId: customer.body._id },
  });
  const s = await renderAdmin(`/admin/deals/${deal.body._id}/quotations/new`);
  const line = (n: number) => s.findByRole("group", { name: new RegExp(`^Line ${n}\\b`) });
  const value = async (n: number, label: string) => (within(await line(n)).getByLabelText(label) as HTMLInputElement).value;
  expect([await value(1, "Description"), await value(1, "Quantity"), await value(1, "Unit price (₹)")]).toEqual([
    "Kaveri Screw 22",
    "2",
    "450000",
  ]);
  expect([await value(2, "Description"), await value(2, "Quantity"), await value(2, "HSN/SAC")]).toEqual([
    "Kaveri Dryer 30",
    "1",
    "84148011",
  ]);

  // The usual lines of Site Settings (the defaults: installation, freight, AMC), one tap each.
  await s.user.click(s.getByRole("button", { name: "+ Installation and commissioning" }));
  expect([await value(3, "Description"), await value(3, "HSN/SAC"), await value(3, "Unit")]).toEqual([
    "Installation and commissioning",
    "998732",
    "Job",
  ]);

  // The state is missing: fixed here, in the customer's own form, and the tax follows; the lines stay.
  expect(s.getByRole("note").textContent).toContain("The customer's state is not known");
  await s.user.click(s.getByRole("button", { name: "Add the GSTIN or state of Kaveri Weaving" }));
  const dialog = await s.findByRole("dialog", { name: "Edit Customer" });
  await s.user.type(within(dialog).getByLabelText("GSTIN"), "29AABCK5678D1ZB");
  await s.user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
  expect(await s.findByText("The buyer is in another state: IGST.")).toBeTruthy();
  expect(s.queryByText(/The customer's state is not known/)).toBeNull();
  expect(await value(3, "Description")).toBe("Installation and commissioning");
});

let asha: StaffAccount;

beforeAll(async () => {
  asha = await addStaff(ctx.server, ctx.token, "sales", "asha-list");
  const lead = await ctx.server.request("POST", "/api/contacts", {
    token: asha.token,
    json: { name: "Prakash Iyer", phone: "90000 12345" },
  });
  expect(lead.status, lead.text).toBe(201);
  const walkIn = await ctx.server.request("POST", "/api/deals", {
    token: asha.token,
    json: { title: "Walk-in: 10 HP", contactId: lead.body.data._id },
  });
  expect(walkIn.status, walkIn.text).toBe(201);
  expect((await ctx.request("POST", "/api/deals", { json: { title: "Fair: 5 HP" } })).status).toBe(201);
});

/** The panel's requests to `path` as they leave (happy-dom's fetch), each then answered by the real server. */
function requestsTo(path: string): URL[] {
  const seen: URL[] = [];
  (window as unknown as { happyDOM: { settings: { fetch: { interceptor: unknown } } } }).happyDOM.settings.fetch.interceptor = {
    async beforeAsyncRequest({ request }: { request: Request }) {
      const url = new URL(request.url);
      if (url.pathname === path) seen.push(url);
      return undefined;
    },
  };
  return seen;
}

const toastText = () => [...document.querySelectorAll("[role=status][aria-live=polite]")].at(-1)?.textContent ?? "";

/** The value of one of the deal's facts ("Owner": its person's name). */
const fact = (label: string) =>
  [...document.querySelectorAll("dt")].find((dt) => dt.textContent === label)?.nextElementSibling?.textContent;

async function salesPerson(username: string, name: string, awayUntil: string | null = null) {
  const person = await addStaff(ctx.server, ctx.token, "sales", username);
  expect((await ctx.request("PUT", `/api/users/${person.id}`, { json: { name, awayUntil } })).status).toBe(200);
  return person;
}

it("an owner gives a deal to another sales person; someone on leave is marked so in the list", async () => {
  const asha = await salesPerson("asha-deal", "Asha Rao");
  const bala = await salesPerson("bala-deal", "Bala Iyer", "2099-12-04");
  const editor = await addStaff(ctx.server, ctx.token, "editor", "eddie-deal");
  const deal = await ctx.request("POST", "/api/deals", { json: { title: "Dryer for Kaveri Mills", ownerId: asha.id } });
  expect(deal.status, deal.text).toBe(201);

  const s = await renderAdmin(`/admin/deals/${deal.body._id}`);
  const form = await s.findByRole("form", { name: "Give the deal to someone else" });
  const select = within(form).getByLabelText("Owner") as HTMLSelectElement;
  await waitFor(() => expect([...select.options].map((o) => o.textContent)).toContain("Bala Iyer, on leave until 4 Dec 2099"));
  const labels = [...select.options].map((o) => o.textContent);
  expect(labels).toEqual(expect.arrayContaining(["Nobody yet (unassigned)", "Asha Rao", "admin (owner)"]));
  expect(labels.some((l) => l?.includes(editor.username) || l === "editor person")).toBe(false);
  expect(select.value).toBe(asha.id);
  const give = within(form).getByRole("button", { name: "Give the deal" }) as HTMLButtonElement;
  expect(give.disabled).toBe(true);

  await s.user.selectOptions(select, bala.id);
  await s.user.click(give);
  await waitFor(() => expect(toastText()).toContain("Deal given to Bala Iyer."));
  expect(fact("Owner")).toBe("Bala Iyer");
  expect((await ctx.request("GET", `/api/deals/${deal.body._id}`)).body.ownerId).toBe(bala.id);
});

it("a sales person has no such control, even on their own deal", async () => {
  const chitra = await salesPerson("chitra-deal", "Chitra Menon");
  const deal = await ctx.server.request("POST", "/api/deals", { token: chitra.token, json: { title: "Her own deal" } });
  expect(deal.status, deal.text).toBe(201);
  window.localStorage.setItem("admin-token", chitra.token);
  const s = await renderAdmin(`/admin/deals/${deal.body._id}`);
  await s.findByRole("heading", { level: 1, name: "Her own deal" });
  expect(fact("Owner")).toBe("Chitra Menon");
  expect(s.queryByRole("form", { name: "Give the deal to someone else" })).toBeNull();
});

describe("the deals' filters", () => {
  it("sales person, source and the day made go to the URL and the server, and the export asks for the same", async () => {
    const s = await renderAdmin("/admin/deals");
    const table = await s.findByRole("table");
    await within(table).findByText("Fair: 5 HP");
    expect(within(table).getByText("Walk-in: 10 HP")).toBeTruthy();

    await s.user.selectOptions(s.getByLabelText("Source"), "manual");
    await waitFor(() => expect(s.router.state.location.search).toBe("?source=manual"));
    await waitFor(() => expect(within(s.getByRole("table")).queryByText("Fair: 5 HP")).toBeNull());
    expect(within(s.getByRole("table")).getByText("Walk-in: 10 HP")).toBeTruthy();

    // An owner picks any sales person by name (the staff list arrives after the deals).
    const person = s.getByLabelText("Owner");
    await waitFor(() => expect(person.querySelector(`option[value="${asha.id}"]`)).not.toBeNull());
    await s.user.selectOptions(person, asha.id);
    const today = indiaDateOf(new Date());
    fireEvent.change(s.getByLabelText("Created from"), { target: { value: today } });
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(s.router.state.location.search))).toEqual({
        source: "manual",
        owner: asha.id,
        from: today,
      }),
    );
    // The screen shows what the URL says once the server has answered (the list, and the select's choice).
    await waitFor(() => expect((s.getByLabelText("Owner") as HTMLSelectElement).value).toBe(asha.id));
    expect((s.getByLabelText("Created from") as HTMLInputElement).value).toBe(today);
    expect(within(s.getByRole("table")).getByText("Walk-in: 10 HP")).toBeTruthy();

    const exports = requestsTo("/api/deals/export.csv");
    await s.user.click(s.getByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(exports).toHaveLength(1));
    expect(Object.fromEntries(exports[0]!.searchParams)).toEqual({ source: "manual", owner: asha.id, from: today });
    // The file has come (the button is no longer busy) and nothing failed.
    await s.findByRole("button", { name: "Export CSV" });
    expect(s.queryByRole("alert")).toBeNull();
  });
});
