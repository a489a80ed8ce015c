import { expect, type Page, test } from "@playwright/test";
import { ALT_TEXT_REQUIRED } from "../../shared/content/alt-text";
import { apiCall, pngFile, signIn, toasts, unique } from "./admin-support";
import { ADMIN_URL, expectNoA11yViolations, expectNoHorizontalScroll } from "./support";

// Admin tests change data: they run on their own demo server (see playwright.config.ts).
test.use({ baseURL: ADMIN_URL });

/**
 * Every image has an alt text (issue 31): the upload control shows the alt text box beside the image and a
 * "Decorative image (no description)" mark; the text may stay empty only when the image is marked. The
 * banner's dialog stands for every list type's (they share the control); the product's additional images
 * each carry their own.
 */

interface Banner {
  _id: string;
  title: string;
  imageAlt: string;
  imageDecorative: boolean;
}

const dialogOf = (page: Page) => page.getByRole("dialog");

async function addBannerDialog(page: Page) {
  await page.goto("/admin/banner");
  await page.getByRole("button", { name: "Add Banner" }).click();
  const dialog = dialogOf(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

test.beforeEach(async ({ page, baseURL }) => {
  await signIn(page, baseURL!);
});

test(
  "the upload control asks for the image's alt text, or the decorative mark",
  { tag: ["@journey", "@a11y"] },
  async ({ page, baseURL }, testInfo) => {
    const title = unique(testInfo, "Alt banner");
    const dialog = await addBannerDialog(page);
    const alt = dialog.getByLabel("Alt text");
    const decorative = dialog.getByLabel("Decorative image (no description)");
    // No image yet: nothing to describe.
    await expect(alt).toHaveCount(0);
    await dialog.getByLabel("Title").fill(title);
    await dialog.locator("input[type=file]").setInputFiles(pngFile());
    await expect(alt).toBeVisible();
    await expect(alt).toHaveAttribute("aria-required", "true");
    await dialog.getByRole("button", { name: "Add Banner" }).click();
    await expect(dialog.getByRole("alert")).toContainText(ALT_TEXT_REQUIRED);
    await expect(alt).toHaveAttribute("aria-invalid", "true");
    await expect(alt).toHaveAccessibleDescription(new RegExp(ALT_TEXT_REQUIRED));
    await expectNoA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath("alt-text-dialog-1440.png") });

    // Marked decorative: no text asked for, and it saves.
    await decorative.check();
    await expect(alt).toHaveCount(0);
    await dialog.getByRole("button", { name: "Add Banner" }).click();
    await expect(toasts(page)).toContainText("Banner added successfully!");
    const saved = (await apiCall<Banner[]>(baseURL!, "GET", "/api/banner")).find((b) => b.title === title)!;
    expect(saved).toMatchObject({ imageAlt: "", imageDecorative: true });
    // The home page's slide: a decorative picture has an empty alt.
    const slideImage = page.locator('[aria-roledescription="slide"]', { hasText: title }).locator("img");
    await page.goto("/");
    await expect(slideImage).toHaveAttribute("alt", "");

    // Edited: described instead, and the home page says so.
    await page.goto("/admin/banner");
    await page.getByRole("button", { name: `Edit ${title}` }).click();
    await expect(dialog.getByLabel("Decorative image (no description)")).toBeChecked();
    await dialog.getByLabel("Decorative image (no description)").uncheck();
    await dialog.getByLabel("Alt text").fill("A screw compressor in a clean plant room");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(toasts(page)).toContainText("Banner updated successfully!");
    const edited = await apiCall<Banner>(baseURL!, "GET", `/api/banner/${saved._id}`);
    expect(edited).toMatchObject({ imageAlt: "A screw compressor in a clean plant room", imageDecorative: false });
    await page.goto("/");
    await expect(slideImage).toHaveAttribute("alt", "A screw compressor in a clean plant room");
    await apiCall(baseURL!, "DELETE", `/api/banner/${saved._id}`);
  },
);

test(
  "a product's additional images each keep their alt text, also when one is removed",
  { tag: "@journey" },
  async ({ page, baseURL }, testInfo) => {
    const name = unique(testInfo, "Alt product");
    const { data: category } = await apiCall<{ data: { _id: string } }>(baseURL!, "POST", "/api/category", {
      name: unique(testInfo, "Alt category"),
    });
    const { data: product } = await apiCall<{ data: { _id: string } }>(baseURL!, "POST", "/api/product", {
      categoryId: category._id,
      name,
      shortDescription: "Short.",
      fullDescription: "Long.",
      price: 1000,
      mainImage: "https://example.com/main.jpg",
      additionalImages: ["https://example.com/a.jpg", "https://example.com/b.jpg"],
      additionalImagesAlt: ["First side", "Second side"],
    });
    await page.goto("/admin/products");
    await page.getByRole("button", { name: `Edit ${name}` }).click();
    const dialog = dialogOf(page);
    const first = dialog.getByRole("group", { name: "Image 1 of additional images" });
    await expect(first.getByLabel("Alt text")).toHaveValue("First side");
    await expect(dialog.getByRole("group", { name: "Image 2 of additional images" }).getByLabel("Alt text")).toHaveValue(
      "Second side",
    );
    await first.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`product-images-${page.viewportSize()!.width}.png`) });
    await dialog.getByRole("button", { name: "Remove additional image 1" }).click();
    await expect(first.getByLabel("Alt text")).toHaveValue("Second side");
    await first.getByLabel("Alt text").fill("");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(first.getByText(ALT_TEXT_REQUIRED)).toBeVisible();
    await first.getByLabel("Alt text").fill("The other side, with the drain valve");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(toasts(page)).toContainText("Product updated successfully!");
    const saved = await apiCall<{ additionalImages: string[]; additionalImagesAlt: string[] }>(
      baseURL!,
      "GET",
      `/api/product/${product._id}`,
    );
    expect(saved).toMatchObject({
      additionalImages: ["https://example.com/b.jpg"],
      additionalImagesAlt: ["The other side, with the drain valve"],
    });
    await apiCall(baseURL!, "DELETE", `/api/product/${product._id}`);
    await apiCall(baseURL!, "DELETE", `/api/category/${category._id}`);
  },
);

test(
  "the alt text box sits beside the image, under it on a phone",
  { tag: ["@phone", "@layout"] },
  async ({ page }, testInfo) => {
    const dialog = await addBannerDialog(page);
    await dialog.locator("input[type=file]").setInputFiles(pngFile());
    const alt = dialog.getByLabel("Alt text");
    await expect(alt).toBeVisible();
    await expect(dialog.getByLabel("Decorative image (no description)")).toBeVisible();
    const image = (await dialog.getByRole("img", { name: "Preview of photo.png" }).boundingBox())!;
    const box = (await alt.boundingBox())!;
    const width = page.viewportSize()!.width;
    if (width < 640) expect(box.y).toBeGreaterThanOrEqual(image.y + image.height);
    else expect(box.x).toBeGreaterThanOrEqual(image.x + image.width);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: testInfo.outputPath(`alt-text-dialog-${width}.png`) });
  },
);
