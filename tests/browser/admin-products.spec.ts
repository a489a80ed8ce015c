import { expect, type Locator, type Page, test } from "@playwright/test";
import { apiCall, formWithImage, pngFile, signIn, toasts, unique } from "./admin-support";
import { readPage, textOf } from "./html";
import { ADMIN_URL, EMPTY_URL, expectNoA11yViolations, watchErrors } from "./support";

// Admin tests change data: they run on their own demo server (see playwright.config.ts).
test.use({ baseURL: ADMIN_URL });

/**
 * Products Management (/admin/products; the spec's /admin/addNewProduct and /admin/products/{categoryId})
 * where only a browser can tell: one journey through the screen and its dialog, where a failed save takes
 * the focus, axe's scans of each state, and the public page a product's key figures appear on. What the
 * screen shows and sends (filters in the URL, the dialog's rules, prices, key figures in any unit, failures)
 * is tests/screen/admin-products.test.tsx's.
 */

interface CategoryData {
  _id: string;
  name: string;
  subcategories: { _id: string; name: string }[];
}
interface ProductData {
  _id: string;
  name: string;
  slug: string;
  categoryId: { slug: string };
}

async function createCategory(base: string, name: string, subcategories: string[] = []): Promise<CategoryData> {
  const answer = await apiCall<{ data: CategoryData }>(base, "POST", "/api/category", {
    name,
    subcategories: subcategories.map((s) => ({ name: s })),
  });
  return answer.data;
}

/** Deletes a category a test made, with the products left in it. */
async function removeCategory(base: string, category: CategoryData): Promise<void> {
  const left = await apiCall<{ data: ProductData[] }>(base, "GET", `/api/product?categoryId=${category._id}`);
  for (const p of left.data) await apiCall(base, "DELETE", `/api/product/${p._id}`);
  await apiCall(base, "DELETE", `/api/category/${category._id}`);
}

const row = (page: Page, name: string) => page.locator(`[data-product="${name}"]`);
const dialogOf = (page: Page) => page.getByRole("dialog");

async function fillRequired(dialog: Locator, name: string) {
  await dialog.getByLabel("Name", { exact: true }).fill(name);
  await dialog.getByLabel("Short description").fill("A compact test compressor.");
  await dialog.getByLabel("Price (₹)").fill("125000");
  await dialog.getByLabel("Full description").fill("A compact test compressor for the browser tests.");
}

