import { expect, type Locator, type Page, test } from "@playwright/test";
import { LIST_CONTENT } from "../../shared/content/registry";
import { apiCall, formWithImage, oversizedFile, pngFile, signIn, toasts, unique } from "./admin-support";
import { ADMIN_URL, EMPTY_URL, expectNoA11yViolations, watchErrors } from "./support";

// Admin tests change data: they run on their own demo server (see playwright.config.ts).
test.use({ baseURL: ADMIN_URL });

/**
 * The generic management screens (SPEC §2 "Admin screen behaviour", §5, §8): one for every list type
 * declared in shared/content/registry.ts (banners, industrial content, testimonials, story sections,
 * facilities, team members, core values, services, FAQ …). Screen path, title, texts, entity and image
 * rule come from each declaration; how a test fills each form is written out below.
 */

type ImageRule = "required" | "optional" | "none";

interface Case {
  path: string;
  heading: string;
  endpoint: string;
  entity: string;
  noun: string;
  empty: string;
  deleteFailed: string;
  /** The label of the field that names a record (filled with a unique text). */
  nameField: string;
  image: ImageRule;
  imageMessage?: string;
  /** Fills the other required fields of the add form. */
  fillRest?: (dialog: Locator) => Promise<void>;
  /** The messages when everything is left empty (and the image is present). */
  requiredMessages: string[];
  /** Fields for an API fixture (named `name` in nameField's record field). */
  fixture: (name: string) => Record<string, string>;
  /** The multipart field of the image (default "image"). */
  uploadField?: string;
}

/** What each screen's form needs filled in, by the declaration's name. */
const INTERACTIONS: Record<string, Interactions> = {
  banner: {
    nameField: "Title",
    requiredMessages: [],
    fixture: (name) => ({ title: name, description: "Fixture banner" }),
  },
  industrial: {
    nameField: "Title",
    requiredMessages: [],
    fixture: (name) => ({ title: name, description: "Fixture industrial" }),
  },
  testimonial: {
    nameField: "Name",
    fillRest: async (d) => {
      await d.getByLabel("Feedback").fill("Reliable compressors and quick service.");
      await d.locator("label").filter({ hasText: "4 stars" }).click();
      await expect(d.getByRole("radio", { name: "4 stars" })).toBeChecked();
    },
    requiredMessages: ["Please fill all required fields"],
    fixture: (name) => ({ name, feedback: "Fixture feedback", star: "5" }),
  },
  story: {
    nameField: "Title",
    fillRest: async (d) => {
      await d.getByLabel("Content").fill("Founded in Salem in 1998.");
    },
    requiredMessages: ["Title and content are required"],
    fixture: (name) => ({ title: name, content: "Fixture story" }),
  },
  facility: {
    nameField: "Title",
    fillRest: async (d) => {
      const box = d.getByLabel("New feature");
      for (const f of ["  CNC machining ", "CNC machining", "Test bay", ""]) {
        await box.fill(f);
        await d.getByRole("button", { name: "Add", exact: true }).click();
      }
      // Trimmed, and the duplicate and the blank were ignored.
      await expect(d.getByRole("list", { name: "Features" }).getByRole("listitem")).toHaveCount(2);
      await expect(d.getByRole("button", { name: "Remove CNC machining" })).toBeVisible();
    },
    requiredMessages: ["Please enter a title"],
    fixture: (name) => ({ title: name, features: JSON.stringify(["One", "Two"]) }),
  },
  "team-member": {
    nameField: "Name",
    fillRest: async (d) => {
      await d.getByLabel("Position").fill("Service Engineer");
    },
    requiredMessages: ["Please fill all required fields"],
    fixture: (name) => ({ name, position: "Fixture position" }),
  },
  "core-value": {
    nameField: "Title",
    fillRest: async (d) => {
      await d.getByLabel("Icon").selectOption("leaf");
    },
    requiredMessages: ["Please enter a title"],
    fixture: (name) => ({ title: name, icon: "gauge" }),
  },
  service: {
    nameField: "Title",
    fillRest: async (d) => {
      await d.getByLabel("Description").fill("Fixture service description");
      await d.getByLabel("Details").fill("We visit. We repair.");
      const box = d.getByLabel("New benefit");
      await box.fill(" Less downtime ");
      await box.press("Enter");
      await box.fill("Less downtime");
      await box.press("Enter");
      await expect(d.getByRole("list", { name: "Benefits" }).getByRole("listitem")).toHaveCount(1);
    },
    requiredMessages: [],
    fixture: (name) => ({ title: name, description: "Fixture", details: "Fixture details." }),
  },
  faq: {
    nameField: "Question",
    fillRest: async (d) => {
      await d.getByLabel("Answer").fill("Yes, within a day.");
    },
    requiredMessages: ["Please fill all required fields"],
    fixture: (name) => ({ question: name, answer: "Fixture answer" }),
  },
};

