import { expect, type Page, test } from "@playwright/test";
import {
  apiCall,
  createStaff,
  deleteStaff,
  meStatus,
  openSidebar,
  signedInStaff,
  signIn,
  signInWithToken,
  staffLogin,
  strongPassword,
  toasts,
  uniqueStaff,
} from "./admin-support";
import { ADMIN, ADMIN_URL, expectNoA11yViolations, expectNoHorizontalScroll, watchErrors } from "./support";

// Admin tests change data: they run on their own demo server (see playwright.config.ts). The shared "admin"
// owner is never demoted, disabled or deleted here (other files sign in with it): every test makes its own
// accounts, with names that carry the project and a time stamp, and removes them.
test.use({ baseURL: ADMIN_URL });

/** One person's row on the Staff screen. */
const rowOf = (page: Page, username: string) => page.locator(`li[data-staff="${username}"]`);

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test.describe("Staff screen (owner)", () => {
  const cleanup: string[] = [];
  test.beforeEach(async ({ page, baseURL }) => {
    await signIn(page, baseURL!);
  });
  test.afterEach(async ({ baseURL }) => {
    for (const id of cleanup.splice(0)) await deleteStaff(baseURL!, id);
  });

  test("lists every account with name, username, e-mail, role, 2FA, last sign-in and state", async ({
    page,
    baseURL,
  }, testInfo) => {
    const problems = watchErrors(page);
    const person = await createStaff(baseURL!, testInfo, "sales");
    cleanup.push(person.id);
    await page.goto("/admin/staff");
    await expect(page.getByRole("heading", { level: 1, name: "Staff" })).toBeVisible();
    await expect(page.getByTestId("signed-in-role")).toHaveText(/Owner$/);

    // The signed-in owner: marked as "you", cannot disable or delete themselves, signed in (by this test's token).
    const me = rowOf(page, ADMIN.username);
    await expect(me.getByRole("heading", { level: 2 })).toHaveText("admin(you)");
    await expect(me).toContainText("admin · no e-mail");
    await expect(me).toContainText("Owner");
    await expect(me).toContainText("Active");
    await expect(me).toContainText("2FA off");
    await expect(me.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
    await expect(me.getByRole("button", { name: "Disable admin", exact: true })).toBeDisabled();
    await expect(me.getByRole("button", { name: "Delete admin", exact: true })).toBeDisabled();

    // A new account: never signed in yet.
    const row = rowOf(page, person.username);
    await expect(row.getByRole("heading", { level: 2 })).toHaveText(person.name);
    await expect(row).toContainText(`${person.username} · ${person.email}`);
    await expect(row).toContainText("Sales");
    await expect(row).toContainText("Active");
    await expect(row).toContainText("2FA off");
    await expect(row).toContainText("Last sign-in: never");
    await expect(row.getByRole("button", { name: `Delete ${person.name}`, exact: true })).toBeEnabled();

    // After a sign-in the time shows.
    expect((await staffLogin(baseURL!, person.username, person.password)).status).toBe(200);
    await page.reload();
    await expect(row.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
    await expect(row).not.toContainText("never");
    expect(problems).toEqual([]);
  });

  test("adding: a weak password shows the server's reason and adds nothing; a strong one adds the person", async ({
    page,
    baseURL,
  }, testInfo) => {
    const { username, name } = uniqueStaff(testInfo, "newcomer");
    await page.goto("/admin/staff");
    await page.getByRole("button", { name: "+ Add Staff Member" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "Add Staff Member" })).toBeVisible();
    await dialog.getByLabel("Name", { exact: true }).fill(name);
    await dialog.getByLabel("Username").fill(username);
    await dialog.getByLabel("E-mail").fill(`${username}@example.com`);
    await dialog.getByLabel("Role").selectOption("sales");
    await dialog.getByLabel("First password").fill("password123");
    await dialog.getByRole("button", { name: "Add Staff Member" }).click();
    await expect(dialog.getByRole("alert")).toContainText("This password is too easy to guess.");
    await expect(dialog.getByLabel("First password")).toHaveAttribute("aria-invalid", "true");
    await expect(dialog).toBeVisible();
    // The server's field error, like a failed check in the browser: the field is focused and counted.
    await expect(dialog.getByLabel("First password")).toBeFocused();
    await expect(dialog.getByText("1 field needs attention", { exact: true })).toBeVisible();
    const users = await apiCall<{ username: string }[]>(baseURL!, "GET", "/api/users");
    expect(users.map((u) => u.username)).not.toContain(username);
    await expect(rowOf(page, username)).toHaveCount(0);

    await dialog.getByLabel("First password").fill(strongPassword(username));
    await dialog.getByRole("button", { name: "Add Staff Member" }).click();
    await expect(toasts(page)).toContainText("Staff Member added successfully!");
    await expect(dialog).toBeHidden();
    const row = rowOf(page, username);
    await expect(row.getByRole("heading", { level: 2 })).toHaveText(name);
    await expect(row).toContainText("Sales");
    await expect(row).toContainText("Active");
    const added = (
      await apiCall<{ _id: string; username: string; mustChangePassword: boolean }[]>(baseURL!, "GET", "/api/users")
    ).find((u) => u.username === username);
    expect(added?.mustChangePassword).toBe(true);
    if (added) cleanup.push(added._id);
  });

  test("edit the role, sign out everywhere, set a password, disable and delete", async ({ page, baseURL }, testInfo) => {
    const person = await createStaff(baseURL!, testInfo, "editor");
    cleanup.push(person.id);
    const first = await staffLogin(baseURL!, person.username, person.password);
    expect(first.status).toBe(200);
    await page.goto("/admin/staff");
    const row = rowOf(page, person.username);
    await expect(row).toContainText("Editor");
    const confirm = page.getByRole("alertdialog");

    // Edit: pre-filled; the role changes.
    await row.getByRole("button", { name: `Edit ${person.name}`, exact: true }).click();
    let dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "Edit Staff Member" })).toBeVisible();
    await expect(dialog.getByLabel("Name", { exact: true })).toHaveValue(person.name);
    await expect(dialog.getByLabel("E-mail")).toHaveValue(person.email);
    await expect(dialog.getByLabel("Role")).toHaveValue("editor");
    await dialog.getByLabel("Role").selectOption("sales");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(toasts(page)).toContainText("Staff Member updated successfully!");
    await expect(dialog).toBeHidden();
    await expect(row).toContainText("Sales");
    await expect(row).not.toContainText("Editor");
    expect((await apiCall<{ role: string }>(baseURL!, "GET", `/api/users/${person.id}`)).role).toBe("sales");

    // Sign out everywhere: their session ends.
    expect(await meStatus(baseURL!, first.token)).toBe(200);
    await row.getByRole("button", { name: `Sign out everywhere (${person.name})`, exact: true }).click();
    await expect(confirm).toContainText(`Sign ${person.name} out on every device?`);
    await confirm.getByRole("button", { name: "Sign out everywhere" }).click();
    await expect(toasts(page)).toContainText("Signed out everywhere successfully!");
    await expect.poll(() => meStatus(baseURL!, first.token)).toBe(401);

    // Set password: the new one works (and must be changed at the next sign-in); their sessions end.
    const second = await staffLogin(baseURL!, person.username, person.password);
    expect(second.status).toBe(200);
    await row.getByRole("button", { name: `Set password for ${person.name}`, exact: true }).click();
    dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(`A new password for ${person.name}`);
    const newPassword = `velvet-orchard-beacon-${person.username}`;
    await dialog.getByLabel("New password").fill(newPassword);
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(toasts(page)).toContainText("New password set successfully!");
    await expect(dialog).toBeHidden();
    expect(await meStatus(baseURL!, second.token)).toBe(401);
    const third = await staffLogin(baseURL!, person.username, newPassword);
    expect(third.status).toBe(200);
    expect(third.mustChangePassword).toBe(true);

    // Disable (after the confirmation): shown as Disabled, sessions end, sign-in refused.
    await row.getByRole("button", { name: `Disable ${person.name}`, exact: true }).click();
    await expect(confirm).toContainText(`Disable ${person.name}?`);
    await confirm.getByRole("button", { name: "Disable", exact: true }).click();
    await expect(toasts(page)).toContainText("Staff Member disabled successfully!");
    await expect(row).toContainText("Disabled");
    await expect(row.getByRole("button", { name: `Enable ${person.name}`, exact: true })).toBeVisible();
    expect(await meStatus(baseURL!, third.token)).toBe(401);
    // Refused exactly as a wrong password is: the answer does not tell that the account exists but is disabled.
    expect((await staffLogin(baseURL!, person.username, newPassword)).status).toBe(401);

    // Delete: Cancel keeps the row, Delete removes it.
    await row.getByRole("button", { name: `Delete ${person.name}`, exact: true }).click();
    await expect(confirm).toContainText(`Are you sure you want to delete the account of ${person.name}?`);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toBeVisible();
    await row.getByRole("button", { name: `Delete ${person.name}`, exact: true }).click();
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(toasts(page)).toContainText("Staff Member deleted successfully!");
    await expect(row).toHaveCount(0);
    const users = await apiCall<{ _id: string }[]>(baseURL!, "GET", "/api/users");
    expect(users.map((u) => u._id)).not.toContain(person.id);
  });
});

