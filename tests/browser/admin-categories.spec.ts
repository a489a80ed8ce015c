import { expect, type Page, test } from "@playwright/test";
import { apiCall, formWithImage, pngFile, signIn, toasts, unique } from "./admin-support";
import { ADMIN_URL, EMPTY_URL, expectNoA11yViolations, watchErrors } from "./support";

// Admin tests change data: they run on their own demo server (see playwright.config.ts).
test.use({ baseURL: ADMIN_URL });

/** Categories Management (/admin/categories; the spec's /admin/productscategories). */

interface CategoryAnswer {
  data: { _id: string; name: string; subcategories: { _id: string; name: string }[] };
}

const card = (page: Page, name: string) => page.locator(`[data-category="${name}"]`);

async function createCategory(base: string, name: string, subcategories: string[] = []) {
  const answer = await apiCall<CategoryAnswer>(base, "POST", "/api/category", {
    name,
    description: "Fixture category",
    subcategories: subcategories.map((s) => ({ name: s })),
  });
  return answer.data;
}

async function createProduct(base: string, categoryId: string, name: string, subcategoryId = "") {
  const form = formWithImage(
    {
      categoryId,
      subcategoryId,
      name,
      shortDescription: "Fixture",
      fullDescription: "Fixture product",
      price: "1000",
    },
    "mainImage",
  );
  return (await apiCall<{ data: { _id: string } }>(base, "POST", "/api/product", form)).data;
}

