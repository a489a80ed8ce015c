import { expect, type Locator, type Page, test } from "@playwright/test";
import { currentStep, totp } from "../support/totp";
import {
  apiCall,
  apiToken,
  deleteStaff,
  formWithImage,
  openSidebar,
  signedInStaff,
  signIn,
  signInWithToken,
  toasts,
  unique,
} from "./admin-support";
import { ADMIN, ADMIN_URL, expectNoA11yViolations, expectNoHorizontalScroll, watchErrors } from "./support";

// Admin tests change data: they run on their own demo server (see playwright.config.ts). Every record and
// account here has a unique name, and is deleted (and purged from the trash) at the end. The shared "admin"
// owner never gets two-factor sign-in.
test.use({ baseURL: ADMIN_URL });

// Two-factor set-up, several sign-ins and restores in one test: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

/* The owners' sign-in policy is one switch for the whole server: while "Require two-factor sign-in for all
staff" is on, every screen sends anyone without 2FA (the shared "admin" owner too) to My account. Its test is
tagged @alone: playwright.config.ts runs such tests in their own project, after every other test. */
const ALONE = "@alone";

/* ---- helpers ----------------------------------------------------------------------------------------- */

const WRONG_CODE = "The code is not right. Check the code in your authenticator app (and the time on your phone) and try again.";

/** A 6-digit code that is not the app's code of any step the server could accept now. */
function wrongCode(secret: string): string {
  const now = currentStep();
  const valid = new Set(Array.from({ length: 7 }, (_, i) => totp(secret, now - 3 + i)));
  for (let n = 123_456; ; n++) {
    const code = String(n).padStart(6, "0");
    if (!valid.has(code)) return code;
  }
}

