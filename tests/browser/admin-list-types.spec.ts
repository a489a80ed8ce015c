import { expect, type Page, test } from "@playwright/test";
import { LIST_CONTENT } from "../../shared/content/registry";
import { apiCall, formWithImage, listTypesCoveringEveryControl, pngFile, signIn, toasts, unique } from "./admin-support";
import { ADMIN_URL, EMPTY_URL, expectNoA11yViolations, watchErrors } from "./support";

// Admin tests change data: they run on their own demo server (see playwright.config.ts).
test.use({ baseURL: ADMIN_URL });

/**
 * The generic management screens (SPEC §2 "Admin screen behaviour", §5, §8), one for every list type declared
 * in shared/content/registry.ts, where only a browser can tell: one journey through a screen, focus, axe's
 * scans and the public pages the screens feed. What each screen does (its messages, saves, failures, toasts,
 * order) is shown for every type by the screen tests, tests/screen/admin-list-types.test.tsx.
 */

/** One screen per kind of form control: every list screen is the same component (admin-support.ts). */
const SCREENS = listTypesCoveringEveryControl(LIST_CONTENT).map((c) => ({
  path: `/admin/${c.admin.path}`,
  heading: c.admin.title,
  entity: c.admin.entity,
  empty: c.admin.texts.empty,
}));

const dialogOf = (page: Page) => page.getByRole("dialog");

test(
  "a banner's way through its screen: added with a photo, edited, deleted after a confirmation",
  {
    tag: ["@journey", "@focus"],
  },
  async ({ page, baseURL }, testInfo) => {
    await signIn(page, baseURL!);
    const problems = watchErrors(page);
    const name = unique(testInfo, "Banner");
    await page.goto("/admin/banner");
    await expect(page.getByRole("heading", { level: 1, name: "Banner Management" })).toBeVisible();

    await page.getByRole("button", { name: "+ Add Banner" }).click();
    let dialog = dialogOf(page);
    await dialog.getByLabel("Title", { exact: true }).fill(name);
    await dialog.getByLabel("Description").fill("A journey through the banner screen");
    await dialog.locator("input[type=file]").setInputFiles(pngFile());
    await expect(dialog.getByRole("img", { name: "Preview of photo.png" })).toBeVisible();
    await dialog.getByLabel("Alt text").fill(`Photo for ${name}`);
    await dialog.getByRole("button", { name: "Add Banner" }).click();
    await expect(toasts(page)).toContainText("Banner added successfully!");
    await expect(dialog).toBeHidden();
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2, name }) });
    // The uploaded photo is served and drawn on the card (lazy: once the card is in view).
    await card.scrollIntoViewIfNeeded();
    await expect(card.locator("img")).toHaveJSProperty("complete", true);
    expect(await card.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    await page.getByRole("button", { name: `Edit ${name}` }).click();
    dialog = dialogOf(page);
    await expect(dialog.getByLabel("Title", { exact: true })).toHaveValue(name);
    await expect(dialog.getByRole("img", { name: "Current image" })).toBeVisible();
    await dialog.getByLabel("Title", { exact: true }).fill(`${name} edited`);
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(toasts(page)).toContainText("Banner updated successfully!");
    await expect(page.getByRole("heading", { level: 2, name: `${name} edited` })).toBeVisible();

    // Cancel keeps the record and gives the keyboard back to the Delete button.
    const del = page.getByRole("button", { name: `Delete ${name} edited` });
    await del.click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("Are you sure you want to delete this banner?");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(del).toBeFocused();
    await del.click();
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(toasts(page)).toContainText("Banner deleted successfully!");
    await expect(page.getByRole("heading", { level: 2, name: `${name} edited` })).toBeHidden();
    // Console errors include the Content Security Policy's refusals, which only a browser reports.
    expect(problems).toEqual([]);
  },
);

test("the list screens' add dialogs: no axe violations; Escape closes it and focus returns to its button", {
  tag: ["@a11y", "@focus"],
}, async ({ page, baseURL }) => {
  await signIn(page, baseURL!);
  for (const s of SCREENS) {
    await page.goto(s.path);
    const add = page.getByRole("button", { name: `+ Add ${s.entity}` });
    await add.click();
    const dialog = dialogOf(page);
    await expect(dialog.getByRole("heading", { name: `Add ${s.entity}` })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(add).toBeFocused();
  }
});

test("the list screens' empty states: no axe violations", { tag: "@a11y" }, async ({ page }) => {
  await signIn(page, EMPTY_URL);
  for (const s of SCREENS) {
    await page.goto(`${EMPTY_URL}${s.path}`);
    await expect(page.getByText(s.empty, { exact: true })).toBeVisible();
    await expectNoA11yViolations(page);
  }
});

test.describe("the public pages the screens feed", { tag: "@no-js" }, () => {
  test.use({ javaScriptEnabled: false });

  test("the contact page lists the FAQ in the staff's order (position), not in the order they were added", async ({
    page,
    baseURL,
  }, testInfo) => {
    const first = unique(testInfo, "Ordered first");
    const second = unique(testInfo, "Ordered second");
    const created: { _id: string }[] = [];
    try {
      for (const [question, position] of [
        [first, 999_001],
        [second, 999_000],
      ] as const) {
        created.push(
          await apiCall<{ _id: string }>(baseURL!, "POST", "/api/faq", { question, answer: `Answer to ${question}`, position }),
        );
      }
      await page.goto("/contact");
      const shown = (await page.locator("#faq summary > span:first-child").allTextContents())
        .map((t) => t.trim())
        .filter((t) => t === first || t === second);
      expect(shown).toEqual([second, first]);
    } finally {
      for (const q of created) await apiCall(baseURL!, "DELETE", `/api/faq/${q._id}`);
    }
  });

  test("a rated testimonial about a product is a review on that product's page, until it is about none", async ({
    page,
    baseURL,
  }, testInfo) => {
    const productPage = "/products/reciprocating-air-compressors/pn-rt-15-tank-mounted-heavy-duty-compressor";
    const product = await apiCall<{ _id: string; name: string }>(
      baseURL!,
      "GET",
      "/api/product/pn-rt-15-tank-mounted-heavy-duty-compressor",
    );
    const name = unique(testInfo, "Reviewer");
    const fields = { name, feedback: "Runs two shifts without a murmur.", productId: product._id, star: "4" };
    const created = await apiCall<{ _id: string }>(baseURL!, "POST", "/api/testimonial", formWithImage(fields));
    try {
      await page.goto(productPage);
      await expect(page.getByRole("img", { name: "Rated 4 out of 5" }).first()).toBeVisible();
      await expect(page.getByRole("link", { name: "(1 review)", exact: true })).toBeVisible();
      await expect(page.locator("#reviews").getByTestId("review")).toContainText([name]);

      await apiCall(baseURL!, "PUT", `/api/testimonial/${created._id}`, { productId: null });
      await page.goto(productPage);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name);
      await expect(page.locator("#reviews")).toHaveCount(0);
      await expect(page.getByText(/\(\d+ reviews?\)/)).toHaveCount(0);
    } finally {
      await apiCall(baseURL!, "DELETE", `/api/testimonial/${created._id}`);
    }
  });
});
