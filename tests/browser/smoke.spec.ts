import { expect, test } from "@playwright/test";
import { expectEnhanced, expectNoA11yViolations, watchErrors } from "./support";

test("the home page renders from the server and runs without errors or CSP violations", { tag: "@journey" }, async ({ page }) => {
  const problems = watchErrors(page);
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("link", { name: "Pneuma Air Systems home" })).toBeVisible();
  await expectEnhanced(page);
  expect(problems).toEqual([]);
});

test("an unknown path shows the designed not-found page with status 404", { tag: ["@journey", "@a11y"] }, async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await expect(page.getByRole("link", { name: "Back to the home page" })).toBeVisible();
  await expectNoA11yViolations(page);
});
