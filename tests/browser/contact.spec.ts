import { type APIRequestContext, expect, type Page, type Route, test } from "@playwright/test";
import { telHref } from "../../app/lib/format";
import type { Service } from "../../shared/content/service";
import type { SiteSettings } from "../../shared/content/settings";
import type { Contact } from "../../shared/schemas/contact";
import { jsonLd, postForm, readPage, textOf, within } from "./html";
import { ADMIN, EMPTY_URL, expectEnhanced, expectNoA11yViolations, watchErrors } from "./support";

const SUCCESS = "Thank you for your message! We'll get back to you soon.";
const FALLBACK = "Failed to submit form. Please try again.";
/** The line under the success text. */
const REFERENCE_LINE = (letter: "M" | "S") => new RegExp(`^Your reference: (${letter}-\\d{4}-\\d{5})$`);

/** The request React Router sends for the contact route's action (single fetch: POST /contact.data). */
/**
 * Routes the form's post (the enhancement script's POST /contact) to `handler`; every other request to
 * the page (loading it) goes on as usual.
 */
function onFormPost(page: Page, handler: (route: Route) => Promise<void> | void) {
  return page.route(
    (url) => url.pathname === "/contact",
    (route) => (route.request().method() === "POST" ? handler(route) : route.fallback()),
  );
}