/** A call as someone else (their token), answering the status and the body. */
async function callAs<T = unknown>(base: string, token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { "x-auth-token": token, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** The status of a public read (200 while the record exists, 404 once deleted). */
async function statusOf(base: string, url: string): Promise<number> {
  const res = await fetch(`${base}${url}`);
  await res.body?.cancel();
  return res.status;
}

/** Two-factor sign-in turned on through the API, as My account does it: the key and the recovery codes. */
async function turnOnTwoFactor(base: string, token: string): Promise<{ secret: string; codes: string[] }> {
  const setup = await callAs<{ secret: string }>(base, token, "POST", "/api/auth/2fa/setup");
  expect(setup.status).toBe(200);
  const confirmed = await callAs<{ recoveryCodes: string[] }>(base, token, "POST", "/api/auth/2fa/confirm", {
    code: totp(setup.body.secret, currentStep()),
  });
  expect(confirmed.status).toBe(200);
  return { secret: setup.body.secret, codes: confirmed.body.recoveryCodes };
}

/** The first step of the login form. */
async function submitPassword(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

async function logout(page: Page): Promise<void> {
  await openSidebar(page);
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
}

interface Banner {
  _id: string;
  title: string;
  image: string;
}

async function createBanner(base: string, title: string): Promise<Banner> {
  return apiCall<Banner>(base, "POST", "/api/banner", formWithImage({ title, description: "History fixture banner" }));
}

interface CategoryData {
  _id: string;
  name: string;
}

interface ProductData {
  _id: string;
  name: string;
  price: number | null;
  categoryId: { _id: string; name: string } | string | null;
}

async function createCategory(base: string, name: string): Promise<CategoryData> {
  return (await apiCall<{ data: CategoryData }>(base, "POST", "/api/category", { name, subcategories: [] })).data;
}

async function createProduct(base: string, name: string, categoryId: string): Promise<ProductData> {
  const form = formWithImage(
    { name, categoryId, shortDescription: "Fixture", fullDescription: "History fixture product", price: "125000" },
    "mainImage",
  );
  return (await apiCall<{ data: ProductData }>(base, "POST", "/api/product", form)).data;
}

/** Deletes a record a test made (into the trash) and purges it from the trash; already gone is fine. */
async function discard(base: string, type: string, endpoint: string, id: string): Promise<void> {
  const token = await apiToken(base);
  for (const url of [`${endpoint}/${id}`, `/api/trash/${type}/${id}`]) {
    const res = await fetch(`${base}${url}`, { method: "DELETE", headers: { "x-auth-token": token } });
    await res.body?.cancel();
    expect([200, 404], `DELETE ${url}`).toContain(res.status);
  }
}

interface TrashEntry {
  type: string;
  recordId: string;
  label: string;
  deletedBy: string;
}

const trashIds = async (base: string) => (await apiCall<TrashEntry[]>(base, "GET", "/api/trash")).map((t) => t.recordId);

/** A card on a list screen, by its exact title. */
const cardOf = (page: Page, title: string) =>
  page.locator("main li").filter({ has: page.getByRole("heading", { level: 2, name: title, exact: true }) });

/** A row of the Trash screen, by its label. */
const trashRow = (page: Page, label: string) => page.locator(`li[data-trash="${label}"]`);

/** Opens a record's edit dialog and its History view. */
async function openHistory(page: Page, name: string, entity: string): Promise<{ dialog: Locator; history: Locator }> {
  await page.getByRole("button", { name: `Edit ${name}`, exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: `Edit ${entity}` })).toBeVisible();
  await dialog.getByRole("button", { name: "History", exact: true }).click();
  await expect(dialog.getByRole("heading", { name: `History: ${entity}` })).toBeVisible();
  const history = dialog.getByRole("region", { name: "History" });
  return { dialog, history };
}

/* ---- two-factor sign-in ------------------------------------------------------------------------------ */

test.describe("two-factor sign-in", () => {
  test("set up in My account, then the login form asks for the code; recovery codes work once; the owner turns it off", async ({
    page,
    baseURL,
  }, testInfo) => {
    const problems = watchErrors(page);
    const person = await signedInStaff(baseURL!, testInfo, "editor", "twofa");
    try {
      // Signed in with the password only (no 2FA yet).
      await page.goto("/admin/login");
      await submitPassword(page, person.username, person.password);
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await page.getByRole("link", { name: "My account" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();

      const section = page.getByRole("region", { name: "Two-factor sign-in" });
      await expect(section.getByText("Off", { exact: true })).toBeVisible();
      await section.getByRole("button", { name: "Turn On Two-Factor Sign-In" }).click();
      await expect(section.getByRole("img", { name: "QR code to scan with your authenticator app" })).toBeVisible();
      const shown = (await section.getByTestId("two-factor-secret").textContent()) ?? "";
      // 20 random bytes in base32, grouped by 4 for typing.
      expect(shown).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
      const secret = shown.replace(/\s+/g, "");

      // A wrong code is refused on the field; the right one turns it on.
      const code = section.getByLabel("Code from the app");
      await code.fill(wrongCode(secret));
      await section.getByRole("button", { name: "Confirm" }).click();
      await expect(section).toContainText(WRONG_CODE);
      await expect(code).toHaveAttribute("aria-invalid", "true");
      expect((await callAs<{ enabled: boolean }>(baseURL!, person.token, "GET", "/api/auth/2fa")).body.enabled).toBe(false);
      await code.fill(totp(secret, currentStep()));
      await section.getByRole("button", { name: "Confirm" }).click();
      await expect(toasts(page)).toContainText("Two-factor sign-in turned on successfully!");

      const saved = section.getByTestId("recovery-codes");
      await expect(saved.getByRole("listitem")).toHaveCount(10);
      const codes = (await saved.getByRole("listitem").allTextContents()).map((c) => c.trim());
      for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      expect(new Set(codes).size).toBe(10);
      await section.getByRole("button", { name: "I have saved my recovery codes" }).click();
      await expect(saved).toHaveCount(0);
      await expect(section.getByText("On", { exact: true })).toBeVisible();
      await expect(section).toContainText("You have 10 unused recovery codes.");
      await expect(section.getByRole("button", { name: "Turn Off Two-Factor Sign-In" })).toBeVisible();
      expect((await callAs<{ enabled: boolean }>(baseURL!, person.token, "GET", "/api/auth/2fa")).body.enabled).toBe(true);

      // Signed out, the password alone is not enough: the form asks for the code.
      await logout(page);
      await submitPassword(page, person.username, person.password);
      await expect(page.getByRole("heading", { level: 2, name: "Two-factor sign-in" })).toBeVisible();
      await expect(page.getByLabel("Password")).toHaveCount(0);
      await expect(page).toHaveURL(/\/admin\/login$/);
      await page.getByLabel("Code", { exact: true }).fill(wrongCode(secret));
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(page.getByRole("alert")).toHaveText(WRONG_CODE);
      await expect(page).toHaveURL(/\/admin\/login$/);
      // The next step's code (the set-up used this step's: a used code is refused).
      await page.getByLabel("Code", { exact: true }).fill(totp(secret, currentStep() + 1));
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await expect(page.getByRole("heading", { level: 1, name: "Dashboard Overview" })).toBeVisible();
      await expect(page.getByTestId("signed-in-role")).toHaveText(/Editor$/);

      // A recovery code instead of the app's code: once.
      await logout(page);
      await submitPassword(page, person.username, person.password);
      await page.getByLabel("Code", { exact: true }).fill(codes[0]!);
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await logout(page);
      await submitPassword(page, person.username, person.password);
      await page.getByLabel("Code", { exact: true }).fill(codes[0]!);
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(page.getByRole("alert")).toHaveText(WRONG_CODE);
      await expect(page).toHaveURL(/\/admin\/login$/);
      // Start again goes back to the password.
      await page.getByRole("button", { name: "Start again" }).click();
      await expect(page.getByLabel("Username")).toBeVisible();
      await submitPassword(page, person.username, person.password);
      await page.getByLabel("Code", { exact: true }).fill(codes[1]!.toUpperCase());
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await page.getByRole("link", { name: "My account" }).click();
      await expect(page.getByRole("region", { name: "Two-factor sign-in" })).toContainText("You have 8 unused recovery codes.");

      // The owner's Staff screen: 2FA on; "Turn off 2FA" (a lost phone) turns it off.
      await page.evaluate((t) => localStorage.setItem("admin-token", t), await apiToken(baseURL!));
      await page.goto("/admin/staff");
      const row = page.locator(`li[data-staff="${person.username}"]`);
      await expect(row).toContainText("2FA on");
      await row.getByRole("button", { name: `Turn off 2FA for ${person.name}`, exact: true }).click();
      const confirm = page.getByRole("alertdialog");
      await expect(confirm).toContainText(`Turn off two-factor sign-in for ${person.name}?`);
      await confirm.getByRole("button", { name: "Turn off", exact: true }).click();
      await expect(toasts(page)).toContainText("Two-factor sign-in turned off successfully!");
      await expect(row).toContainText("2FA off");
      await expect(row.getByRole("button", { name: /^Turn off 2FA/ })).toHaveCount(0);
      expect((await apiCall<{ twoFactor: boolean }>(baseURL!, "GET", `/api/users/${person.id}`)).twoFactor).toBe(false);
      // The password alone signs in again.
      const res = await fetch(`${baseURL}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: person.username, password: person.password }),
      });
      const answer = (await res.json()) as { token?: string; twoFactorRequired?: boolean };
      expect(res.status).toBe(200);
      expect(answer.twoFactorRequired).toBeUndefined();
      expect(answer.token).toBeTruthy();
      // The refused codes' answers (400, 401) are the only failed requests.
      expect(problems.filter((p) => !/status of 40[01] /.test(p))).toEqual([]);
    } finally {
      await deleteStaff(baseURL!, person.id);
    }
  });

  test(
    "owners require it: a person without 2FA is sent to My account until it is set up",
    { tag: ALONE },
    async ({ page, baseURL }, testInfo) => {
      const editor = await signedInStaff(baseURL!, testInfo, "editor", "policy");
      // While 2FA is required, the server refuses every call but My account's from anyone without it (the
      // test's owner too): a second owner with 2FA reads and resets the policy.
      const guard = await signedInStaff(baseURL!, testInfo, "owner", "policy-owner");
      await turnOnTwoFactor(baseURL!, guard.token);
      const setPolicy = async (requireTwoFactor: boolean) =>
        expect((await callAs(baseURL!, guard.token, "PUT", "/api/settings/security", { requireTwoFactor })).status).toBe(200);
      const policy = async () =>
        (await callAs<{ requireTwoFactor: boolean }>(baseURL!, guard.token, "GET", "/api/settings/security")).body
          .requireTwoFactor;
      try {
        expect(await policy()).toBe(false);
        await signIn(page, baseURL!);
        await page.goto("/admin/settings");
        const box = page.getByLabel("Require two-factor sign-in for all staff");
        await expect(box).not.toBeChecked();
        await box.check();
        await page.getByRole("button", { name: "Save Sign-in Policy" }).click();
        await expect(toasts(page)).toContainText("Sign-in policy updated successfully!");
        expect(await policy()).toBe(true);
        const required = page.getByRole("alert").filter({ hasText: "The owners require two-factor sign-in" });
        // The owner has no 2FA either: they are the first to be asked.
        await expect(page).toHaveURL(/\/admin\/account$/);
        await expect(required).toHaveText(
          "The owners require two-factor sign-in for every staff member. Please turn it on below before you continue.",
        );

        // An editor without 2FA: every screen sends them to My account.
        await page.evaluate((t) => localStorage.setItem("admin-token", t), editor.token);
        for (const wanted of ["/admin/dashboard", "/admin/banner"]) {
          await page.goto(wanted);
          await expect(page).toHaveURL(/\/admin\/account$/);
          await expect(page.getByTestId("signed-in-role")).toHaveText(/Editor$/);
          await expect(required).toBeVisible();
          await expect(
            page.getByRole("region", { name: "Two-factor sign-in" }).getByRole("button", { name: "Turn On Two-Factor Sign-In" }),
          ).toBeVisible();
        }

        // Meanwhile the owner's token works only for My account (not the panel's screens alone: the server too).
        expect((await callAs(baseURL!, await apiToken(baseURL!), "GET", "/api/users")).status).toBe(403);

        // Optional again (the owner, without 2FA, cannot reach Site Settings now: the owner with 2FA does it).
        await setPolicy(false);
        expect(await policy()).toBe(false);
        await page.goto("/admin/dashboard");
        await expect(page).toHaveURL(/\/admin\/dashboard$/);
        await expect(page.getByRole("heading", { level: 1, name: "Dashboard Overview" })).toBeVisible();
        await expect(required).toHaveCount(0);
      } finally {
        await setPolicy(false);
        await deleteStaff(baseURL!, editor.id);
        await deleteStaff(baseURL!, guard.id);
      }
    },
  );
});

/* ---- history ------------------------------------------------------------------------------------------ */

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 640;

/**
 * The fields a comparison lists: rows of the table "Field / This version / Current" from 640 px up; on
 * phones the table is hidden and each field is a card with its two values one above the other.
 */
function changes(page: Page, history: Locator): Locator {
  return isPhone(page) ? history.getByRole("listitem") : history.getByRole("table").locator("tbody tr");
}

/** One field of the comparison shows the chosen version's value and the current one, in that order. */
async function expectChange(
  page: Page,
  history: Locator,
  change: { field: string; label: string; version: string; current: string },
): Promise<void> {
  const table = history.getByRole("table");
  if (isPhone(page)) {
    await expect(table).toBeHidden();
    const card = history.getByRole("listitem").filter({ has: page.getByText(change.label, { exact: true }) });
    await expect(card).toHaveText(`${change.label}This version${change.version}Current${change.current}`);
  } else {
    await expect(table.getByRole("columnheader")).toHaveText(["Field", "This version", "Current"]);
    const row = table.locator(`tr[data-field="${change.field}"]`);
    await expect(row.getByRole("rowheader")).toHaveText(change.label);
    await expect(row.getByRole("cell")).toHaveText([change.version, change.current]);
  }
}

/** The History view's list: created, then saved (current), naming what it changed; Compare opens the older one. */
async function compareOlder(history: Locator, changed: string): Promise<void> {
  const versions = history.getByRole("listitem");
  await expect(versions).toHaveCount(2);
  await expect(versions.nth(0)).toContainText("Current");
  await expect(versions.nth(0)).toContainText(`Saved by ${ADMIN.username}`);
  await expect(versions.nth(0)).toContainText(`Changed: ${changed}`);
  await expect(versions.nth(1)).not.toContainText("Changed:");
  await expect(versions.nth(0).getByRole("button", { name: /^View the version of / })).toBeVisible();
  await expect(versions.nth(1)).not.toContainText("Current");
  await expect(versions.nth(1)).toContainText(`Created by ${ADMIN.username}`);
  await versions
    .nth(1)
    .getByRole("button", { name: /^Compare the version of / })
    .click();
  await expect(history.getByRole("heading", { level: 3 })).toHaveText(new RegExp(`^Created .+ by ${ADMIN.username}$`));
}

/** Restore this version, confirmed. */
async function restoreChosen(page: Page, history: Locator): Promise<void> {
  await history.getByRole("button", { name: "Restore this version" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Restore the version of");
  await expect(confirm).toContainText("The current record is kept in the history.");
  await confirm.getByRole("button", { name: "Restore", exact: true }).click();
}

const versionsOf = async (base: string, url: string) =>
  (await apiCall<{ action: string; current: boolean }[]>(base, "GET", `${url}/revisions`)).map((v) => v.action);

test.describe("History", () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await signIn(page, baseURL!);
  });

  test(
    "a banner: an edit makes a second version; Compare shows the old and the new title",
    { tag: "@phone" },
    async ({ page, baseURL }, testInfo) => {
      const problems = watchErrors(page);
      const before = unique(testInfo, "History banner");
      const after = `${before} renamed`;
      const banner = await createBanner(baseURL!, before);
      try {
        await page.goto("/admin/banner");
        await expect(page.getByRole("heading", { level: 1, name: "Banner Management" })).toBeVisible();
        await page.getByRole("button", { name: `Edit ${before}`, exact: true }).click();
        const edit = page.getByRole("dialog");
        await edit.getByLabel("Title", { exact: true }).fill(after);
        await edit.getByRole("button", { name: "Save Changes" }).click();
        await expect(toasts(page)).toContainText("Banner updated successfully!");
        await expect(edit).toBeHidden();
        await expect(cardOf(page, after)).toBeVisible();
        await expect(cardOf(page, before)).toHaveCount(0);
        expect(await versionsOf(baseURL!, `/api/banner/${banner._id}`)).toEqual(["update", "create"]);

        const { dialog, history } = await openHistory(page, after, "Banner");
        await compareOlder(history, "Title");
        await expectChange(page, history, { field: "title", label: "Title", version: before, current: after });
        // Only what differs: the image and the description are the same.
        await expect(changes(page, history)).toHaveCount(1);

        // Back to the list, then to the form.
        await history.getByRole("button", { name: "← All versions" }).click();
        await expect(history.getByRole("listitem")).toHaveCount(2);
        await history.getByRole("button", { name: "← Back to the form" }).click();
        await expect(dialog.getByRole("heading", { name: "Edit Banner" })).toBeVisible();
        await expect(dialog.getByLabel("Title", { exact: true })).toHaveValue(after);
        expect(problems).toEqual([]);
      } finally {
        await discard(baseURL!, "banner", "/api/banner", banner._id);
      }
    },
  );

  test("a banner: Restore this version brings the old title back", async ({ page, baseURL }, testInfo) => {
    const before = unique(testInfo, "Restored banner");
    const after = `${before} renamed`;
    const banner = await createBanner(baseURL!, before);
    try {
      await apiCall(baseURL!, "PUT", `/api/banner/${banner._id}`, { title: after });
      await page.goto("/admin/banner");
      const { dialog, history } = await openHistory(page, after, "Banner");
      await compareOlder(history, "Title");
      await expectChange(page, history, { field: "title", label: "Title", version: before, current: after });
      await restoreChosen(page, history);
      await expect(toasts(page)).toContainText("Banner updated successfully!");
      await expect(dialog).toBeHidden();
      await expect(cardOf(page, before)).toBeVisible();
      await expect(cardOf(page, after)).toHaveCount(0);
      const restored = await apiCall<Banner>(baseURL!, "GET", `/api/banner/${banner._id}`);
      expect(restored.title).toBe(before);
      expect(restored.image).toBe(banner.image);
      // The restore is a version of its own, now the current one.
      expect(await versionsOf(baseURL!, `/api/banner/${banner._id}`)).toEqual(["restore", "update", "create"]);
    } finally {
      await discard(baseURL!, "banner", "/api/banner", banner._id);
    }
  });

  test("a product: a new price makes a second version; Compare shows both prices", async ({ page, baseURL }, testInfo) => {
    const category = await createCategory(baseURL!, unique(testInfo, "History category"));
    const name = unique(testInfo, "History product");
    const product = await createProduct(baseURL!, name, category._id);
    try {
      await page.goto(`/admin/products?category=${category._id}`);
      const row = page.locator(`[data-product="${name}"]`);
      await expect(row.locator("[data-price]")).toHaveText("₹1,25,000");
      await row.getByRole("button", { name: `Edit ${name}`, exact: true }).click();
      const edit = page.getByRole("dialog");
      await expect(edit.getByLabel("Price (₹)")).toHaveValue("125000");
      await edit.getByLabel("Price (₹)").fill("99000");
      await edit.getByRole("button", { name: "Save Changes" }).click();
      await expect(toasts(page)).toContainText("Product updated successfully!");
      await expect(edit).toBeHidden();
      await expect(row.locator("[data-price]")).toHaveText("₹99,000");

      const { history } = await openHistory(page, name, "Product");
      await compareOlder(history, "Price");
      await expectChange(page, history, { field: "price", label: "Price", version: "125000", current: "99000" });
      await expect(changes(page, history).filter({ hasText: "Name" })).toHaveCount(0);
    } finally {
      await discard(baseURL!, "product", "/api/product", product._id);
      await discard(baseURL!, "category", "/api/category", category._id);
    }
  });

  test("a product: Restore this version brings the old price back", async ({ page, baseURL }, testInfo) => {
    const category = await createCategory(baseURL!, unique(testInfo, "Restored category"));
    const name = unique(testInfo, "Restored product");
    const product = await createProduct(baseURL!, name, category._id);
    try {
      await apiCall(baseURL!, "PUT", `/api/product/${product._id}`, { price: 99000 });
      await page.goto(`/admin/products?category=${category._id}`);
      const row = page.locator(`[data-product="${name}"]`);
      await expect(row.locator("[data-price]")).toHaveText("₹99,000");
      const { dialog, history } = await openHistory(page, name, "Product");
      await compareOlder(history, "Price");
      await expectChange(page, history, { field: "price", label: "Price", version: "125000", current: "99000" });
      await restoreChosen(page, history);
      await expect(toasts(page)).toContainText("Product updated successfully!");
      await expect(dialog).toBeHidden();
      await expect(row.locator("[data-price]")).toHaveText("₹1,25,000");
      expect((await apiCall<ProductData>(baseURL!, "GET", `/api/product/${product._id}`)).price).toBe(125000);
      expect(await versionsOf(baseURL!, `/api/product/${product._id}`)).toEqual(["restore", "update", "create"]);
    } finally {
      await discard(baseURL!, "product", "/api/product", product._id);
      await discard(baseURL!, "category", "/api/category", category._id);
    }
  });
});

/* ---- trash -------------------------------------------------------------------------------------------- */

test.describe("Trash", () => {
  test("a deleted banner is listed and restored with its image; another is deleted forever", async ({
    page,
    baseURL,
  }, testInfo) => {
    await signIn(page, baseURL!);
    const problems = watchErrors(page);
    const title = unique(testInfo, "Trash banner");
    const other = unique(testInfo, "Purged banner");
    const banner = await createBanner(baseURL!, title);
    const purged = await createBanner(baseURL!, other);
    try {
      await page.goto("/admin/banner");
      const card = cardOf(page, title);
      const src = await card.locator("img").getAttribute("src");
      expect(src).toBeTruthy();
      await card.getByRole("button", { name: `Delete ${title}`, exact: true }).click();
      const confirm = page.getByRole("alertdialog");
      await expect(confirm).toContainText("Are you sure you want to delete this banner?");
      await confirm.getByRole("button", { name: "Delete", exact: true }).click();
      await expect(toasts(page)).toContainText("Banner deleted successfully!");
      await expect(card).toHaveCount(0);
      expect(await statusOf(baseURL!, `/api/banner/${banner._id}`)).toBe(404);

      await page.goto("/admin/trash");
      await expect(page.getByRole("heading", { level: 1, name: "Trash" })).toBeVisible();
      const row = trashRow(page, title);
      await expect(row).toContainText("Banner");
      await expect(row.getByRole("heading", { level: 2 })).toHaveText(title);
      await expect(row).toContainText(`by ${ADMIN.username}`);
      await expect(row.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
      await row.getByRole("button", { name: `Restore ${title}`, exact: true }).click();
      await expect(toasts(page)).toContainText("Banner restored successfully!");
      await expect(row).toHaveCount(0);
      expect(await statusOf(baseURL!, `/api/banner/${banner._id}`)).toBe(200);
      expect((await apiCall<Banner>(baseURL!, "GET", `/api/banner/${banner._id}`)).image).toBe(banner.image);

      await page.goto("/admin/banner");
      await expect(cardOf(page, title).locator("img")).toHaveAttribute("src", src!);
      // The file is still served.
      expect(await statusOf(baseURL!, src!)).toBe(200);

      // Deleted forever (owners): gone from the trash, the record and its history.
      await apiCall(baseURL!, "DELETE", `/api/banner/${purged._id}`);
      await page.goto("/admin/trash");
      const gone = trashRow(page, other);
      await expect(gone).toContainText("Banner");
      await gone.getByRole("button", { name: `Delete forever ${other}`, exact: true }).click();
      await expect(confirm).toHaveText(new RegExp(`Delete “${other}” for good\\? This cannot be undone\\.`));
      await confirm.getByRole("button", { name: "Delete forever", exact: true }).click();
      await expect(toasts(page)).toContainText("Banner deleted for good.");
      await expect(gone).toHaveCount(0);
      expect(await trashIds(baseURL!)).not.toContain(purged._id);
      expect(await statusOf(baseURL!, `/api/banner/${purged._id}`)).toBe(404);
      const history = await fetch(`${baseURL}/api/banner/${purged._id}/revisions`, {
        headers: { "x-auth-token": await apiToken(baseURL!) },
      });
      await history.body?.cancel();
      expect(history.status).toBe(404);
      expect(problems).toEqual([]);
    } finally {
      await discard(baseURL!, "banner", "/api/banner", banner._id);
      await discard(baseURL!, "banner", "/api/banner", purged._id);
    }
  });

  test("an editor restores but cannot delete forever", async ({ page, baseURL }, testInfo) => {
    const editor = await signedInStaff(baseURL!, testInfo, "editor", "trash");
    const title = unique(testInfo, "Editor trash banner");
    const banner = await createBanner(baseURL!, title);
    try {
      await apiCall(baseURL!, "DELETE", `/api/banner/${banner._id}`);
      await signInWithToken(page, baseURL!, editor.token);
      await page.goto("/admin/trash");
      await expect(page.getByTestId("signed-in-role")).toHaveText(/Editor$/);
      const row = trashRow(page, title);
      await expect(row.getByRole("button", { name: `Restore ${title}`, exact: true })).toBeVisible();
      await expect(row.getByRole("button", { name: /^Delete forever/ })).toHaveCount(0);
      await expect(page.getByRole("button", { name: /^Delete forever/ })).toHaveCount(0);
      // Nor through the API.
      const refused = await callAs(baseURL!, editor.token, "DELETE", `/api/trash/banner/${banner._id}`);
      expect(refused.status).toBe(403);

      await row.getByRole("button", { name: `Restore ${title}`, exact: true }).click();
      await expect(toasts(page)).toContainText("Banner restored successfully!");
      await expect(row).toHaveCount(0);
      expect(await statusOf(baseURL!, `/api/banner/${banner._id}`)).toBe(200);
    } finally {
      await discard(baseURL!, "banner", "/api/banner", banner._id);
      await deleteStaff(baseURL!, editor.id);
    }
  });

  test("a product whose category is in the trash: the server's reason; the category first, then the product", async ({
    page,
    baseURL,
  }, testInfo) => {
    await signIn(page, baseURL!);
    const category = await createCategory(baseURL!, unique(testInfo, "Trash category"));
    const name = unique(testInfo, "Trash product");
    const product = await createProduct(baseURL!, name, category._id);
    try {
      await apiCall(baseURL!, "DELETE", `/api/product/${product._id}`);
      await apiCall(baseURL!, "DELETE", `/api/category/${category._id}`);
      await page.goto("/admin/trash");
      const productRow = trashRow(page, name);
      const categoryRow = trashRow(page, category.name);
      await expect(productRow).toContainText("Product");
      await expect(categoryRow).toContainText("Category");

      await productRow.getByRole("button", { name: `Restore ${name}`, exact: true }).click();
      await expect(toasts(page).locator('[data-kind="error"] p')).toHaveText(
        `This product cannot be restored while its category is deleted: restore the category “${category.name}” from the trash first.`,
      );
      await expect(productRow).toBeVisible();
      expect(await statusOf(baseURL!, `/api/product/${product._id}`)).toBe(404);

      await categoryRow.getByRole("button", { name: `Restore ${category.name}`, exact: true }).click();
      await expect(toasts(page)).toContainText("Category restored successfully!");
      await expect(categoryRow).toHaveCount(0);
      await productRow.getByRole("button", { name: `Restore ${name}`, exact: true }).click();
      await expect(toasts(page)).toContainText("Product restored successfully!");
      await expect(productRow).toHaveCount(0);
      const back = await apiCall<ProductData>(baseURL!, "GET", `/api/product/${product._id}`);
      expect(back.name).toBe(name);
      const categoryOf = typeof back.categoryId === "string" ? back.categoryId : back.categoryId?._id;
      expect(categoryOf).toBe(category._id);
    } finally {
      await discard(baseURL!, "product", "/api/product", product._id);
      await discard(baseURL!, "category", "/api/category", category._id);
    }
  });
});

/* ---- layout and accessibility ------------------------------------------------------------------------- */

test.describe("layout and accessibility", { tag: "@phone" }, () => {
  test("Trash: no sideways scrolling, no axe violations", async ({ page, baseURL }, testInfo) => {
    await signIn(page, baseURL!);
    const title = unique(testInfo, "Layout trash banner with a rather long title that has to wrap on a phone");
    const banner = await createBanner(baseURL!, title);
    try {
      await apiCall(baseURL!, "DELETE", `/api/banner/${banner._id}`);
      await page.goto("/admin/trash");
      await expect(trashRow(page, title)).toBeVisible();
      await expectNoHorizontalScroll(page);
      await expectNoA11yViolations(page);
    } finally {
      await discard(baseURL!, "banner", "/api/banner", banner._id);
    }
  });

  test("History in the banner dialog: no sideways scrolling, no axe violations (versions and comparison)", async ({
    page,
    baseURL,
  }, testInfo) => {
    await signIn(page, baseURL!);
    const title = unique(testInfo, "Layout history banner");
    const banner = await createBanner(baseURL!, title);
    const longer = `${title} with a much longer description-free title that has to wrap inside the comparison table`;
    try {
      await apiCall(baseURL!, "PUT", `/api/banner/${banner._id}`, { title: longer });
      await page.goto("/admin/banner");
      const { history } = await openHistory(page, longer, "Banner");
      await expect(history.getByRole("listitem")).toHaveCount(2);
      await expectNoHorizontalScroll(page);
      await expectNoA11yViolations(page);
      await compareOlder(history, "Title");
      await expectChange(page, history, { field: "title", label: "Title", version: title, current: longer });
      await expectNoHorizontalScroll(page);
      await expectNoA11yViolations(page);
    } finally {
      await discard(baseURL!, "banner", "/api/banner", banner._id);
    }
  });

  test("the login form's code step: no sideways scrolling, no axe violations (with the error)", async ({
    page,
    baseURL,
  }, testInfo) => {
    const person = await signedInStaff(baseURL!, testInfo, "editor", "codestep");
    try {
      const { secret } = await turnOnTwoFactor(baseURL!, person.token);
      await page.goto("/admin/login");
      await submitPassword(page, person.username, person.password);
      await expect(page.getByRole("heading", { level: 2, name: "Two-factor sign-in" })).toBeVisible();
      await expect(page.getByLabel("Code", { exact: true })).toHaveAttribute("autocomplete", "one-time-code");
      await expectNoHorizontalScroll(page);
      await expectNoA11yViolations(page);
      await page.getByLabel("Code", { exact: true }).fill(wrongCode(secret));
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(page.getByRole("alert")).toHaveText(WRONG_CODE);
      await expectNoHorizontalScroll(page);
      await expectNoA11yViolations(page);
    } finally {
      await deleteStaff(baseURL!, person.id);
    }
  });
});
