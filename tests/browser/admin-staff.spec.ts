import { expect, type Page, test } from "@playwright/test";
import {
  apiCall,
  createStaff,
  deleteStaff,
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

/**
 * Staff, My account and Activity where only a browser can tell: one journey through each screen, the login
 * form, focus, axe, the phone width and the order the lazy modules arrive in. What the screens show and send
 * (each account's row and actions, the sessions, the roles' menus and read-only screens, the activity filters)
 * is the screen tests', tests/screen/admin-staff.test.tsx.
 */

/** One person's row on the Staff screen. */
const rowOf = (page: Page, username: string) => page.locator(`li[data-staff="${username}"]`);

test(
  "an owner adds a person (a weak password first: refused, its field focused), changes their role and deletes them",
  { tag: ["@journey", "@focus"] },
  async ({ page, baseURL }, testInfo) => {
    await signIn(page, baseURL!);
    const problems = watchErrors(page);
    const { username, name } = uniqueStaff(testInfo, "newcomer");
    try {
      await page.goto("/admin/staff");
      await expect(rowOf(page, ADMIN.username)).toBeVisible();
      await page.getByRole("button", { name: "+ Add Staff Member" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel("Name", { exact: true }).fill(name);
      await dialog.getByLabel("Username").fill(username);
      await dialog.getByLabel("E-mail").fill(`${username}@example.com`);
      await dialog.getByLabel("Role").selectOption("editor");
      await dialog.getByLabel("First password").fill("password123");
      await dialog.getByRole("button", { name: "Add Staff Member" }).click();
      await expect(dialog.getByRole("alert")).toContainText("This password is too easy to guess.");
      // The server's field error, like a failed check in the browser: the field is focused and counted.
      await expect(dialog.getByLabel("First password")).toBeFocused();
      await expect(dialog.getByText("1 field needs attention", { exact: true })).toBeVisible();

      await dialog.getByLabel("First password").fill(strongPassword(username));
      await dialog.getByRole("button", { name: "Add Staff Member" }).click();
      await expect(toasts(page)).toContainText("Staff Member added successfully!");
      await expect(dialog).toBeHidden();
      const row = rowOf(page, username);
      await expect(row).toContainText("Editor");

      await row.getByRole("button", { name: `Edit ${name}`, exact: true }).click();
      await dialog.getByLabel("Role").selectOption("sales");
      await dialog.getByRole("button", { name: "Save Changes" }).click();
      await expect(toasts(page)).toContainText("Staff Member updated successfully!");
      await expect(row).toContainText("Sales");

      await row.getByRole("button", { name: `Delete ${name}`, exact: true }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();
      await expect(toasts(page)).toContainText("Staff Member deleted successfully!");
      await expect(row).toHaveCount(0);
      // The weak password's 400 is the browser's console error; anything else (a CSP refusal …) is a problem.
      expect(problems.filter((p) => !/status of 400/.test(p))).toEqual([]);
    } finally {
      const left = (await apiCall<{ _id: string; username: string }[]>(baseURL!, "GET", "/api/users")).find(
        (u) => u.username === username,
      );
      if (left) await deleteStaff(baseURL!, left._id);
    }
  },
);

test(
  "a person the owner created must choose their own password before anything else",
  { tag: "@journey" },
  async ({ page, baseURL }, testInfo) => {
    const person = await createStaff(baseURL!, testInfo, "editor");
    const problems = watchErrors(page);
    try {
      await page.goto("/admin/login");
      await page.getByLabel("Username").fill(person.username);
      await page.getByLabel("Password").fill(person.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL(/\/admin\/account$/);
      await expect(page.getByRole("alert").filter({ hasText: "Welcome" })).toContainText(`Welcome, ${person.name}.`);

      const newPassword = `amber-meadow-compass-${person.username}`;
      await page.getByLabel("Current password").fill(person.password);
      await page.getByLabel("New password", { exact: true }).fill(newPassword);
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
      expect(problems).toEqual([]);
    } finally {
      await deleteStaff(baseURL!, person.id);
    }
  },
);

// On the first way into the panel the route modules load lazily, in any order. When the dashboard's
// module arrives before the layout's, its loader must still know the role before it asks for enquiries
// (an editor would get 403s and "Failed to fetch data"). The layout's script is held back until the
// dashboard's has arrived, as on a slow connection, so the order is always that one.
test(
  "an editor signing in through the login form gets the dashboard without enquiry calls",
  { tag: "@journey" },
  async ({ page, baseURL }, testInfo) => {
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
  },
);

test.describe("layout and accessibility", { tag: "@phone" }, () => {
  test("Staff: no sideways scrolling, no axe violations (list and add dialog)", { tag: "@a11y" }, async ({ page, baseURL }) => {
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

  test(
    "My account: no sideways scrolling, no axe violations (first sign-in, with messages)",
    { tag: "@a11y" },
    async ({ page, baseURL }, testInfo) => {
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
    },
  );

  test("Activity: a filter is kept in the address through a reload, then cleared; no sideways scrolling, no axe violations (with and without a filter)", {
    tag: ["@a11y", "@journey"],
  }, async ({ page, baseURL }) => {
    await signIn(page, baseURL!);
    await page.goto("/admin/activity");
    const entries = page.locator("main ol > li[data-activity]");
    await expect(entries.first()).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoA11yViolations(page);
    await page.getByLabel("Action").selectOption({ label: "Signed in" });
    await expect(page).toHaveURL(/\/admin\/activity\?action=sign-in$/);
    await expect(entries.first()).toHaveAttribute("data-activity", "sign-in");
    await expectNoHorizontalScroll(page);
    await expectNoA11yViolations(page);
    // A reload (a bookmarked link) keeps the filter.
    await page.reload();
    await expect(page.getByLabel("Action")).toHaveValue("sign-in");
    await expect(entries.first()).toHaveAttribute("data-activity", "sign-in");
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/admin\/activity$/);
    await expect(page.getByLabel("Action")).toHaveValue("");
  });
});
