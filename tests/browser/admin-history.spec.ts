import { expect, type Locator, type Page, test } from "@playwright/test";
import { currentStep, totp, wrongCode } from "../support/totp";
import {
  apiCall,
  apiToken,
  deleteStaff,
  formWithImage,
  openSidebar,
  signedInStaff,
  signIn,
  toasts,
  unique,
} from "./admin-support";
import { ADMIN_URL, expectNoA11yViolations, expectNoHorizontalScroll, watchErrors } from "./support";

// Admin tests change data: they run on their own demo server (see playwright.config.ts). Every record and
// account here has a unique name, and is deleted (and purged from the trash) at the end. The shared "admin"
// owner never gets two-factor sign-in.
test.use({ baseURL: ADMIN_URL });

/**
 * History, Trash and two-factor sign-in where only a browser can tell: one journey through each (the login
 * form's code step is an HTML-first page with its own script), their layouts at both widths and axe's scans.
 * What the screens show and send (versions, comparisons, restores, the trash per role, My account's set-up,
 * the Staff screen's turn-off, the owners' policy) is tests/screen/admin-history.test.tsx's; the server's
 * rules are tests/api/history.test.ts's and two-factor.test.ts's.
 */

// Two-factor set-up and several sign-ins in one test: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

/* ---- helpers ----------------------------------------------------------------------------------------- */

const WRONG_CODE = "The code is not right. Check the code in your authenticator app (and the time on your phone) and try again.";

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

/** Deletes a record a test made (into the trash) and purges it from the trash; already gone is fine. */
async function discard(base: string, type: string, endpoint: string, id: string): Promise<void> {
  const token = await apiToken(base);
  for (const url of [`${endpoint}/${id}`, `/api/trash/${type}/${id}`]) {
    const res = await fetch(`${base}${url}`, { method: "DELETE", headers: { "x-auth-token": token } });
    await res.body?.cancel();
    expect([200, 404], `DELETE ${url}`).toContain(res.status);
  }
}

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

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 640;

/**
 * One field of the comparison shows the chosen version's value and the current one, in that order: rows of
 * the table "Field / This version / Current" from 640 px up; on phones the table is hidden and each field is
 * a card with its two values one above the other.
 */
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

/* ---- two-factor sign-in ------------------------------------------------------------------------------ */

test(
  "two-factor sign-in: set up in My account, then the login form asks for the code; Start again; a recovery code works instead",
  { tag: "@journey" },
  async ({ page, baseURL }, testInfo) => {
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
      await section.getByRole("button", { name: "Turn On Two-Factor Sign-In" }).click();
      await expect(section.getByRole("img", { name: "QR code to scan with your authenticator app" })).toBeVisible();
      const secret = ((await section.getByTestId("two-factor-secret").textContent()) ?? "").replace(/\s+/g, "");
      await section.getByLabel("Code from the app").fill(totp(secret, currentStep()));
      await section.getByRole("button", { name: "Confirm" }).click();
      await expect(toasts(page)).toContainText("Two-factor sign-in turned on successfully!");
      const codes = (await section.getByTestId("recovery-codes").getByRole("listitem").allTextContents()).map((c) => c.trim());
      await section.getByRole("button", { name: "I have saved my recovery codes" }).click();
      await expect(section.getByText("On", { exact: true })).toBeVisible();

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

      // Start again goes back to the password; a recovery code (typed in capitals) instead of the app's code.
      // That it works only once is tests/api/two-factor.test.ts's.
      await logout(page);
      await submitPassword(page, person.username, person.password);
      await page.getByRole("button", { name: "Start again" }).click();
      await expect(page.getByLabel("Username")).toBeVisible();
      await submitPassword(page, person.username, person.password);
      await page.getByLabel("Code", { exact: true }).fill(codes[1]!.toUpperCase());
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      // The refused code's answer (401) is the only failed request.
      expect(problems.filter((p) => !/status of 401 /.test(p))).toEqual([]);
    } finally {
      await deleteStaff(baseURL!, person.id);
    }
  },
);

/* ---- layouts, axe, and one journey through History and one through the Trash -------------------------- */

