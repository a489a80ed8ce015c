import { waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Role } from "../../shared/auth/roles";
import { formOf, pngBytes } from "../support/images";
import { renderAdmin, setUpScreenServer } from "../support/screen";
import { addStaff, strongPassword } from "../support/staff";

/**
 * Staff (/admin/staff), My account (/admin/account), Activity (/admin/activity) and what each role sees of the
 * panel, rendered for real against a real server. The rules behind them are the API tests' (tests/api/staff.test.ts,
 * roles.test.ts, activity.test.ts); these show that the screens send the right calls and show what comes back.
 * What needs a browser (the login form, focus, axe, the phone width, the lazy modules' order) is in
 * tests/browser/admin-staff.spec.ts.
 */

const ctx = setUpScreenServer();

type Screen = Awaited<ReturnType<typeof renderAdmin>>;
type User = Screen["user"];

/** The panel signs in with this token from the next renderAdmin on (the owner's is set before each test). */
const signInAs = (token: string) => window.localStorage.setItem("admin-token", token);

/** Replaces a box's text in one input, as Playwright's fill does. */
async function fill(user: User, box: HTMLElement, text: string): Promise<void> {
  await user.clear(box);
  if (text) await user.paste(text);
}

/** One person's row on the Staff screen. */
const rowOf = (username: string) => document.querySelector<HTMLElement>(`li[data-staff="${username}"]`);
const findRow = (username: string) =>
  waitFor(() => {
    const row = rowOf(username);
    if (!row) throw new Error(`no row for ${username}`);
    return row;
  });

/** The toast region (top right): the layout's only polite status region. */
const toastText = () => [...document.querySelectorAll("[role=status][aria-live=polite]")].at(-1)?.textContent ?? "";
const expectToast = (text: string) => waitFor(() => expect(toastText()).toContain(text));

/** Where the panel is (the memory router's location). */
const at = (s: Screen) => s.router.state.location.pathname + s.router.state.location.search;

/** An account the owner made that has not signed in yet (its first password still to change). */
async function newAccount(role: Role, username: string) {
  const person = {
    username,
    name: `${username} Person`,
    email: `${username}@example.com`,
    role,
    password: strongPassword(username),
  };
  const res = await ctx.request("POST", "/api/users", { json: person });
  expect(res.status, res.text).toBe(201);
  return { ...person, id: res.body._id as string };
}

const login = (username: string, password: string, headers: Record<string, string> = {}) =>
  ctx.server.request("POST", "/api/auth/login", { json: { username, password }, headers });

const meStatus = async (token: string) => (await ctx.server.request("GET", "/api/auth/me", { token })).status;

/** The role badge in the panel's header ("Role: Owner"). */
const roleBadge = (s: Screen) => s.getByTestId("signed-in-role").textContent;