type Interactions = Pick<Case, "nameField" | "fillRest" | "requiredMessages" | "fixture">;

/**
 * How a type the table above does not know is filled in, from its declaration: its first text field names a
 * record, its other required boxes get a text or a number, its example is the API fixture.
 */
function declaredInteractions(c: (typeof LIST_CONTENT)[number]): Interactions {
  const form = c.form;
  const named = form.find((f) => f.control === "text");
  if (!named) throw new Error(`admin-list-types.spec.ts: say how the form of list type "${c.name}" is filled in`);
  const others = form.filter((f) => f !== named && f.required && ["text", "textarea", "number"].includes(f.control));
  return {
    nameField: named.label,
    fillRest: async (d) => {
      for (const f of others) await d.getByLabel(f.label, { exact: true }).fill(f.control === "number" ? "1" : "Filled in");
    },
    requiredMessages: [...new Set(form.flatMap((f) => (f.required && f.control !== "image" ? [f.required] : [])))],
    fixture: (name) => ({ ...(c.example as Record<string, string>), [named.name]: name }),
  };
}

const CASES: Case[] = LIST_CONTENT.map((c) => {
  const interactions = INTERACTIONS[c.name] ?? declaredInteractions(c);
  const image = c.form.find((f) => f.control === "image");
  return {
    path: `/admin/${c.admin.path}`,
    heading: c.admin.title,
    endpoint: `/api${c.path}`,
    entity: c.admin.entity,
    noun: c.admin.noun,
    empty: c.admin.texts.empty,
    deleteFailed: c.admin.texts.deleteFailed,
    image: !image ? "none" : image.required ? "required" : "optional",
    imageMessage: c.image?.requiredOnCreate,
    uploadField: image?.uploads?.[0],
    ...interactions,
  };
});

const dialogOf = (page: Page) => page.getByRole("dialog");

async function openAdd(page: Page, c: Case): Promise<Locator> {
  await page.getByRole("button", { name: `+ Add ${c.entity}` }).click();
  const dialog = dialogOf(page);
  await expect(dialog.getByRole("heading", { name: `Add ${c.entity}` })).toBeVisible();
  return dialog;
}

async function createFixture(base: string, c: Case, name: string): Promise<string> {
  const fields = c.fixture(name);
  const body = c.image === "none" ? fields : formWithImage(fields, c.uploadField ?? "image");
  const record = await apiCall<{ _id: string }>(base, "POST", c.endpoint, body);
  return record._id;
}

/** One type per image rule (required, optional, none): the failure paths are the one screen's, whatever the type. */
const FAILURE_CASES = (["required", "optional", "none"] as const).flatMap((rule) => CASES.find((c) => c.image === rule) ?? []);

