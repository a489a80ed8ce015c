import { act, fireEvent, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LIST_CONTENT } from "../../shared/content/registry";
import { formOf, pngBytes } from "../support/images";
import { interceptRequests, renderAdmin, setUpScreenServer } from "../support/screen";

/**
 * The generic management screens (SPEC §2 "Admin screen behaviour", §5, §8), one for every list type declared
 * in shared/content/registry.ts, rendered for real against a real server on an empty database. Screen path,
 * title, texts, entity and image rule come from each declaration; how a test fills each form is written out
 * below. What needs a browser (focus, axe, the public pages, one journey) is in
 * tests/browser/admin-list-types.spec.ts.
 */

// Registered first, so it runs after the screen has settled and gone (setUpScreenServer's afterEach).
afterEach(() => {
  vi.restoreAllMocks();
});

// Uploads over 1 MB are refused: the oversized-upload check sends 1.5 MB instead of 11.
const ctx = setUpScreenServer({ env: { MAX_UPLOAD_MB: "1" } });

type Screen = Awaited<ReturnType<typeof renderAdmin>>;
type User = Screen["user"];
type ImageRule = "required" | "optional" | "none";

interface Case {
  name: string;
  path: string;
  heading: string;
  endpoint: string;
  entity: string;
  noun: string;
  empty: string;
  fetchFailed: string;
  deleteFailed: string;
  /** The label of the field that names a record (filled with a unique text). */
  nameField: string;
  image: ImageRule;
  imageMessage?: string;
  /** Fills the other required fields of the add form. */
  fillRest?: (dialog: HTMLElement, user: User) => Promise<void>;
  /** The messages when everything is left empty (and the image is present). */
  requiredMessages: string[];
  /** Fields for an API fixture (named `name` in nameField's record field). */
  fixture: (name: string) => Record<string, string>;
  /** The multipart field of the image (default "image"). */
  uploadField?: string;
}

type Interactions = Pick<Case, "nameField" | "fillRest" | "requiredMessages" | "fixture">;

/** A form control by its label, exactly. */
const field = (within_: HTMLElement, label: string) => within(within_).getByLabelText(label, { exact: true });
const input = (within_: HTMLElement, label: string) => field(within_, label) as HTMLInputElement;
/** The alt text box shows once the chosen file's preview is read (a FileReader, so after the upload's render). */
const altText = (dialog: HTMLElement) => within(dialog).findByLabelText("Alt text", { exact: true });

