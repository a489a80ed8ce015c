import { expect, test } from "@playwright/test";

/** The one image component: responsive copies with their size, and a placeholder when an image fails. */

test("uploaded images carry width, height, srcset and sizes; the first banner loads eagerly", { tag: "@layout" }, async ({
  page,
}) => {
  await page.goto("/");
  const first = page.locator('[aria-roledescription="slide"]').first().locator("img");
  await expect(first).toHaveAttribute("loading", "eager");
  await expect(first).toHaveAttribute("fetchpriority", "high");
  const src = (await first.getAttribute("src")) ?? "";
  const [, w, h] = /\.(\d+)x(\d+)\.webp$/.exec(src) ?? [];
  await expect(first).toHaveAttribute("width", w!);
  await expect(first).toHaveAttribute("height", h!);
  await expect(first).toHaveAttribute("srcset", /w320\.webp 320w/);
  await expect(first).toHaveAttribute("sizes", /.+/);
});

test("an image that fails to load is replaced by the local placeholder", { tag: "@layout" }, async ({ page }) => {
  // Every uploaded image fails: as if the file had gone missing from the disk.
  await page.route("**/uploads/**", (route) => route.fulfill({ status: 404, body: "missing" }));
  await page.goto("/services");
  const images = page.locator("main img");
  await expect(images.first()).toHaveAttribute("src", "/images/placeholder.svg");
  const count = await images.count();
  for (let i = 0; i < count; i++) {
    await images.nth(i).scrollIntoViewIfNeeded();
    await expect(images.nth(i)).toHaveAttribute("src", "/images/placeholder.svg");
  }
});