test.describe("Categories Management", () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await signIn(page, baseURL!);
  });

  test(
    "add with features and subcategories, edit them pre-filled, View Products, delete",
    { tag: ["@journey", "@a11y"] },
    async ({ page, baseURL }, testInfo) => {
      const problems = watchErrors(page);
      const name = unique(testInfo, "Category");
      await page.goto("/admin/productscategories");
      await expect(page).toHaveURL(/\/admin\/categories$/);
      await expect(page.getByRole("heading", { level: 1, name: "Categories Management" })).toBeVisible();
      await expectNoA11yViolations(page);

      await page.getByRole("button", { name: "+ Add Category" }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByRole("heading", { name: "Add Category" })).toBeVisible();
      await dialog.getByLabel("Name", { exact: true }).fill(name);
      await dialog.getByLabel("Description", { exact: true }).fill("Compressors for the test bench.");

      // A feature needs a name before it can be added.
      await dialog.getByLabel("Feature description (optional)").fill("Only a description");
      await dialog.getByRole("button", { name: "Add Feature" }).click();
      await expect(dialog.getByText("Please enter a feature name")).toBeVisible();
      await expect(dialog.getByLabel("Feature name")).toHaveAttribute("aria-invalid", "true");
      await expect(dialog.getByRole("list", { name: "Features" })).toHaveCount(0);
      await dialog.getByLabel("Feature name").fill("Quiet");
      await dialog.getByRole("button", { name: "Add Feature" }).click();
      await dialog.getByLabel("Feature name").fill("Compact");
      await dialog.getByLabel("Feature name").press("Enter");
      await expect(dialog.getByRole("list", { name: "Features" }).getByRole("listitem")).toHaveCount(2);
      await expect(dialog.getByText("Please enter a feature name")).toBeHidden();

      for (const [i, sub] of ["Small", "Medium", "Large"].entries()) {
        await dialog.getByRole("button", { name: "+ Add Subcategory" }).click();
        await dialog.getByLabel(`Subcategory name ${i + 1}`).fill(sub);
      }
      await dialog.locator("input[type=file]").setInputFiles(pngFile());
      await expect(dialog.getByRole("img", { name: "Preview of photo.png" })).toBeVisible();
      await dialog.getByLabel("Alt text").fill("Three receivers side by side");
      await expectNoA11yViolations(page);
      await dialog.getByRole("button", { name: "Add Category" }).click();
      await expect(toasts(page)).toContainText("Category added successfully!");
      await expect(dialog).toBeHidden();
      const created = card(page, name);
      await expect(created.getByRole("heading", { level: 2, name })).toBeVisible();
      await expect(created).toContainText("Quiet — Only a description");
      await expect(created.getByRole("list", { name: `Subcategories of ${name}` }).getByRole("listitem")).toHaveText([
        "Small",
        "Medium",
        "Large",
      ]);

      // Edit: pre-filled; rename one subcategory, remove one, add one.
      await created.getByRole("button", { name: `Edit ${name}` }).click();
      await expect(dialog.getByRole("heading", { name: "Edit Category" })).toBeVisible();
      await expect(dialog.getByLabel("Name", { exact: true })).toHaveValue(name);
      await expect(dialog.getByLabel("Description", { exact: true })).toHaveValue("Compressors for the test bench.");
      await expect(dialog.getByRole("img", { name: "Current image" })).toBeVisible();
      await expect(dialog.getByLabel("Subcategory name 2")).toHaveValue("Medium");
      await dialog.getByLabel("Subcategory name 1").fill("Mini");
      await dialog.getByRole("button", { name: "Remove subcategory 2" }).click();
      await dialog.getByRole("button", { name: "+ Add Subcategory" }).click();
      await dialog.getByLabel("Subcategory name 3").fill("Extra Large");
      await dialog.getByRole("button", { name: "Remove feature Compact" }).click();
      await dialog.getByRole("button", { name: "Save Changes" }).click();
      await expect(toasts(page)).toContainText("Category updated successfully!");
      await expect(created.getByRole("list", { name: `Subcategories of ${name}` }).getByRole("listitem")).toHaveText([
        "Mini",
        "Large",
        "Extra Large",
      ]);
      await expect(created).not.toContainText("Compact");

      // The renamed subcategory kept its id (products using it stay attached).
      const all = await apiCall<{ data: CategoryAnswer["data"][] }>(baseURL!, "GET", "/api/category");
      const saved = all.data.find((c) => c.name === name)!;
      expect(saved.subcategories.map((s) => s.name)).toEqual(["Mini", "Large", "Extra Large"]);

      // View Products opens the filtered product list.
      await created.getByRole("link", { name: `View Products of ${name}` }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/products\\?category=${saved._id}$`));
      await expect(page.getByLabel("Category", { exact: true })).toHaveValue(saved._id);
      await expect(page.getByText("No products found matching the selected filters.")).toBeVisible();
      await page.goBack();

      // Delete asks first.
      await card(page, name)
        .getByRole("button", { name: `Delete ${name}` })
        .click();
      const confirm = page.getByRole("alertdialog");
      await expect(confirm).toContainText("Are you sure you want to delete this category?");
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await expect(card(page, name)).toBeVisible();
      await card(page, name)
        .getByRole("button", { name: `Delete ${name}` })
        .click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();
      await expect(toasts(page)).toContainText("Category deleted successfully!");
      await expect(card(page, name)).toHaveCount(0);
      expect(problems).toEqual([]);
    },
  );

  test(
    "the server's 409 messages: deleting a category with products, removing a used subcategory",
    { tag: "@journey" },
    async ({ page, baseURL }, testInfo) => {
      const name = unique(testInfo, "Busy category");
      const category = await createCategory(baseURL!, name, ["Used", "Spare"]);
      const used = category.subcategories.find((s) => s.name === "Used")!;
      const product = await createProduct(baseURL!, category._id, unique(testInfo, "Busy product"), used._id);
      try {
        await page.goto("/admin/categories");
        await card(page, name)
          .getByRole("button", { name: `Delete ${name}` })
          .click();
        await page.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();
        await expect(toasts(page)).toContainText("Cannot delete this category: 1 product belongs to it.");
        await expect(card(page, name)).toBeVisible();

        await card(page, name)
          .getByRole("button", { name: `Edit ${name}` })
          .click();
        const dialog = page.getByRole("dialog");
        await dialog.getByRole("button", { name: "Remove subcategory 1" }).click();
        await dialog.getByRole("button", { name: "Save Changes" }).click();
        await expect(dialog.getByRole("alert")).toContainText('Cannot remove the subcategory "Used": 1 product uses it.');
        await expect(dialog).toBeVisible();
        // A blank subcategory name is caught before sending.
        await dialog.getByRole("button", { name: "+ Add Subcategory" }).click();
        await dialog.getByRole("button", { name: "Save Changes" }).click();
        await expect(dialog.getByRole("alert")).toContainText("Every subcategory needs a name");
        await dialog.getByLabel("Name", { exact: true }).fill("");
        await dialog.getByRole("button", { name: "Save Changes" }).click();
        await expect(dialog.getByRole("alert")).toContainText("Please enter a category name");
        await expect(dialog.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
      } finally {
        await apiCall(baseURL!, "DELETE", `/api/product/${product._id}`);
        await apiCall(baseURL!, "DELETE", `/api/category/${category._id}`);
      }
    },
  );

  test("an empty database shows the SPEC §8 empty text", { tag: ["@journey", "@a11y"] }, async ({ page }) => {
    await signIn(page, EMPTY_URL);
    await page.goto(`${EMPTY_URL}/admin/categories`);
    await expect(page.getByText("No categories found. Add your first category.", { exact: true })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test("a list that cannot be fetched shows Failed to fetch categories", { tag: "@journey" }, async ({ page }) => {
    await page.route("**/api/category", (route) => route.fulfill({ status: 500, body: "{}" }));
    await page.goto("/admin/categories");
    await expect(page.getByRole("alert")).toContainText("Failed to fetch categories");
  });
});
