import { expect, test } from "@playwright/test";
import { apiCall, deleteStaff, signedInStaff, signIn, signInWithToken } from "./admin-support";
import { ADMIN_URL, EMPTY_URL, expectNoA11yViolations, watchErrors } from "./support";

// Admin tests change data: they run on their own demo server (see playwright.config.ts).
test.use({ baseURL: ADMIN_URL });

/** Dashboard Overview (/admin and /admin/dashboard). */

interface ServiceLite {
  title: string;
  benefits: string[];
}

test.describe("Dashboard Overview", () => {
  test("tiles show Loading... and then the counts; recent contacts and services with +N more", {
    tag: ["@journey", "@a11y"],
  }, async ({ page, baseURL }) => {
    const problems = watchErrors(page);
    await signIn(page, baseURL!);
    await fetch(`${baseURL}/api/contacts`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: "Dashboard Visitor",
        email: "dash@example.com",
        subject: "Dashboard check",
        message: "Hello",
      }),
    });
    const contactCalls: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname.startsWith("/api/contacts")) contactCalls.push(r.url());
    });
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route("**/api/service", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard Overview" })).toBeVisible();
    const tiles = page.locator("main ul").first().locator("> li");
    await expect(tiles).toHaveCount(3);
    for (const i of [0, 1, 2]) await expect(tiles.nth(i)).toContainText("Loading...");
    release();
    await expect(tiles.nth(0)).toContainText(/Active Products\s*\d+/);
    await expect(tiles.nth(1)).toContainText(/Services\s*\d+/);
    await expect(tiles.nth(2)).toContainText(/Customers\s*\d+/);
    // Real figures instead of random arrows.
    await expect(tiles.nth(2)).toContainText(/\d+ enquir(y|ies) in the last 30 days/);
    await expect(tiles.nth(0)).toContainText(/\d+ added in the last 30 days/);

    const contacts = page.getByRole("region", { name: "Recent Contacts" }).getByRole("listitem");
    expect(await contacts.count()).toBeGreaterThanOrEqual(1);
    expect(await contacts.count()).toBeLessThanOrEqual(5);
    // The figures are counted by the server: the dashboard never loads every contact.
    expect(contactCalls.length).toBe(2);
    for (const url of contactCalls) {
      const u = new URL(url);
      expect(u.pathname === "/api/contacts/stats" || u.searchParams.get("limit") === "5", url).toBe(true);
    }

    const services = await apiCall<ServiceLite[]>(baseURL!, "GET", "/api/service");
    const panel = page.getByRole("region", { name: "Services" });
    await expect(panel.getByRole("heading", { level: 3 })).toHaveCount(Math.min(3, services.length));
    for (const s of services.slice(0, 3)) {
      const item = panel.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: s.title }) });
      await expect(item.locator("li.rounded-full")).toHaveCount(Math.min(3, s.benefits.length));
      if (s.benefits.length > 3) await expect(item).toContainText(`+${s.benefits.length - 3} more`);
    }
    await expectNoA11yViolations(page);
    expect(problems).toEqual([]);
  });

  test("a failed load shows Error, the SPEC §4 message and Retry", { tag: ["@journey", "@a11y"] }, async ({ page, baseURL }) => {
    await signIn(page, baseURL!);
    await page.route(/\/api\/contacts\/stats$/, (route) => route.abort());
    await page.goto("/admin/dashboard");
    const tiles = page.locator("main ul").first().locator("> li");
    for (const i of [0, 1, 2]) await expect(tiles.nth(i)).toContainText("Error");
    await expect(page.getByRole("alert")).toContainText("Failed to fetch data. Please try again later.");
    await expectNoA11yViolations(page);
    await page.unroute(/\/api\/contacts\/stats$/);
    await page.getByRole("button", { name: "Retry" }).click();
    await expect(tiles.nth(2)).toContainText(/Customers\s*\d+/);
  });

  test("on an empty site the counts are zero", { tag: ["@journey", "@a11y"] }, async ({ page }) => {
    await signIn(page, EMPTY_URL);
    await page.goto(`${EMPTY_URL}/admin/dashboard`);
    const tiles = page.locator("main ul").first().locator("> li");
    await expect(tiles.nth(0)).toContainText(/Active Products\s*0/);
    await expect(page.getByRole("region", { name: "Recent Contacts" })).toContainText("No contacts found");
    await expect(tiles.nth(2)).toContainText(/Customers\s*0/);
    const enquiries = page.getByRole("region", { name: "Enquiries", exact: true });
    for (const kind of ["message", "quote", "service"]) {
      await expect(enquiries.locator(`tr[data-kind=${kind}] td`).first()).toHaveText("0");
    }
    await expect(page.getByRole("region", { name: "Most requested products" })).toContainText(
      "No quote requests in the last 30 days.",
    );
    await expectNoA11yViolations(page);
  });

  test("enquiries of each kind against the 30 days before, the most requested products, failed notifications, e-mail off", {
    tag: ["@journey", "@a11y"],
  }, async ({ page, baseURL }) => {
    const problems = watchErrors(page);
    await signIn(page, baseURL!);
    const { data } = await apiCall<{ data: { _id: string; name: string }[] }>(baseURL!, "GET", "/api/product?limit=1");
    const product = data[0]!;
    const res = await fetch(`${baseURL}/api/quotes`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: "Dashboard Buyer",
        email: "dash-buyer@example.com",
        items: [{ productId: product._id, quantity: 2 }],
      }),
    });
    expect(res.status).toBe(201);
    const { reference, _id } = ((await res.json()) as { data: { reference: string; _id: string } }).data;
    const stats = await apiCall<{ last30: Record<string, number>; previous30: Record<string, number> }>(
      baseURL!,
      "GET",
      "/api/contacts/stats",
    );

    await page.goto("/admin/dashboard");
    // No SMTP on the test servers: the notice says so in plain words, says what is missing, and links to
    // the README's set-up steps (the variable names are there, not in the owner's face).
    const notice = page.getByRole("region", { name: "E-mail notifications are off" });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole("heading")).toHaveText("E-mail notifications are off");
    await expect(notice).toContainText("nobody is told by e-mail when one arrives");
    await expect(notice).toContainText("What is missing: the website has not been given a mailbox to send from");
    await expect(notice).not.toContainText("SMTP_URL");
    const howTo = notice.getByRole("link", { name: "How to set up e-mail (README: Setting up e-mail)" });
    await expect(howTo).toHaveAttribute("href", "/admin/help/email");

    const enquiries = page.getByRole("region", { name: "Enquiries", exact: true });
    const quotes = enquiries.locator("tr[data-kind=quote]");
    await expect(quotes).toContainText("Quote requests");
    expect(Number(await quotes.locator("td").first().innerText())).toBeGreaterThanOrEqual(stats.last30.quote!);
    await expect(quotes.locator("td").nth(1)).toHaveText(String(stats.previous30.quote));
    await expect(quotes.getByRole("link", { name: "Quote requests" })).toHaveAttribute("href", "/admin/contacts?type=quote");
    await expect(enquiries.getByTestId("failed-notifications")).toContainText("No failed notifications.");

    const top = page.getByRole("region", { name: "Most requested products" });
    await expect(top.getByRole("listitem").filter({ hasText: product.name })).toContainText(/\d+ requests?, \d+ units?/);

    // The README section, in the panel: the steps with the settings' names.
    await howTo.click();
    await expect(page.getByRole("heading", { level: 1, name: "Setting up e-mail" })).toBeVisible();
    const steps = page.getByRole("main").getByRole("listitem");
    await expect(steps).toHaveCount(4);
    await expect(steps.nth(1)).toContainText("SMTP_URL");
    await expect(steps.nth(2)).toContainText("MAIL_FROM");
    await expect(page.getByRole("main").locator("code").first()).toBeVisible();
    await expectNoA11yViolations(page);
    await page.goBack();

    // The newest contacts are in Recent Contacts, each opening in the inbox.
    const recent = page.getByRole("region", { name: "Recent Contacts" }).getByRole("listitem").filter({ hasText: reference });
    await recent.getByRole("link", { name: "Dashboard Buyer" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/contacts/${_id}$`));
    await expect(page.getByRole("dialog")).toContainText(reference);
    await expectNoA11yViolations(page);
    expect(problems).toEqual([]);
  });

  test(
    "a sales person's dashboard starts with the new enquiries, each one tap from its detail",
    { tag: ["@phone", "@journey"] },
    async ({ page, baseURL }, testInfo) => {
      const problems = watchErrors(page);
      const sales = await signedInStaff(baseURL!, testInfo, "sales", "desk");
      try {
        const tag = `Desk ${testInfo.project.name} ${Date.now().toString(36)}`;
        const res = await fetch(`${baseURL}/api/contacts`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ name: `${tag} Visitor`, email: "desk@example.com", subject: `${tag} dryer`, message: "Hello" }),
        });
        expect(res.status).toBe(201);
        const { _id } = ((await res.json()) as { data: { _id: string } }).data;
        const waiting = await fetch(`${baseURL}/api/contacts?status=new&limit=1`, { headers: { "x-auth-token": sales.token } });
        const total = Number(waiting.headers.get("X-Total-Count"));
        await waiting.body?.cancel();

        await signInWithToken(page, baseURL!, sales.token);
        await page.goto("/admin/dashboard");
        const fresh = page.getByRole("region", { name: "New enquiries" });
        await expect(fresh).toBeVisible();
        // First under the page's title: before the tiles and every other panel.
        await expect(page.locator("main h2").first()).toHaveText("New enquiries");
        await expect(fresh).toContainText(total === 1 ? "1 waiting" : `${total} waiting`);
        await expect(fresh.getByRole("link", { name: "Open all new enquiries" })).toHaveAttribute(
          "href",
          "/admin/contacts?status=new",
        );
        await expectNoA11yViolations(page);
        await fresh.getByRole("link", { name: `${tag} Visitor` }).click();
        await expect(page).toHaveURL(new RegExp(`/admin/contacts/${_id}$`));
        await expect(page.getByRole("dialog")).toContainText(`${tag} dryer`);
        expect(problems).toEqual([]);
      } finally {
        await deleteStaff(baseURL!, sales.id);
      }
    },
  );
});