/** Replaces a box's text in one input, as Playwright's fill does (typing it key by key costs a render a key). */
async function fill(user: User, box: HTMLElement, text: string): Promise<void> {
  await user.clear(box);
  if (text) await user.paste(text);
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
    fillRest: async (d, user) => {
      await fill(user, field(d, "Feedback"), "Reliable compressors and quick service.");
      await user.click(within(d).getByLabelText("4 stars"));
      expect((within(d).getByRole("radio", { name: "4 stars" }) as HTMLInputElement).checked).toBe(true);
    },
    requiredMessages: ["Please fill all required fields"],
    fixture: (name) => ({ name, feedback: "Fixture feedback", star: "5" }),
  },
  story: {
    nameField: "Title",
    fillRest: async (d, user) => {
      await fill(user, field(d, "Content"), "Founded in Salem in 1998.");
    },
    requiredMessages: ["Title and content are required"],
    fixture: (name) => ({ title: name, content: "Fixture story" }),
  },
  facility: {
    nameField: "Title",
    fillRest: async (d, user) => {
      const box = field(d, "New feature");
      for (const f of ["  CNC machining ", "CNC machining", "Test bay", ""]) {
        await fill(user, box, f);
        await user.click(within(d).getByRole("button", { name: "Add" }));
      }
      // Trimmed, and the duplicate and the blank were ignored.
      expect(within(within(d).getByRole("list", { name: "Features" })).getAllByRole("listitem")).toHaveLength(2);
      within(d).getByRole("button", { name: "Remove CNC machining" });
    },
    requiredMessages: ["Please enter a title"],
    fixture: (name) => ({ title: name, features: JSON.stringify(["One", "Two"]) }),
  },
  "team-member": {
    nameField: "Name",
    fillRest: async (d, user) => {
      await fill(user, field(d, "Position"), "Service Engineer");
    },
    requiredMessages: ["Please fill all required fields"],
    fixture: (name) => ({ name, position: "Fixture position" }),
  },
  "core-value": {
    nameField: "Title",
    fillRest: async (d, user) => {
      await user.selectOptions(field(d, "Icon"), "leaf");
    },
    requiredMessages: ["Please enter a title"],
    fixture: (name) => ({ title: name, icon: "gauge" }),
  },
  service: {
    nameField: "Title",
    fillRest: async (d, user) => {
      await fill(user, field(d, "Description"), "Fixture service description");
      await fill(user, field(d, "Details"), "We visit. We repair.");
      const box = field(d, "New benefit");
      await user.type(box, " Less downtime {Enter}");
      await user.type(box, "Less downtime{Enter}");
      expect(within(within(d).getByRole("list", { name: "Benefits" })).getAllByRole("listitem")).toHaveLength(1);
    },
    requiredMessages: [],
    fixture: (name) => ({ title: name, description: "Fixture", details: "Fixture details." }),
  },
  faq: {
    nameField: "Question",
    fillRest: async (d, user) => {
      await fill(user, field(d, "Answer"), "Yes, within a day.");
    },
    requiredMessages: ["Please fill all required fields"],
    fixture: (name) => ({ question: name, answer: "Fixture answer" }),
  },
};

/**
 * How a type the table above does not know is filled in, from its declaration: its first text field names a
 * record, its other required boxes get a text or a number, its example is the API fixture.
 */
function declaredInteractions(c: (typeof LIST_CONTENT)[number]): Interactions {
  const form = c.form;
  const named = form.find((f) => f.control === "text");
  if (!named) throw new Error(`admin-list-types.test.tsx: say how the form of list type "${c.name}" is filled in`);
  const others = form.filter((f) => f !== named && f.required && ["text", "textarea", "number"].includes(f.control));
  return {
    nameField: named.label,
    fillRest: async (d, user) => {
      for (const f of others) await fill(user, field(d, f.label), f.control === "number" ? "1" : "Filled in");
    },
    requiredMessages: [...new Set(form.flatMap((f) => (f.required && f.control !== "image" ? [f.required] : [])))],
    fixture: (name) => ({ ...(c.example as Record<string, string>), [named.name]: name }),
  };
}

const CASES: Case[] = LIST_CONTENT.map((c) => {
  const image = c.form.find((f) => f.control === "image");
  return {
    name: c.name,
    path: `/admin/${c.admin.path}`,
    heading: c.admin.title,
    endpoint: `/api${c.path}`,
    entity: c.admin.entity,
    noun: c.admin.noun,
    empty: c.admin.texts.empty,
    fetchFailed: c.admin.texts.fetchFailed,
    deleteFailed: c.admin.texts.deleteFailed,
    image: !image ? "none" : image.required ? "required" : "optional",
    imageMessage: c.image?.requiredOnCreate,
    uploadField: image?.uploads?.[0],
    ...(INTERACTIONS[c.name] ?? declaredInteractions(c)),
  };
});
const caseOf = (name: string) => CASES.find((c) => c.name === name)!;

/** One type per image rule (required, optional, none): the failure paths are the one screen's, whatever the type. */
const FAILURE_CASES = (["required", "optional", "none"] as const).flatMap((rule) => CASES.find((c) => c.image === rule) ?? []);

let counter = 0;
/** A name no other test of this file uses. */
const unique = (label: string) => `${label} ${++counter}-${Date.now().toString(36)}`;

