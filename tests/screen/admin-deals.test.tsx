import { fireEvent, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { indiaDateOf } from "../../shared/sales/financial-year";
import { renderAdmin, setUpScreenServer } from "../support/screen";
import { addStaff, type StaffAccount } from "../support/staff";

/**
 * The deals list (/admin/deals) rendered for real against a real server, as an owner: the sales person,
 * source and date filters go to the URL and to the server, and the Export CSV button asks for the same
 * filters as the list. What each filter selects is tests/api/deals.test.ts's.
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
