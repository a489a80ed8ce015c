import { waitFor, within } from "@testing-library/react";
import { expect, it } from "vitest";
import { renderAdmin, setUpScreenServer } from "../support/screen";
import { addStaff } from "../support/staff";

/**
 * A deal's screen (/admin/deals/{id}) rendered for real against a real server: an owner gives the deal to
 * someone else (issue 45); a sales person has no such control. The rules (who may, the new owner's e-mail mark,
 * the history and the log) are the API's: tests/api/lead-assignment.test.ts.
 */

const ctx = setUpScreenServer();

const toastText = () => [...document.querySelectorAll("[role=status][aria-live=polite]")].at(-1)?.textContent ?? "";

/** The value of one of the deal's facts ("Owner": its person's name). */
const fact = (label: string) =>
  [...document.querySelectorAll("dt")].find((dt) => dt.textContent === label)?.nextElementSibling?.textContent;

async function salesPerson(username: string, name: string, awayUntil: string | null = null) {
  const person = await addStaff(ctx.server, ctx.token, "sales", username);
  expect((await ctx.request("PUT", `/api/users/${person.id}`, { json: { name, awayUntil } })).status).toBe(200);
  return person;
}

it("an owner gives a deal to another sales person; someone on leave is marked so in the list", async () => {
  const asha = await salesPerson("asha-deal", "Asha Rao");
  const bala = await salesPerson("bala-deal", "Bala Iyer", "2099-12-04");
  const editor = await addStaff(ctx.server, ctx.token, "editor", "eddie-deal");
  const deal = await ctx.request("POST", "/api/deals", { json: { title: "Dryer for Kaveri Mills", ownerId: asha.id } });
  expect(deal.status, deal.text).toBe(201);

  const s = await renderAdmin(`/admin/deals/${deal.body._id}`);
  const form = await s.findByRole("form", { name: "Give the deal to someone else" });
  const select = within(form).getByLabelText("Owner") as HTMLSelectElement;
  await waitFor(() => expect([...select.options].map((o) => o.textContent)).toContain("Bala Iyer, on leave until 4 Dec 2099"));
  const labels = [...select.options].map((o) => o.textContent);
  expect(labels).toEqual(expect.arrayContaining(["Nobody yet (unassigned)", "Asha Rao", "admin (owner)"]));
  expect(labels.some((l) => l?.includes(editor.username) || l === "editor person")).toBe(false);
  expect(select.value).toBe(asha.id);
  const give = within(form).getByRole("button", { name: "Give the deal" }) as HTMLButtonElement;
  expect(give.disabled).toBe(true);

  await s.user.selectOptions(select, bala.id);
  await s.user.click(give);
  await waitFor(() => expect(toastText()).toContain("Deal given to Bala Iyer."));
  expect(fact("Owner")).toBe("Bala Iyer");
  expect((await ctx.request("GET", `/api/deals/${deal.body._id}`)).body.ownerId).toBe(bala.id);
});

it("a sales person has no such control, even on their own deal", async () => {
  const chitra = await salesPerson("chitra-deal", "Chitra Menon");
  const deal = await ctx.server.request("POST", "/api/deals", { token: chitra.token, json: { title: "Her own deal" } });
  expect(deal.status, deal.text).toBe(201);
  window.localStorage.setItem("admin-token", chitra.token);
  const s = await renderAdmin(`/admin/deals/${deal.body._id}`);
  await s.findByRole("heading", { level: 1, name: "Her own deal" });
  expect(fact("Owner")).toBe("Chitra Menon");
  expect(s.queryByRole("form", { name: "Give the deal to someone else" })).toBeNull();
});
