import { type APIRequestContext, expect, type Locator, type Page, type Route, test } from "@playwright/test";
import type { Contact } from "../../shared/schemas/contact";
import { ADMIN, expectEnhanced, expectNoA11yViolations, expectNoHorizontalScroll, watchErrors } from "./support";

/** The quote request page (/quote) and the product page's "Request a Quote". */

const RC5 = { slug: "pn-rc-5-two-stage-reciprocating-compressor", name: "PN-RC 5 Two-Stage Reciprocating Compressor" };
const RC5_PAGE = `/products/reciprocating-air-compressors/${RC5.slug}`;
const RS37 = { slug: "pn-rs-37-rotary-screw-compressor", name: "PN-RS 37 Rotary Screw Compressor" };
const RS15 = { slug: "pn-rs-15-rotary-screw-compressor", name: "PN-RS 15 Rotary Screw Compressor" };
const DRYER = { slug: "pn-rd-100-refrigerated-air-dryer", name: "PN-RD 100 Refrigerated Air Dryer" };

const THANK_YOU =
  /^Thank you! Your quote request (Q-\d{4}-\d{5}) has reached our sales team\. We'll reply within one working day\.$/;
const SEND = "Send Quote Request";

/**
 * Routes the form's post (the enhancement script's POST /quote) to `handler`; every other request to
 * the page (loading it) goes on as usual.
 */
function onFormPost(page: Page, handler: (route: Route) => Promise<void> | void) {
  return page.route(
    (url) => url.pathname === "/quote",
    (route) => (route.request().method() === "POST" ? handler(route) : route.fallback()),
  );
}