describe("Staff screen (owner)", () => {
  it("lists every account with name, username, e-mail, role, 2FA, last sign-in and state", async () => {
    const person = await newAccount("sales", "listed");
    let s = await renderAdmin("/admin/staff");
    await s.findByRole("heading", { level: 1, name: "Staff" });
    expect(roleBadge(s)).toMatch(/Owner$/);

    // The signed-in owner: marked as "you", cannot disable or delete themselves, signed in (by this file's token).
    const me = await findRow("admin");
    expect(within(me).getByRole("heading", { level: 2 }).textContent).toBe("admin(you)");
    for (const text of ["admin · no e-mail", "Owner", "Active", "2FA off"]) expect(me.textContent).toContain(text);
    expect(me.querySelector("time")?.getAttribute("datetime")).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((within(me).getByRole("button", { name: "Disable admin" }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(me).getByRole("button", { name: "Delete admin" }) as HTMLButtonElement).disabled).toBe(true);

    // A new account: never signed in yet.
    const row = rowOf(person.username)!;
    expect(within(row).getByRole("heading", { level: 2 }).textContent).toBe(person.name);
    for (const text of [`${person.username} · ${person.email}`, "Sales", "Active", "2FA off", "Last sign-in: never"]) {
      expect(row.textContent).toContain(text);
    }
    expect((within(row).getByRole("button", { name: `Delete ${person.name}` }) as HTMLButtonElement).disabled).toBe(false);

    // After a sign-in the time shows (the screen opened again).
    expect((await login(person.username, person.password)).status).toBe(200);
    s.unmount();
    s = await renderAdmin("/admin/staff");
    await waitFor(() =>
      expect(rowOf(person.username)?.querySelector("time")?.getAttribute("datetime")).toMatch(/^\d{4}-\d{2}-\d{2}T/),
    );
    expect(rowOf(person.username)?.textContent).not.toContain("never");
  });

  it("adding: a weak password shows the server's reason and adds nothing; a strong one adds the person", async () => {
    const username = "newcomer";
    const name = "Newcomer Person";
    const s = await renderAdmin("/admin/staff");
    const { user } = s;
    await user.click(await s.findByRole("button", { name: "+ Add Staff Member" }));
    const dialog = s.getByRole("dialog");
    within(dialog).getByRole("heading", { name: "Add Staff Member" });
    await fill(user, within(dialog).getByLabelText("Name", { exact: true }), name);
    await fill(user, within(dialog).getByLabelText("Username"), username);
    await fill(user, within(dialog).getByLabelText("E-mail"), `${username}@example.com`);
    await user.selectOptions(within(dialog).getByLabelText("Role"), "sales");
    const password = within(dialog).getByLabelText("First password");
    await fill(user, password, "password123");
    await user.click(within(dialog).getByRole("button", { name: "Add Staff Member" }));
    // The server's field error (its reason: tests/api/staff.test.ts), on the field and counted; that the field
    // is focused is the browser journey's.
    await waitFor(() => expect(within(dialog).getByRole("alert").textContent).toContain("This password is too easy to guess."));
    expect(password.getAttribute("aria-invalid")).toBe("true");
    within(dialog).getByText("1 field needs attention", { exact: true });
    expect(s.getByRole("dialog")).toBe(dialog);
    const users = (await ctx.request("GET", "/api/users")).body as { username: string }[];
    expect(users.map((u) => u.username)).not.toContain(username);
    expect(rowOf(username)).toBeNull();

    await fill(user, password, strongPassword(username));
    await user.click(within(dialog).getByRole("button", { name: "Add Staff Member" }));
    await expectToast("Staff Member added successfully!");
    await waitFor(() => expect(s.queryByRole("dialog")).toBeNull());
    const row = await findRow(username);
    expect(within(row).getByRole("heading", { level: 2 }).textContent).toBe(name);
    expect(row.textContent).toContain("Sales");
    expect(row.textContent).toContain("Active");
    const added = ((await ctx.request("GET", "/api/users")).body as { username: string; mustChangePassword: boolean }[]).find(
      (u) => u.username === username,
    );
    expect(added?.mustChangePassword).toBe(true);
  });

  it("edit the role, sign out everywhere, set a password, disable and delete", async () => {
    const person = await addStaff(ctx.server, ctx.token, "editor", "edited");
    const name = "editor person";
    const s = await renderAdmin("/admin/staff");
    const { user } = s;
    const row = await findRow(person.username);
    expect(row.textContent).toContain("Editor");
    const confirmDialog = () => s.getByRole("alertdialog");
    const button = (label: string) => within(row).getByRole("button", { name: label });

    // Edit: pre-filled; the role changes.
    await user.click(button(`Edit ${name}`));
    let dialog = s.getByRole("dialog");
    within(dialog).getByRole("heading", { name: "Edit Staff Member" });
    expect((within(dialog).getByLabelText("Name", { exact: true }) as HTMLInputElement).value).toBe(name);
    expect((within(dialog).getByLabelText("E-mail") as HTMLInputElement).value).toBe(`${person.username}@example.com`);
    expect((within(dialog).getByLabelText("Role") as HTMLSelectElement).value).toBe("editor");
    await user.selectOptions(within(dialog).getByLabelText("Role"), "sales");
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await expectToast("Staff Member updated successfully!");
    await waitFor(() => expect(s.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(rowOf(person.username)?.textContent).toContain("Sales"));
    expect(rowOf(person.username)?.textContent).not.toContain("Editor");
    expect((await ctx.request("GET", `/api/users/${person.id}`)).body.role).toBe("sales");

    // Sign out everywhere, after the question: their session ends.
    expect(await meStatus(person.token)).toBe(200);
    await user.click(button(`Sign out everywhere (${name})`));
    expect(confirmDialog().textContent).toContain(`Sign ${name} out on every device?`);
    await user.click(within(confirmDialog()).getByRole("button", { name: "Sign out everywhere" }));
    await expectToast("Signed out everywhere successfully!");
    await waitFor(async () => expect(await meStatus(person.token)).toBe(401));

    // Set password: the new one works and must be changed at the next sign-in; their sessions end.
    const second = await login(person.username, person.password);
    expect(second.status).toBe(200);
    await user.click(button(`Set password for ${name}`));
    dialog = s.getByRole("dialog");
    expect(dialog.textContent).toContain(`A new password for ${name}`);
    const newPassword = `velvet-orchard-beacon-${person.username}`;
    await fill(user, within(dialog).getByLabelText("New password"), newPassword);
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await expectToast("New password set successfully!");
    await waitFor(() => expect(s.queryByRole("dialog")).toBeNull());
    expect(await meStatus(second.body.token)).toBe(401);
    const third = await login(person.username, newPassword);
    expect(third.status).toBe(200);
    expect(third.body.user.mustChangePassword).toBe(true);

    // Disable (after the question): shown as Disabled, with Enable; the session ends. (A disabled account's
    // sign-in is refused as a wrong password is: tests/api/staff.test.ts.)
    await user.click(button(`Disable ${name}`));
    expect(confirmDialog().textContent).toContain(`Disable ${name}?`);
    await user.click(within(confirmDialog()).getByRole("button", { name: "Disable" }));
    await expectToast("Staff Member disabled successfully!");
    await waitFor(() => expect(rowOf(person.username)?.textContent).toContain("Disabled"));
    button(`Enable ${name}`);
    expect(await meStatus(third.body.token)).toBe(401);

    // Delete: Cancel keeps the row, Delete removes it.
    await user.click(button(`Delete ${name}`));
    expect(confirmDialog().textContent).toContain(`Are you sure you want to delete the account of ${name}?`);
    await user.click(within(confirmDialog()).getByRole("button", { name: "Cancel" }));
    expect(s.queryByRole("alertdialog")).toBeNull();
    expect(rowOf(person.username)).not.toBeNull();
    await user.click(button(`Delete ${name}`));
    await user.click(within(confirmDialog()).getByRole("button", { name: "Delete" }));
    await expectToast("Staff Member deleted successfully!");
    await waitFor(() => expect(rowOf(person.username)).toBeNull());
    const users = (await ctx.request("GET", "/api/users")).body as { _id: string }[];
    expect(users.map((u) => u._id)).not.toContain(person.id);
  });
});

describe("Staff screen: roles and leave (issue 45)", () => {
  it("the role choice says what the Sales role may do, deals and quotations included", async () => {
    const s = await renderAdmin("/admin/staff");
    await s.user.click(await s.findByRole("button", { name: "+ Add Staff Member" }));
    const role = within(s.getByRole("dialog")).getByLabelText("Role") as HTMLSelectElement;
    const sales = [...role.options].find((o) => o.value === "sales");
    expect(sales?.textContent).toBe(
      "Sales: Enquiries: read, status, notes and export; customers, deals and quotations. Sees the catalogue but cannot change it.",
    );
  });

  it("an owner marks someone on leave until a day (not a past one), the list says so, and clears it", async () => {
    const person = await addStaff(ctx.server, ctx.token, "sales", "holiday");
    const s = await renderAdmin("/admin/staff");
    const { user } = s;
    const row = await findRow(person.username);
    expect(row.textContent).not.toContain("On leave");
    const openLeave = async () => {
      await user.click(within(rowOf(person.username)!).getByRole("button", { name: "Set leave for sales person" }));
      const dialog = s.getByRole("dialog");
      within(dialog).getByRole("heading", { name: "Edit Leave" });
      return { dialog, day: within(dialog).getByLabelText("On leave until") as HTMLInputElement };
    };

    // A past day: the shared rule's words, nothing sent.
    let { dialog, day } = await openLeave();
    expect(day.value).toBe("");
    await fill(user, day, "2020-01-01");
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await waitFor(() =>
      expect(within(dialog).getByRole("alert").textContent).toContain(
        "On leave until cannot be in the past: choose today or a later day.",
      ),
    );
    expect((await ctx.request("GET", `/api/users/${person.id}`)).body.awayUntil).toBeNull();

    await fill(user, day, "2099-12-04");
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await expectToast("Leave saved successfully!");
    await waitFor(() => expect(s.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(rowOf(person.username)?.textContent).toContain("On leave until 4 Dec 2099"));
    expect((await ctx.request("GET", `/api/users/${person.id}`)).body.awayUntil).toBe("2099-12-04");

    // Back at work: the day cleared.
    ({ dialog, day } = await openLeave());
    expect(day.value).toBe("2099-12-04");
    await fill(user, day, "");
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await expectToast("Leave saved successfully!");
    await waitFor(() => expect(rowOf(person.username)?.textContent).not.toContain("On leave"));
    expect((await ctx.request("GET", `/api/users/${person.id}`)).body.awayUntil).toBeNull();
  });
});

describe("first sign-in", () => {
  it("a person the owner created must choose their own password before anything else", async () => {
    const person = await newAccount("editor", "first-day");
    const signedIn = await login(person.username, person.password);
    expect(signedIn.body.user.mustChangePassword).toBe(true);
    signInAs(signedIn.body.token);
    // Any other screen sends them to My account.
    const s = await renderAdmin("/admin/dashboard");
    const { user } = s;
    await s.findByRole("heading", { level: 1, name: "My Account" });
    expect(at(s)).toBe("/admin/account");
    const welcome = s.getAllByRole("alert").find((a) => a.textContent?.includes("Welcome"));
    expect(welcome?.textContent).toContain(`Welcome, ${person.name}. Please choose your own password before you continue`);
    expect(roleBadge(s)).toMatch(/Editor$/);
    await s.router.navigate("/admin/staff");
    await waitFor(() => expect(at(s)).toBe("/admin/account"));
    await s.findByRole("heading", { level: 1, name: "My Account" });

    // The two new passwords must agree.
    const newPassword = `amber-meadow-compass-${person.username}`;
    await fill(user, s.getByLabelText("Current password"), person.password);
    await fill(user, s.getByLabelText("New password", { exact: true }), newPassword);
    await fill(user, s.getByLabelText("Repeat the new password"), `${newPassword}x`);
    await user.click(s.getByRole("button", { name: "Change Password" }));
    await s.findByText("The two new passwords differ.");
    expect(at(s)).toBe("/admin/account");

    // Then on to the dashboard; a fresh sign-in with the new password needs no change (the login form's way
    // there is the browser journey's).
    await fill(user, s.getByLabelText("Repeat the new password"), newPassword);
    await user.click(s.getByRole("button", { name: "Change Password" }));
    await expectToast("Password changed successfully!");
    await s.findByRole("heading", { level: 1, name: "Dashboard Overview" });
    expect(at(s)).toBe("/admin/dashboard");
    const again = await login(person.username, newPassword);
    expect(again.status).toBe(200);
    expect(again.body.user.mustChangePassword).toBe(false);
  });

  it("a sales person starts on My day: after their first password, and from a bookmarked /admin (issue 45)", async () => {
    const person = await newAccount("sales", "first-sale");
    signInAs((await login(person.username, person.password)).body.token);
    const s = await renderAdmin("/admin");
    await s.findByRole("heading", { level: 1, name: "My Account" });
    const newPassword = `amber-meadow-compass-${person.username}`;
    await fill(s.user, s.getByLabelText("Current password"), person.password);
    await fill(s.user, s.getByLabelText("New password", { exact: true }), newPassword);
    await fill(s.user, s.getByLabelText("Repeat the new password"), newPassword);
    await s.user.click(s.getByRole("button", { name: "Change Password" }));
    await s.findByRole("heading", { level: 1, name: "My day" });
    expect(at(s)).toBe("/admin/my-day");
    s.unmount();

    signInAs((await login(person.username, newPassword)).body.token);
    const bookmarked = await renderAdmin("/admin");
    await bookmarked.findByRole("heading", { level: 1, name: "My day" });
    expect(at(bookmarked)).toBe("/admin/my-day");
    // The dashboard itself stays open to them.
    await bookmarked.router.navigate("/admin/dashboard");
    await bookmarked.findByRole("heading", { level: 1, name: "Dashboard Overview" });
  });
});

describe("My account", () => {
  it("lists the sessions, signs out another one and refuses a wrong current password", async () => {
    const person = await addStaff(ctx.server, ctx.token, "sales", "sessions");
    // Another session, from a device the list names "curl".
    const other = await login(person.username, person.password, { "user-agent": "curl/8.5.0" });
    expect(other.status).toBe(200);
    signInAs(person.token);
    const s = await renderAdmin("/admin/account");
    const { user } = s;
    await s.findByRole("heading", { level: 1, name: "My Account" });
    expect(s.queryByText(/Welcome,/)).toBeNull();
    const details = s.getByRole("region", { name: "Your details" });
    for (const text of ["sales person", person.username, `${person.username}@example.com`, "Sales"]) {
      expect(details.textContent).toContain(text);
    }

    const sessions = s.getByRole("region", { name: "Where you are signed in" });
    const items = () => within(sessions).getAllByRole("listitem");
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(items().filter((li) => li.textContent?.includes("This device"))).toHaveLength(1);
    const curl = sessions.querySelector<HTMLElement>('li[data-session="curl"]')!;
    expect(curl.textContent).not.toContain("This device");

    await user.click(within(curl).getByRole("button", { name: "Sign out curl" }));
    const confirmDialog = s.getByRole("alertdialog");
    expect(confirmDialog.textContent).toContain("Sign out curl (");
    await user.click(within(confirmDialog).getByRole("button", { name: "Sign out" }));
    await expectToast("Signed out successfully!");
    await waitFor(() => expect(sessions.querySelector('li[data-session="curl"]')).toBeNull());
    expect(items()).toHaveLength(1);
    expect(items()[0]?.textContent).toContain("This device");
    expect(await meStatus(other.body.token)).toBe(401);
    expect(await meStatus(person.token)).toBe(200);

    // A wrong current password: the server's message, on the field too; the password stays.
    const current = s.getByLabelText("Current password");
    await fill(user, current, "not-my-password");
    await fill(user, s.getByLabelText("New password", { exact: true }), `copper-valley-signal-${person.username}`);
    await fill(user, s.getByLabelText("Repeat the new password"), `copper-valley-signal-${person.username}`);
    await user.click(s.getByRole("button", { name: "Change Password" }));
    await waitFor(() => expect(s.getByRole("alert").textContent).toBe("The current password is not right."));
    expect(current.getAttribute("aria-invalid")).toBe("true");
    expect(toastText()).not.toContain("Password changed successfully!");
    expect((await login(person.username, person.password)).status).toBe(200);
  });
});

/** The links of the panel's menu (the sidebar, open at this width). */
const menuLinks = (s: Screen) =>
  within(s.getByRole("navigation", { name: "Admin" }))
    .getAllByRole("link")
    .map((a) => a.textContent);

describe("roles in the panel", () => {
  it("sales: enquiry screens only, the catalogue read-only, other screens Not allowed", async () => {
    const category = await ctx.request("POST", "/api/category", { json: { name: "Sales view" } });
    expect(category.status, category.text).toBe(201);
    const product = await ctx.request("POST", "/api/product", {
      json: {
        categoryId: category.body.data._id,
        name: "PN-SV Compressor",
        shortDescription: "Short.",
        fullDescription: "Long.",
        mainImage: "https://example.com/main.jpg",
      },
    });
    expect(product.status, product.text).toBe(201);
    const png = new File([new Uint8Array(await pngBytes())], "banner.png", { type: "image/png" });
    const banner = await ctx.request("POST", "/api/banner", { form: formOf({ title: "Sales banner" }, { image: png }) });
    expect(banner.status, banner.text).toBe(201);
    const person = await addStaff(ctx.server, ctx.token, "sales", "seller");
    signInAs(person.token);

    const s = await renderAdmin("/admin/dashboard");
    await s.findByRole("heading", { level: 1, name: "Dashboard Overview" });
    expect(roleBadge(s)).toMatch(/Sales$/);
    const links = menuLinks(s);
    expect(links).toEqual(expect.arrayContaining(["Dashboard", "All Products", "Contacts", "Customers"]));
    for (const name of ["Site Settings", "Home Specifications", "Staff", "Activity"]) expect(links).not.toContain(name);

    for (const path of ["/admin/settings", "/admin/staff"]) {
      await s.router.navigate(path);
      await s.findByRole("heading", { level: 1, name: "Not allowed" });
      s.getByText("Your role (sales) cannot open this screen.", { exact: false });
      expect(s.queryByRole("heading", { level: 1, name: /Site Settings|^Staff$/ })).toBeNull();
    }

    await s.router.navigate("/admin/products");
    await s.findByRole("heading", { level: 1, name: "Products Management" });
    await waitFor(() => expect(document.querySelector('[data-product="PN-SV Compressor"]')).not.toBeNull());
    expect(s.getByTestId("read-only").textContent).toBe("Read only: changing the catalogue needs the Editor or Owner role.");
    expect(s.queryAllByRole("button", { name: /^\+ Add/ })).toHaveLength(0);
    expect(s.queryAllByRole("button", { name: /^(Edit|Delete) / })).toHaveLength(0);

    await s.router.navigate("/admin/banner");
    await s.findByRole("heading", { level: 1, name: "Banner Management" });
    await s.findByRole("heading", { level: 2, name: "Sales banner" });
    s.getByTestId("read-only");
    expect(s.queryAllByRole("button", { name: /^\+ Add/ })).toHaveLength(0);
    expect(s.queryAllByRole("button", { name: /^(Edit|Delete|Move) / })).toHaveLength(0);
  });

  it("editor: content screens, no settings, enquiries, staff or activity", async () => {
    const person = await addStaff(ctx.server, ctx.token, "editor", "content-editor");
    signInAs(person.token);
    const s = await renderAdmin("/admin/dashboard");
    await s.findByRole("heading", { level: 1, name: "Dashboard Overview" });
    expect(roleBadge(s)).toMatch(/Editor$/);
    // Loaded: the figures and the services panel are there, nothing about enquiries.
    await s.findByRole("heading", { level: 2, name: "Active Products" });
    await waitFor(() => expect(document.getElementById("dashboard-services")).not.toBeNull());
    expect(s.queryByText("Loading...")).toBeNull();
    for (const name of ["Customers", "Enquiries", "Most requested products", "Recent Contacts"]) {
      expect(s.queryByRole("heading", { name })).toBeNull();
    }
    expect(s.queryByTestId("failed-notifications")).toBeNull();
    const links = menuLinks(s);
    expect(links).toEqual(expect.arrayContaining(["Dashboard", "Banner", "All Products", "Home Specifications"]));
    for (const name of ["Site Settings", "Contacts", "Customers", "Staff", "Activity"]) expect(links).not.toContain(name);

    await s.router.navigate("/admin/activity");
    await s.findByRole("heading", { level: 1, name: "Not allowed" });
    s.getByText("Your role (editor) cannot open this screen.", { exact: false });
  });
});

describe("Activity (owner)", () => {
  it("filters by person and action, keeps the filters in the URL and clears them", async () => {
    const editor = await addStaff(ctx.server, ctx.token, "editor", "activity-editor");
    const question = `Do you service ${editor.username}?`;
    const faq = await ctx.server.request("POST", "/api/faq", { token: editor.token, json: { question, answer: "Yes." } });
    expect(faq.status, faq.text).toBe(201);
    let s = await renderAdmin("/admin/activity");
    const { user } = s;
    await s.findByRole("heading", { level: 1, name: "Activity" });
    const entries = () => [...document.querySelectorAll<HTMLElement>("main ol > li[data-activity]")];
    await waitFor(() => expect(entries().length).toBeGreaterThan(0));
    expect(s.queryByRole("button", { name: "Clear filters" })).toBeNull();

    await user.selectOptions(s.getByLabelText("Person"), "editor person");
    await waitFor(() => expect(at(s)).toBe(`/admin/activity?actor=${editor.id}`));
    // Their sign-in and the question (addStaff set their first password in the database: no entry).
    await s.findByText("2 entries");
    expect(entries().filter((e) => e.textContent?.includes("Signed in"))).toHaveLength(1);

    await user.selectOptions(s.getByLabelText("Action"), "Created");
    await waitFor(() => expect(at(s)).toBe(`/admin/activity?actor=${editor.id}&action=create`));
    await s.findByText("1 entry", { exact: true });
    expect(entries()).toHaveLength(1);
    expect(entries()[0]?.textContent).toContain(`Created · FAQ questions · “${question}”`);
    expect(entries()[0]?.textContent).toContain(editor.username);

    // The same address opened again (a bookmarked link) keeps the filters.
    s.unmount();
    s = await renderAdmin(`/admin/activity?actor=${editor.id}&action=create`);
    await s.findByText("1 entry", { exact: true });
    expect((s.getByLabelText("Person") as HTMLSelectElement).value).toBe(editor.id);
    expect((s.getByLabelText("Action") as HTMLSelectElement).value).toBe("create");
    expect(entries()).toHaveLength(1);

    await s.user.click(s.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(at(s)).toBe("/admin/activity"));
    await waitFor(() => expect(s.queryByRole("button", { name: "Clear filters" })).toBeNull());
    expect((s.getByLabelText("Person") as HTMLSelectElement).value).toBe("");
    expect((s.getByLabelText("Action") as HTMLSelectElement).value).toBe("");
    await waitFor(() => expect(entries().length).toBeGreaterThan(1));
  });
});
