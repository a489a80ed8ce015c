import { waitFor, within } from "@testing-library/react";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products } from "../../server/db/content-tables";
import { salesDesk } from "../../server/db/schema";
import { formatRupees } from "../../shared/sales/money";
import { seedProducts } from "../support/enquiries";
import { renderAdmin, setUpScreenServer } from "../support/screen";
import { addStaff, type StaffAccount, strongPassword } from "../support/staff";

/**
 * The dashboard (/admin/dashboard) rendered for real against a real server: its tiles right on the first
 * screen after a first password change, the sales figures first for a sales person, the quotations accepted
 * in the last 7 days (every deal's for an owner, their own for a sales person), and an IndiaMART error only an
 * owner can fix shown to owners only. Which acceptances the API lists is tests/api/deal-stats.test.ts's; which
 * IndiaMART errors it keeps from whom, tests/api/indiamart.test.ts's.
 */

const ctx = setUpScreenServer({ env: { RATE_LIMITS: "off" } });
const KEY_ERROR = "IndiaMART answered 401: Key is expired or incorrect. Please generate a new key.";

let asha: StaffAccount;
let accepted: { _id: string; number: string; total: number };

beforeAll(async () => {
  asha = await addStaff(ctx.server, ctx.token, "sales", "asha");
  expect((await ctx.request("PUT", "/api/settings", { json: { gstin: "33AAKCP1998Q1ZI" } })).status).toBe(200);
  const [machine] = await seedProducts(ctx.server, ["PN-RS 22 Screw Compressor"]);
  await ctx.server.ctx.db.update(products).set({ hsn: "84148011", price: 250000 }).where(eq(products.id, machine!._id));
  const customer = await ctx.server.request("POST", "/api/customers", {
    token: asha.token,
    json: { name: "Kaveri Foods", gstin: "33AAGCP4765J1Z5" },
  });
  const deal = await ctx.server.request("POST", "/api/deals", {
    token: asha.token,
    json: { title: "Kaveri compressor", customerId: customer.body._id },
  });
  const made = await ctx.server.request("POST", "/api/quotations", {
    token: asha.token,
    json: { dealId: deal.body._id, lines: [{ productId: machine!._id, quantity: 1 }] },
  });
  expect(made.status, made.text).toBe(201);
  accepted = made.body;
  const decided = await ctx.request("POST", `/api/quotations/${accepted._id}/decision`, {
    json: { decision: "accept", name: "Priya Nair", how: "by phone" },
  });
  expect(decided.status, decided.text).toBe(200);
  // The last IndiaMART pull failed on the key (as a pull writes it; the pull itself is the API test's).
  await ctx.server.ctx.db.insert(salesDesk).values({ id: "desk" }).onConflictDoNothing();
  await ctx.server.ctx.db.update(salesDesk).set({ indiamartCrmKey: "expired-key", indiamartLastError: KEY_ERROR });
});

/** Whether `a` comes before `b` in the page. */
const comesBefore = (a: Element, b: Element) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
const tile = (s: Awaited<ReturnType<typeof renderAdmin>>, label: string) =>
  s.getByRole("heading", { level: 2, name: label }).closest("li") as HTMLElement;

describe("the dashboard", () => {
  it("right after a first password change, the tiles have the figures (the Customers tile read 0)", async () => {
    const created = await ctx.request("POST", "/api/users", {
      json: { username: "olga", name: "Olga Owner", email: "olga@example.com", role: "owner", password: strongPassword("olga") },
    });
    expect(created.status, created.text).toBe(201);
    const login = await ctx.server.request("POST", "/api/auth/login", {
      json: { username: "olga", password: strongPassword("olga") },
    });
    window.localStorage.setItem("admin-token", login.body.token);
    const stats = (await ctx.request("GET", "/api/contacts/stats")).body as { salesCustomers: number };
    expect(stats.salesCustomers).toBeGreaterThan(0);

    const s = await renderAdmin("/admin/account");
    await s.user.type(await s.findByLabelText("Current password"), strongPassword("olga"));
    await s.user.type(s.getByLabelText("New password"), "amber-otter-window-kettle");
    await s.user.type(s.getByLabelText("Repeat the new password"), "amber-otter-window-kettle");
    await s.user.click(s.getByRole("button", { name: "Change Password" }));
    await waitFor(() => expect(s.router.state.location.pathname).toBe("/admin/dashboard"));
    await waitFor(() => expect(tile(s, "Customers").textContent).toContain(String(stats.salesCustomers)));
    expect(tile(s, "Customers").textContent).toContain("in the last 30 days");
    await s.findByRole("region", { name: "Recent Contacts" });
    s.getByRole("region", { name: "Enquiries" });
  });

  it("a sales person's: the new enquiries, then their acceptances and the sales figures before the website's, and no IndiaMART error they cannot fix", async () => {
    window.localStorage.setItem("admin-token", asha.token);
    const s = await renderAdmin("/admin/dashboard");
    const acceptances = await s.findByRole("region", { name: "Quotations accepted in the last 7 days" });
    expect(comesBefore(s.getByRole("heading", { level: 2, name: "New enquiries" }), acceptances)).toBe(true);
    const link = within(acceptances).getByRole("link", { name: `${accepted.number} v1` });
    expect(link.getAttribute("href")).toBe(`/admin/quotations/${accepted._id}`);
    const row = link.closest("li") as HTMLElement;
    expect(row.textContent).toContain("Kaveri Foods");
    expect(row.textContent).toContain(formatRupees(Math.round(accepted.total * 100)));
    expect(row.textContent).toMatch(/accepted \d{1,2} [A-Z][a-z]{2} \d{4}$/);

    const figures = await s.findByRole("heading", { level: 2, name: "Sales figures" });
    const products = await waitFor(() => tile(s, "Active Products"));
    expect(comesBefore(acceptances, figures)).toBe(true);
    expect(comesBefore(figures, products)).toBe(true);

    const indiamart = s.getByRole("region", { name: "IndiaMART leads" });
    await within(indiamart).findByTestId("indiamart-needs-owner");
    expect(indiamart.textContent).not.toContain("Key is expired");
    expect(within(indiamart).queryByRole("alert")).toBeNull();
  });

  it("an owner's: the acceptance above the website's tiles, the sales figures after them, and the key's error with the way to fix it", async () => {
    const s = await renderAdmin("/admin/dashboard");
    const acceptances = await s.findByRole("region", { name: "Quotations accepted in the last 7 days" });
    within(acceptances).getByRole("link", { name: `${accepted.number} v1` });
    const products = await waitFor(() => tile(s, "Active Products"));
    const figures = await s.findByRole("heading", { level: 2, name: "Sales figures" });
    expect(comesBefore(acceptances, products)).toBe(true);
    expect(comesBefore(products, figures)).toBe(true);

    const indiamart = s.getByRole("region", { name: "IndiaMART leads" });
    const error = await within(indiamart).findByRole("alert");
    expect(error.textContent).toContain(KEY_ERROR);
    expect(
      within(error).getByRole("link", { name: "Change the CRM key in Site Settings → IndiaMART" }).getAttribute("href"),
    ).toBe("/admin/settings#indiamart-key");
  });
});
