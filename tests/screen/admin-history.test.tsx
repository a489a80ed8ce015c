import { waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { formOf, pngBytes } from "../support/images";
import { renderAdmin, setUpScreenServer } from "../support/screen";
import { ADMIN } from "../support/server";
import { addStaff, type StaffAccount } from "../support/staff";
import { currentStep, totp, wrongCode } from "../support/totp";

/**
 * History (the versions in every edit dialog, compared and restored), the Trash screen, and two-factor
 * sign-in as the panel's screens show it (My account, Staff, Site Settings' sign-in policy), rendered for
 * real against a real server. The server's rules are tests/api/history.test.ts's and two-factor.test.ts's;
 * the login form's code step (an HTML-first page), one journey per screen, layout and axe are in
 * tests/browser/admin-history.spec.ts.
 */

// Registered first, so it runs after the screen has settled and gone (setUpScreenServer's afterEach).
afterEach(() => {
  vi.restoreAllMocks();
});

const ctx = setUpScreenServer();

type Screen = Awaited<ReturnType<typeof renderAdmin>>;
type User = Screen["user"];

const WRONG_CODE = "The code is not right. Check the code in your authenticator app (and the time on your phone) and try again.";

let counter = 0;
/** A name no other test of this file uses. */
const unique = (label: string) => `${label} ${++counter}-${Date.now().toString(36)}`;

/** Replaces a box's text in one input, as Playwright's fill does. */
async function fill(user: User, box: HTMLElement, text: string): Promise<void> {
  await user.clear(box);
  if (text) await user.paste(text);
}

/** The toast region (top right): the layout's only polite status region. */
const toastRegion = () => [...document.querySelectorAll<HTMLElement>("[role=status][aria-live=polite]")].at(-1);
const expectToast = (text: string) => waitFor(() => expect(toastRegion()?.textContent ?? "").toContain(text));

/** Waits for the screen's loads to end, then takes it away (the next render is another page load). */
async function leave(s: Screen): Promise<void> {
  await waitFor(() => expect([s.router.state.navigation.state, s.router.state.revalidation]).toEqual(["idle", "idle"]));
  s.unmount();
  s.router.dispose();
}

/** Renders the panel as someone else: their token where the panel keeps it. */
function signInAs(token: string): void {
  window.localStorage.setItem("admin-token", token);
}

interface Banner {
  _id: string;
  title: string;
  image: string;
}

async function createBanner(title: string): Promise<Banner> {
  const png = new File([new Uint8Array(await pngBytes())], "fixture.png", { type: "image/png" });
  const res = await ctx.request("POST", "/api/banner", {
    form: formOf({ title, description: "History fixture banner" }, { image: png }),
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data ?? res.body;
}

async function createCategory(name: string): Promise<{ _id: string; name: string }> {
  const res = await ctx.request("POST", "/api/category", { json: { name, subcategories: [] } });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

async function createProduct(name: string, categoryId: string): Promise<{ _id: string; name: string }> {
  const png = new File([new Uint8Array(await pngBytes())], "fixture.png", { type: "image/png" });
  const fields = { name, categoryId, shortDescription: "Fixture", fullDescription: "History fixture product", price: "125000" };
  const res = await ctx.request("POST", "/api/product", { form: formOf(fields, { mainImage: png }) });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

const ok = async (method: string, path: string, json?: unknown) => {
  const res = await ctx.request(method, path, json === undefined ? {} : { json });
  expect(res.status, `${method} ${path}: ${res.text}`).toBe(200);
  return res.body;
};

const versionsOf = async (url: string) => ((await ok("GET", `${url}/revisions`)) as { action: string }[]).map((v) => v.action);

/** A card on a list screen, by its exact title. */
const cardOf = (s: Screen, title: string) => s.getByRole("heading", { level: 2, name: title }).closest("li") as HTMLElement;
/** A row of the Products screen, by the product's name. */
const productRow = (name: string) => document.querySelector<HTMLElement>(`[data-product="${name}"]`);
const priceOf = (name: string) => productRow(name)?.querySelector("[data-price]")?.textContent;
/** A row of the Trash screen, by its label. */
const trashRow = (label: string) => document.querySelector<HTMLElement>(`li[data-trash="${label}"]`);

/** Opens a record's edit dialog and its History view. */
async function openHistory(s: Screen, name: string, entity: string): Promise<{ dialog: HTMLElement; history: HTMLElement }> {
  await s.user.click(await s.findByRole("button", { name: `Edit ${name}` }));
  const dialog = s.getByRole("dialog");
  within(dialog).getByRole("heading", { name: `Edit ${entity}` });
  await s.user.click(within(dialog).getByRole("button", { name: "History" }));
  await within(dialog).findByRole("heading", { name: `History: ${entity}` });
  return { dialog, history: within(dialog).getByRole("region", { name: "History" }) };
}

/** The History view's list: created, then saved (current), naming what it changed; Compare opens the older one. */
async function compareOlder(s: Screen, history: HTMLElement, changed: string): Promise<void> {
  const versions = await within(history).findAllByRole("listitem");
  expect(versions).toHaveLength(2);
  const [current, created] = versions as [HTMLElement, HTMLElement];
  expect(current.textContent).toContain("Current");
  expect(current.textContent).toContain(`Saved by ${ADMIN.username}`);
  expect(current.textContent).toContain(`Changed: ${changed}`);
  within(current).getByRole("button", { name: /^View the version of / });
  expect(created.textContent).not.toContain("Current");
  expect(created.textContent).not.toContain("Changed:");
  expect(created.textContent).toContain(`Created by ${ADMIN.username}`);
  await s.user.click(within(created).getByRole("button", { name: /^Compare the version of / }));
  const heading = await within(history).findByRole("heading", { level: 3 });
  expect(heading.textContent).toMatch(new RegExp(`^Created .+ by ${ADMIN.username}$`));
}

/** The comparison's table (from 640 px up; the phones' cards are the browser test's) lists these fields. */
function expectChanges(history: HTMLElement, changes: { field: string; label: string; version: string; current: string }[]) {
  const table = within(history).getByRole("table");
  expect(
    within(table)
      .getAllByRole("columnheader")
      .map((h) => h.textContent),
  ).toEqual(["Field", "This version", "Current"]);
  // Only what differs.
  expect([...table.querySelectorAll("tbody tr")].map((r) => r.getAttribute("data-field"))).toEqual(changes.map((c) => c.field));
  for (const c of changes) {
    const row = table.querySelector<HTMLElement>(`tr[data-field="${c.field}"]`)!;
    expect(within(row).getByRole("rowheader").textContent).toBe(c.label);
    expect(
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual([c.version, c.current]);
  }
}

/** Restore this version, confirmed. */
async function restoreChosen(s: Screen, history: HTMLElement): Promise<void> {
  await s.user.click(within(history).getByRole("button", { name: "Restore this version" }));
  const confirm = s.getByRole("alertdialog");
  expect(confirm.textContent).toContain("Restore the version of");
  expect(confirm.textContent).toContain("The current record is kept in the history.");
  await s.user.click(within(confirm).getByRole("button", { name: "Restore" }));
}

describe("History", () => {
  it("a banner: an edit makes a second version; Compare shows the old and the new title", async () => {
    const errors = vi.spyOn(console, "error");
    const before = unique("History banner");
    const after = `${before} renamed`;
    const banner = await createBanner(before);
    const s = await renderAdmin("/admin/banner");
    const { user } = s;
    await user.click(await s.findByRole("button", { name: `Edit ${before}` }));
    const edit = s.getByRole("dialog");
    await fill(user, within(edit).getByLabelText("Title", { exact: true }), after);
    await user.click(within(edit).getByRole("button", { name: "Save Changes" }));
    await expectToast("Banner updated successfully!");
    await s.findByRole("heading", { level: 2, name: after });
    expect(s.queryByRole("heading", { level: 2, name: before })).toBeNull();
    expect(await versionsOf(`/api/banner/${banner._id}`)).toEqual(["update", "create"]);

    const { dialog, history } = await openHistory(s, after, "Banner");
    await compareOlder(s, history, "Title");
    // The image and the description are the same: only the title is listed.
    expectChanges(history, [{ field: "title", label: "Title", version: before, current: after }]);

    // Back to the list, then to the form.
    await user.click(within(history).getByRole("button", { name: "← All versions" }));
    expect(within(history).getAllByRole("listitem")).toHaveLength(2);
    await user.click(within(history).getByRole("button", { name: "← Back to the form" }));
    within(dialog).getByRole("heading", { name: "Edit Banner" });
    expect((within(dialog).getByLabelText("Title", { exact: true }) as HTMLInputElement).value).toBe(after);
    expect(errors).not.toHaveBeenCalled();
  });

  it("a banner: Restore this version brings the old title back", async () => {
    const before = unique("Restored banner");
    const after = `${before} renamed`;
    const banner = await createBanner(before);
    await ok("PUT", `/api/banner/${banner._id}`, { title: after });
    const s = await renderAdmin("/admin/banner");
    const { history } = await openHistory(s, after, "Banner");
    await compareOlder(s, history, "Title");
    expectChanges(history, [{ field: "title", label: "Title", version: before, current: after }]);
    await restoreChosen(s, history);
    await expectToast("Banner updated successfully!");
    await waitFor(() => expect(s.queryByRole("dialog")).toBeNull());
    await s.findByRole("heading", { level: 2, name: before });
    expect(s.queryByRole("heading", { level: 2, name: after })).toBeNull();
    const restored = (await ok("GET", `/api/banner/${banner._id}`)) as Banner;
    expect([restored.title, restored.image]).toEqual([before, banner.image]);
    // The restore is a version of its own, now the current one.
    expect(await versionsOf(`/api/banner/${banner._id}`)).toEqual(["restore", "update", "create"]);
  });

  it("a product: a new price makes a second version; Compare shows both prices", async () => {
    const category = await createCategory(unique("History category"));
    const name = unique("History product");
    await createProduct(name, category._id);
    const s = await renderAdmin(`/admin/products?category=${category._id}`);
    const { user } = s;
    await waitFor(() => expect(priceOf(name)).toBe("₹1,25,000"));
    await user.click(s.getByRole("button", { name: `Edit ${name}` }));
    const edit = s.getByRole("dialog");
    const price = within(edit).getByLabelText("Price (₹)") as HTMLInputElement;
    expect(price.value).toBe("125000");
    await fill(user, price, "99000");
    await user.click(within(edit).getByRole("button", { name: "Save Changes" }));
    await expectToast("Product updated successfully!");
    await waitFor(() => expect(s.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(priceOf(name)).toBe("₹99,000"));

    const { history } = await openHistory(s, name, "Product");
    await compareOlder(s, history, "Price");
    // The name did not change: only the price is listed.
    expectChanges(history, [{ field: "price", label: "Price", version: "125000", current: "99000" }]);
  });

  it("a product: Restore this version brings the old price back", async () => {
    const category = await createCategory(unique("Restored category"));
    const name = unique("Restored product");
    const product = await createProduct(name, category._id);
    await ok("PUT", `/api/product/${product._id}`, { price: 99000 });
    const s = await renderAdmin(`/admin/products?category=${category._id}`);
    await waitFor(() => expect(priceOf(name)).toBe("₹99,000"));
    const { history } = await openHistory(s, name, "Product");
    await compareOlder(s, history, "Price");
    expectChanges(history, [{ field: "price", label: "Price", version: "125000", current: "99000" }]);
    await restoreChosen(s, history);
    await expectToast("Product updated successfully!");
    await waitFor(() => expect(s.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(priceOf(name)).toBe("₹1,25,000"));
    expect(((await ok("GET", `/api/product/${product._id}`)) as { price: number }).price).toBe(125000);
    expect(await versionsOf(`/api/product/${product._id}`)).toEqual(["restore", "update", "create"]);
  });
});

/* ---- trash -------------------------------------------------------------------------------------------- */

describe("Trash", () => {
  it("a deleted banner is listed and restored with its image; another is deleted forever", async () => {
    const errors = vi.spyOn(console, "error");
    const title = unique("Trash banner");
    const other = unique("Purged banner");
    const banner = await createBanner(title);
    const purged = await createBanner(other);

    let s = await renderAdmin("/admin/banner");
    await s.findByRole("heading", { level: 2, name: title });
    const src = cardOf(s, title).querySelector("img")?.getAttribute("src");
    expect(src).toBe(banner.image);
    await s.user.click(s.getByRole("button", { name: `Delete ${title}` }));
    expect(s.getByRole("alertdialog").textContent).toContain("Are you sure you want to delete this banner?");
    await s.user.click(within(s.getByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    await expectToast("Banner deleted successfully!");
    await waitFor(() => expect(s.queryByRole("heading", { level: 2, name: title })).toBeNull());
    expect((await ctx.request("GET", `/api/banner/${banner._id}`)).status).toBe(404);
    await leave(s);

    s = await renderAdmin("/admin/trash");
    await s.findByRole("heading", { level: 1, name: "Trash" });
    await waitFor(() => expect(trashRow(title)).not.toBeNull());
    const row = trashRow(title)!;
    expect(row.textContent).toContain("Banner");
    expect(within(row).getByRole("heading", { level: 2 }).textContent).toBe(title);
    expect(row.textContent).toContain(`by ${ADMIN.username}`);
    expect(row.querySelector("time")?.getAttribute("datetime")).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    await s.user.click(within(row).getByRole("button", { name: `Restore ${title}` }));
    await expectToast("Banner restored successfully!");
    await waitFor(() => expect(trashRow(title)).toBeNull());
    expect(((await ok("GET", `/api/banner/${banner._id}`)) as Banner).image).toBe(banner.image);
    await leave(s);

    s = await renderAdmin("/admin/banner");
    await s.findByRole("heading", { level: 2, name: title });
    expect(cardOf(s, title).querySelector("img")?.getAttribute("src")).toBe(src);
    // The file is still served.
    expect((await ctx.request("GET", src!)).status).toBe(200);
    await leave(s);

    // Deleted forever (owners): gone from the trash, the record and its history.
    await ok("DELETE", `/api/banner/${purged._id}`);
    s = await renderAdmin("/admin/trash");
    await waitFor(() => expect(trashRow(other)).not.toBeNull());
    expect(trashRow(other)!.textContent).toContain("Banner");
    await s.user.click(within(trashRow(other)!).getByRole("button", { name: `Delete forever ${other}` }));
    const confirm = s.getByRole("alertdialog");
    expect(within(confirm).getByText(/for good/).textContent).toBe(`Delete “${other}” for good? This cannot be undone.`);
    await s.user.click(within(confirm).getByRole("button", { name: "Delete forever" }));
    await expectToast("Banner deleted for good.");
    await waitFor(() => expect(trashRow(other)).toBeNull());
    const trash = (await ok("GET", "/api/trash")) as { recordId: string }[];
    expect(trash.map((t) => t.recordId)).not.toContain(purged._id);
    expect((await ctx.request("GET", `/api/banner/${purged._id}`)).status).toBe(404);
    expect((await ctx.request("GET", `/api/banner/${purged._id}/revisions`)).status).toBe(404);
    expect(errors).not.toHaveBeenCalled();
  });

  it("an editor restores but cannot delete forever", async () => {
    const editor = await addStaff(ctx.server, ctx.token, "editor", "trash-editor");
    const title = unique("Editor trash banner");
    const banner = await createBanner(title);
    await ok("DELETE", `/api/banner/${banner._id}`);
    signInAs(editor.token);
    const s = await renderAdmin("/admin/trash");
    await waitFor(() => expect(trashRow(title)).not.toBeNull());
    expect(s.getByTestId("signed-in-role").textContent).toMatch(/Editor$/);
    const row = trashRow(title)!;
    within(row).getByRole("button", { name: `Restore ${title}` });
    // Nowhere on the screen (the API refuses it too: tests/api/history.test.ts).
    expect(s.queryAllByRole("button", { name: /^Delete forever/ })).toEqual([]);

    await s.user.click(within(row).getByRole("button", { name: `Restore ${title}` }));
    await expectToast("Banner restored successfully!");
    await waitFor(() => expect(trashRow(title)).toBeNull());
    expect((await ctx.request("GET", `/api/banner/${banner._id}`)).status).toBe(200);
  });

  it("a product whose category is in the trash: the server's reason; the category first, then the product", async () => {
    const category = await createCategory(unique("Trash category"));
    const name = unique("Trash product");
    const product = await createProduct(name, category._id);
    await ok("DELETE", `/api/product/${product._id}`);
    await ok("DELETE", `/api/category/${category._id}`);
    const s = await renderAdmin("/admin/trash");
    const { user } = s;
    await waitFor(() => expect(trashRow(name)).not.toBeNull());
    expect(trashRow(name)!.textContent).toContain("Product");
    expect(trashRow(category.name)!.textContent).toContain("Category");

    await user.click(within(trashRow(name)!).getByRole("button", { name: `Restore ${name}` }));
    await waitFor(() =>
      expect(toastRegion()?.querySelector('[data-kind="error"] p')?.textContent).toBe(
        `This product cannot be restored while its category is deleted: restore the category “${category.name}” from the trash first.`,
      ),
    );
    await waitFor(() => expect(s.router.state.revalidation).toBe("idle"));
    expect(trashRow(name)).not.toBeNull();
    expect((await ctx.request("GET", `/api/product/${product._id}`)).status).toBe(404);

    await user.click(within(trashRow(category.name)!).getByRole("button", { name: `Restore ${category.name}` }));
    await expectToast("Category restored successfully!");
    await waitFor(() => expect(trashRow(category.name)).toBeNull());
    await user.click(within(trashRow(name)!).getByRole("button", { name: `Restore ${name}` }));
    await expectToast("Product restored successfully!");
    await waitFor(() => expect(trashRow(name)).toBeNull());
    const back = (await ok("GET", `/api/product/${product._id}`)) as { name: string; categoryId: { _id: string } };
    expect([back.name, back.categoryId._id]).toEqual([name, category._id]);
  });
});

/* ---- two-factor sign-in ------------------------------------------------------------------------------ */

/** Two-factor sign-in turned on through the API, as My account does it: the key and the recovery codes. */
async function turnOnTwoFactor(token: string): Promise<{ secret: string; codes: string[] }> {
  const setup = await ctx.server.request("POST", "/api/auth/2fa/setup", { token });
  expect(setup.status, setup.text).toBe(200);
  const confirmed = await ctx.server.request("POST", "/api/auth/2fa/confirm", {
    token,
    json: { code: totp(setup.body.secret, currentStep()) },
  });
  expect(confirmed.status, confirmed.text).toBe(200);
  return { secret: setup.body.secret, codes: confirmed.body.recoveryCodes };
}

const twoFactorOf = async (token: string) =>
  (await ctx.server.request("GET", "/api/auth/2fa", { token })).body as { enabled: boolean; recoveryCodesLeft: number };

describe("two-factor sign-in", () => {
  it("set up in My account: a wrong code is refused on the field, the right one shows the recovery codes once", async () => {
    const errors = vi.spyOn(console, "error");
    const person = await addStaff(ctx.server, ctx.token, "editor", "twofa-setup");
    signInAs(person.token);
    const s = await renderAdmin("/admin/account");
    const { user } = s;
    await s.findByRole("heading", { level: 1, name: "My Account" });
    const section = s.getByRole("region", { name: "Two-factor sign-in" });
    await within(section).findByText("Off", { exact: true });
    await user.click(within(section).getByRole("button", { name: "Turn On Two-Factor Sign-In" }));
    await within(section).findByRole("img", { name: "QR code to scan with your authenticator app" });
    const shown = within(section).getByTestId("two-factor-secret").textContent ?? "";
    // 20 random bytes in base32, grouped by 4 for typing.
    expect(shown).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    const secret = shown.replace(/\s+/g, "");

    const code = within(section).getByLabelText("Code from the app");
    await fill(user, code, wrongCode(secret));
    await user.click(within(section).getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(section.textContent).toContain(WRONG_CODE));
    expect(code.getAttribute("aria-invalid")).toBe("true");
    expect((await twoFactorOf(person.token)).enabled).toBe(false);

    await fill(user, code, totp(secret, currentStep()));
    await user.click(within(section).getByRole("button", { name: "Confirm" }));
    await expectToast("Two-factor sign-in turned on successfully!");
    const saved = within(section).getByTestId("recovery-codes");
    const codes = within(saved)
      .getAllByRole("listitem")
      .map((c) => (c.textContent ?? "").trim());
    expect(codes).toHaveLength(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(new Set(codes).size).toBe(10);
    await user.click(within(section).getByRole("button", { name: "I have saved my recovery codes" }));
    await waitFor(() => expect(within(section).queryByTestId("recovery-codes")).toBeNull());
    await within(section).findByText("On", { exact: true });
    await waitFor(() => expect(section.textContent).toContain("You have 10 unused recovery codes."));
    within(section).getByRole("button", { name: "Turn Off Two-Factor Sign-In" });
    expect((await twoFactorOf(person.token)).enabled).toBe(true);
    await leave(s);

    // A recovery code used to sign in (the login form's code step: the browser test) is counted off here.
    const login = await ctx.server.request("POST", "/api/auth/login", {
      json: { username: person.username, password: person.password },
    });
    const second = await ctx.server.request("POST", "/api/auth/login/2fa", {
      json: { ticket: login.body.ticket, code: codes[0] },
    });
    expect(second.status, second.text).toBe(200);
    const again = await renderAdmin("/admin/account");
    await waitFor(() =>
      expect(again.getByRole("region", { name: "Two-factor sign-in" }).textContent).toContain(
        "You have 9 unused recovery codes.",
      ),
    );
    expect(errors).not.toHaveBeenCalled();
  });

  it("the owner's Staff screen: 2FA on; Turn off 2FA (a lost phone) turns it off", async () => {
    const person = await addStaff(ctx.server, ctx.token, "editor", "twofa-lost");
    await turnOnTwoFactor(person.token);
    const s = await renderAdmin("/admin/staff");
    const row = () => document.querySelector<HTMLElement>(`li[data-staff="${person.username}"]`);
    await waitFor(() => expect(row()?.textContent).toContain("2FA on"));
    // addStaff names the person after the role.
    const who = "editor person";
    await s.user.click(within(row()!).getByRole("button", { name: `Turn off 2FA for ${who}` }));
    const confirm = s.getByRole("alertdialog");
    expect(confirm.textContent).toContain(`Turn off two-factor sign-in for ${who}?`);
    await s.user.click(within(confirm).getByRole("button", { name: "Turn off" }));
    await expectToast("Two-factor sign-in turned off successfully!");
    await waitFor(() => expect(row()?.textContent).toContain("2FA off"));
    expect(within(row()!).queryByRole("button", { name: /^Turn off 2FA/ })).toBeNull();
    // The password alone signs in again: tests/api/two-factor.test.ts ("turning it off").
    expect(((await ok("GET", `/api/users/${person.id}`)) as { twoFactor: boolean }).twoFactor).toBe(false);
  });

  it("owners require it: a person without 2FA is sent to My account until it is set up", async () => {
    const editor = await addStaff(ctx.server, ctx.token, "editor", "policy-editor");
    // While 2FA is required, the server refuses every call but My account's from anyone without it (the
    // test's owner too): a second owner with 2FA reads and resets the policy.
    const guard: StaffAccount = await addStaff(ctx.server, ctx.token, "owner", "policy-owner");
    await turnOnTwoFactor(guard.token);
    const policy = async () =>
      ((await ctx.server.request("GET", "/api/settings/security", { token: guard.token })).body as { requireTwoFactor: boolean })
        .requireTwoFactor;
    const setPolicy = async (requireTwoFactor: boolean) => {
      const res = await ctx.server.request("PUT", "/api/settings/security", { token: guard.token, json: { requireTwoFactor } });
      expect(res.status, res.text).toBe(200);
    };
    const required = "The owners require two-factor sign-in for every staff member. Please turn it on below before you continue.";
    try {
      expect(await policy()).toBe(false);
      let s = await renderAdmin("/admin/settings");
      const box = (await s.findByLabelText("Require two-factor sign-in for all staff")) as HTMLInputElement;
      expect(box.checked).toBe(false);
      await s.user.click(box);
      await s.user.click(s.getByRole("button", { name: "Save Sign-in Policy" }));
      await expectToast("Sign-in policy updated successfully!");
      expect(await policy()).toBe(true);
      // The owner has no 2FA either: they are the first to be asked.
      await waitFor(() => expect(s.router.state.location.pathname).toBe("/admin/account"));
      expect((await s.findByText(required)).getAttribute("role")).toBe("alert");
      await leave(s);

      // An editor without 2FA: every screen sends them to My account.
      signInAs(editor.token);
      for (const wanted of ["/admin/dashboard", "/admin/banner"]) {
        s = await renderAdmin(wanted);
        await waitFor(() => expect(s.router.state.location.pathname).toBe("/admin/account"));
        expect(s.getByTestId("signed-in-role").textContent).toMatch(/Editor$/);
        await s.findByText(required);
        const section = s.getByRole("region", { name: "Two-factor sign-in" });
        await within(section).findByRole("button", { name: "Turn On Two-Factor Sign-In" });
        await leave(s);
      }
      // Meanwhile the owner's token works only for My account: tests/api/two-factor.test.ts.

      // Optional again. (The panel checks the sign-in once per page load: a new sign-in is the next load.)
      await setPolicy(false);
      expect(await policy()).toBe(false);
      const again = await ctx.server.request("POST", "/api/auth/login", {
        json: { username: editor.username, password: editor.password },
      });
      signInAs(again.body.token);
      s = await renderAdmin("/admin/dashboard");
      await s.findByRole("heading", { level: 1, name: "Dashboard Overview" });
      expect(s.router.state.location.pathname).toBe("/admin/dashboard");
      expect(s.queryByText(required)).toBeNull();
    } finally {
      await setPolicy(false);
    }
  });
});