test.describe("first sign-in", () => {
  test("a person the owner created must choose their own password before anything else", async ({ page, baseURL }, testInfo) => {
    const person = await createStaff(baseURL!, testInfo, "editor");
    const problems = watchErrors(page);
    try {
      await page.goto("/admin/login");
      await page.getByLabel("Username").fill(person.username);
      await page.getByLabel("Password").fill(person.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL(/\/admin\/account$/);
      await expect(page.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
      const welcome = page.getByRole("alert").filter({ hasText: "Welcome" });
      await expect(welcome).toContainText(`Welcome, ${person.name}. Please choose your own password before you continue`);
      await expect(page.getByTestId("signed-in-role")).toHaveText(/Editor$/);

      // Any other screen sends them back.
      await page.goto("/admin/dashboard");
      await expect(page).toHaveURL(/\/admin\/account$/);
      await expect(welcome).toBeVisible();

      // The two new passwords must agree.
      const newPassword = `amber-meadow-compass-${person.username}`;
      await page.getByLabel("Current password").fill(person.password);
      await page.getByLabel("New password", { exact: true }).fill(newPassword);
      await page.getByLabel("Repeat the new password").fill(`${newPassword}x`);
      await page.getByRole("button", { name: "Change Password" }).click();
      await expect(page.getByText("The two new passwords differ.")).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/account$/);

      await page.getByLabel("Repeat the new password").fill(newPassword);
      await page.getByRole("button", { name: "Change Password" }).click();
      await expect(toasts(page)).toContainText("Password changed successfully!");
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await expect(page.getByRole("heading", { level: 1, name: "Dashboard Overview" })).toBeVisible();

      // A fresh sign-in with the new password goes straight to the panel.
      await page.evaluate(() => localStorage.removeItem("admin-token"));
      await page.goto("/admin/login");
      await page.getByLabel("Username").fill(person.username);
      await page.getByLabel("Password").fill(newPassword);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await expect(page.getByRole("heading", { level: 1, name: "Dashboard Overview" })).toBeVisible();
      const again = await staffLogin(baseURL!, person.username, newPassword);
      expect(again.status).toBe(200);
      expect(again.mustChangePassword).toBe(false);
      expect(problems).toEqual([]);
    } finally {
      await deleteStaff(baseURL!, person.id);
    }
  });
});

test.describe("My account", () => {
  test("lists the sessions, signs out another one and refuses a wrong current password", async ({ page, baseURL }, testInfo) => {
    const person = await signedInStaff(baseURL!, testInfo, "sales");
    try {
      // Another session, from a device the list names "curl".
      const other = await staffLogin(baseURL!, person.username, person.password, "curl/8.5.0");
      expect(other.status).toBe(200);
      await signInWithToken(page, baseURL!, person.token);
      await page.goto("/admin/account");
      await expect(page.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
      await expect(page.getByText("Welcome,")).toHaveCount(0);
      const details = page.getByRole("region", { name: "Your details" });
      await expect(details).toContainText(person.name);
      await expect(details).toContainText(person.username);
      await expect(details).toContainText(person.email);
      await expect(details).toContainText("Sales");

      const sessions = page.getByRole("region", { name: "Where you are signed in" });
      await expect(sessions.getByRole("listitem")).toHaveCount(2);
      await expect(sessions.getByRole("listitem").filter({ hasText: "This device" })).toHaveCount(1);
      const curl = sessions.locator('li[data-session="curl"]');
      await expect(curl).not.toContainText("This device");

      await curl.getByRole("button", { name: "Sign out curl", exact: true }).click();
      const confirm = page.getByRole("alertdialog");
      await expect(confirm).toContainText("Sign out curl (");
      await confirm.getByRole("button", { name: "Sign out", exact: true }).click();
      await expect(toasts(page)).toContainText("Signed out successfully!");
      await expect(curl).toHaveCount(0);
      await expect(sessions.getByRole("listitem")).toHaveCount(1);
      await expect(sessions.getByRole("listitem")).toContainText("This device");
      expect(await meStatus(baseURL!, other.token)).toBe(401);
      expect(await meStatus(baseURL!, person.token)).toBe(200);

      // A wrong current password: the server's message, on the field too; the password stays.
      await page.getByLabel("Current password").fill("not-my-password");
      await page.getByLabel("New password", { exact: true }).fill(`copper-valley-signal-${person.username}`);
      await page.getByLabel("Repeat the new password").fill(`copper-valley-signal-${person.username}`);
      await page.getByRole("button", { name: "Change Password" }).click();
      await expect(page.getByRole("alert")).toHaveText("The current password is not right.");
      await expect(page.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");
      await expect(toasts(page)).not.toContainText("Password changed successfully!");
      expect((await staffLogin(baseURL!, person.username, person.password)).status).toBe(200);
    } finally {
      await deleteStaff(baseURL!, person.id);
    }
  });
});

test.describe("roles in the panel", () => {
  test("sales: enquiry screens only, the catalogue read-only, other screens Not allowed", async ({ page, baseURL }, testInfo) => {
    const person = await signedInStaff(baseURL!, testInfo, "sales");
    try {
      await signInWithToken(page, baseURL!, person.token);
      await page.goto("/admin/dashboard");
      await expect(page.getByRole("heading", { level: 1, name: "Dashboard Overview" })).toBeVisible();
      await expect(page.getByTestId("signed-in-role")).toHaveText(/Sales$/);

      await openSidebar(page);
      const nav = page.getByRole("navigation", { name: "Admin" });
      for (const name of ["Dashboard", "All Products", "Contacts", "Customers"])
        await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
      for (const name of ["Site Settings", "Home Specifications", "Staff", "Activity"])
        await expect(nav.getByRole("link", { name, exact: true })).toHaveCount(0);

      for (const path of ["/admin/settings", "/admin/staff"]) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1, name: "Not allowed" })).toBeVisible();
        await expect(page.getByText("Your role (sales) cannot open this screen.")).toBeVisible();
        await expect(page.getByRole("heading", { level: 1, name: /Site Settings|^Staff$/ })).toHaveCount(0);
      }

      await page.goto("/admin/products");
      await expect(page.getByRole("heading", { level: 1, name: "Products Management" })).toBeVisible();
      await expect(page.locator("[data-product]").first()).toBeVisible();
      await expect(page.getByTestId("read-only")).toHaveText("Read only: changing the catalogue needs the Editor or Owner role.");
      await expect(page.getByRole("button", { name: /^\+ Add/ })).toHaveCount(0);
      await expect(page.getByRole("button", { name: /^(Edit|Delete) / })).toHaveCount(0);

      await page.goto("/admin/banner");
      await expect(page.getByRole("heading", { level: 1, name: "Banner Management" })).toBeVisible();
      await expect(page.locator("main li h2").first()).toBeVisible();
      await expect(page.getByTestId("read-only")).toBeVisible();
      await expect(page.getByRole("button", { name: /^\+ Add/ })).toHaveCount(0);
      await expect(page.getByRole("button", { name: /^(Edit|Delete|Move) / })).toHaveCount(0);
    } finally {
      await deleteStaff(baseURL!, person.id);
    }
  });

  test("editor: content screens, no settings, enquiries, staff or activity", async ({ page, baseURL }, testInfo) => {
    const person = await signedInStaff(baseURL!, testInfo, "editor");
    try {
      await signInWithToken(page, baseURL!, person.token);
      await page.goto("/admin/dashboard");
      await expect(page.getByRole("heading", { level: 1, name: "Dashboard Overview" })).toBeVisible();
      await expect(page.getByTestId("signed-in-role")).toHaveText(/Editor$/);
      // Loaded: the figures and the services panel are there, nothing about enquiries.
      await expect(page.getByRole("heading", { level: 2, name: "Active Products" })).toBeVisible();
      await expect(page.locator("#dashboard-services")).toBeVisible();
      await expect(page.getByText("Loading...")).toHaveCount(0);
      for (const name of ["Customers", "Enquiries", "Most requested products", "Recent Contacts"])
        await expect(page.getByRole("heading", { name, exact: true })).toHaveCount(0);
      await expect(page.getByTestId("failed-notifications")).toHaveCount(0);

      await openSidebar(page);
      const nav = page.getByRole("navigation", { name: "Admin" });
      for (const name of ["Dashboard", "Banner", "All Products", "Home Specifications"])
        await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
      for (const name of ["Site Settings", "Contacts", "Customers", "Staff", "Activity"])
        await expect(nav.getByRole("link", { name, exact: true })).toHaveCount(0);

      await page.goto("/admin/activity");
      await expect(page.getByRole("heading", { level: 1, name: "Not allowed" })).toBeVisible();
      await expect(page.getByText("Your role (editor) cannot open this screen.")).toBeVisible();
    } finally {
      await deleteStaff(baseURL!, person.id);
    }
  });
});