const png = async (name = "photo.png") => new File([new Uint8Array(await pngBytes())], name, { type: "image/png" });

/** The toast region (top right): the layout's only polite status region. */
function toastText(): string {
  return [...document.querySelectorAll("[role=status][aria-live=polite]")].at(-1)?.textContent ?? "";
}
const expectToast = (text: string) => waitFor(() => expect(toastText()).toContain(text));

/** The open dialog (a closed <dialog> is hidden from the accessibility tree). */
const dialogOf = (s: Screen) => s.getByRole("dialog");

async function createFixture(c: Case, name: string): Promise<string> {
  const fields = c.fixture(name);
  const res =
    c.image === "none"
      ? await ctx.request("POST", c.endpoint, { json: fields })
      : await ctx.request("POST", c.endpoint, { form: formOf(fields, { [c.uploadField ?? "image"]: await png() }) });
  expect(res.status, res.text).toBe(201);
  return (res.body.data ?? res.body)._id;
}

async function openAdd(s: Screen, c: Case): Promise<HTMLElement> {
  await s.user.click(await s.findByRole("button", { name: `+ Add ${c.entity}` }));
  const dialog = dialogOf(s);
  within(dialog).getByRole("heading", { name: `Add ${c.entity}` });
  return dialog;
}

/** Opens the add form, checks its SPEC §5 messages, fills it with `name` (the image, when the type has one, not yet). */
async function fillAddForm(s: Screen, c: Case, name: string): Promise<HTMLElement> {
  const { user } = s;
  const dialog = await openAdd(s, c);
  const save = within(dialog).getByRole("button", { name: `Add ${c.entity}` }) as HTMLButtonElement;
  if (c.name === "service") {
    // Save stays disabled while title, description or details are missing.
    expect(save.disabled).toBe(true);
    within(dialog).getByText("Please fill all required fields");
    await fill(user, field(dialog, "Title"), name);
    await c.fillRest?.(dialog, user);
    expect(save.disabled).toBe(false);
    await fill(user, field(dialog, "Description"), "   ");
    expect(save.disabled).toBe(true);
    await fill(user, field(dialog, "Description"), "Back again");
  } else {
    await user.click(save);
    const alert = within(dialog).getByRole("alert");
    for (const m of [...(c.image === "required" ? [c.imageMessage!] : []), ...c.requiredMessages]) {
      expect(alert.textContent).toContain(m);
    }
    if (c.requiredMessages.length > 0) expect(field(dialog, c.nameField).getAttribute("aria-invalid")).toBe("true");
    await fill(user, field(dialog, c.nameField), name);
    await c.fillRest?.(dialog, user);
  }
  if (c.imageMessage) {
    await user.click(save);
    expect(within(dialog).getByRole("alert").textContent).toBe(c.imageMessage);
  }
  if (c.image !== "none") {
    // Image files only.
    await user.upload(fileInput(dialog), new File(["hi"], "notes.txt", { type: "text/plain" }));
    within(dialog).getByText("Please choose an image file (JPEG, PNG, WebP, AVIF or GIF).");
  }
  return dialog;
}

const fileInput = (dialog: HTMLElement) => dialog.querySelector<HTMLInputElement>("input[type=file]")!;

describe("every list screen", () => {
  // First in the file, while the database is still empty (every later test removes what it adds).
  it("shows its SPEC §8 empty text when there is nothing", async () => {
    for (const c of CASES) {
      const s = await renderAdmin(c.path);
      await s.findByRole("heading", { level: 1, name: c.heading });
      await s.findByText(c.empty);
      s.unmount();
    }
  });
});

