import { expect, test } from "@playwright/test";
import { apiToken, signIn } from "./admin-support";
import { ADMIN, ADMIN_URL, EMPTY_URL, expectNoA11yViolations, watchErrors } from "./support";

// Admin tests change data: they run on their own demo server (see playwright.config.ts).
test.use({ baseURL: ADMIN_URL });

test.describe("staff sign-in", { tag: "@journey" }, () => {
  test("the guard sends a visitor without a token to the login page and back after signing in", async ({ page }) => {
    const problems = watchErrors(page);
    await page.goto("/admin/banner?x=1");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fbanner%3Fx%3D1$/);
    await expect(page.getByRole("heading", { level: 1, name: "Admin Panel" })).toBeVisible();
    await expectNoA11yViolations(page);

    // Both fields are required.
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByLabel("Username")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Username is required.")).toBeVisible();
    await expect(page.getByText("Password is required.")).toBeVisible();

    await page.getByLabel("Username").fill(ADMIN.username);
    await page.getByLabel("Password").fill(ADMIN.password);
    const button = page.getByRole("button", { name: /Sign in|Signing in/ });
    await button.click();
    await expect(page).toHaveURL(/\/admin\/banner\?x=1$/);
    await expect(page.getByRole("heading", { level: 1, name: "Banner Management" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("admin-token"))).toBeTruthy();
    expect(problems).toEqual([]);
  });

  test("the button reads Signing in... while the request runs", async ({ page }) => {
    await page.goto("/admin/login");
    await page.getByLabel("Username").fill(ADMIN.username);
    await page.getByLabel("Password").fill(ADMIN.password);
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route("**/api/auth/login", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("button", { name: "Signing in..." })).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test("wrong credentials show the server's message", async ({ page }) => {
    // On the empty server, so the failed attempt does not count against the demo server's lockout.
    await page.goto(`${EMPTY_URL}/admin/login`);
    await page.getByLabel("Username").fill(ADMIN.username);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid username or password.");
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test("a failed login without a server answer shows the fallback text", async ({ page }) => {
    await page.goto("/admin/login");
    await page.route("**/api/auth/login", (route) => route.abort());
    await page.getByLabel("Username").fill(ADMIN.username);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("Login failed. Please try again.");
  });

  test("someone still signed in goes straight on to the page they wanted", async ({ page, baseURL }) => {
    await signIn(page, baseURL!);
    await page.goto("/admin/login?redirectTo=%2Fadmin%2Fcontacts");
    await expect(page).toHaveURL(/\/admin\/contacts$/);
    await expect(page.getByRole("heading", { level: 1, name: "Contact Messages" })).toBeVisible();
  });

  test("the fields are checked with the server's texts before anything is sent", async ({ page }) => {
    const sent: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/auth/login")) sent.push(r.url());
    });
    await page.goto("/admin/login");
    // Only spaces: the username is trimmed, as the server does.
    await page.getByLabel("Username").fill("   ");
    await page.getByLabel("Password").fill("x".repeat(1001));
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Username is required.")).toBeVisible();
    await expect(page.getByText("Password is too long.")).toBeVisible();
    await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("Username").fill("u".repeat(101));
    await page.getByLabel("Password").fill("a password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Username is too long.")).toBeVisible();
    await expect(page.getByText("Password is too long.")).toHaveCount(0);
    await expect(page.getByLabel("Password")).not.toHaveAttribute("aria-invalid");
    expect(sent).toEqual([]);
  });

  test("a token the server rejects is removed and the user is sent to the login page", async ({ page }) => {
    await page.goto("/admin/login");
    await page.evaluate(() => localStorage.setItem("admin-token", "bogus-token"));
    await page.goto("/admin/contacts");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fcontacts$/);
    expect(await page.evaluate(() => localStorage.getItem("admin-token"))).toBeNull();
  });

  test("redirectTo only accepts admin paths of this site", async ({ page }) => {
    await page.goto("/admin/login?redirectTo=https://evil.example/admin");
    await page.getByLabel("Username").fill(ADMIN.username);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test("logout ends the session on the server, clears the token and returns to the login page", async ({ page, baseURL }) => {
    // A session of its own, so other tests keep theirs.
    const res = await fetch(`${baseURL}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    const { token } = (await res.json()) as { token: string };
    await page.goto("/admin/login");
    await page.evaluate((t) => localStorage.setItem("admin-token", t), token);
    await page.goto("/admin/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard Overview" })).toBeVisible();
    if (!(await page.getByRole("button", { name: "Logout" }).isVisible()))
      await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await page.evaluate(() => localStorage.getItem("admin-token"))).toBeNull();
    const verify = await fetch(`${baseURL}/api/auth/verify`, { headers: { "x-auth-token": token } });
    expect(verify.status).toBe(401);
  });

  test("a dashboard request still under way at Logout does not send staff back with redirectTo", async ({ page, baseURL }) => {
    // A session of its own: Logout ends it on the server, so the held request is answered 401 for it.
    const res = await fetch(`${baseURL}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    const { token } = (await res.json()) as { token: string };
    // What the panel did once the held answer was read, told to the test as it happens (the page may be
    // between documents, where it cannot be asked): every navigation it starts (the Navigation API hears
    // location.assign at the call), then, a task after the answer's text was read (the panel's own handling
    // runs before that task), "handled".
    const navigations: string[] = [];
    let handled!: () => void;
    const statsHandled = new Promise<void>((resolve) => {
      handled = resolve;
    });
    await page.exposeBinding("report", (_source, what: string, url: string) => {
      if (what === "navigate") navigations.push(url);
      else handled();
    });
    await page.addInitScript(() => {
      const report = (window as unknown as { report: (what: string, url: string) => void }).report;
      (window as unknown as { navigation: EventTarget }).navigation.addEventListener("navigate", (e) => {
        report("navigate", (e as unknown as { destination: { url: string } }).destination.url);
      });
      const text = Response.prototype.text;
      Response.prototype.text = async function (this: Response) {
        const body = await text.call(this);
        if (this.url.includes("/api/contacts/stats")) setTimeout(() => report("handled", this.url), 0);
        return body;
      };
    });
    await page.goto("/admin/login");
    await page.evaluate((t) => localStorage.setItem("admin-token", t), token);
    // Hold the dashboard's figures until after Logout (the race: their 401 arrives once the token is gone).
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held!: () => void;
    const isHeld = new Promise<void>((resolve) => {
      held = resolve;
    });
    await page.route("**/api/contacts/stats", async (route) => {
      held();
      await released;
      await route.continue();
    });
    await page.goto("/admin/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard Overview" })).toBeVisible();
    await isHeld;
    // The sign-in page is a document of its own: held too, so the panel is still there when the 401 arrives
    // (the window the race needs, which on a busy machine lasts as long as the new page takes to come).
    let showLogin!: () => void;
    const loginShown = new Promise<void>((resolve) => {
      showLogin = resolve;
    });
    await page.route("**/admin/login", async (route) => {
      if (route.request().resourceType() === "document") await loginShown;
      await route.continue();
    });
    if (!(await page.getByRole("button", { name: "Logout" }).isVisible()))
      await page.getByRole("button", { name: "Open menu" }).click();
    // The panel drops the token, then ends the session on the server (signOut): the held request goes on once
    // the logout is answered, or it could reach the server first and be answered 200 (a race of the test). Not
    // a look at localStorage: the page may be on its way to the (held) sign-in document, where it cannot be asked.
    const loggedOut = page.waitForResponse("**/api/auth/logout");
    await page.getByRole("button", { name: "Logout" }).click();
    expect((await loggedOut).status()).toBe(200);
    const answered = page.waitForResponse("**/api/contacts/stats");
    release();
    expect((await answered).status()).toBe(401);
    await statsHandled;
    expect(navigations.filter((url) => url.includes("redirectTo"))).toEqual([]);
    showLogin();
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await page.evaluate(() => localStorage.getItem("admin-token"))).toBeNull();
  });

  test("logout still signs out locally when the server call fails", async ({ page, baseURL }) => {
    // The shared session, put in place once (signIn() would put it back on the sign-in page's document load).
    await page.goto("/admin/login");
    await page.evaluate((t) => localStorage.setItem("admin-token", t), await apiToken(baseURL!));
    await page.goto("/admin/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard Overview" })).toBeVisible();
    await page.route("**/api/auth/logout", (route) => route.abort());
    if (!(await page.getByRole("button", { name: "Logout" }).isVisible()))
      await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await page.evaluate(() => localStorage.getItem("admin-token"))).toBeNull();
    // The shared session is still valid on the server (the call never arrived).
    const verify = await fetch(`${baseURL}/api/auth/verify`, { headers: { "x-auth-token": await apiToken(baseURL!) } });
    expect(verify.status).toBe(200);
  });
});