/** A company name nobody else uses, so a test finds its own request among everything stored. */
const uniqueCompany = (label: string) => `${label} ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

const textbox = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });
const items = (page: Page) => page.getByTestId("quote-item");
const item = (page: Page, name: string) => items(page).filter({ hasText: name });
const quantity = (page: Page, name: string) => page.getByRole("spinbutton", { name: `Quantity of ${name}` });
const removeButton = (page: Page, name: string) => page.getByRole("button", { name: `Remove ${name}` });
/** An input with a datalist is a combobox. */
const addModel = (page: Page) => page.getByRole("combobox", { name: "Add a model", exact: true });

const MESSAGE = "Delivery to Tiruppur, please.";

async function fillDetails(page: Page, company: string, overrides: Partial<Record<string, string>> = {}) {
  const values: Record<string, string> = {
    Name: "Lakshmi Narayanan",
    Email: "lakshmi@example.com",
    "Phone (optional)": "+91 98430 12345",
    "Company (optional)": company,
    "Required air flow (optional)": "250 CFM",
    "Working pressure (optional)": "7.5 bar",
    "Application (optional)": "Textile mill, air-jet looms",
    "Message (optional)": MESSAGE,
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) await textbox(page, label).fill(value);
  await page.getByRole("spinbutton", { name: "Running hours per day (optional)" }).fill("16");
}

/** The reference in the success text (which must be exactly the quote thank-you text). */
async function successReference(page: Page): Promise<string> {
  const success = page.getByTestId("quote-success");
  await expect(success).toHaveText(THANK_YOU);
  const text = (await success.textContent()) ?? "";
  const reference = THANK_YOU.exec(text)?.[1] ?? "";
  expect(reference).toMatch(/^Q-\d{4}-\d{5}$/);
  return reference;
}

async function storedQuotes(request: APIRequestContext, q: string): Promise<Contact[]> {
  const login = await request.post("/api/auth/login", { data: ADMIN });
  expect(login.status()).toBe(200);
  const { token } = await login.json();
  const res = await request.get(`/api/contacts?type=quote&q=${encodeURIComponent(q)}`, { headers: { "x-auth-token": token } });
  expect(res.status()).toBe(200);
  return res.json();
}

const storedItems = (c: Contact) => c.items.map((i) => ({ slug: i.product.slug, quantity: i.quantity }));

const receipt = (page: Page) => page.locator("[data-quote-receipt]");

/**
 * After Send (issue 30): the receipt stands where the form was, with nothing that sends again, and shows
 * the reference, every product and quantity, the sizing and contact details given, and by when we reply.
 */
async function expectReceipt(page: Page, reference: string, products: [name: string, quantity: number][]) {
  await expect(receipt(page).getByRole("heading", { name: "Quote request sent" })).toBeVisible();
  await expect(receipt(page).getByTestId("quote-reference")).toHaveText(reference);
  // The receipt says what happens next, with its date; the form's general steps beside it step aside.
  await expect(page.locator("[data-quote-steps]")).toBeHidden();
  const rows = receipt(page).getByTestId("quote-receipt-items").locator("tbody tr");
  await expect(rows).toHaveText(products.map(([name, quantity]) => new RegExp(`^${name}\\s*${quantity}$`)));
  for (const [label, value] of [
    ["Required air flow", "250 CFM"],
    ["Working pressure", "7.5 bar"],
    ["Running hours per day", "16"],
    ["Application", "Textile mill, air-jet looms"],
    ["Name", "Lakshmi Narayanan"],
    ["Email", "lakshmi@example.com"],
    ["Phone", "+91 98430 12345"],
    ["Message", MESSAGE],
  ] as const) {
    const fact = receipt(page)
      .locator("dl > div")
      .filter({ has: page.locator("dt").getByText(label, { exact: true }) });
    await expect(fact.locator("dd"), label).toHaveText(value);
  }
  await expect(receipt(page).getByTestId("quote-reply-by")).toHaveText(
    /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday) \d{1,2} [A-Z][a-z]+$/,
  );
  await expect(
    receipt(page)
      .getByText(/one working day/)
      .first(),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: SEND })).toHaveCount(0);
  await expect(textbox(page, "Name")).toHaveCount(0);
  await expect(items(page)).toHaveCount(0);
}

/**
 * The receipt's heading is where the reader is (issue 45): it has focus (with JavaScript), and it is in the
 * window, not under the sticky header: the point at its middle is the heading itself.
 */
async function expectReceiptInView(page: Page, focused: boolean) {
  const heading = receipt(page).getByRole("heading", { name: "Quote request sent" });
  if (focused) {
    await expect(heading).toBeFocused();
    expect(await page.evaluate(() => document.activeElement?.closest("[data-quote-receipt]") !== null)).toBe(true);
  }
  await expect(heading).toBeInViewport({ ratio: 1 });
  await expect(receipt(page).getByTestId("quote-reference")).toBeInViewport({ ratio: 1 });
  await expect
    .poll(() =>
      heading.evaluate((h) => {
        const box = h.getBoundingClientRect();
        return h.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
      }),
    )
    .toBe(true);
}

/** Lets a value past the browser's own checks, so the server has to catch it. */
async function dropBrowserChecks(input: Locator) {
  await input.evaluate((el) => {
    for (const attr of ["type", "required", "min", "max"]) el.removeAttribute(attr);
  });
}

test.describe("quote request with JavaScript", () => {
  test("Request a Quote on a product page lists the product; sending stores it with the quantity and shows the reference", {
    tag: "@journey",
  }, async ({ page, request }) => {
    const problems = watchErrors(page);
    const product = await (await request.get(`/api/product/${RC5.slug}`)).json();
    await page.goto(RC5_PAGE);
    await expectEnhanced(page);
    const link = page.getByRole("link", { name: "Request a Quote" });
    await expect(link).toHaveAttribute("href", `/quote?product=${RC5.slug}`);
    await link.click();
    await expect(page).toHaveURL(`/quote?product=${RC5.slug}`);
    await expect(page).toHaveTitle(/^Request a Quote \| /);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expectEnhanced(page);

    await expect(items(page)).toHaveCount(1);
    const row = item(page, RC5.name);
    await expect(row.getByTestId("quote-item-name")).toHaveText(RC5.name);
    await expect(row.locator("img")).toHaveAttribute("src", product.mainImage);
    await expect(row.locator("img")).toBeVisible();
    await expect(quantity(page, RC5.name)).toHaveValue("1");

    const company = uniqueCompany("Sri Murugan Mills");
    await fillDetails(page, company);
    await quantity(page, RC5.name).fill("3");
    await page.getByRole("button", { name: SEND }).click();
    const reference = await successReference(page);

    const [stored, ...others] = await storedQuotes(request, reference);
    expect(others).toHaveLength(0);
    expect(stored).toMatchObject({
      type: "quote",
      reference,
      name: "Lakshmi Narayanan",
      email: "lakshmi@example.com",
      phone: "+91 98430 12345",
      company,
      message: "Delivery to Tiruppur, please.",
      details: { flow: "250 CFM", pressure: "7.5 bar", hoursPerDay: 16, application: "Textile mill, air-jet looms" },
      status: "new",
    });
    expect(storedItems(stored!)).toEqual([{ slug: RC5.slug, quantity: 3 }]);

    // The receipt takes the form's place (issue 30: the form came back filled, inviting a second send).
    await expectReceipt(page, reference, [[RC5.name, 3]]);
    await expect(receipt(page).getByText(company)).toBeVisible();
    await expect(receipt(page).getByRole("link", { name: RC5.name })).toHaveAttribute("href", RC5_PAGE);
    expect(problems).toEqual([]);
  });

  test("two products: the receipt lists both with their quantities, nothing can be sent twice, and Print prints", {
    tag: ["@journey", "@a11y"],
  }, async ({ page, request }) => {
    const problems = watchErrors(page);
    await page.goto(`/quote?product=${RC5.slug}`);
    await expectEnhanced(page);
    await addModel(page).fill(RS37.name);
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(items(page)).toHaveCount(2);
    await quantity(page, RC5.name).fill("2");
    await quantity(page, RS37.name).fill("3");
    const company = uniqueCompany("Two products");
    await fillDetails(page, company);
    await page.getByRole("button", { name: SEND }).click();
    const reference = await successReference(page);
    await expectReceipt(page, reference, [
      [RC5.name, 2],
      [RS37.name, 3],
    ]);
    expect(storedItems((await storedQuotes(request, company))[0]!)).toEqual([
      { slug: RC5.slug, quantity: 2 },
      { slug: RS37.slug, quantity: 3 },
    ]);
    // The heading takes the focus the Send button had.
    await expect(receipt(page).getByRole("heading", { name: "Quote request sent" })).toBeFocused();

    await page.evaluate(() => {
      window.print = () => document.documentElement.setAttribute("data-printed", "true");
    });
    await receipt(page).getByRole("button", { name: "Print" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-printed", "true");
    await expect(receipt(page).getByText(/browser's Print command/)).toBeHidden();
    await expectNoA11yViolations(page);
    expect(problems).toEqual([]);
  });

  test("the receipt fits a phone", { tag: "@phone" }, async ({ page }) => {
    await page.goto(`/quote?product=${RC5.slug}&product=${RS37.slug}`);
    await expectEnhanced(page);
    await fillDetails(page, uniqueCompany("Phone receipt"));
    await page.getByRole("button", { name: SEND }).click();
    const reference = await successReference(page);
    await expectReceipt(page, reference, [
      [RC5.name, 1],
      [RS37.name, 1],
    ]);
    await expectNoHorizontalScroll(page);
    await expectNoA11yViolations(page);
  });

  test("after Send Quote Request the receipt has focus and is in view, on a phone and a desktop", {
    tag: ["@phone", "@layout", "@focus"],
  }, async ({ page }) => {
    const problems = watchErrors(page);
    await page.goto(`/quote?product=${RC5.slug}&product=${RS37.slug}`);
    await expectEnhanced(page);
    await fillDetails(page, uniqueCompany("Receipt in view"));
    // Send is far below the form's top (a screen or two on a phone): the receipt replaces the form up there.
    await page.getByRole("button", { name: SEND }).click();
    await successReference(page);
    await expectReceiptInView(page, true);
    expect(problems).toEqual([]);
  });

  test("the contact form's thank-you has focus and is in view, and gives focus to the form's heading when it goes", {
    tag: ["@phone", "@layout", "@focus"],
  }, async ({ page }) => {
    await page.clock.install();
    await page.goto("/contact");
    await expectEnhanced(page);
    for (const [label, value] of [
      ["Name", "Lakshmi Narayanan"],
      ["Email", "lakshmi@example.com"],
      ["Subject", uniqueCompany("Thank-you in view")],
      ["Message", "Do you service PN-RS 37 compressors?"],
    ]) {
      await page.getByRole("textbox", { name: label, exact: true }).fill(value!);
    }
    // From here on the page's time moves only when the test says so (the thank-you's 5 s included).
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2000);
    await page.getByRole("button", { name: "Send Message" }).click();
    const thanks = page.locator("[data-dismiss-after]");
    await expect(thanks).toBeFocused();
    await expect(thanks).toBeInViewport({ ratio: 1 });
    // The thank-you goes after 5 s (SPEC §4); focus does not fall to the page's start.
    await page.clock.runFor(5100);
    await expect(thanks).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Send us a message" })).toBeFocused();
  });

  test("sending: the button reads “Sending...” and is disabled until the answer comes", { tag: "@journey" }, async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let sawAction = false;
    await onFormPost(page, async (route: Route) => {
      sawAction = true;
      await held;
      await route.continue();
    });
    await page.goto(`/quote?product=${RC5.slug}`);
    await expectEnhanced(page);
    await fillDetails(page, uniqueCompany("Sending state"));
    await page.getByRole("button", { name: SEND }).click();
    const sending = page.getByRole("button", { name: "Sending..." });
    await expect(sending).toBeVisible();
    await expect(sending).toBeDisabled();
    await expect.poll(() => sawAction).toBe(true);
    release();
    await successReference(page);
    // The receipt stands in the form's place: no Send button to press again.
    await expect(page.getByRole("button", { name: SEND })).toHaveCount(0);
  });

  test("change a quantity, remove a model, add models by name (button, Enter, a choice) and send", { tag: "@journey" }, async ({
    page,
    request,
  }) => {
    const problems = watchErrors(page);
    await page.goto(`/quote?product=${RC5.slug}&product=${DRYER.slug}`);
    await expectEnhanced(page);
    await expect(items(page).getByTestId("quote-item-name")).toHaveText([RC5.name, DRYER.name]);

    // Remove happens in the browser.
    await removeButton(page, RC5.name).click();
    await expect(items(page)).toHaveCount(1);
    await expect(page.getByRole("status").filter({ hasText: `Removed ${RC5.name}.` })).toBeVisible();
    await quantity(page, DRYER.name).fill("2");

    // A model by (part of) its name and the Add button.
    await addModel(page).fill("rs 37");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(item(page, RS37.name)).toBeVisible();
    await expect(quantity(page, RS37.name)).toHaveValue("1");
    await expect(addModel(page)).toHaveValue("");
    // What was typed stays.
    await expect(quantity(page, DRYER.name)).toHaveValue("2");

    // Several models match: choose one.
    await addModel(page).fill("screw");
    await addModel(page).press("Enter");
    const choice = page.getByRole("button", { name: RS15.name });
    await expect(choice).toBeVisible();
    await choice.click();
    await expect(item(page, RS15.name)).toBeVisible();

    // The same model again is not listed twice.
    await addModel(page).fill(RS37.name);
    await addModel(page).press("Enter");
    await expect(page.getByRole("status").filter({ hasText: `${RS37.name} is already in your list.` })).toBeVisible();
    await expect(items(page)).toHaveCount(3);

    // Nothing matches: said beside the field.
    await addModel(page).fill("no such model xyz");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(addModel(page)).toHaveAttribute("aria-invalid", "true");
    const describedBy = (await addModel(page).getAttribute("aria-describedby")) ?? "";
    const errorId = describedBy.split(" ").find((id) => id.endsWith("-error"));
    await expect(page.locator(`[id="${errorId}"]`)).toHaveText(/^No model matches “no such model xyz”/);
    await addModel(page).fill("");

    await quantity(page, RS15.name).fill("4");
    const company = uniqueCompany("Edit flow");
    await fillDetails(page, company);
    await page.getByRole("button", { name: SEND }).click();
    const reference = await successReference(page);
    const [stored] = await storedQuotes(request, reference);
    expect(storedItems(stored!)).toEqual([
      { slug: DRYER.slug, quantity: 2 },
      { slug: RS37.slug, quantity: 1 },
      { slug: RS15.slug, quantity: 4 },
    ]);
    expect(problems).toEqual([]);
  });

  test("field errors come back in words beside the fields: quantity 0 and a bad e-mail", { tag: ["@journey", "@a11y"] }, async ({
    page,
    request,
  }) => {
    await page.goto(`/quote?product=${RC5.slug}`);
    await expectEnhanced(page);
    const company = uniqueCompany("Bad fields");
    await fillDetails(page, company, { Email: "not-an-email" });
    await dropBrowserChecks(textbox(page, "Email"));
    await quantity(page, RC5.name).fill("0");
    await dropBrowserChecks(quantity(page, RC5.name));
    await page.getByRole("button", { name: SEND }).click();

    await expect(page.getByRole("alert").first()).toContainText("Email must be a valid e-mail address.");
    const expectErrorBeside = async (input: Locator, message: string) => {
      await expect(input).toHaveAttribute("aria-invalid", "true");
      const id = await input.getAttribute("aria-describedby");
      await expect(page.locator(`[id="${id}"]`)).toHaveText(message);
      await expect(page.locator(`[id="${id}"]`)).toBeVisible();
    };
    await expectErrorBeside(textbox(page, "Email"), "Email must be a valid e-mail address.");
    // (React sets the input's type again as it draws the error.)
    await expectErrorBeside(quantity(page, RC5.name), "Quantity must be a whole number from 1 to 9999.");
    await expect(textbox(page, "Name")).not.toHaveAttribute("aria-invalid", "true");
    // What was typed stays, to be corrected.
    await expect(textbox(page, "Company (optional)")).toHaveValue(company);
    await expect(page.getByTestId("quote-success")).toHaveCount(0);
    expect(await storedQuotes(request, company)).toHaveLength(0);
    await expectNoA11yViolations(page);

    await textbox(page, "Email").fill("lakshmi@example.com");
    await quantity(page, RC5.name).fill("5");
    await page.getByRole("button", { name: SEND }).click();
    const reference = await successReference(page);
    expect(storedItems((await storedQuotes(request, reference))[0]!)).toEqual([{ slug: RC5.slug, quantity: 5 }]);
  });

  test("without a product it is a general quote request", { tag: "@journey" }, async ({ page, request }) => {
    await page.goto("/quote");
    await expectEnhanced(page);
    await expect(items(page)).toHaveCount(0);
    await expect(page.getByText(/this will be a general quote request/)).toBeVisible();
    const company = uniqueCompany("General");
    await fillDetails(page, company);
    await page.getByRole("button", { name: SEND }).click();
    const reference = await successReference(page);
    const [stored] = await storedQuotes(request, reference);
    expect(stored).toMatchObject({ type: "quote", company, items: [] });
  });

  test("a link naming an unknown product says so and lists the known ones", { tag: "@journey" }, async ({ page }) => {
    await page.goto(`/quote?product=no-such-compressor&product=${RC5.slug}`);
    await expect(page.getByText(/A product in the link you followed is no longer in our catalogue/)).toBeVisible();
    await expect(items(page).getByTestId("quote-item-name")).toHaveText([RC5.name]);
  });

  test("the suggestions are a short list, never the whole catalogue", { tag: "@journey" }, async ({ page }) => {
    await page.goto("/quote");
    const options = page.locator("datalist option");
    expect(await options.count()).toBeGreaterThan(0);
    expect(await options.count()).toBeLessThanOrEqual(50);
  });

  test("no horizontal scrolling, and room to tap, with products and errors listed", { tag: "@phone" }, async ({ page }) => {
    await page.goto(`/quote?product=${RC5.slug}&product=${RS37.slug}&product=${DRYER.slug}`);
    await expectEnhanced(page);
    await expectNoHorizontalScroll(page);
    for (const button of await page.locator("[data-quote-form] button:visible:not([aria-hidden])").all()) {
      const box = await button.boundingBox();
      expect(box?.height ?? 0, await button.innerText()).toBeGreaterThanOrEqual(44);
    }
    // Errors beside the fields must not widen the page either.
    await fillDetails(page, uniqueCompany("Narrow"), { Name: "", Email: "not-an-email" });
    await textbox(page, "Name").evaluate((el) => el.removeAttribute("required"));
    await dropBrowserChecks(textbox(page, "Email"));
    await page.getByRole("button", { name: SEND }).click();
    await expect(textbox(page, "Email")).toHaveAttribute("aria-invalid", "true");
    await expect(textbox(page, "Name")).toHaveAttribute("aria-invalid", "true");
    await expectNoHorizontalScroll(page);
    await expectNoA11yViolations(page);
  });
});

test.describe("quote request without JavaScript", { tag: "@no-js" }, () => {
  test.use({ javaScriptEnabled: false });

  test("change, remove and add models by posting the form, then send", async ({ page, request }) => {
    await page.goto(`/quote?product=${RC5.slug}`);
    await expect(items(page).getByTestId("quote-item-name")).toHaveText([RC5.name]);
    const company = uniqueCompany("No JS");
    await fillDetails(page, company);
    await quantity(page, RC5.name).fill("2");

    // Add: the page comes back with the model listed and everything typed still there.
    await addModel(page).fill("PN-RS 37");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(items(page).getByTestId("quote-item-name")).toHaveText([RC5.name, RS37.name]);
    await expect(quantity(page, RC5.name)).toHaveValue("2");
    await expect(textbox(page, "Company (optional)")).toHaveValue(company);
    await expect(textbox(page, "Required air flow (optional)")).toHaveValue("250 CFM");

    // Several match: a choice is a button.
    // Every answer is a new page, streamed: the form posts only the fields that have arrived, so each step
    // waits for the whole page (its last field filled in again) before pressing the next button.
    const loaded = () => expect(textbox(page, "Message (optional)")).toHaveValue(MESSAGE);
    await addModel(page).fill("dryer");
    await loaded();
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page.getByRole("button", { name: DRYER.name })).toBeVisible();
    await loaded();
    await page.getByRole("button", { name: DRYER.name }).click();
    await expect(items(page).getByTestId("quote-item-name")).toHaveText([RC5.name, RS37.name, DRYER.name]);

    // Remove.
    await loaded();
    await removeButton(page, RC5.name).click();
    await expect(items(page).getByTestId("quote-item-name")).toHaveText([RS37.name, DRYER.name]);
    await expect(page.getByText(`Removed ${RC5.name}.`)).toBeVisible();
    await loaded();
    await quantity(page, DRYER.name).fill("3");

    // A model typed but not added is added (not lost) when Send is pressed.
    await addModel(page).fill(RS15.name);
    await page.getByRole("button", { name: SEND }).click();
    await expect(items(page).getByTestId("quote-item-name")).toHaveText([RS37.name, DRYER.name, RS15.name]);
    expect(await storedQuotes(request, company)).toHaveLength(0);

    await loaded();
    await expect(textbox(page, "Company (optional)")).toHaveValue(company);
    await quantity(page, RS37.name).fill("2");
    await page.getByRole("button", { name: SEND }).click();
    const reference = await successReference(page);
    await expectReceipt(page, reference, [
      [RS37.name, 2],
      [DRYER.name, 3],
      [RS15.name, 1],
    ]);
    // No Print button without JavaScript: the receipt names the browser's own.
    await expect(receipt(page).getByRole("button", { name: "Print" })).toBeHidden();
    await expect(receipt(page).getByText(/browser's Print command/)).toBeVisible();
    const [stored, ...others] = await storedQuotes(request, company);
    expect(others).toHaveLength(0);
    expect(stored!.reference).toBe(reference);
    expect(storedItems(stored!)).toEqual([
      { slug: RS37.slug, quantity: 2 },
      { slug: DRYER.slug, quantity: 3 },
      { slug: RS15.slug, quantity: 1 },
    ]);
  });

  test("the answer page shows the receipt in the first screen, on a phone and a desktop", {
    tag: ["@phone", "@layout"],
  }, async ({ page }) => {
    await page.goto(`/quote?product=${RC5.slug}`);
    await fillDetails(page, uniqueCompany("No JS receipt in view"));
    await expect(textbox(page, "Message (optional)")).toHaveValue(MESSAGE);
    await page.getByRole("button", { name: SEND }).click();
    await successReference(page);
    await expectReceiptInView(page, false);
  });

  test("a wrong quantity comes back beside its row with the form filled in", async ({ page, request }) => {
    await page.goto(`/quote?product=${RC5.slug}`);
    const company = uniqueCompany("No JS bad");
    await fillDetails(page, company);
    await dropBrowserChecks(quantity(page, RC5.name));
    await page.getByRole("textbox", { name: `Quantity of ${RC5.name}` }).fill("12.5");
    const response = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: SEND }).click();
    expect((await response).status()).toBe(400);
    const qty = quantity(page, RC5.name);
    await expect(qty).toHaveAttribute("aria-invalid", "true");
    await expect(qty).toHaveValue("12.5");
    await expect(page.locator(`[id="${await qty.getAttribute("aria-describedby")}"]`)).toHaveText(
      "Quantity must be a whole number from 1 to 9999.",
    );
    await expect(textbox(page, "Company (optional)")).toHaveValue(company);
    expect(await storedQuotes(request, company)).toHaveLength(0);
  });

  test("a filled honeypot shows success but stores nothing", async ({ page, request }) => {
    await page.goto(`/quote?product=${RC5.slug}`);
    const company = uniqueCompany("Bot");
    await fillDetails(page, company);
    await page.locator('input[name="website"]').fill("http://spam.example");
    await page.getByRole("button", { name: SEND }).click();
    await expect(page.getByTestId("quote-success")).toHaveText(/^Thank you! Your quote request /);
    expect(await storedQuotes(request, company)).toHaveLength(0);
  });
});