/** A subject nobody else uses, so a test finds its own message among everything stored. */
const uniqueSubject = (label: string) => `${label} ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

/** A form field by its visible label ("Phone" reads "Phone (optional)"). */
const field = (page: Page, label: string) =>
  page.getByRole("textbox", { name: label === "Phone" ? "Phone (optional)" : label, exact: true });

async function fillForm(page: Page, subject: string, overrides: Partial<Record<string, string>> = {}) {
  const values = {
    Name: "Ravi Kumar",
    Email: "ravi@example.com",
    Phone: "+91 98765 43210",
    Subject: subject,
    Message: "Please send a quotation for a 15 HP screw compressor with dryer, delivered to Erode.",
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    await field(page, label).fill(value ?? "");
  }
}

/** Stops the page's clock (it otherwise follows real time): from then on only runFor moves it. */
async function pauseClock(page: Page) {
  for (let attempt = 0; ; attempt++) {
    const soon = (await page.evaluate(() => Date.now())) + 1000;
    try {
      await page.clock.pauseAt(soon);
      return;
    } catch (err) {
      // The machine was slower than a second between the two calls: try again.
      if (attempt === 4) throw err;
    }
  }
}

async function storedContacts(request: APIRequestContext): Promise<Contact[]> {
  const login = await request.post("/api/auth/login", { data: ADMIN });
  expect(login.status()).toBe(200);
  const { token } = await login.json();
  const res = await request.get("/api/contacts", { headers: { "x-auth-token": token } });
  expect(res.status()).toBe(200);
  return res.json();
}

test.describe("contact form with JavaScript", () => {
  test("sending: button disabled with “Sending...”, then the success text for 5 s and the form cleared", {
    tag: "@journey",
  }, async ({ page, request }) => {
    const problems = watchErrors(page);
    await page.clock.install();
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
    await page.goto("/contact");
    await expectEnhanced(page);
    const subject = uniqueSubject("JS success");
    await fillForm(page, subject);

    const button = page.getByRole("button", { name: "Send Message" });
    await button.click();
    const sending = page.getByRole("button", { name: "Sending..." });
    await expect(sending).toBeVisible();
    await expect(sending).toBeDisabled();
    // The button changes as the submission starts; the route handler may hear of the request a moment later.
    await expect.poll(() => sawAction).toBe(true);
    // From here on the page's time moves only when the test says so (however slow the machine is).
    await pauseClock(page);
    release();

    const success = page.getByText(SUCCESS, { exact: true });
    await expect(success).toBeVisible();
    const referenceLine = page.getByTestId("contact-reference");
    await expect(referenceLine).toHaveText(REFERENCE_LINE("M"));
    const reference = REFERENCE_LINE("M").exec((await referenceLine.textContent()) ?? "")?.[1];
    await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
    for (const label of ["Name", "Email", "Phone", "Subject", "Message"]) {
      await expect(field(page, label)).toHaveValue("");
    }
    const mine = (await storedContacts(request)).filter((c) => c.subject === subject);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ type: "message", reference });

    await page.clock.runFor(4900);
    await expect(success).toBeVisible();
    await page.clock.runFor(200);
    await expect(success).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test("a server-side validation failure, put into the form by its script, has no accessibility violations", {
    tag: ["@journey", "@a11y"],
  }, async ({ page }) => {
    await page.goto("/contact");
    await expectEnhanced(page);
    const subject = uniqueSubject("Bad e-mail");
    await fillForm(page, subject, { Email: "not-an-email" });
    // Let the invalid address past the browser's own check, so the server has to catch it.
    await field(page, "Email").evaluate((el) => {
      el.removeAttribute("type");
      el.removeAttribute("required");
    });
    await page.getByRole("button", { name: "Send Message" }).click();
    // The server's answer (the @html test below reads it whole) replaces the form: its message, the field marked.
    await expect(page.getByRole("alert").filter({ hasText: "Email must be a valid e-mail address." })).toBeVisible();
    await expect(field(page, "Email")).toHaveAttribute("aria-invalid", "true");
    await expect(field(page, "Subject")).toHaveValue(subject);
    await expectNoA11yViolations(page);
  });

  test("a failed request without a message shows the fallback text", { tag: "@journey" }, async ({ page }) => {
    await onFormPost(page, (route) => route.fulfill({ status: 500, contentType: "text/html", body: "<h1>Bad gateway</h1>" }));
    await page.goto("/contact");
    await expectEnhanced(page);
    await fillForm(page, uniqueSubject("Broken proxy"));
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("alert").filter({ hasText: FALLBACK })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Talk to our air experts");
    await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
    // The form keeps what was typed.
    await expect(field(page, "Name")).toHaveValue("Ravi Kumar");
  });

  test("a request that never reaches the server shows the fallback text", { tag: "@journey" }, async ({ page }) => {
    await onFormPost(page, (route) => route.abort("connectionrefused"));
    await page.goto("/contact");
    await expectEnhanced(page);
    await fillForm(page, uniqueSubject("Offline"));
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("alert").filter({ hasText: FALLBACK })).toBeVisible();
  });
});

/** The fields the served contact form posts (its hidden ones too), with `typed` filled in. */
function contactForm(document: Document, typed: Record<string, string>): Record<string, string> {
  const fields: Record<string, string> = {};
  const form = document.querySelector('form[data-form="contact"]');
  expect(form).not.toBeNull();
  for (const input of form!.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input[name], textarea[name]")) {
    if (input.type === "checkbox" && !(input as HTMLInputElement).checked) continue;
    fields[input.name] = input.value;
  }
  return { ...fields, ...typed };
}

const RAVI = {
  name: "Ravi Kumar",
  email: "ravi@example.com",
  phone: "+91 98765 43210",
  message: "Please send a quotation for a 15 HP screw compressor with dryer, delivered to Erode.",
};

test.describe("contact form, as the server answers its post", { tag: "@html" }, () => {
  test("a server-side validation failure shows the server's message next to the field", async ({ request }) => {
    const expected = await request.post("/api/contacts", {
      form: { name: "Ravi", email: "not-an-email", subject: "x", message: "y" },
    });
    const { message } = await expected.json();
    expect(message).toBe("Email must be a valid e-mail address.");

    const subject = uniqueSubject("Bad e-mail");
    const served = await readPage(request, "/contact");
    const answer = await postForm(request, "/contact", contactForm(served.document, { ...RAVI, email: "not-an-email", subject }));
    expect(answer.status).toBe(400);
    const alert = answer.screen.getByRole("alert");
    expect(textOf(alert)).toContain(message);
    const email = answer.screen.getByRole("textbox", { name: "Email" });
    expect(email.getAttribute("aria-invalid")).toBe("true");
    const describedBy = email.getAttribute("aria-describedby");
    expect(describedBy).toBeTruthy();
    expect(textOf(answer.document.getElementById(describedBy!))).toBe(message);
    // What was typed stays, so it can be corrected.
    expect((answer.screen.getByRole("textbox", { name: "Subject" }) as HTMLInputElement).value).toBe(subject);
    expect(textOf(answer.document.body)).not.toContain(SUCCESS);
    expect((await storedContacts(request)).filter((c) => c.subject === subject)).toHaveLength(0);
  });

  test("whitespace-only required fields are refused by the server", async ({ request }) => {
    const served = await readPage(request, "/contact");
    const answer = await postForm(request, "/contact", contactForm(served.document, { ...RAVI, name: "   ", subject: "   " }));
    expect(answer.status).toBe(400);
    expect(textOf(answer.screen.getByRole("alert"))).toContain("Name");
    const field = (name: string) => answer.screen.getByRole("textbox", { name });
    expect(field("Name").getAttribute("aria-invalid")).toBe("true");
    expect(field("Subject").getAttribute("aria-invalid")).toBe("true");
    expect(field("Email").getAttribute("aria-invalid")).not.toBe("true");
  });
});

test.describe("contact form without JavaScript", { tag: "@no-js" }, () => {
  test.use({ javaScriptEnabled: false });

  test("posting the form stores the message and shows the success text", async ({ page, request }) => {
    await page.goto("/contact");
    const subject = uniqueSubject("No JS");
    await fillForm(page, subject);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText(SUCCESS, { exact: true })).toBeVisible();
    await expect(page.getByTestId("contact-reference")).toHaveText(REFERENCE_LINE("M"));
    const mine = (await storedContacts(request)).filter((c) => c.subject === subject);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ name: "Ravi Kumar", email: "ravi@example.com", phone: "+91 98765 43210", status: "new" });
    await expect(page.getByTestId("contact-reference")).toHaveText(`Your reference: ${mine[0]!.reference}`);
  });

  test("a filled honeypot shows success but stores nothing", async ({ page, request }) => {
    await page.goto("/contact");
    const subject = uniqueSubject("Bot");
    await fillForm(page, subject);
    const honeypot = page.locator('input[name="website"]');
    await expect(honeypot).toHaveAttribute("tabindex", "-1");
    await expect(honeypot).toHaveAttribute("autocomplete", "off");
    await honeypot.fill("http://spam.example");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText(SUCCESS, { exact: true })).toBeVisible();
    expect((await storedContacts(request)).filter((c) => c.subject === subject)).toHaveLength(0);
  });

  test("a validation error comes back with the fields filled in", async ({ page }) => {
    await page.goto("/contact");
    const subject = uniqueSubject("No JS bad");
    await fillForm(page, subject, { Message: "   " });
    const response = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Send Message" }).click();
    expect((await response).status()).toBe(400);
    await expect(page.getByRole("alert")).toContainText("Message");
    await expect(field(page, "Message")).toHaveAttribute("aria-invalid", "true");
    await expect(field(page, "Subject")).toHaveValue(subject);
    await expect(field(page, "Name")).toHaveValue("Ravi Kumar");
  });
});

/** A service request: /contact?service={slug}, as the service page's "Request Service" links. */
async function firstService(request: APIRequestContext): Promise<Service> {
  const [first] = (await (await request.get("/api/service")).json()) as Service[];
  expect(first).toBeDefined();
  return first!;
}

test.describe("service requests (/contact?service=)", () => {
  test("the subject is prefilled, the service is named, and the enquiry records it", { tag: "@journey" }, async ({
    page,
    request,
  }) => {
    const problems = watchErrors(page);
    const service = await firstService(request);
    await page.goto(`/contact?service=${service.slug}`);
    await expectEnhanced(page);
    await expect(field(page, "Subject")).toHaveValue(`Service request: ${service.title}`);
    const about = page.getByTestId("contact-service");
    await expect(about).toContainText(service.title);
    await expect(about.getByRole("link", { name: service.title })).toHaveAttribute("href", `/services/${service.slug}`);

    const marker = uniqueSubject("Service visit");
    await fillForm(page, `Service request: ${service.title}`, { Message: `Please send an engineer. ${marker}` });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText(SUCCESS, { exact: true })).toBeVisible();
    await expect(page.getByTestId("contact-reference")).toHaveText(REFERENCE_LINE("S"));
    // The form starts again as it began: the service's subject, the rest empty.
    await expect(field(page, "Subject")).toHaveValue(`Service request: ${service.title}`);
    await expect(field(page, "Message")).toHaveValue("");

    const mine = (await storedContacts(request)).filter((c) => c.message.includes(marker));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      type: "service",
      subject: `Service request: ${service.title}`,
      service: { _id: service._id, title: service.title, slug: service.slug },
    });
    await expect(page.getByTestId("contact-reference")).toHaveText(`Your reference: ${mine[0]!.reference}`);
    expect(problems).toEqual([]);
  });

  test("an unknown service gives the plain contact form", { tag: "@html" }, async ({ request }) => {
    const { status, screen, document } = await readPage(request, "/contact?service=no-such-service");
    expect(status).toBe(200);
    expect((screen.getByRole("textbox", { name: "Subject" }) as HTMLInputElement).value).toBe("");
    expect(screen.queryByTestId("contact-service")).toBeNull();
    expect(document.querySelector('input[name="serviceId"]')).toBeNull();
  });

  test.describe("without JavaScript", { tag: "@no-js" }, () => {
    test.use({ javaScriptEnabled: false });

    test("the service request is sent and recorded", async ({ page, request }) => {
      const service = await firstService(request);
      await page.goto(`/contact?service=${service.slug}`);
      await expect(field(page, "Subject")).toHaveValue(`Service request: ${service.title}`);
      const marker = uniqueSubject("No JS service");
      await fillForm(page, `Service request: ${service.title}`, { Message: `AMC visit please. ${marker}` });
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(page.getByText(SUCCESS, { exact: true })).toBeVisible();
      await expect(page.getByTestId("contact-reference")).toHaveText(REFERENCE_LINE("S"));
      const mine = (await storedContacts(request)).filter((c) => c.message.includes(marker));
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ type: "service", service: { slug: service.slug } });
    });
  });
});

test.describe("contact information", () => {
  test("links to the quote request page", { tag: "@journey" }, async ({ page }) => {
    await page.goto("/contact");
    const link = page.getByRole("link", { name: "Need a price? Request a quote" });
    await expect(link).toHaveAttribute("href", "/quote");
    await expectEnhanced(page);
    await link.click();
    await expect(page).toHaveURL("/quote");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("opens with the way to the quote form above the message form, on a phone's first screen (issue 30)", {
    tag: "@phone",
  }, async ({ page }) => {
    await page.goto("/contact");
    const link = page.getByRole("link", { name: "Need a price? Request a quote" });
    await expect(link).toBeInViewport();
    const form = (await page.getByRole("heading", { name: "Send us a message" }).boundingBox())!;
    const box = (await link.boundingBox())!;
    expect(box.y + box.height).toBeLessThan(form.y);
  });

  test("shows phones, e-mails, address and working hours from the settings, and the FAQ", { tag: "@html" }, async ({
    request,
  }) => {
    const settings: SiteSettings = await (await request.get("/api/settings")).json();
    expect(settings.phones.length).toBeGreaterThan(0);
    const { document, screen } = await readPage(request, "/contact");
    expect(document.title).toMatch(/^Contact Us \| /);
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    const info = within(screen.getByRole("region", { name: "Get in touch" }));
    for (const p of settings.phones) {
      expect(info.getByRole("link", { name: p.value }).getAttribute("href")).toBe(telHref(p.value));
    }
    for (const e of settings.emails) {
      expect(info.getByRole("link", { name: e.value }).getAttribute("href")).toBe(`mailto:${e.value}`);
    }
    expect(textOf(screen.getByRole("region", { name: "Get in touch" }))).toContain(settings.address.replace(/\s+/g, " "));
    const hours = info.getByTestId("contact-hours");
    expect([...hours.querySelectorAll("dt")].map(textOf)).toEqual(settings.workingHours.map((h) => h.days));
    expect([...hours.querySelectorAll("dd")].map(textOf)).toEqual(settings.workingHours.map((h) => h.hours));
    if (settings.whatsapp) {
      expect(info.getByRole("link", { name: /WhatsApp/ }).getAttribute("href")).toMatch(/^https:\/\/wa\.me\/\d+/);
    }

    const faq = document.getElementById("faq");
    expect(faq).not.toBeNull();
    const questions = faq!.querySelectorAll("summary").length;
    expect(questions).toBeGreaterThanOrEqual(4);
    expect(questions).toBeLessThanOrEqual(5);
  });

  test("every field is labelled and the required ones are marked", { tag: "@html" }, async ({ request }) => {
    const { screen } = await readPage(request, "/contact");
    const field = (label: string) => screen.getByRole("textbox", { name: label === "Phone" ? "Phone (optional)" : label });
    for (const label of ["Name", "Email", "Subject", "Message"]) {
      expect(field(label).getAttribute("required"), label).toBe("");
    }
    expect(field("Email").getAttribute("type")).toBe("email");
    expect(field("Phone").hasAttribute("required")).toBe(false);
  });

  // Opening a <details> is the browser's own: what the page owes it is the markup, and the link to it.
  test("an FAQ answer opens, and the header's FAQ link leads to it", { tag: "@html" }, async ({ request }) => {
    const { document, screen } = await readPage(request, "/contact");
    expect(within(screen.getByRole("banner")).getByRole("link", { name: "FAQ" }).getAttribute("href")).toBe("/contact#faq");
    const items = [...(document.getElementById("faq")?.querySelectorAll("details") ?? [])];
    expect(items.length).toBeGreaterThan(0);
    for (const details of items) {
      // Closed until opened; the question is its summary (the first child, which the browser makes the toggle)
      // and the answer a paragraph beside it, which the open <details> shows.
      expect(details.hasAttribute("open")).toBe(false);
      expect(details.firstElementChild?.tagName).toBe("SUMMARY");
      const answer = details.querySelector("p");
      expect(answer?.closest("summary")).toBeNull();
      expect(textOf(answer)).not.toBe("");
    }
  });

  test("has no accessibility violations", { tag: "@a11y" }, async ({ page }) => {
    await page.goto("/contact");
    await expectNoA11yViolations(page);
  });
});

/** The questions and answers shown in #faq, in page order. */
function shownFaq(document: Document): { question: string; answer: string }[] {
  return [...document.querySelectorAll("#faq details")].map((d) => ({
    question: d.querySelector("summary > span")?.textContent?.trim() ?? "",
    answer: d.querySelector("p")?.textContent?.trim() ?? "",
  }));
}

test.describe("FAQ structured data", () => {
  test("a FAQPage JSON-LD lists the questions shown in #faq, with their answers, in the staff's order", {
    tag: "@html",
  }, async ({ request }) => {
    const { document } = await readPage(request, "/contact");
    const shown = shownFaq(document);
    expect(shown.length).toBeGreaterThan(0);
    for (const q of shown) expect(q.question && q.answer, JSON.stringify(q)).toBeTruthy();
    const pages = jsonLd(document).filter((x) => x["@type"] === "FAQPage");
    expect(pages).toHaveLength(1);
    expect(pages[0]).toEqual({
      "@context": "https://schema.org",
      "@type": "FAQPage",
      mainEntity: shown.map((q) => ({
        "@type": "Question",
        name: q.question,
        acceptedAnswer: { "@type": "Answer", text: q.answer },
      })),
    });
    const staff = (await (await request.get("/api/faq")).json()) as { question: string; answer: string }[];
    expect(shown).toEqual(staff.map(({ question, answer }) => ({ question, answer })));
  });

  test("without questions (empty site) there is no #faq and no FAQPage JSON-LD", { tag: "@html" }, async ({ request }) => {
    expect(await (await request.get(`${EMPTY_URL}/api/faq`)).json()).toEqual([]);
    const { status, document, screen } = await readPage(request, `${EMPTY_URL}/contact`);
    expect(status).toBe(200);
    expect(textOf(screen.getByRole("heading", { level: 1 }))).toBe("Talk to our air experts");
    expect(document.getElementById("faq")).toBeNull();
    expect(screen.queryByRole("heading", { name: "Frequently asked questions" })).toBeNull();
    const types = jsonLd(document).map((x) => x["@type"]);
    expect(types).toContain("LocalBusiness"); // the page has its other structured data
    expect(types).not.toContain("FAQPage");
  });

  test("without questions (empty site) the enhancement script adds no #faq and no FAQPage JSON-LD", { tag: "@no-js" }, async ({
    page,
  }) => {
    await page.goto(`${EMPTY_URL}/contact`);
    await page.locator("html[data-enhanced]").waitFor();
    await expect(page.locator("#faq")).toHaveCount(0);
    const types = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? "")["@type"]));
    expect(types).toContain("LocalBusiness");
    expect(types).not.toContain("FAQPage");
  });
});
