import { fireEvent, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { indiaDateOf } from "../../shared/sales/financial-year";
import { renderAdmin, setUpScreenServer } from "../support/screen";
import { addStaff, type StaffAccount } from "../support/staff";

/**
 * The deals list (/admin/deals) and a deal's screen (/admin/deals/{id}) rendered for real against a real
 * server. The list, as an owner: the sales person, source and date filters go to the URL and to the server,
 * and the Export CSV button asks for the same filters as the list (what each filter selects is
 * tests/api/deals.test.ts's). A deal: an owner gives it to someone else (issue 45); a sales person has no such
 * control (the rules, the new owner's e-mail mark, the history and the log: tests/api/lead-assignment.test.ts).
 */

const ctx = setUpScreenServer({ env: { RATE_LIMITS: "off" } });
let asha: StaffAccount;

beforeAll(async () => {
  asha = await addStaff(ctx.server, ctx.token, "sales", "asha");
  const lead = await ctx.server.request("POST", "/api/contacts", {
    token: asha.token,
    json: { name: "Prakash Iyer", phone: "90000 12345" },
  });
  expect(lead.status, lead.text).toBe(201);
  const walkIn = await ctx.server.request("POST", "/api/deals", {
    token: asha.token,
    json: { title: "Walk-in: 10 HP", contactId: lead.body.data._id },
  });
  expect(walkIn.status, walkIn.text).toBe(201);
  expect((await ctx.request("POST", "/api/deals", { json: { title: "Fair: 5 HP" } })).status).toBe(201);
});

/** The panel's requests to `path` as they leave (happy-dom's fetch), each then answered by the real server. */
function requestsTo(path: string): URL[] {
  const seen: URL[] = [];
  (window as unknown as { happyDOM: { settings: { fetch: { interceptor: unknown } } } }).happyDOM.settings.fetch.interceptor = {
    async beforeAsyncRequest({ request }: { request: Request }) {
      const url = new URL(request.url);
      if (url.pathname === path) seen.push(url);
      return undefined;
    },
  };
  return seen;
}

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

describe("the deals' filters", () => {
  it("sales person, source and the day made go to the URL and the server, and the export asks for the same", async () => {
    const s = await renderAdmin("/admin/deals");
    const table = await s.findByRole("table");
    await within(table).findByText("Fair: 5 HP");
    expect(within(table).getByText("Walk-in: 10 HP")).toBeTruthy();

    await s.user.selectOptions(s.getByLabelText("Source"), "manual");
    await waitFor(() => expect(s.router.state.location.search).toBe("?source=manual"));
    await waitFor(() => expect(within(s.getByRole("table")).queryByText("Fair: 5 HP")).toBeNull());
    expect(within(s.getByRole("table")).getByText("Walk-in: 10 HP")).toBeTruthy();

    // An owner picks any sales person by name (the staff list arrives after the deals).
    const person = s.getByLabelText("Owner");
    await within(person).findByRole("option", { name: "sales person" });
    await s.user.selectOptions(person, asha.id);
    const today = indiaDateOf(new Date());
    fireEvent.change(s.getByLabelText("Created from"), { target: { value: today } });
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(s.router.state.location.search))).toEqual({
        source: "manual",
        owner: asha.id,
        from: today,
      }),
    );
    // The screen shows what the URL says once the server has answered (the list, and the select's choice).
    await waitFor(() => expect((s.getByLabelText("Owner") as HTMLSelectElement).value).toBe(asha.id));
    expect((s.getByLabelText("Created from") as HTMLInputElement).value).toBe(today);
    expect(within(s.getByRole("table")).getByText("Walk-in: 10 HP")).toBeTruthy();

    const exports = requestsTo("/api/deals/export.csv");
    await s.user.click(s.getByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(exports).toHaveLength(1));
    expect(Object.fromEntries(exports[0]!.searchParams)).toEqual({ source: "manual", owner: asha.id, from: today });
    // The file has come (the button is no longer busy) and nothing failed.
    await s.findByRole("button", { name: "Export CSV" });
    expect(s.queryByRole("alert")).toBeNull();
  });
});
