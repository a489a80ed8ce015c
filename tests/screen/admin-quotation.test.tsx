import { waitFor, within } from "@testing-library/react";
import { beforeAll, expect, it } from "vitest";
import { renderAdmin, setUpScreenServer } from "../support/screen";
import { addStaff } from "../support/staff";

/**
 * A quotation (/admin/quotations/{id}) rendered for real against a real server: an owner records an answer
 * the buyer gave another way (issue 44); a sales person has no such button. The rules are the API's
 * (tests/api/quotations.test.ts); the journey through the quotation is tests/browser/admin-deal.spec.ts.
 */

const ctx = setUpScreenServer();

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