for (const c of CASES) {
  describe(c.heading, () => {
    it("add (with the SPEC §5 messages), edit (pre-filled) and delete with confirmation", async () => {
      const errors = vi.spyOn(console, "error");
      const name = unique(c.entity);
      const s = await renderAdmin(c.path);
      const { user } = s;
      await s.findByRole("heading", { level: 1, name: c.heading });

      let dialog = await fillAddForm(s, c, name);
      if (c.image !== "none") {
        await user.upload(fileInput(dialog), await png());
        await within(dialog).findByRole("img", { name: "Preview of photo.png" });
        await fill(user, await altText(dialog), `Photo for ${name}`);
      }
      await user.click(within(dialog).getByRole("button", { name: `Add ${c.entity}` }));
      await expectToast(`${c.entity} added successfully!`);
      await waitFor(() => expect(s.queryByRole("dialog")).toBeNull());
      await s.findByRole("heading", { level: 2, name });

      // Edit: the form is pre-filled; saving closes, reloads and keeps the image.
      await user.click(s.getByRole("button", { name: `Edit ${name}` }));
      dialog = dialogOf(s);
      within(dialog).getByRole("heading", { name: `Edit ${c.entity}` });
      expect(input(dialog, c.nameField).value).toBe(name);
      if (c.image !== "none") within(dialog).getByRole("img", { name: "Current image" });
      await fill(user, field(dialog, c.nameField), `${name} edited`);
      await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
      await expectToast(`${c.entity} updated successfully!`);
      await s.findByRole("heading", { level: 2, name: `${name} edited` });

      // Delete asks first; Cancel keeps the record.
      await user.click(s.getByRole("button", { name: `Delete ${name} edited` }));
      expect(s.getByRole("alertdialog").textContent).toContain(`Are you sure you want to delete this ${c.noun}?`);
      await user.click(within(s.getByRole("alertdialog")).getByRole("button", { name: "Cancel" }));
      expect(s.queryByRole("alertdialog")).toBeNull();
      s.getByRole("heading", { level: 2, name: `${name} edited` });
      await user.click(s.getByRole("button", { name: `Delete ${name} edited` }));
      await user.click(within(s.getByRole("alertdialog")).getByRole("button", { name: "Delete" }));
      await expectToast(`${c.entity} deleted successfully!`);
      await waitFor(() => expect(s.queryByRole("heading", { level: 2, name: `${name} edited` })).toBeNull());
      expect(errors).not.toHaveBeenCalled();
    });
  });
}