test.describe("Products Management", () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await signIn(page, baseURL!);
  });

  test(
    "a product's way through the screen: /admin/addNewProduct opens the dialog, added with its images, edited, deleted; no axe violations",
    { tag: ["@journey", "@a11y"] },
    async ({ page, baseURL }, testInfo) => {
      const problems = watchErrors(page);
      const category = await createCategory(baseURL!, unique(testInfo, "Journey category"), ["Alpha", "Beta"]);
      const name = unique(testInfo, "Journey product");
      try {
        await page.goto("/admin/products");
        await expect(page.getByRole("heading", { level: 1, name: "Products Management" })).toBeVisible();
        await expect(row(page, "PN-RS 15 Rotary Screw Compressor")).toBeVisible();
        await expectNoA11yViolations(page);

        // The old address: the server redirects, the screen opens the dialog and tidies the URL.
        await page.goto("/admin/addNewProduct");
        await expect(page).toHaveURL(/\/admin\/products$/);
        const dialog = dialogOf(page);
        await expect(dialog.getByRole("heading", { name: "Add Product" })).toBeVisible();
        await expectNoA11yViolations(page);
        await dialog.getByLabel("Category", { exact: true }).selectOption(category._id);
        await dialog.getByLabel("Subcategory").selectOption({ label: "Alpha" });
        await fillRequired(dialog, name);
        await dialog.locator("input[type=file]").first().setInputFiles(pngFile());
        await dialog.getByLabel("Alt text").first().fill("The compressor, front view");
        await dialog.locator("input[type=file][multiple]").setInputFiles(pngFile("side.png"));
        await dialog
          .getByRole("group", { name: "Image 1 of additional images" })
          .getByLabel("Alt text")
          .fill("The compressor, side view");
        await dialog.getByRole("button", { name: "Add Product" }).click();
        await expect(toasts(page)).toContainText("Product added successfully!");
        await expect(dialog).toBeHidden();
        await page.getByLabel("Category", { exact: true }).selectOption(category._id);
        await expect(row(page, name).locator("[data-price]")).toHaveText("₹1,25,000");
        await expect(row(page, name)).toContainText(`${category.name} › Alpha`);
        // The uploaded main image is served and drawn on its row.
        const image = row(page, name).locator("img");
        await expect(image).toHaveJSProperty("complete", true);
        expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

        // The edit dialog, pre-filled, with a key figure typed in another unit.
        await row(page, name)
          .getByRole("button", { name: `Edit ${name}` })
          .click();
        await expect(dialog.getByRole("heading", { name: "Edit Product" })).toBeVisible();
        await expect(dialog.getByLabel("Name", { exact: true })).toHaveValue(name);
        await expect(dialog.getByRole("img", { name: "Additional image 1" })).toBeVisible();
        await dialog.getByLabel("Free air delivery", { exact: true }).fill("35-128");
        await dialog.getByLabel("Free air delivery unit").selectOption("cfm");
        await expect(dialog.getByText("Saved as 0.991–3.62 m³/min (35–128 CFM)")).toBeVisible();
        await expectNoA11yViolations(page);
        await dialog.getByRole("button", { name: "Cancel" }).click();
        await expect(dialog).toBeHidden();

        await row(page, name)
          .getByRole("button", { name: `Delete ${name}` })
          .click();
        await page.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();
        await expect(toasts(page)).toContainText("Product deleted successfully!");
        await expect(row(page, name)).toHaveCount(0);
        // Console errors include the Content Security Policy's refusals, which only a browser reports.
        expect(problems).toEqual([]);
      } finally {
        await removeCategory(baseURL!, category);
      }
    },
  );

  test(
    "a failed Add Product scrolls to and focuses the first field in error and says how many need attention",
    { tag: ["@phone", "@focus"] },
    async ({ page, baseURL }, testInfo) => {
      const category = await createCategory(baseURL!, unique(testInfo, "Attention category"));
      try {
        await page.goto("/admin/addNewProduct");
        const dialog = dialogOf(page);
        await dialog.getByLabel("Category", { exact: true }).selectOption(category._id);
        await fillRequired(dialog, unique(testInfo, "Attention product"));
        await dialog.locator("input[type=file]").first().setInputFiles(pngFile());
        await dialog.getByLabel("Alt text").first().fill("The compressor, front view");
        await dialog.getByLabel("Feature name 1").fill("Drive");
        await dialog.getByLabel("Feature value 1").fill("Direct");
        // "Add Product did nothing": a specification value without its name, far below the top of the dialog.
        await dialog.getByLabel("Specification value 1").fill("8 bar");
        await dialog.getByLabel("Name", { exact: true }).focus();
        const specName = dialog.getByLabel("Specification name 1");
        await expect(specName).not.toBeInViewport();
        const add = dialog.getByRole("button", { name: "Add Product" });
        await add.click();
        await expect(specName).toBeFocused();
        await expect(specName).toBeInViewport();
        await expect(dialog.getByText("1 field needs attention", { exact: true })).toBeInViewport();

        // Two fields: the first in the form's order gets the focus (the counting: the screen tests).
        await dialog.getByLabel("Short description").fill("");
        await add.click();
        await expect(dialog.getByLabel("Short description")).toBeFocused();
        await expect(dialog.getByLabel("Short description")).toBeInViewport();
        await expect(add).toHaveAccessibleDescription("2 fields need attention");
      } finally {
        await removeCategory(baseURL!, category);
      }
    },
  );
});

test("the list's empty and failed states: no axe violations", { tag: "@a11y" }, async ({ page }) => {
  await signIn(page, EMPTY_URL);
  await page.goto(`${EMPTY_URL}/admin/products`);
  await expect(page.getByText("No products found matching the selected filters.", { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.route("**/api/product?*", (route) => route.abort());
  await page.reload();
  await expect(page.getByRole("alert")).toHaveText(/Failed to fetch products\. Please try again later\./);
  await expectNoA11yViolations(page);
});

test(
  "a product's key figures on its public page, in metric with imperial beside them",
  { tag: "@html" },
  async ({ request, baseURL }, testInfo) => {
    const category = await createCategory(baseURL!, unique(testInfo, "Figures category"));
    try {
      // The canonical values the product dialog stores for what tests/screen/admin-products.test.tsx types.
      const fields = {
        categoryId: category._id,
        name: unique(testInfo, "Figures product"),
        shortDescription: "Fixture",
        fullDescription: "Fixture product",
        freeAirDelivery: "0.99109-3.62456",
        maxPressure: "7.5",
        motorPower: "22.371",
        weight: "1150",
        compressorType: "rotary-screw",
        drive: "variable-speed",
      };
      const made = await apiCall<{ data: ProductData }>(baseURL!, "POST", "/api/product", formWithImage(fields, "mainImage"));
      const product = await apiCall<ProductData>(baseURL!, "GET", `/api/product/${made.data._id}`);
      const { status, document } = await readPage(request, `/products/${product.categoryId.slug}/${product.slug}`);
      expect(status).toBe(200);
      const figures = [...document.querySelectorAll("[data-key-figures] dt")].map(
        (dt) => `${textOf(dt)}: ${textOf(dt.nextElementSibling)}`,
      );
      // In the declaration's order; the figures not given (cooling, lubrication …) are left out.
      expect(figures).toEqual([
        "Compressor type: Rotary screw",
        "Free air delivery: 0.991–3.62 m³/min (35–128 CFM)",
        "Maximum working pressure: 7.5 bar (109 psi)",
        "Motor power: 22.4 kW (30 HP)",
        "Weight: 1,150 kg (2,535 lb)",
        "Drive: Variable speed (VSD)",
      ]);
    } finally {
      await removeCategory(baseURL!, category);
    }
  },
);