/** Opens the add form, checks its SPEC §5 messages, fills it with `name` (the image, when the type has one, not yet). */
async function fillAddForm(page: Page, c: Case, name: string): Promise<Locator> {
  const dialog = await openAdd(page, c);
  const save = dialog.getByRole("button", { name: `Add ${c.entity}` });
  if (c.path === "/admin/services") {
    // Save stays disabled while title, description or details are missing.
    await expect(save).toBeDisabled();
    await expect(dialog.getByText("Please fill all required fields")).toBeVisible();
    await dialog.getByLabel("Title", { exact: true }).fill(name);
    await c.fillRest?.(dialog);
    await expect(save).toBeEnabled();
    await dialog.getByLabel("Description").fill("   ");
    await expect(save).toBeDisabled();
    await dialog.getByLabel("Description").fill("Back again");
  } else {
    await save.click();
    const alert = dialog.getByRole("alert");
    for (const m of [...(c.image === "required" ? [c.imageMessage!] : []), ...c.requiredMessages]) {
      await expect(alert).toContainText(m);
    }
    if (c.requiredMessages.length > 0) {
      await expect(dialog.getByLabel(c.nameField, { exact: true })).toHaveAttribute("aria-invalid", "true");
    }
    await dialog.getByLabel(c.nameField, { exact: true }).fill(name);
    await c.fillRest?.(dialog);
  }
  if (c.imageMessage) {
    await save.click();
    await expect(dialog.getByRole("alert")).toHaveText(c.imageMessage);
  }
  if (c.image !== "none") {
    // Image files only.
    await dialog
      .locator("input[type=file]")
      .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hi") });
    await expect(dialog.getByText("Please choose an image file (JPEG, PNG, WebP, AVIF or GIF).")).toBeVisible();
  }
  return dialog;
}

for (const c of CASES) {
  test.describe(c.heading, () => {
    test.beforeEach(async ({ page, baseURL }) => {
      await signIn(page, baseURL!);
    });

    test("add (with the SPEC §5 messages), edit (pre-filled) and delete with confirmation", async ({ page }, testInfo) => {
      const problems = watchErrors(page);
      const name = unique(testInfo, c.entity);
      await page.goto(c.path);
      await expect(page.getByRole("heading", { level: 1, name: c.heading })).toBeVisible();

      // The form is accessible, and closing it returns focus to the button that opened it.
      let dialog = await openAdd(page, c);
      await expectNoA11yViolations(page);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("button", { name: `+ Add ${c.entity}` })).toBeFocused();

      dialog = await fillAddForm(page, c, name);
      if (c.image !== "none") {
        await dialog.locator("input[type=file]").setInputFiles(pngFile());
        await expect(dialog.getByRole("img", { name: "Preview of photo.png" })).toBeVisible();
        await dialog.getByLabel("Alt text").fill(`Photo for ${name}`);
      }
      await dialog.getByRole("button", { name: `Add ${c.entity}` }).click();
      await expect(toasts(page)).toContainText(`${c.entity} added successfully!`);
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();

      // Edit: the form is pre-filled; saving closes, reloads and keeps the image.
      await page.getByRole("button", { name: `Edit ${name}` }).click();
      dialog = dialogOf(page);
      await expect(dialog.getByRole("heading", { name: `Edit ${c.entity}` })).toBeVisible();
      await expect(dialog.getByLabel(c.nameField, { exact: true })).toHaveValue(name);
      if (c.image !== "none") await expect(dialog.getByRole("img", { name: "Current image" })).toBeVisible();
      await dialog.getByLabel(c.nameField, { exact: true }).fill(`${name} edited`);
      await dialog.getByRole("button", { name: "Save Changes" }).click();
      await expect(toasts(page)).toContainText(`${c.entity} updated successfully!`);
      await expect(page.getByRole("heading", { level: 2, name: `${name} edited` })).toBeVisible();

      // Delete asks first; Cancel keeps the record.
      await page.getByRole("button", { name: `Delete ${name} edited` }).click();
      const confirm = page.getByRole("alertdialog");
      await expect(confirm).toContainText(`Are you sure you want to delete this ${c.noun}?`);
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await expect(confirm).toBeHidden();
      await expect(page.getByRole("button", { name: `Delete ${name} edited` })).toBeFocused();
      await page.getByRole("button", { name: `Delete ${name} edited` }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();
      await expect(toasts(page)).toContainText(`${c.entity} deleted successfully!`);
      await expect(page.getByRole("heading", { level: 2, name: `${name} edited` })).toBeHidden();
      expect(problems).toEqual([]);
    });
  });
}