for (const c of FAILURE_CASES) {
  it(`${c.heading}: a failing save shows the server's message and a failing delete the SPEC §8 text`, async () => {
    // The screen logs what failed (console.error) besides showing it: expected here.
    vi.spyOn(console, "error").mockImplementation(() => {});
    const name = unique(c.entity);
    const id = await createFixture(c, name);
    const s = await renderAdmin(c.path);
    const { user } = s;
    await user.click(await s.findByRole("button", { name: `Edit ${name}` }));
    const dialog = dialogOf(s);
    if (c.image !== "none") {
      // More than MAX_UPLOAD_MB: the server refuses the upload.
      const huge = new Uint8Array(1.5 * 1024 * 1024);
      huge.set(await pngBytes());
      await user.upload(fileInput(dialog), new File([huge], "huge.png", { type: "image/png" }));
      await fill(user, await altText(dialog), "Too big");
      await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
      await waitFor(() => expect(within(dialog).getByRole("alert").textContent).toBe("The file is too large."));
      dialogOf(s);
      await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
      await user.click(s.getByRole("button", { name: `Edit ${name}` }));
    }
    // The record disappears behind the screen's back: saving and deleting it fail on the server.
    const gone = await ctx.request("DELETE", `${c.endpoint}/${id}`);
    expect(gone.status, gone.text).toBe(200);
    await fill(user, field(dialogOf(s), c.nameField), `${name} again`);
    await user.click(within(dialogOf(s)).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(within(dialogOf(s)).getByRole("alert").textContent).toContain("not found"));
    await user.click(within(dialogOf(s)).getByRole("button", { name: "Cancel" }));
    await user.click(s.getByRole("button", { name: `Delete ${name}` }));
    await user.click(within(s.getByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    await expectToast(c.deleteFailed);
    // The list was reloaded: the record is gone.
    await waitFor(() => expect(s.queryByRole("heading", { level: 2, name })).toBeNull());
  });
}

it("a list that cannot be fetched shows the SPEC §8 failure text and Try Again", async () => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  const c = caseOf("banner");
  const name = unique("Banner");
  const id = await createFixture(c, name);
  try {
    interceptRequests({ method: "GET", path: c.endpoint }, { status: 500, body: {} });
    const s = await renderAdmin(c.path);
    const alert = await s.findByRole("alert");
    expect(alert.textContent).toMatch(new RegExp(`^${c.fetchFailed}`));
    await s.user.click(within(alert).getByRole("button", { name: "Try Again" }));
    await s.findByRole("heading", { level: 2, name });
    expect(s.queryByRole("alert")).toBeNull();
  } finally {
    await ctx.request("DELETE", `${c.endpoint}/${id}`);
  }
});

it("a save without any server answer shows the SPEC §8 fallback text", async () => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  const s = await renderAdmin("/admin/testimonials");
  const { user } = s;
  await user.click(await s.findByRole("button", { name: "+ Add Testimonial" }));
  const dialog = dialogOf(s);
  await fill(user, field(dialog, "Name"), "Nobody");
  await fill(user, field(dialog, "Feedback"), "Nothing");
  await user.upload(fileInput(dialog), await png());
  await fill(user, await altText(dialog), "A customer's photo");
  interceptRequests({ method: "POST", path: "/api/testimonial" }, "network error");
  await user.click(within(dialog).getByRole("button", { name: "Add Testimonial" }));
  await waitFor(() => expect(within(dialog).getByRole("alert").textContent).toBe("Operation failed"));
  const stored = await ctx.request("GET", "/api/testimonial");
  expect(stored.body).toEqual([]);
});

it("toasts disappear after 3 seconds", async () => {
  const c = caseOf("core-value");
  const name = unique("Toast check");
  const s = await renderAdmin(c.path);
  await s.user.click(await s.findByRole("button", { name: "+ Add Core value" }));
  await fill(s.user, field(dialogOf(s), "Title"), name);
  // From here time stands still except when the test moves it; only the timers are faked (the toast's),
  // so the server's answer still arrives. user-event waits on a timer after each action: a plain click here.
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  try {
    fireEvent.click(within(dialogOf(s)).getByRole("button", { name: "Add Core value" }));
    await vi.waitFor(() => expect(toastText()).toContain("Core value added successfully!"), { timeout: 10_000 });
    act(() => vi.advanceTimersByTime(2500));
    expect(toastText()).toContain("Core value added successfully!");
    act(() => vi.advanceTimersByTime(600));
    expect(toastText()).not.toContain("Core value added successfully!");
  } finally {
    vi.useRealTimers();
  }
  await s.findByRole("heading", { level: 2, name });
  const list = await ctx.request("GET", c.endpoint);
  for (const v of list.body as { _id: string }[]) await ctx.request("DELETE", `${c.endpoint}/${v._id}`);
});