test.describe("layout and accessibility", { tag: "@phone" }, () => {
  test(
    "Trash: no sideways scrolling, no axe violations; a banner deleted on its screen comes back from it with its image",
    { tag: ["@journey", "@a11y"] },
    async ({ page, baseURL }, testInfo) => {
      await signIn(page, baseURL!);
      const problems = watchErrors(page);
      const title = unique(testInfo, "Layout trash banner with a rather long title that has to wrap on a phone");
      const banner = await createBanner(baseURL!, title);
      try {
        await page.goto("/admin/banner");
        await cardOf(page, title)
          .getByRole("button", { name: `Delete ${title}`, exact: true })
          .click();
        await page.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();
        await expect(toasts(page)).toContainText("Banner deleted successfully!");
        await expect(cardOf(page, title)).toHaveCount(0);

        await openSidebar(page);
        await page.getByRole("link", { name: "Trash" }).click();
        await expect(page.getByRole("heading", { level: 1, name: "Trash" })).toBeVisible();
        await expect(trashRow(page, title)).toBeVisible();
        await expectNoHorizontalScroll(page);
        await expectNoA11yViolations(page);
        await trashRow(page, title)
          .getByRole("button", { name: `Restore ${title}`, exact: true })
          .click();
        await expect(toasts(page)).toContainText("Banner restored successfully!");
        await expect(trashRow(page, title)).toHaveCount(0);

        // Back on its screen, its uploaded image is served and drawn (lazy: once the card is in view).
        await page.goto("/admin/banner");
        const image = cardOf(page, title).locator("img");
        await image.scrollIntoViewIfNeeded();
        await expect(image).toHaveAttribute("src", banner.image);
        await expect(image).toHaveJSProperty("complete", true);
        expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
        expect(problems).toEqual([]);
      } finally {
        await discard(baseURL!, "banner", "/api/banner", banner._id);
      }
    },
  );

  test(
    "History in the banner dialog: no sideways scrolling, no axe violations (versions and comparison); an edit restored",
    // @layout: the comparison is a table from 640 px up and cards below, so it runs at both widths.
    { tag: ["@journey", "@a11y", "@layout"] },
    async ({ page, baseURL }, testInfo) => {
      await signIn(page, baseURL!);
      const problems = watchErrors(page);
      const title = unique(testInfo, "Layout history banner");
      const banner = await createBanner(baseURL!, title);
      const longer = `${title} with a much longer description-free title that has to wrap inside the comparison table`;
      try {
        await page.goto("/admin/banner");
        await page.getByRole("button", { name: `Edit ${title}`, exact: true }).click();
        const edit = page.getByRole("dialog");
        await edit.getByLabel("Title", { exact: true }).fill(longer);
        await edit.getByRole("button", { name: "Save Changes" }).click();
        await expect(toasts(page)).toContainText("Banner updated successfully!");
        await expect(cardOf(page, longer)).toBeVisible();

        const { dialog, history } = await openHistory(page, longer, "Banner");
        const versions = history.getByRole("listitem");
        await expect(versions).toHaveCount(2);
        await expectNoHorizontalScroll(page);
        await expectNoA11yViolations(page);
        await versions
          .nth(1)
          .getByRole("button", { name: /^Compare the version of / })
          .click();
        await expect(history.getByRole("heading", { level: 3 })).toHaveText(/^Created /);
        await expectChange(page, history, { field: "title", label: "Title", version: title, current: longer });
        await expectNoHorizontalScroll(page);
        await expectNoA11yViolations(page);

        await history.getByRole("button", { name: "Restore this version" }).click();
        await page.getByRole("alertdialog").getByRole("button", { name: "Restore", exact: true }).click();
        await expect(toasts(page)).toContainText("Banner updated successfully!");
        await expect(dialog).toBeHidden();
        await expect(cardOf(page, title)).toBeVisible();
        await expect(cardOf(page, longer)).toHaveCount(0);
        expect(problems).toEqual([]);
      } finally {
        await discard(baseURL!, "banner", "/api/banner", banner._id);
      }
    },
  );

  test(
    "the login form's code step: no sideways scrolling, no axe violations (with the error)",
    { tag: "@a11y" },
    async ({ page, baseURL }, testInfo) => {
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
    },
  );
});
