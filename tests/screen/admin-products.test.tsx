import { waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { formOf, pngBytes } from "../support/images";
import { interceptRequests, renderAdmin, setUpScreenServer } from "../support/screen";

/**
 * Products Management (/admin/products; the spec's /admin/addNewProduct and /admin/products/{categoryId},
 * whose redirects are tests/unit/legacy-redirect.test.ts's), rendered for real against a real server on an
 * empty database: the filters in the URL, the product dialog's rules and what it sends, the rupee price, key
 * figures typed in any unit, and the failures it shows. The server's rules are tests/api/product.test.ts's;
 * one journey, focus, axe and the public product page are in tests/browser/admin-products.spec.ts.
 */

// Registered first, so it runs after the screen has settled and gone (setUpScreenServer's afterEach).
afterEach(() => {
  vi.restoreAllMocks();
});

// Uploads over 1 MB are refused: the oversized-image check sends 1.5 MB instead of 11.
const ctx = setUpScreenServer({ env: { MAX_UPLOAD_MB: "1" } });

type Screen = Awaited<ReturnType<typeof renderAdmin>>;
type User = Screen["user"];

interface CategoryData {
  _id: string;
  name: string;
  subcategories: { _id: string; name: string }[];
}
interface ProductData {
  _id: string;
  name: string;
  price: number | null;
  featured: boolean;
  subcategoryId: string | null;
  mainImage: string;
  additionalImages: string[];
  specifications: { specName: string; specValue: string }[];
  features: { featureName: string; featureValue: string }[];
  [figure: string]: unknown;
}

let counter = 0;
/** A name no other test of this file uses. */
const unique = (label: string) => `${label} ${++counter}-${Date.now().toString(36)}`;

const png = async (name = "photo.png") => new File([new Uint8Array(await pngBytes())], name, { type: "image/png" });

async function createCategory(name: string, subcategories: string[] = []): Promise<CategoryData> {
  const res = await ctx.request("POST", "/api/category", {
    json: { name, subcategories: subcategories.map((s) => ({ name: s })) },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

async function createProduct(fields: Record<string, string>, extraImages = 0): Promise<ProductData> {
  const extra = await Promise.all(Array.from({ length: extraImages }, (_, i) => png(`extra-${i}.png`)));
  const form = formOf(
    { shortDescription: "Fixture", fullDescription: "Fixture product", price: "125000", ...fields },
    { mainImage: await png(), additionalImages: extra },
  );
  const res = await ctx.request("POST", "/api/product", { form });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

const productOf = async (id: string) => (await ctx.request("GET", `/api/product/${id}`)).body as ProductData;
const productsIn = async (categoryId: string) =>
  (await ctx.request("GET", `/api/product?categoryId=${categoryId}`)).body.data as ProductData[];

/** Replaces a box's text in one input, as Playwright's fill does. */
async function fill(user: User, box: HTMLElement, text: string): Promise<void> {
  await user.clear(box);
  if (text) await user.paste(text);
}

/** The toast region (top right): the layout's only polite status region. */
const toastText = () => [...document.querySelectorAll("[role=status][aria-live=polite]")].at(-1)?.textContent ?? "";
const expectToast = (text: string) => waitFor(() => expect(toastText()).toContain(text));

/** A product's row, by its name. */
const row = (name: string) => document.querySelector<HTMLElement>(`[data-product="${name}"]`);
const priceOf = (name: string) => row(name)?.querySelector("[data-price]")?.textContent;
const labelled = (within_: HTMLElement, label: string) =>
  within(within_).getByLabelText(label, { exact: true }) as HTMLInputElement;
const dialogOf = (s: Screen) => s.getByRole("dialog");
/** The URL's query, as the screen keeps it. */
const query = (s: Screen) => Object.fromEntries(new URLSearchParams(s.router.state.location.search));

async function fillRequired(user: User, dialog: HTMLElement, name: string): Promise<void> {
  await fill(user, labelled(dialog, "Name"), name);
  await fill(user, labelled(dialog, "Short description"), "A compact test compressor.");
  await fill(user, labelled(dialog, "Price (₹)"), "125000");
  await fill(user, labelled(dialog, "Full description"), "A compact test compressor for the screen tests.");
}

/** Chooses the main image and describes it. */
async function chooseMainImage(user: User, dialog: HTMLElement): Promise<void> {
  await user.upload(dialog.querySelector<HTMLInputElement>("input[type=file]")!, await png());
  await fill(user, (await within(dialog).findAllByLabelText("Alt text"))[0]!, "The compressor, front view");
}

async function openEdit(s: Screen, name: string): Promise<HTMLElement> {
  await waitFor(() => expect(row(name)).not.toBeNull());
  await s.user.click(within(row(name)!).getByRole("button", { name: `Edit ${name}` }));
  const dialog = dialogOf(s);
  within(dialog).getByRole("heading", { name: "Edit Product" });
  return dialog;
}

describe("Products Management", () => {
  // First in the file, while the database is still empty.
  it("an empty database shows the SPEC §8 empty text", async () => {
    const s = await renderAdmin("/admin/products");
    await s.findByRole("heading", { level: 1, name: "Products Management" });
    await s.findByText("No products found matching the selected filters.");
  });

  it("a list that cannot be fetched shows the SPEC §8 text and Try Again", async () => {
    // The loader logs what failed (console.error) besides showing it: expected here.
    vi.spyOn(console, "error").mockImplementation(() => {});
    const category = await createCategory(unique("Fetch category"));
    const name = unique("Fetched product");
    await createProduct({ categoryId: category._id, name });
    interceptRequests({ method: "GET", path: "/api/product" }, "network error");
    const s = await renderAdmin("/admin/products");
    const alert = await s.findByRole("alert");
    expect(alert.textContent).toContain("Failed to fetch products. Please try again later.");
    await s.user.click(within(alert).getByRole("button", { name: "Try Again" }));
    await waitFor(() => expect(row(name)).not.toBeNull());
    expect(s.queryByRole("alert")).toBeNull();
  });

  it("filters live in the URL: reload keeps them, changing the category clears the subcategory", async () => {
    const errors = vi.spyOn(console, "error");
    const screw = await createCategory(unique("Screw"), ["Fixed Speed", "Variable Speed Drive"]);
    const oilFree = await createCategory(unique("Oil-free"));
    const [fixed, vsd] = screw.subcategories as [CategoryData["subcategories"][0], CategoryData["subcategories"][0]];
    const fixedOne = unique("Fixed speed compressor");
    const vsdOne = unique("VSD compressor");
    const oilFreeOne = unique("Oil-free compressor");
    await createProduct({ categoryId: screw._id, subcategoryId: fixed._id, name: fixedOne, price: "425000" });
    await createProduct({ categoryId: screw._id, subcategoryId: vsd._id, name: vsdOne });
    await createProduct({ categoryId: oilFree._id, name: oilFreeOne, price: "" });

    let s = await renderAdmin("/admin/products");
    const { user } = s;
    await waitFor(() => expect(row(oilFreeOne)).not.toBeNull());
    expect(labelled(document.body, "Subcategory").disabled).toBe(true);

    await user.selectOptions(labelled(document.body, "Category"), screw._id);
    await waitFor(() => expect(query(s)).toEqual({ category: screw._id }));
    await waitFor(() => expect(row(oilFreeOne)).toBeNull());
    expect(row(vsdOne)).not.toBeNull();
    // The subcategory select lists the chosen category's subcategories.
    const subcategory = labelled(document.body, "Subcategory");
    expect(
      within(subcategory)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["All subcategories", "Fixed Speed", "Variable Speed Drive"]);
    await user.selectOptions(subcategory, fixed._id);
    await waitFor(() => expect(query(s)).toEqual({ category: screw._id, subcategory: fixed._id }));
    await waitFor(() => expect(row(vsdOne)).toBeNull());
    // Prices in rupees with Indian grouping.
    expect(priceOf(fixedOne)).toBe("₹4,25,000");

    // A reload: the same URL shows the same filters and rows.
    await waitFor(() => expect([s.router.state.navigation.state, s.router.state.revalidation]).toEqual(["idle", "idle"]));
    s.unmount();
    s.router.dispose();
    s = await renderAdmin(`/admin/products?category=${screw._id}&subcategory=${fixed._id}`);
    await waitFor(() => expect(row(fixedOne)).not.toBeNull());
    expect(labelled(document.body, "Category").value).toBe(screw._id);
    expect(labelled(document.body, "Subcategory").value).toBe(fixed._id);
    expect(row(vsdOne)).toBeNull();

    await s.user.selectOptions(labelled(document.body, "Category"), oilFree._id);
    await waitFor(() => expect(query(s)).toEqual({ category: oilFree._id }));
    await waitFor(() => expect(labelled(document.body, "Subcategory").value).toBe(""));
    await waitFor(() => expect(priceOf(oilFreeOne)).toBe("Price on request"));
    expect(errors).not.toHaveBeenCalled();
  });

  it("add: the subcategory rule, the last row rule, rupee price; then delete with confirmation", async () => {
    const withSubs = await createCategory(unique("Subs category"), ["Alpha", "Beta"]);
    const noSubs = await createCategory(unique("Plain category"));
    const alpha = withSubs.subcategories.find((c) => c.name === "Alpha")!;
    const name = unique("Product");
    // ?add=1 (where the old /admin/addNewProduct leads) opens the dialog once, and leaves the URL.
    const s = await renderAdmin("/admin/products?add=1");
    const { user } = s;
    const dialog = await s.findByRole("dialog");
    within(dialog).getByRole("heading", { name: "Add Product" });
    await waitFor(() => expect(query(s)).toEqual({}));
    const add = within(dialog).getByRole("button", { name: "Add Product" });

    // Everything missing.
    await user.click(add);
    const alert = within(dialog).getByRole("alert");
    for (const m of [
      "Please choose a category",
      "Please enter a product name",
      "Please enter a short description",
      "Please enter a price, or tick Price on request",
      "Please enter a full description",
      "Please upload a main image",
    ])
      expect(alert.textContent).toContain(m);
    expect(labelled(dialog, "Category").getAttribute("aria-invalid")).toBe("true");

    // A category with subcategories needs one.
    await user.selectOptions(labelled(dialog, "Category"), withSubs._id);
    await fillRequired(user, dialog, name);
    await chooseMainImage(user, dialog);
    await user.click(add);
    expect(within(dialog).getByRole("alert").textContent).toBe("Please choose a subcategory");
    expect(labelled(dialog, "Subcategory").getAttribute("aria-invalid")).toBe("true");
    await user.selectOptions(labelled(dialog, "Subcategory"), alpha._id);
    // Changing the category clears a subcategory that does not belong to it.
    await user.selectOptions(labelled(dialog, "Category"), noSubs._id);
    expect(labelled(dialog, "Subcategory").value).toBe("");
    expect(labelled(dialog, "Subcategory").disabled).toBe(true);
    await user.selectOptions(labelled(dialog, "Category"), withSubs._id);
    expect(labelled(dialog, "Subcategory").value).toBe("");
    await user.selectOptions(labelled(dialog, "Subcategory"), alpha._id);

    // The last specification and feature rows cannot be removed.
    const removeSpec = () => within(dialog).getByRole("button", { name: "Remove specification 1" }) as HTMLButtonElement;
    expect(removeSpec().disabled).toBe(true);
    expect((within(dialog).getByRole("button", { name: "Remove feature 1" }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole("button", { name: "+ Add Specification" }));
    expect(removeSpec().disabled).toBe(false);
    await fill(user, labelled(dialog, "Specification name 2"), "Pressure");
    await fill(user, labelled(dialog, "Specification value 2"), "8 bar");
    await user.click(removeSpec());
    expect(labelled(dialog, "Specification name 1").value).toBe("Pressure");
    expect(removeSpec().disabled).toBe(true);
    await fill(user, labelled(dialog, "Feature value 1"), "Direct drive");
    await user.click(add);
    expect(within(dialog).getByRole("alert").textContent).toBe("Every row of Features needs a name.");
    await fill(user, labelled(dialog, "Feature name 1"), "Drive");
    await user.click(labelled(dialog, "Featured product (shown on the home page)"));
    // Ratings come from testimonials about the product, never typed here (issue 30).
    expect(within(dialog).queryAllByLabelText(/Rating|Review count/)).toEqual([]);
    await user.click(add);
    await expectToast("Product added successfully!");
    await waitFor(() => expect(s.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(priceOf(name)).toBe("₹1,25,000"));
    expect(row(name)!.textContent).toContain(`${withSubs.name} › Alpha`);
    expect(row(name)!.textContent).toContain("Featured");
    // What the dialog sent.
    const [stored] = await productsIn(withSubs._id);
    expect(stored).toMatchObject({
      name,
      price: 125000,
      featured: true,
      subcategoryId: alpha._id,
      specifications: [{ specName: "Pressure", specValue: "8 bar" }],
      features: [{ featureName: "Drive", featureValue: "Direct drive" }],
    });

    // Delete asks first.
    await user.click(within(row(name)!).getByRole("button", { name: `Delete ${name}` }));
    expect(s.getByRole("alertdialog").textContent).toContain("Are you sure you want to delete this product?");
    await user.click(within(s.getByRole("alertdialog")).getByRole("button", { name: "Cancel" }));
    expect(row(name)).not.toBeNull();
    await user.click(within(row(name)!).getByRole("button", { name: `Delete ${name}` }));
    await user.click(within(s.getByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    await expectToast("Product deleted successfully!");
    await waitFor(() => expect(row(name)).toBeNull());
    expect(await productsIn(withSubs._id)).toEqual([]);
  });

  it("a failed Add Product says how many fields need attention, and counts each off as it is fixed", async () => {
    const category = await createCategory(unique("Attention category"));
    const name = unique("Attention product");
    const s = await renderAdmin("/admin/products?add=1");
    const { user } = s;
    const dialog = await s.findByRole("dialog");
    await user.selectOptions(labelled(dialog, "Category"), category._id);
    await fillRequired(user, dialog, name);
    await chooseMainImage(user, dialog);
    await fill(user, labelled(dialog, "Feature name 1"), "Drive");
    await fill(user, labelled(dialog, "Feature value 1"), "Direct");
    // "Add Product did nothing": a specification value without its name (where the focus goes: the browser test).
    await fill(user, labelled(dialog, "Specification value 1"), "8 bar");
    const add = within(dialog).getByRole("button", { name: "Add Product" });
    await user.click(add);
    within(dialog).getByText("1 field needs attention", { exact: true });
    expect(within(dialog).getByRole("alert").textContent).toBe("Every row of Specifications needs a name.");

    // Two fields: both counted, and the button says so.
    await fill(user, labelled(dialog, "Short description"), "");
    await user.click(add);
    within(dialog).getByText("2 fields need attention", { exact: true });
    expect(document.getElementById(add.getAttribute("aria-describedby") ?? "")?.textContent).toBe("2 fields need attention");

    // Fixing a field counts it off at once; once all are fixed the product is added.
    await fill(user, labelled(dialog, "Short description"), "A compact test compressor.");
    within(dialog).getByText("1 field needs attention", { exact: true });
    await fill(user, labelled(dialog, "Specification name 1"), "Pressure");
    expect(within(dialog).queryByText(/needs? attention/)).toBeNull();
    expect(add.getAttribute("aria-describedby")).toBeNull();
    await user.click(add);
    await expectToast("Product added successfully!");
    await waitFor(() => expect(s.queryByRole("dialog")).toBeNull());
    expect((await productsIn(category._id)).map((p) => p.specifications)).toEqual([
      [{ specName: "Pressure", specValue: "8 bar" }],
    ]);
  });

  it("a failed Add Product focuses the first field in error in the page's order, alt texts included (issue 46)", async () => {
    const category = await createCategory(unique("Focus category"));
    const name = unique("Focus product");
    const s = await renderAdmin("/admin/products?add=1");
    const { user } = s;
    const dialog = await s.findByRole("dialog");
    const add = within(dialog).getByRole("button", { name: "Add Product" });
    await user.selectOptions(labelled(dialog, "Category"), category._id);
    await fillRequired(user, dialog, name);
    // A main image without its alt text, and a specification value without its name.
    await user.upload(dialog.querySelector<HTMLInputElement>("input[type=file]")!, await png());
    const [mainAlt] = await within(dialog).findAllByLabelText("Alt text");
    await fill(user, labelled(dialog, "Specification value 1"), "8 bar");
    await user.click(add);
    within(dialog).getByText("2 fields need attention", { exact: true });
    // The specifications come before the images in the dialog: their first box has the focus.
    const specName = labelled(dialog, "Specification name 1");
    expect(specName.compareDocumentPosition(mainAlt!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(specName));

    // With the specification named, the image's alt text is the first: it gets the focus.
    await fill(user, specName, "Pressure");
    await user.click(add);
    within(dialog).getByText("1 field needs attention", { exact: true });
    await waitFor(() => expect(document.activeElement).toBe(mainAlt));

    // An additional image's alt text below the main image's: the main image's still comes first.
    await user.upload(dialog.querySelector<HTMLInputElement>("input[type=file][multiple]")!, await png("side.png"));
    const extraAlt = () =>
      within(within(dialog).getByRole("group", { name: "Image 1 of additional images" })).getByLabelText("Alt text");
    await waitFor(() => extraAlt());
    await user.click(add);
    within(dialog).getByText("2 fields need attention", { exact: true });
    await waitFor(() => expect(document.activeElement).toBe(mainAlt));
    await fill(user, mainAlt!, "The compressor, front view");
    await user.click(add);
    await waitFor(() => expect(document.activeElement).toBe(extraAlt()));
    await fill(user, extraAlt(), "The compressor, side view");
    await user.click(add);
    await expectToast("Product added successfully!");
    const [saved] = await productsIn(category._id);
    expect(saved).toMatchObject({ additionalImagesAlt: ["The compressor, side view"] });
  });

  it("edit is pre-filled, additional images are appended, Price on request, failing saves and deletes", async () => {
    // The screen logs a failed delete (console.error) besides showing it: expected here.
    vi.spyOn(console, "error").mockImplementation(() => {});
    const category = await createCategory(unique("Edit category"));
    const name = unique("Edited product");
    const product = await createProduct({ categoryId: category._id, name }, 1);
    // Where the old /admin/products/{categoryId} leads.
    const s = await renderAdmin(`/admin/products?category=${category._id}`);
    const { user } = s;
    await waitFor(() => expect(row(name)).not.toBeNull());
    expect(labelled(document.body, "Category").value).toBe(category._id);
    let dialog = await openEdit(s, name);
    expect(labelled(dialog, "Name").value).toBe(name);
    expect(labelled(dialog, "Price (₹)").value).toBe("125000");
    expect(labelled(dialog, "Category").value).toBe(category._id);
    within(dialog).getByRole("img", { name: "Additional image 1" });

    // An oversized main image (more than MAX_UPLOAD_MB): the server refuses it for real.
    const huge = new Uint8Array(1.5 * 1024 * 1024);
    huge.set(await pngBytes());
    await user.upload(
      dialog.querySelector<HTMLInputElement>("input[type=file]")!,
      new File([huge], "huge.png", { type: "image/png" }),
    );
    await fill(user, (await within(dialog).findAllByLabelText("Alt text"))[0]!, "Too big");
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(within(dialog).getByRole("alert").textContent).toBe("Error: The file is too large."));
    expect(s.queryByRole("dialog")).not.toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));

    dialog = await openEdit(s, name);
    await user.upload(dialog.querySelector<HTMLInputElement>("input[type=file][multiple]")!, [
      await png("second.png"),
      await png("third.png"),
    ]);
    within(dialog).getByText(/^3 of 10 images\./);
    // Each new image gets its alt text (issue 31); one is marked decorative instead.
    const image = (n: number) => within(dialog).getByRole("group", { name: `Image ${n} of additional images` });
    await fill(user, within(image(2)).getByLabelText("Alt text"), "The panel, close up");
    await user.click(within(image(3)).getByLabelText("Decorative image (no description)"));
    await user.click(labelled(dialog, "Price on request"));
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await expectToast("Product updated successfully!");
    await waitFor(() => expect(s.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(priceOf(name)).toBe("Price on request"));
    const saved = await productOf(product._id);
    expect(saved.price).toBeNull();
    expect(saved.additionalImages).toHaveLength(3);
    expect(saved.additionalImages[0]).toBe(product.additionalImages[0]);
    expect(saved.additionalImagesAlt).toEqual([expect.any(String), "The panel, close up", ""]);
    expect(saved.additionalImagesDecorative).toEqual([false, false, true]);

    // Removing a kept image sends the kept list.
    dialog = await openEdit(s, name);
    await user.click(within(dialog).getByRole("button", { name: "Remove additional image 1" }));
    expect(labelled(dialog, "Price on request").checked).toBe(true);
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(s.queryByRole("dialog")).toBeNull());
    expect((await productOf(product._id)).additionalImages).toEqual(saved.additionalImages.slice(1));

    // The product disappears behind the screen's back: save and delete fail on the server.
    dialog = await openEdit(s, name);
    expect((await ctx.request("DELETE", `/api/product/${product._id}`)).status).toBe(200);
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(within(dialog).getByRole("alert").textContent).toBe("Error: Product not found."));
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await user.click(within(row(name)!).getByRole("button", { name: `Delete ${name}` }));
    await user.click(within(s.getByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    await expectToast("Error deleting product: Product not found.");
    // The list is read again.
    await waitFor(() => expect(row(name)).toBeNull());
  });

  it("key figures: typed in any unit, shown as saved before saving, stored canonical", async () => {
    const category = await createCategory(unique("Figures category"));
    const name = unique("Figures product");
    const product = await createProduct({ categoryId: category._id, name, maxPressure: "7.5" });
    const s = await renderAdmin(`/admin/products?category=${category._id}`);
    const { user } = s;
    const dialog = await openEdit(s, name);
    expect(labelled(dialog, "Maximum working pressure").value).toBe("7.5");
    expect(labelled(dialog, "Maximum working pressure unit").value).toBe("bar");

    await fill(user, labelled(dialog, "Free air delivery"), "35-128");
    await user.selectOptions(labelled(dialog, "Free air delivery unit"), "cfm");
    within(dialog).getByText("Saved as 0.991–3.62 m³/min (35–128 CFM)");
    await fill(user, labelled(dialog, "Motor power"), "30");
    await user.selectOptions(labelled(dialog, "Motor power unit"), "hp");
    within(dialog).getByText("Saved as 22.4 kW (30 HP)");
    await user.selectOptions(labelled(dialog, "Compressor type"), "Rotary screw");
    await user.selectOptions(labelled(dialog, "Drive"), "Variable speed (VSD)");

    // A mistake is named before saving, and nothing is sent.
    const weight = labelled(dialog, "Weight");
    await fill(user, weight, "heavy");
    within(dialog).getByText("Weight must be a number.");
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    expect(weight.getAttribute("aria-invalid")).toBe("true");
    expect(s.queryByRole("dialog")).not.toBeNull();
    expect(await productOf(product._id)).toMatchObject({ weight: null, compressorType: null, freeAirDelivery: null });
    await fill(user, weight, "1,150");
    expect(weight.getAttribute("aria-invalid")).toBeNull();

    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(s.queryByRole("dialog")).toBeNull());
    // Stored as the previews said (the public page's figures: tests/browser/admin-products.spec.ts).
    expect(await productOf(product._id)).toMatchObject({
      freeAirDelivery: { min: 0.99109, max: 3.62456 },
      maxPressure: 7.5,
      motorPower: 22.371,
      weight: 1150,
      compressorType: "rotary-screw",
      drive: "variable-speed",
      lubrication: null,
    });
  });
});