for (const c of FAILURE_CASES) {
  test(`${c.heading}: a failing save shows the server's message and a failing delete the SPEC §8 text`, async ({
    page,
    baseURL,
  }, testInfo) => {
    await signIn(page, baseURL!);
    const name = unique(testInfo, c.entity);
    const id = await createFixture(baseURL!, c, name);
    await page.goto(c.path);
    await page.getByRole("button", { name: `Edit ${name}` }).click();
    const dialog = dialogOf(page);
    if (c.image !== "none") {
      // More than MAX_UPLOAD_MB: the server refuses the upload; the progress bar showed meanwhile.
      await dialog.locator("input[type=file]").setInputFiles(oversizedFile());
      await dialog.getByRole("button", { name: "Save Changes" }).click();
      await expect(dialog.getByRole("alert")).toHaveText("The file is too large.");
      await expect(dialog).toBeVisible();
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: `Edit ${name}` }).click();
    }
    // The record disappears behind the screen's back: saving and deleting it fail on the server.
    await apiCall(baseURL!, "DELETE", `${c.endpoint}/${id}`);
    await dialog.getByLabel(c.nameField, { exact: true }).fill(`${name} again`);
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(dialog.getByRole("alert")).toContainText("not found");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: `Delete ${name}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();
    await expect(toasts(page)).toContainText(c.deleteFailed);
    // The list was reloaded: the record is gone.
    await expect(page.getByRole("heading", { level: 2, name })).toBeHidden();
  });
}

test("every list screen shows its SPEC §8 empty text when there is nothing", async ({ page }) => {
  // One axe scan per list screen: on a busy 2-core machine these take longer than one screen's time.
  test.slow();
  await signIn(page, EMPTY_URL);
  for (const c of CASES) {
    await page.goto(`${EMPTY_URL}${c.path}`);
    await expect(page.getByText(c.empty, { exact: true })).toBeVisible();
    await expectNoA11yViolations(page);
  }
});

test("a list that cannot be fetched shows the SPEC §8 failure text and Try Again", async ({ page, baseURL }) => {
  await signIn(page, baseURL!);
  let fail = true;
  await page.route("**/api/banner", (route) => (fail ? route.fulfill({ status: 500, body: "{}" }) : route.continue()));
  await page.goto("/admin/banner");
  await expect(page.getByRole("alert")).toHaveText(/Failed to fetch banners/);
  fail = false;
  await page.getByRole("button", { name: "Try Again" }).click();
  await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
});

test("a save without any server answer shows the SPEC §8 fallback text", async ({ page, baseURL }) => {
  await signIn(page, baseURL!);
  await page.goto("/admin/testimonials");
  await page.getByRole("button", { name: "+ Add Testimonial" }).click();
  const dialog = dialogOf(page);
  await dialog.getByLabel("Name", { exact: true }).fill("Nobody");
  await dialog.getByLabel("Feedback").fill("Nothing");
  await dialog.locator("input[type=file]").setInputFiles(pngFile());
  await dialog.getByLabel("Alt text").fill("A customer's photo");
  await page.route("**/api/testimonial", (route) => route.abort());
  await dialog.getByRole("button", { name: "Add Testimonial" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Operation failed");
});

test("toasts disappear after 3 seconds", async ({ page, baseURL }, testInfo) => {
  await signIn(page, baseURL!);
  await page.clock.install();
  await page.goto("/admin/our-core");
  // Time stands still from here except when the test moves it: on a busy machine the real time spent
  // waiting for the toast would otherwise count towards its 3 seconds.
  await page.clock.pauseAt(new Date(Date.now() + 60_000));
  await page.getByRole("button", { name: "+ Add Core value" }).click();
  const name = unique(testInfo, "Toast check");
  await dialogOf(page).getByLabel("Title", { exact: true }).fill(name);
  await dialogOf(page).getByRole("button", { name: "Add Core value" }).click();
  await expect(toasts(page)).toContainText("Core value added successfully!");
  await page.clock.runFor(2500);
  await expect(toasts(page)).toContainText("Core value added successfully!");
  await page.clock.runFor(600);
  await expect(toasts(page)).not.toContainText("Core value added successfully!");
});

test("FAQ: Move up and Move down change the staff order on the screen, in the API and on the contact page", async ({
  page,
  baseURL,
}, testInfo) => {
  await signIn(page, baseURL!);
  const first = unique(testInfo, "Reorder first");
  const second = unique(testInfo, "Reorder second");
  const created: { _id: string }[] = [];
  for (const [question, position] of [
    [first, 999_000],
    [second, 999_001],
  ] as const) {
    created.push(
      await apiCall<{ _id: string }>(baseURL!, "POST", "/api/faq", { question, answer: `Answer to ${question}`, position }),
    );
  }
  const order = async () => {
    const list = (await (await fetch(`${baseURL}/api/faq`)).json()) as { question: string }[];
    const questions = list.map((q) => q.question);
    return questions.indexOf(second) < questions.indexOf(first) ? "second first" : "first second";
  };
  try {
    await page.goto("/admin/faq");
    const cards = page.locator("main li h2");
    await expect(cards.filter({ hasText: second })).toBeVisible();
    // The last question has no Move down, the one above it both.
    await expect(page.getByRole("button", { name: `Move ${second} down` })).toHaveCount(0);
    await page.getByRole("button", { name: `Move ${second} up` }).click();
    await expect.poll(order).toBe("second first");
    const titles = async () => (await cards.allTextContents()).filter((t) => t === first || t === second);
    await expect.poll(titles).toEqual([second, first]);

    await page.getByRole("button", { name: `Move ${second} down` }).click();
    await expect.poll(order).toBe("first second");
    await expect.poll(titles).toEqual([first, second]);

    await page.getByRole("button", { name: `Move ${second} up` }).click();
    await expect.poll(order).toBe("second first");
    await page.goto("/contact");
    const shown = (await page.locator("#faq summary > span:first-child").allTextContents())
      .map((t) => t.trim())
      .filter((t) => t === first || t === second);
    expect(shown).toEqual([second, first]);
  } finally {
    for (const q of created) await apiCall(baseURL!, "DELETE", `/api/faq/${q._id}`);
  }
});

test("a testimonial names the product it is about: with its stars, that product's page shows it and its rating", async ({
  page,
  baseURL,
}, testInfo) => {
  const product = "PN-RT 15 Tank-Mounted Heavy-Duty Compressor";
  const productPage = "/products/reciprocating-air-compressors/pn-rt-15-tank-mounted-heavy-duty-compressor";
  const name = unique(testInfo, "Reviewer");
  await signIn(page, baseURL!);
  await page.goto("/admin/testimonials");
  await page.getByRole("button", { name: "+ Add Testimonial" }).click();
  const dialog = dialogOf(page);
  await dialog.getByLabel("Name", { exact: true }).fill(name);
  await dialog.getByLabel("Feedback").fill("Runs two shifts without a murmur.");
  await dialog.locator("input[type=file]").setInputFiles(pngFile());
  await dialog.getByLabel("Alt text").fill("Portrait of the customer");
  const choice = dialog.getByLabel("Product it is about");
  await expect(choice).toHaveValue("");
  await choice.selectOption({ label: product });
  await dialog.locator("label").filter({ hasText: "4 stars" }).click();
  await dialog.getByRole("button", { name: "Add Testimonial" }).click();
  await expect(toasts(page)).toContainText("Testimonial added successfully!");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });
  await expect(card).toContainText(`About: ${product}`);
  const created = (
    await apiCall<{ _id: string; name: string; productId: string | null }[]>(baseURL!, "GET", "/api/testimonial")
  ).find((t) => t.name === name);
  try {
    expect(created?.productId).toMatch(/^[a-f0-9]{24}$/);
    await page.goto(productPage);
    await expect(page.getByRole("img", { name: "Rated 4 out of 5" }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "(1 review)", exact: true })).toBeVisible();
    await expect(page.locator("#reviews").getByTestId("review")).toContainText([name]);

    // About no product again: no longer a review of it.
    await page.goto("/admin/testimonials");
    await card.getByRole("button", { name: `Edit ${name}` }).click();
    await expect(dialog.getByLabel("Product it is about")).toHaveValue(created!.productId!);
    await dialog.getByLabel("Product it is about").selectOption({ label: "None (about Pneuma in general)" });
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(toasts(page)).toContainText("Testimonial updated successfully!");
    await expect(card).not.toContainText("About:");
    await page.goto(productPage);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(product);
    await expect(page.locator("#reviews")).toHaveCount(0);
    await expect(page.getByText(/\(\d+ reviews?\)/)).toHaveCount(0);
  } finally {
    if (created) await apiCall(baseURL!, "DELETE", `/api/testimonial/${created._id}`);
  }
});