test.describe("roles after the login form", () => {
  // On the first way into the panel the route modules load lazily, in any order. When the dashboard's
  // module arrives before the layout's, its loader must still know the role before it asks for enquiries
  // (an editor would get 403s and "Failed to fetch data"). The layout's script is held back until the
  // dashboard's has arrived, as on a slow connection, so the order is always that one.
  test("an editor signing in through the login form gets the dashboard without enquiry calls", async ({
    page,
    baseURL,
  }, testInfo) => {
    const person = await signedInStaff(baseURL!, testInfo, "editor");
    const refused: string[] = [];
    page.on("response", (r) => {
      if (r.status() === 403) refused.push(new URL(r.url()).pathname);
    });
    try {
      const dashboardArrived = page.waitForEvent("requestfinished", (r) => /\/assets\/dashboard-[^/]*\.js$/.test(r.url()));
      await page.goto("/admin/login");
      await page.route("**/assets/layout-*.js", async (route) => {
        await dashboardArrived;
        await route.continue();
      });
      await page.getByLabel("Username").fill(person.username);
      await page.getByLabel("Password").fill(person.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await expect(page.getByTestId("signed-in-role")).toHaveText(/Editor$/);
      // Loaded one way or the other: the services panel, or the failure text.
      const failure = page.getByText("Failed to fetch data. Please try again later.");
      await expect(page.locator("#dashboard-services").or(failure)).toBeVisible();
      await expect(failure).toHaveCount(0, { timeout: 1 });
      expect(refused).toEqual([]);
    } finally {
      await deleteStaff(baseURL!, person.id);
    }
  });
});

test.describe("Activity (owner)", () => {
  test("filters by person and action, keeps the filters in the URL and clears them", async ({ page, baseURL }, testInfo) => {
    const editor = await signedInStaff(baseURL!, testInfo, "editor");
    const question = `Do you service ${editor.username}?`;
    const res = await fetch(`${baseURL}/api/faq`, {
      method: "POST",
      headers: { "x-auth-token": editor.token, "content-type": "application/json" },
      body: JSON.stringify({ question, answer: "Yes." }),
    });
    expect(res.status).toBe(201);
    const faq = (await res.json()) as { _id: string };
    try {
      await signIn(page, baseURL!);
      await page.goto("/admin/activity");
      await expect(page.getByRole("heading", { level: 1, name: "Activity" })).toBeVisible();
      const entries = page.locator("main ol > li[data-activity]");
      await expect(entries.first()).toBeVisible();
      await expect(page.getByRole("button", { name: "Clear filters" })).toHaveCount(0);

      await page.getByLabel("Person").selectOption({ label: editor.name });
      await expect(page).toHaveURL(new RegExp(`/admin/activity\\?actor=${escapeRe(editor.id)}$`));
      // Their sign-in, their new password and the question.
      await expect(page.getByText("3 entries")).toBeVisible();
      await expect(entries.filter({ hasText: "Signed in" })).toHaveCount(1);

      await page.getByLabel("Action").selectOption({ label: "Created" });
      await expect(page).toHaveURL(new RegExp(`/admin/activity\\?actor=${escapeRe(editor.id)}&action=create$`));
      await expect(page.getByText("1 entry", { exact: true })).toBeVisible();
      await expect(entries).toHaveCount(1);
      await expect(entries).toContainText(`Created · FAQ questions · “${question}”`);
      await expect(entries).toContainText(editor.username);
      await expect(entries.filter({ hasText: "Signed in" })).toHaveCount(0);

      // A reload (a bookmarked link) keeps the filters.
      await page.reload();
      await expect(page.getByLabel("Person")).toHaveValue(editor.id);
      await expect(page.getByLabel("Action")).toHaveValue("create");
      await expect(entries).toHaveCount(1);

      await page.getByRole("button", { name: "Clear filters" }).click();
      await expect(page).toHaveURL(/\/admin\/activity$/);
      await expect(page.getByLabel("Person")).toHaveValue("");
      await expect(page.getByLabel("Action")).toHaveValue("");
      await expect(page.getByRole("button", { name: "Clear filters" })).toHaveCount(0);
      await expect.poll(() => entries.count()).toBeGreaterThan(1);
    } finally {
      await apiCall(baseURL!, "DELETE", `/api/faq/${faq._id}`);
      await deleteStaff(baseURL!, editor.id);
    }
  });
});

test.describe("layout and accessibility", { tag: "@phone" }, () => {
  test("Staff: no sideways scrolling, no axe violations (list and add dialog)", async ({ page, baseURL }) => {
    await signIn(page, baseURL!);
    await page.goto("/admin/staff");
    await expect(rowOf(page, ADMIN.username)).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoA11yViolations(page);
    await page.getByRole("button", { name: "+ Add Staff Member" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoA11yViolations(page);
  });

  test("My account: no sideways scrolling, no axe violations (first sign-in, with messages)", async ({
    page,
    baseURL,
  }, testInfo) => {
    const person = await createStaff(baseURL!, testInfo, "editor");
    try {
      const login = await staffLogin(baseURL!, person.username, person.password);
      expect(login.status).toBe(200);
      await signInWithToken(page, baseURL!, login.token);
      await page.goto("/admin/account");
      await expect(page.getByRole("alert").filter({ hasText: "Welcome" })).toBeVisible();
      await expect(page.getByText("This device", { exact: true })).toBeVisible();
      await expectNoHorizontalScroll(page);
      await expectNoA11yViolations(page);
      // The messages of an empty form are tied to their fields.
      await page.getByRole("button", { name: "Change Password" }).click();
      await expect(page.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");
      await expectNoHorizontalScroll(page);
      await expectNoA11yViolations(page);
    } finally {
      await deleteStaff(baseURL!, person.id);
    }
  });

  test("Activity: no sideways scrolling, no axe violations (with and without a filter)", async ({ page, baseURL }) => {
    await signIn(page, baseURL!);
    await page.goto("/admin/activity");
    await expect(page.locator("main ol > li[data-activity]").first()).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoA11yViolations(page);
    await page.getByLabel("Action").selectOption({ label: "Signed in" });
    await expect(page.getByRole("button", { name: "Clear filters" })).toBeVisible();
    await expect(page.locator("main ol > li[data-activity]").first()).toHaveAttribute("data-activity", "sign-in");
    await expectNoHorizontalScroll(page);
    await expectNoA11yViolations(page);
  });
});