it("FAQ: Move up and Move down change the staff order on the screen and in the API", async () => {
  const first = unique("Reorder first");
  const second = unique("Reorder second");
  const created: string[] = [];
  for (const [question, position] of [
    [first, 999_000],
    [second, 999_001],
  ] as const) {
    const res = await ctx.request("POST", "/api/faq", { json: { question, answer: `Answer to ${question}`, position } });
    expect(res.status, res.text).toBe(201);
    created.push((res.body.data ?? res.body)._id);
  }
  /** The two questions' order as the API lists them. */
  const apiOrder = async () => {
    const questions = ((await ctx.request("GET", "/api/faq")).body as { question: string }[]).map((q) => q.question);
    return questions.indexOf(second) < questions.indexOf(first) ? "second first" : "first second";
  };
  /** The two questions' order on the screen. */
  const shownOrder = (s: Screen) =>
    s
      .getAllByRole("heading", { level: 2 })
      .flatMap((h) => (h.textContent === first || h.textContent === second ? [h.textContent] : []));
  try {
    const s = await renderAdmin("/admin/faq");
    await s.findByRole("heading", { level: 2, name: second });
    // The last question has no Move down, the one above it both.
    expect(s.queryByRole("button", { name: `Move ${second} down` })).toBeNull();
    s.getByRole("button", { name: `Move ${first} down` });
    await s.user.click(s.getByRole("button", { name: `Move ${second} up` }));
    await waitFor(async () => expect(await apiOrder()).toBe("second first"));
    await waitFor(() => expect(shownOrder(s)).toEqual([second, first]));

    await s.user.click(await s.findByRole("button", { name: `Move ${second} down` }));
    await waitFor(async () => expect(await apiOrder()).toBe("first second"));
    await waitFor(() => expect(shownOrder(s)).toEqual([first, second]));
  } finally {
    for (const id of created) await ctx.request("DELETE", `/api/faq/${id}`);
  }
});

it("a testimonial names the product it is about: chosen in the dialog, shown on its card, stored, and cleared again", async () => {
  const category = await ctx.request("POST", "/api/category", { json: { name: unique("Category") } });
  expect(category.status, category.text).toBe(201);
  const product = unique("PN-RT Compressor");
  const made = await ctx.request("POST", "/api/product", {
    json: {
      categoryId: category.body.data._id,
      name: product,
      shortDescription: "Short.",
      fullDescription: "Long.",
      mainImage: "https://example.com/main.jpg",
    },
  });
  expect(made.status, made.text).toBe(201);
  const productId: string = made.body.data._id;
  const name = unique("Reviewer");
  const s = await renderAdmin("/admin/testimonials");
  const { user } = s;
  await user.click(await s.findByRole("button", { name: "+ Add Testimonial" }));
  let dialog = dialogOf(s);
  await fill(user, field(dialog, "Name"), name);
  await fill(user, field(dialog, "Feedback"), "Runs two shifts without a murmur.");
  await user.upload(fileInput(dialog), await png());
  await fill(user, await within(dialog).findByLabelText("Alt text"), "Portrait of the customer");
  const choice = input(dialog, "Product it is about");
  expect(choice.value).toBe("");
  await user.selectOptions(choice, product);
  await user.click(within(dialog).getByLabelText("4 stars"));
  await user.click(within(dialog).getByRole("button", { name: "Add Testimonial" }));
  await expectToast("Testimonial added successfully!");
  const card = () => s.getByRole("heading", { level: 2, name }).closest("li")!;
  await waitFor(() => expect(card().textContent).toContain(`About: ${product}`));
  within(card()).getByRole("img", { name: "4 out of 5 stars" });
  const stored = (
    (await ctx.request("GET", "/api/testimonial")).body as { _id: string; name: string; productId: string | null }[]
  ).find((t) => t.name === name);
  expect(stored?.productId).toBe(productId);
  try {
    // About no product again.
    await user.click(within(card()).getByRole("button", { name: `Edit ${name}` }));
    dialog = dialogOf(s);
    expect(input(dialog, "Product it is about").value).toBe(productId);
    await user.selectOptions(input(dialog, "Product it is about"), "None (about Pneuma in general)");
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await expectToast("Testimonial updated successfully!");
    await waitFor(() => expect(card().textContent).not.toContain("About:"));
    const after = (await ctx.request("GET", `/api/testimonial/${stored!._id}`)).body;
    expect((after.data ?? after).productId).toBeNull();
  } finally {
    await ctx.request("DELETE", `/api/testimonial/${stored!._id}`);
    await ctx.request("DELETE", `/api/product/${productId}`);
    await ctx.request("DELETE", `/api/category/${category.body.data._id}`);
  }
});