test.describe("admin shell", () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await signIn(page, baseURL!);
  });

  test("the sidebar lists the sections and opens and closes", { tag: ["@phone", "@layout"] }, async ({ page }, testInfo) => {
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard Overview" })).toBeVisible();
    await expect(page.getByText("Admin Panel", { exact: true })).toBeVisible();
    const toggle = page.getByRole("button", { name: /(Open|Close) menu/ }).first();
    const nav = page.getByRole("navigation", { name: "Admin" });
    if (testInfo.project.name === "phone") {
      await expect(nav).toBeHidden();
      await toggle.click();
      await expect(nav).toBeVisible();
      await expectNoA11yViolations(page);
      // The backdrop closes the overlay.
      await page.getByTestId("sidebar-backdrop").click({ position: { x: 340, y: 400 } });
      await expect(nav).toBeHidden();
      await toggle.click();
      await page.keyboard.press("Escape");
      await expect(nav).toBeHidden();
      await toggle.click();
    } else {
      await expect(nav).toBeVisible();
      await toggle.click();
      await expect(nav).toBeHidden();
      await toggle.click();
      await expect(nav).toBeVisible();
    }
    for (const name of [
      "Dashboard",
      "Banner",
      "Industrial",
      "Testimonial",
      "Our Story",
      "Our Core",
      "Our Facility",
      "Our Team",
      "All Products",
      "Categories",
      "Services",
      "Contacts",
      "Customers",
      "Trash",
      "Site Settings",
      "Home Specifications",
      "Staff",
      "Activity",
    ]) {
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await nav.getByRole("link", { name: "Our Team" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Our Team Management" })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/our-team$/);
    if (testInfo.project.name === "phone") await expect(nav).toBeHidden();
  });

  test("the spec's older admin paths still work", { tag: "@journey" }, async ({ page }) => {
    const cases: [string, RegExp][] = [
      ["/admin/our%20Story", /\/admin\/our-story$/],
      ["/admin/our%20core", /\/admin\/our-core$/],
      ["/admin/our%20facility?a=1", /\/admin\/our-facility\?a=1$/],
      ["/admin/our%20team", /\/admin\/our-team$/],
      ["/admin/orders", /\/admin\/services$/],
      ["/admin/productscategories", /\/admin\/categories$/],
      ["/admin/AdminContact", /\/admin\/contacts$/],
      ["/admin/industry", /\/admin\/industrial$/],
      ["/admin/addNewProduct", /\/admin\/products\?add=1$/],
      ["/admin/products/abc123?subcategory=x", /\/admin\/products\?category=abc123&subcategory=x$/],
      // A malformed percent-escape names no category: the whole list, not a server error.
      ["/admin/products/%E0%A4%A", /\/admin\/products$/],
      ["/admin/products/50%?subcategory=x", /\/admin\/products\?subcategory=x$/],
    ];
    for (const [from, to] of cases) {
      const res = await page.request.get(from, { maxRedirects: 0 });
      expect(res.status(), from).toBe(301);
      expect(`http://x${res.headers().location}`, from).toMatch(to);
    }
    await page.goto("/admin/our%20Story");
    await expect(page.getByRole("heading", { level: 1, name: "Our Story Management" })).toBeVisible();
    await page.goto("/admin/orders");
    await expect(page.getByRole("heading", { level: 1, name: "Services Management" })).toBeVisible();
  });

  test("malformed percent-escapes in a path never answer a server error", { tag: "@http" }, async ({ page }) => {
    for (const path of [
      "/admin/products/%E0%A4%A",
      "/admin/products/%E0%A4%A.data",
      "/admin/products/%E0%A4%A/x",
      "/admin/our%20story%",
      "/admin/%E0%A4%A",
      "/products/%E0%A4%A",
      "/products/%E0%A4%A/%",
      "/services/%E0%A4%A",
      "/%E0%A4%A",
      "/api/product/%E0%A4%A",
      "/uploads/%E0%A4%A",
    ]) {
      const res = await page.request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBeLessThan(500);
    }
  });

  test("an unknown admin path shows a not-found screen inside the panel", { tag: "@journey" }, async ({ page }) => {
    await page.goto("/admin/no-such-screen");
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByText("Admin Panel", { exact: true })).toBeVisible();
  });
});

test.describe("the sign-in page without JavaScript", { tag: "@no-js" }, () => {
  test.use({ javaScriptEnabled: false });

  test("says the panel needs JavaScript, and its form cannot send the password anywhere", async ({ page }) => {
    await page.goto("/admin/login?redirectTo=%2Fadmin%2Fbanner");
    await expect(page.getByRole("heading", { level: 1, name: "Admin Panel" })).toBeVisible();
    // Playwright's text matching skips <noscript>; without JavaScript its content is shown.
    const notice = page.locator("noscript p");
    await expect(notice).toBeVisible();
    expect(await notice.textContent()).toBe("The admin panel needs JavaScript. Please turn it on in your browser to sign in.");
    await expect(page.getByLabel("Username")).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign in" })).toBeDisabled();
    // Enter in a field does not submit it either (its only button is disabled); were it sent, it would be a POST.
    await page.getByLabel("Username").fill(ADMIN.username);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByLabel("Password").press("Enter");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fbanner$/);
    await expect(page.locator('form[data-sign-in-step="password"]')).toHaveAttribute("method", "post");
  });
});
